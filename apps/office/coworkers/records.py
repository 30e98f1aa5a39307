"""What a colleague knows of the CRM and the service desk, read from the episode's current records when
they answer (`apps.core.peer_knowledge`; an episode without that app gives nothing).

An account owner knows their accounts and open deals (amount, stage, close date, next step), a support
engineer the open incidents assigned to them, a manager their direct reports' as well. A question naming an
account, deal or incident somebody else owns gets "ask <owner>" instead.
"""

from __future__ import annotations

from typing import Any

from apps.core.actions import Ctx
from apps.core.peer_knowledge import peer
from apps.office.coworkers.responder import asks
from apps.office.coworkers.reviews import review_entries
from apps.office.models import User


def _money(value: float | None) -> str:
    return "no amount yet" if value is None else f"${value:,.2f}".removesuffix(".00")


def _deal_line(deal: dict[str, Any]) -> str:
    owner = f" (owned by {deal['owner']})" if deal.get("owner") else ""
    step = f", next step: {deal['next_step']}" if deal.get("next_step") else ""
    return (
        f"“{deal['name']}”{owner} is at {deal['stage']}, {_money(deal['amount'])}, "
        f"closing {deal['close_date']}{step}."
    )


def _deal_entries(view: dict[str, Any]) -> list[dict[str, Any]]:
    by_account: dict[str, list[dict[str, Any]]] = {name: [] for name in view["accounts"]}
    for deal in view["deals"] + view["team_deals"]:
        by_account.setdefault(deal["account"] or deal["name"], []).append(deal)
    out = []
    for account, deals in by_account.items():
        if deals:
            answer = " ".join(_deal_line(d) for d in deals)
        else:
            answer = f"{account} is one of my accounts; there is no open deal on it right now."
        out.append({"keywords": [account], "answer": answer})
    return out


def _incident_entries(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for inc in view["incidents"] + view["team_incidents"]:
        who = f", assigned to {inc['assigned_to']}" if inc.get("assigned_to") else ""
        answer = f"{inc['number']} ({inc['short_description']}) is {inc['state']}, priority {inc['priority']}"
        out.append({"keywords": [inc["number"]], "answer": answer + who + "."})
    return out


def record_knowledge(ctx: Ctx, user: User) -> list[dict[str, Any]]:
    """Knowledge entries (keywords, answer) for the CRM and desk records `user` (or their reports) owns.

    Args:
        ctx: the answering action's context.
        user: the colleague who answers.
    """
    crm, desk = peer(ctx, "crm"), peer(ctx, "ticketing")
    entries: list[dict[str, Any]] = []
    sales = crm.owner_view(ctx, user.mail) if crm else None
    if sales:
        entries += _deal_entries(sales)
    work = desk.assigned_to(ctx, user.mail) if desk else None
    if work:
        entries += _incident_entries(work)
    accounts = sales["accounts"] if sales else []
    team = user.mail if sales and sales["team_deals"] else None
    groups = desk.managed_groups(ctx, user.mail) if desk else []
    return entries + review_entries(ctx.now.date(), user.time_zone, accounts, team, groups)


def record_referral(ctx: Ctx, user: User, text: str, known: list[dict[str, Any]]) -> str | None:
    """ "Ask <owner>" for an account, deal or incident `text` names that `user` does not know; None when it
    names none, or one they know.

    Args:
        ctx: the answering action's context.
        user: the colleague who answers.
        text: the question (subject and new text).
        known: the colleague's knowledge entries (a question they can answer is never referred).
    """
    low = text.lower()
    if any(asks(e, low) for e in known):
        return None
    found = None
    for app, reader in (("ticketing", "incident_owner"), ("crm", "owner_of")):
        module = peer(ctx, app)
        found = getattr(module, reader)(ctx, text) if module else None
        if found:
            break
    if not found:
        return None
    owner = found["owner"]
    if owner is None:
        return f"I don't know about {found['what']} — nobody is assigned to it yet; ask the service desk."
    if owner["email"] and owner["email"].lower() == user.mail.lower():
        return None
    title = f" ({owner['title']})" if owner.get("title") else ""
    return f"I don't know the details of {found['what']} — ask {owner['name']}{title}, who owns it."
