"""What a colleague knows of the company handbook (`office_policy`), and how they decide an approval.

A colleague knows the policies of their department (or every employee's, audience "*") and those they own:
a question on one gets its fact, a request against one is declined with its reason. A colleague who holds
a role in a policy's chain of approvers (by job title, or as the requester's line manager) approves a
request within their level and rejects one beyond it, naming the person who must approve — by the same
params the policy's prose states (`apps/core/handbook.py`).
"""

from __future__ import annotations

import re
from typing import Any

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.handbook import (
    MANAGER,
    NO_APPROVAL,
    NOT_PERMITTED,
    approval_role,
    holds_role,
    rank,
    travel_approver,
    travel_rule,
)
from apps.core.meaning import find_numbers
from apps.office.models import Policy, User

REQUEST_WORDS = (
    "please approve",
    "can you approve",
    "could you approve",
    "would you approve",
    "request approval",
    "requesting approval",
    "your approval",
    "approval for",
    "sign off on",
)
QUESTION_WORDS = ("who approves", "who can approve", "who needs to approve", "who has to approve")
PER_NIGHT = re.compile(
    r"(?:\$\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:dollars|usd))\s*(?:a|per|/)\s*night", re.I
)
ABROAD = ("international", "abroad", "overseas")


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


def is_approval_request(text: str) -> bool:
    """Whether a message asks the reader to approve something (a question about who approves is not)."""
    low = text.lower()
    return any(w in low for w in REQUEST_WORDS) and not any(w in low for w in QUESTION_WORDS)


def amounts(text: str) -> list[float]:
    """Dollar amounts in a text, in any notation ($12,500, $250k, $1.2m, "12500 dollars")."""
    return [q.value for q in find_numbers(text) if q.kind == "money"]


def percents(text: str) -> list[float]:
    """Percentages in a text, in any notation (12.5%, "12.5 percent", "twelve and a half percent")."""
    return [q.value for q in find_numbers(text) if q.kind == "percent"]


def decide_approval(approvals: list[dict[str, Any]], text: str) -> str | None:
    """The colleague's answer to an approval request, or None when it names no rule they hold a role in
    (or no value the rule measures)."""
    low = text.lower()
    for entry in approvals:
        rule = entry["rule"]
        if not entry["held"] or not any(k in low for k in rule["keywords"]):
            continue
        money = amounts(text)
        if rule["measure"] == "trip":
            verdict = _trip_verdict(entry, low)
            if verdict:
                return verdict
            continue
        if rule["measure"] == "percent":
            found = percents(text)
            if not found:
                continue
            value, shown = found[0], f"{found[0]:g}%"
            deal = max(money) if money else None
        else:
            if not money:
                continue
            value = max(money)
            shown, deal = f"${value:,.0f}", None
        return _verdict(entry, approval_role(rule, value, deal), shown)
    return None


def _trip_verdict(entry: dict[str, Any], text: str) -> str | None:
    """A trip's approval by the Travel Policy's params: the nightly hotel rate the request states (else
    its largest amount) and whether it goes abroad."""
    nightly = [float((a or b).replace(",", "")) for a, b in PER_NIGHT.findall(text)]
    rates = nightly or amounts(text)
    international = any(w in text for w in ABROAD)
    if not rates and not international:
        return None
    rate = max(rates) if rates else 0.0
    role = travel_approver(entry["rule"]["params"], rate, international)
    parts = ([f"hotel ${rate:,.0f} a night"] if rates else []) + (["international"] if international else [])
    return _verdict(entry, role, f"the trip ({', '.join(parts)})")


def _verdict(entry: dict[str, Any], role: str, shown: str) -> str:
    rule, policy = entry["rule"], f"the {entry['policy']} ({entry['number']})"
    if role == NO_APPROVAL:
        return f"No approval is needed for {shown} under {policy} — go ahead."
    if role == NOT_PERMITTED:
        return f"Rejected: {shown} is beyond what {policy} allows at any level, so nobody can approve it."
    mine = max(rank(rule, r) for r in entry["held"])
    if mine >= rank(rule, role):
        return f"Approved: {shown}, under {policy}."
    who = entry["names"][role]
    needed = "your line manager" if role == MANAGER else f"the {role}"
    return (
        f"Rejected: {shown} is beyond my approval limit under {policy}; it needs {needed} ({who}). "
        f"Please ask {who}."
    )
