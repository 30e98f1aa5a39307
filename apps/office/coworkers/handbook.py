"""What a colleague knows of the company handbook (`office_policy`).

A colleague knows the policies of their department (or every employee's, audience "*") and those they own:
a question on one gets its fact, a request against one is declined with its reason. What they say of a
policy is always the policy's own facts, generated from its params: a hand-written knowledge entry of the
world that states a policy (an approver, a limit, a threshold) is replaced by the policy's facts
(`policy_knowledge`). Approvals are decided in `approvals.py`.
"""

from __future__ import annotations

import re
from typing import Any

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.handbook import MANAGER, holds_role, travel_rule
from apps.office.models import Policy, User


def known_policies(ctx: Ctx, user: User) -> list[Policy]:
    """The policies a colleague knows: their department's, everyone's, and the ones they own."""
    rows = ctx.db.exec(select(Policy).order_by(Policy.number)).all()
    return [
        p
        for p in rows
        if "*" in p.audience
        or user.department in p.audience
        or p.owner_employee_number == user.employee_number
    ]


def handbook_card(ctx: Ctx, user: User) -> dict[str, Any]:
    """The handbook part of a colleague's persona card, as seen by the acting user (who asks):
    facts, refusals, and the approval rules in which the colleague holds a role, with the names of the
    people who hold the other roles."""
    asker = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    manager = ctx.db.get(User, asker.manager_id) if asker is not None and asker.manager_id else None
    facts, refusals, approvals = [], [], []
    for policy in known_policies(ctx, user):
        source = f"{policy.title} ({policy.number})"
        facts += [{**f, "source": source} for f in policy.facts]
        refusals += [{**r, "source": source} for r in policy.refusals]
        rule = policy.params.get("approval") or travel_rule(policy.params)
        if not rule:
            continue
        held = [r for r in rule["chain"] if holds_role(user.job_title, r)]
        if manager is not None and manager.id == user.id and MANAGER in rule["chain"]:
            held.append(MANAGER)
        names = {r: _holder(ctx, r, manager) for r in rule["chain"]}
        approvals.append(
            {"policy": policy.title, "number": policy.number, "rule": rule, "held": held, "names": names}
        )
    return {"facts": facts, "refusals": refusals, "approvals": approvals}


def _holder(ctx: Ctx, role: str, manager: User | None) -> str:
    """Who holds a role for the asker: their manager when the manager holds it, else the first by name."""
    if role == MANAGER or (manager is not None and holds_role(manager.job_title, role)):
        return manager.display_name if manager is not None else "your line manager"
    for user in ctx.db.exec(select(User).order_by(User.display_name)):
        if holds_role(user.job_title, role):
            return user.display_name
    return f"the {role}"


_STATES_POLICY = re.compile(
    r"\bapprov|\bsign-?off\b|\bCFO\b|\bVP\b|\bmanager\b.*\d+ ?%|\b\d+ "
    r"?%.*\b(?:manager|CFO|VP)\b|\bresponds? within\b",
    re.I,
)


_OWN_PRACTICE = re.compile(r"\bsend me the\b", re.I)


def states_policy(entry: dict[str, Any], policies: list[Policy]) -> bool:
    """Whether a knowledge entry states a handbook policy: it names approvals or approvers or a support
    response time, or shares a keyword with a policy's facts or approval rule."""
    answer = entry.get("answer", "")
    if _OWN_PRACTICE.search(answer) and not _STATES_POLICY.search(answer):
        return False  # what the colleague asks of you and does themselves ("… send me the number; I'll page")
    words = {w.lower() for w in entry.get("keywords", [])}
    for policy in policies:
        rule = policy.params.get("approval") or {}
        keys = {k.lower() for f in policy.facts for k in f["keywords"]} | {
            k.lower() for k in rule.get("keywords", [])
        }
        if words & keys or any(w in k for w in words for k in keys if len(w) > 3):
            return True
    return bool(_STATES_POLICY.search(entry.get("answer", "")))


def policy_knowledge(ctx: Ctx, user: User, knowledge: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`knowledge` with every entry that states a policy replaced by the policies' own facts (those the
    colleague knows, whose keywords the entry shared) — no policy statement is hand-written."""
    every = ctx.db.exec(select(Policy).order_by(Policy.number)).all()
    known = known_policies(ctx, user)
    out = []
    for entry in knowledge:
        if not states_policy(entry, every):
            out.append(entry)
            continue
        words = {w.lower() for w in entry.get("keywords", [])}
        for policy in known:
            rule = policy.params.get("approval") or {}
            keys = {k.lower() for f in policy.facts for k in f["keywords"]} | {
                k.lower() for k in rule.get("keywords", [])
            }
            if words & keys or any(w in k for w in words for k in keys if len(w) > 3):
                out += [
                    {"keywords": list(entry["keywords"]), "answer": f["answer"], "topic": f.get("topic")}
                    for f in policy.facts
                ]
    return out
