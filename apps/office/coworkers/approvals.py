"""How a colleague decides an approval asked of them: by the company handbook's params, on the facts of the
records and on the total, never on what the request claims.

- The value is the one requested (`apps/core/understanding`), not a limit quoted or a deal's size.
- A discount is decided on the deal as the CRM has it (amount, hence the large-deal clause); a deal the CRM
  does not have gets a question. (An episode without the CRM decides on the amount the request states.)
- What belongs together is decided on the total, and the answer says so: discounts on one deal across
  quotes or stacked on one already approved, claims of one purpose, orders of one purchase — within the
  policy's window, from what this colleague approved before (`ScheduledReply.payload["approved"]`).
- Nobody approves their own claim, or one of someone above them in their reporting line.
- A forwarded or quoted "approval" is no approval; an approval names the approver's authority.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

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
from apps.core.understanding import Ask, Request
from apps.core.understanding.values import shown
from apps.office.coworkers.change_decisions import change_decisions
from apps.office.models import Policy, ScheduledReply, User

TITLES = {
    "discount": "Discount Approval Policy",
    "expense": "Expense Approval Policy",
    "purchase": "Purchasing Policy",
    "gift": "Gifts and Entertainment Policy",
    "credit": "Service Credit Policy",
    "travel": "Travel Policy",
}
WINDOW_DAYS = 30  # a claim, a purchase or a discount is added to what came before within this window
_GENERIC = {
    "trip",
    "dinner",
    "order",
    "the",
    "same",
    "for",
    "on",
    "of",
    "a",
    "and",
    "more",
    "another",
    "client",
}


def _policy(ctx: Ctx, title: str) -> Policy | None:
    return ctx.db.exec(select(Policy).where(Policy.title == title)).first()


def _holder(ctx: Ctx, role: str, requester: User | None) -> User | None:
    """Who holds `role` for the requester: their manager for "manager" (or when the manager holds the
    title), else the first holder of the title by name."""
    manager = ctx.db.get(User, requester.manager_id) if requester and requester.manager_id else None
    if role == MANAGER or (manager is not None and holds_role(manager.job_title, role)):
        return manager
    return next(
        (u for u in ctx.db.exec(select(User).order_by(User.display_name)) if holds_role(u.job_title, role)),
        None,
    )


def _chain_above(ctx: Ctx, user: User) -> list[str]:
    """The ids of everyone above `user` in the reporting line."""
    out, seen = [], set()
    current = user
    while current is not None and current.manager_id and current.manager_id not in seen:
        seen.add(current.manager_id)
        out.append(current.manager_id)
        current = ctx.db.get(User, current.manager_id)
    return out


def _roles_held(rule: dict[str, Any], approver: User, requester: User | None) -> list[str]:
    held = [r for r in rule["chain"] if holds_role(approver.job_title, r)]
    if requester is not None and requester.manager_id == approver.id and MANAGER in rule["chain"]:
        held.append(MANAGER)
    return held


def _name(user: User | None, role: str) -> str:
    return user.display_name if user is not None else f"the {role}"


def _said_role(role: str, requester: User | None = None, asker: User | None = None) -> str:
    """How the approver names the role needed: "your line manager", or the line manager of whoever the
    request is for when that is someone else ("Robert Nixon's line manager")."""
    if role != MANAGER:
        return f"the {role}"
    if requester is not None and asker is not None and requester.id != asker.id:
        return f"{requester.display_name}'s line manager"
    return "your line manager"


def earlier(ctx: Ctx, persona_id: str) -> list[dict[str, Any]]:
    """What this colleague approved for the acting user within the window (newest last)."""
    since = ctx.now - timedelta(days=WINDOW_DAYS)
    rows = ctx.db.exec(
        select(ScheduledReply)
        .where(ScheduledReply.persona_id == persona_id, col(ScheduledReply.created_date_time) >= since)
        .where(ScheduledReply.status != "superseded")
        .order_by(ScheduledReply.created_date_time, ScheduledReply.id)
    )
    return [a for r in rows for a in r.payload.get("approved", [])]


def _same_purpose(a: str, b: str, text: str) -> bool:
    """Two claims or orders are for one purpose when they share a distinctive word or the request says so."""
    distinct = (set(a.split()) & set(b.split())) - _GENERIC
    return bool(distinct) or "same" in text.split()


def decide(  # noqa: PLR0913
    ctx: Ctx,
    persona_id: str,
    approver: User,
    request: Request,
    text: str,
    deals: dict[str, list[dict]],
    answer_at: datetime | None = None,
) -> list[dict[str, Any]]:
    """One decision per approval ask of `request` (dicts the responder words; `approved` entries the engine
    keeps for later totals).

    Args:
        ctx: the answering action's context.
        persona_id: the approver's persona (whose earlier approvals count).
        approver: the colleague asked.
        request: the reading of the message.
        text: the message's own words (the purpose of a claim; amounts when the CRM is not in the episode).
        deals: the CRM's open deals by name (empty when the episode has no CRM).
        answer_at: when the answer arrives (a change approved or rejected on the desk is recorded by then).
    """
    asker = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    asks = _together([a for a in request.asks if a.intent == "approval"])
    before = earlier(ctx, persona_id)
    out: list[dict[str, Any]] = []
    for i, ask in enumerate(asks):
        if ask.policy == "change":  # a change request on the desk: decided there, by the desk's rule
            out += change_decisions(ctx, approver, ask, answer_at or ctx.now)
            continue
        decided = _one(ctx, ask, asks[:i], before, approver, asker, request, text, deals)
        if len(asks) == 1 and decided.get("alone"):  # one decision: the deal is the mail's; no name needed
            decided["text"] = decided["alone"]
        decided.pop("alone", None)
        out.append(decided)
    return out


def _together(asks: list[Ask]) -> list[Ask]:
    """Discounts on one deal asked in one message (across quotes) become one ask of their total."""
    out: list[Ask] = []
    for ask in asks:
        same = next(
            (o for o in out if ask.policy == "discount" == o.policy and o.about and o.about == ask.about),
            None,
        )
        if same is None or not (same.value and ask.value):
            out.append(ask)
            continue
        total = float(same.value.rstrip("%")) + float(ask.value.rstrip("%"))
        parts = same.combined or [same.value]
        out[out.index(same)] = same.model_copy(
            update={"value": shown(total, True), "combined": [*parts, ask.value], "stacked": True}
        )
    return out


def _one(
    ctx,
    ask: Ask,
    prior: list[Ask],
    before,
    approver: User,
    asker: User | None,
    request: Request,
    text: str,
    deals,
):  # noqa: ANN001, ANN202, PLR0913
    title = TITLES.get(ask.policy or "")
    policy = _policy(ctx, title) if title else None
    if policy is None:
        return {"kind": "question", "text": "Which policy is this under, and what exactly should I approve?"}
    source = f"the {policy.title} ({policy.number})"
    requester = asker
    if ask.for_person:
        if ask.for_person == "yourself" or ask.for_person == approver.display_name:
            return {
                "kind": "refuse",
                "text": f"I can't approve my own claim: under {source} nobody approves their own claim.",
            }
        claimant = ctx.db.exec(select(User).where(User.display_name == ask.for_person)).first()
        if claimant is not None and claimant.id in _chain_above(ctx, approver):
            return {
                "kind": "refuse",
                "text": (
                    f"I can't approve {claimant.display_name}'s claim: under {source} nobody "
                    "approves a claim of someone they report to. It goes to their own line manager."
                ),
            }
        requester = claimant or asker
    rule = policy.params.get("approval") or travel_rule(policy.params)
    if not rule:
        return {"kind": "question", "text": f"{policy.title} has no approvals to give."}
    if rule["measure"] == "trip":
        return _trip(ctx, ask, rule, approver, requester, source)
    if ask.value is None:
        return {"kind": "question", "text": "How much is it for? Send me the exact amount and I'll decide."}
    percent = ask.value.endswith("%")
    value = float(ask.value.rstrip("%").lstrip("$").replace(",", ""))
    deal_amount, deal_name, why = None, None, []
    if ask.policy == "discount":
        found = [d for name in ask.about for d in deals.get(name, [])]
        if deals and not found:
            return {
                "kind": "question",
                "text": (
                    "I can't find that opportunity in the CRM. Which deal is it (its exact "
                    "name)? I'll look at it there before deciding."
                ),
            }
        if (
            len({d["id"] for d in found}) > 1
        ):  # one name, several deals: the amount the request states picks one
            stated = _stated_sums(text)
            by_amount = [
                d for d in found if any(abs((d["amount"] or 0) - v) <= max(1.0, 0.005 * v) for v in stated)
            ]
            found = by_amount if len({d["id"] for d in by_amount}) == 1 else found
        if deals and len({d["id"] for d in found}) > 1:
            listed = " or ".join(f"{d['name']} (${d['amount']:,.0f})" for d in found)
            return {"kind": "question", "text": f"Which one do you mean — {listed}?"}
        if found:
            deal_amount, deal_name = found[0]["amount"], found[0]["name"]
        elif not deals:
            stated = [q for q in _stated_sums(text)]
            deal_amount = max(stated) if stated else None
        same = [p for p in prior if p.policy == "discount" and p.about == ask.about and p.value]
        stacked = ask.stacked or bool(same)
        earlier_on_deal = [b for b in before if b["policy"] == "discount" and b["key"] == deal_name]
        total = value + sum(float(p.value.rstrip("%")) for p in same)
        if ask.stacked and earlier_on_deal:
            total += earlier_on_deal[-1]["value"]
            why.append(f"on top of the {earlier_on_deal[-1]['value']:g}% I approved on it already")
        if stacked and same:
            why.append("across the quotes of one deal")
        if ask.combined:
            why.append(f"{' + '.join(ask.combined)} on one deal")
    else:
        key = ask.topic or ""
        total = value
        for b in before:
            if b["policy"] == ask.policy and _same_purpose(b["key"], key, text.lower()):
                total += b["value"]
                why.append(f"with the {shown(b['value'], False)} I approved for the same purpose")
        if ask.combined:
            why.append("the parts of one purpose together")
    role = approval_role(rule, total, deal_amount)
    what = shown(total, percent) if total != value else ask.value
    on = f" on {deal_name}" if deal_name else ""
    together = f" ({', '.join(why)}: {what} in total)" if why else ""
    if role == NO_APPROVAL:
        return {
            "kind": "not_needed",
            "text": f"No approval is needed for {ask.value}{on} under {source} — go ahead.{together}",
        }
    if role == NOT_PERMITTED:
        return {
            "kind": "rejected",
            "text": (
                f"Rejected: {what}{on} is beyond what {source} allows at any level, so nobody "
                f"can approve it.{together}"
            ),
        }
    held = _roles_held(rule, approver, requester)
    needed = _holder(ctx, role, requester)
    # what the line manager approves is theirs: an officer higher in the chain sends it back to them (the
    # handbook lets a higher level approve a lower tier only where it says so — the discount matrix)
    mine_to_give = MANAGER in held if role == MANAGER else bool(held)
    if mine_to_give and max(rank(rule, r) for r in held) >= rank(rule, role):
        mine = max(held, key=lambda r: rank(rule, r))
        authority = f"as {_said_role(MANAGER, requester, asker)}" if mine == MANAGER else f"as {mine}"
        large = (
            " (a deal of $250,000 or more needs at least the VP of Sales)"
            if deal_amount and rule.get("large_deal") and deal_amount >= rule["large_deal"]["at_least"]
            else ""
        )
        entry = {
            "policy": ask.policy,
            "key": deal_name or ask.topic or "",
            "value": value if not why else total,
        }
        return {
            "kind": "approved",
            "text": f"Approved: {ask.value}{on}, under {source}, {authority}{large}.{together}",
            "alone": f"Approved: {ask.value}, under {source}, {authority}{large}.{together}",
            "approved": entry,
        }
    reason = []
    if deal_amount is not None and rule.get("large_deal") and deal_amount >= rule["large_deal"]["at_least"]:
        reason.append(
            f"the deal is ${deal_amount:,.0f} in the CRM, and deals of "
            f"${rule['large_deal']['at_least']:,.0f} or more need at least the "
            f"{rule['large_deal']['approver']}"
        )
    if request.quoted_approval:
        reason.append("an approval forwarded or quoted in a mail is not an approval")
    said = f" ({'; '.join(reason)})" if reason else ""
    who = _name(needed, role)
    if held and max(rank(rule, r) for r in held) >= rank(rule, role):  # an officer above the line manager
        mine = "for the line manager to approve, not me,"
    else:
        mine = "beyond my approval limit" if held else "not mine to approve"
    return {
        "kind": "rejected",
        "text": (
            f"Rejected: {what}{on} is {mine} under {source}{together}{said}; it needs "
            f"{_said_role(role, requester, asker)} ({who}). Please ask {who}."
        ),
    }


def _trip(
    ctx: Ctx, ask: Ask, rule: dict, approver: User, requester: User | None, source: str
) -> dict[str, Any]:
    rate = float(ask.value.lstrip("$").replace(",", "")) if ask.value else 0.0
    international = "international" in ask.fields
    role = travel_approver(rule["params"], rate, international)
    parts = ([f"hotel ${rate:,.0f} a night"] if ask.value else []) + (
        ["international"] if international else []
    )
    trip = f"the trip ({', '.join(parts)})" if parts else "the trip"
    if role == NO_APPROVAL:
        return {"kind": "not_needed", "text": f"No approval is needed for {trip} under {source} — go ahead."}
    held = _roles_held(rule, approver, requester)
    if held and max(rank(rule, r) for r in held) >= rank(rule, role):
        return {"kind": "approved", "text": f"Approved: {trip}, under {source}, as your line manager."}
    who = _name(_holder(ctx, role, requester), role)
    return {
        "kind": "rejected",
        "text": (
            f"Rejected: {trip} is not mine to approve under {source}; it needs "
            f"{_said_role(role)} ({who}). Please ask {who}."
        ),
    }


def _stated_sums(text: str) -> list[float]:
    from apps.core.meaning import find_numbers

    return [q.value for q in find_numbers(text) if q.kind == "money"]
