"""What a colleague answers to each ask of a message they read, as facts the responder words: a deal they
or their team own (its stage, amount, close date, next step), the owner of one they do not ("ask <owner>" —
never the asker, whose own deal it is), an incident they work, a document they share or do not have, times
they are free, a handbook decision or fact. One customer's data is never given "to pass on" to another.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from apps.core.actions import Ctx
from apps.core.peer_knowledge import peer
from apps.core.understanding import Ask, Reading, Request
from apps.core.understanding.documents import concepts, match_documents
from apps.office.coworkers import approvals, slots
from apps.office.coworkers.deck_review import asks_for_review, deck_review_entries
from apps.office.models import User

SHARING = "the Customer Information Sharing Policy (HB-02)"


def money(value: float | None) -> str:
    return "no amount yet" if value is None else f"${value:,.2f}".removesuffix(".00")


def _deal_facts(deal: dict[str, Any], mine: bool) -> dict[str, Any]:
    owner = (
        None
        if mine
        else (deal.get("owner") or {}).get("name")
        if isinstance(deal.get("owner"), dict)
        else deal.get("owner")
    )
    return {
        "name": deal["name"],
        "stage": deal["stage"],
        "amount": money(deal["amount"]),
        "close_date": deal["close_date"],
        "next_step": deal.get("next_step"),
        "owner": owner,
    }


def _records(
    ctx: Ctx, user: User, ask: Ask, reading: Reading, deals: dict[str, list[dict]]
) -> list[dict[str, Any]]:
    asker_mail = (ctx.db.get(User, ctx.user_id).mail if ctx.user_id else "").lower()
    own = {k.name for k in reading.own}
    out: list[dict[str, Any]] = []
    if ask.pass_on and ask.about:
        return [
            {
                "kind": "refuse",
                "text": "I can't give you another customer's figures to pass on: "
                f"{SHARING} lists any other customer's name, data or deals as confidential.",
            }
        ]
    named = [d for name in ask.about for d in deals.get(name, [])]
    mine = [d for d in named if d["name"] in own]
    if mine:
        out.append(
            {
                "kind": "deals",
                "deals": [
                    _deal_facts(d, (d["owner"] or {}).get("email", "").lower() == user.mail.lower())
                    for d in mine
                ],
            }
        )
    for deal in [d for d in named if d["name"] not in own]:
        owner = deal.get("owner") or {}
        if owner.get("email", "").lower() == asker_mail:
            out.append({"kind": "yours", "name": deal["name"]})
        else:
            out.append(
                {"kind": "refer", "what": deal["name"], "to": owner.get("name"), "title": owner.get("title")}
            )
    for number in [a for a in ask.about if a.upper().startswith("INC")]:
        out.append(_incident(ctx, user, number))
    if not ask.about and ask.fields:
        out.append({"kind": "question", "text": "Which deal do you mean? Send me its name and I'll check."})
    return _dedupe(out)


def _dedupe(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen, out = set(), []
    for item in items:
        marker = repr(sorted(item.items()))
        if marker not in seen:
            seen.add(marker)
            out.append(item)
    return out


def _incident(ctx: Ctx, user: User, number: str) -> dict[str, Any]:
    desk = peer(ctx, "ticketing")
    found = desk.incident_owner(ctx, number) if desk else None
    if not found:
        return {"kind": "question", "text": f"I can't find {number} — could you check the number?"}
    owner = found["owner"]
    work = desk.assigned_to(ctx, user.mail) or {"incidents": [], "team_incidents": []}
    if any(i["number"] == found["what"] for i in work["incidents"] + work["team_incidents"]):
        return {"kind": "incident", "incident": found["incident"]}
    if owner is None:
        return {"kind": "refer_desk", "what": found["what"]}
    return {"kind": "refer", "what": found["what"], "to": owner["name"], "title": owner.get("title")}


def _document(ask: Ask, reading: Reading, text: str) -> dict[str, Any]:
    if not ask.about and not concepts(text):  # "could you send me the document?" — which one?
        return {
            "kind": "question",
            "text": "Happy to help — which document do you mean? Tell me its name or what it's about.",
        }
    mine = {d.name: d for d in reading.documents}
    found = [mine[n] for n in ask.about if n in mine]
    if ask.pass_on and found:
        return {
            "kind": "refuse",
            "text": (
                f"I can't share that for a customer: {SHARING} keeps internal approvals and "
                f"pricing confidential."
            ),
        }
    if found:
        return {"kind": "document", "name": found[0].name, "item_id": found[0].attrs["id"]}
    elsewhere = [d for d in reading.world_documents if d.name in ask.about]
    if not elsewhere:
        elsewhere, _ = match_documents(text, reading.world_documents, strict=True)
    if len(elsewhere) == 1:
        doc = elsewhere[0]
        return {"kind": "refer", "what": doc.name, "to": doc.attrs["owner"], "title": None}
    return {"kind": "no_document"}


def _meeting(ctx: Ctx, user: User, ask: Ask, answer_at, rules: dict[str, Any]) -> dict[str, Any]:  # noqa: ANN001
    from datetime import date

    days = [date.fromisoformat(d) for d in ask.days] or None
    blocks = slots.calendar_blocks(ctx, user, answer_at - timedelta(days=1), answer_at + timedelta(days=21))
    hours = (  # the hours they take meetings, inside their working hours
        max(rules.get("earliest") or "00:00", user.working_hours_start or "00:00"),
        min(rules.get("latest") or "23:59", user.working_hours_end or "23:59"),
    )
    found = slots.free_slots(
        blocks,
        zone=user.time_zone,
        hours=hours,
        minutes=ask.minutes or 30,
        after=answer_at,
        days=days,
        no_meeting_days=rules.get("no_meeting_days", []),
        not_before=ask.after,
        starts_before=ask.before,
    )
    if not found and days:  # nothing free on the days asked: the next days they are
        found = slots.free_slots(
            blocks,
            zone=user.time_zone,
            hours=hours,
            minutes=ask.minutes or 30,
            after=answer_at,
            no_meeting_days=rules.get("no_meeting_days", []),
        )
    reason = (
        rules.get("no_meeting_reason")
        if days and any(d.strftime("%a").upper()[:2] in rules.get("no_meeting_days", []) for d in days)
        else None
    )
    if not found:
        return {
            "kind": "question",
            "text": "My calendar is full for the next while — could you suggest a time?",
        }
    return {"kind": "slots", "text": slots.say(found, user.time_zone), "reason": reason}


def answers(
    ctx: Ctx,
    persona_id: str,
    user: User,
    request: Request,
    reading: Reading,
    text: str,
    answer_at,  # noqa: ANN001
    rules: dict[str, Any],
) -> list[dict[str, Any]]:
    """The facts and decisions of a colleague's answer, one entry per ask (the responder words them).

    Args:
        ctx: the answering action's context.
        persona_id: the colleague's persona id.
        user: the colleague.
        request: their reading of the message.
        reading: what they read it with (their records and documents).
        text: the message's own words.
        answer_at: when they will answer (meeting times start after it).
        rules: their meeting rules (hours, days without meetings).
    """
    deals: dict[str, list[dict]] = {}
    for known in reading.world:
        deals.setdefault(known.name, []).append(known.attrs)
    out: list[dict[str, Any]] = []
    if request.first("approval"):
        out += approvals.decide(ctx, persona_id, user, request, text, deals, answer_at)
    for ask in request.asks:
        if ask.intent == "record_status":
            out += _records(ctx, user, ask, reading, deals)
        elif ask.intent == "document" and not (
            asks_for_review(text) and deck_review_entries(ctx, user, text)
        ):
            out.append(
                _document(ask, reading, text)
            )  # (a deck they are asked to review: deck_review answers)
        elif ask.intent == "meeting_time":
            out.append(_meeting(ctx, user, ask, answer_at, rules))
    return out
