"""Approvals to chase: colleagues who mailed the acting user to get a purchase of their team approved under
the Purchasing Policy by a deadline a few working days away, while the approver the policy names — the
requester's line manager — is out of the office (an `oof` block on their calendar over the world's first
working days, which anyone's free/busy shows). An approver away does not answer a first mail; they answer a
reminder sent at least a working day later (`apps/office/coworkers/away.py`), and their answer is their
decision as this part records it (`office_request_brief` of the approver, which only their persona reads):
the whole order, or only part of it ("approved up to $X").

Draws only from its own stream (`{seed}:chase`) and writes only its own files:
`chase/office/{message,automatic_reply,event,request_brief}.jsonl` (loaded after the earlier parts' rows, ids
in their own namespace; the event is the away approver's out-of-office block) and
`chase/requests.jsonl` — each request's requester, approver, amount, deadline and the approver's decision,
the input of the family that grades the work (no app loads it). Requesters and approvers have no other mail
with the acting user, are not the `requests` part's requesters, hold no handbook approval role, are not the
acting user's manager and have no hand-written persona: so no other family's colleague is away.
"""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.ids import graph_guid
from worlds.generator.common import fmt_dt
from worlds.generator.parts import BuildContext, Part
from worlds.parts.requests.inbox import Inbox, colleagues, day_name, may_ask

ASKS = 8
DEPARTMENTS = ("Sales", "Marketing", "Engineering", "Support", "IT", "Sales Operations", "HR")
# (what the team orders, what for, why only part may be bought now)
ORDERS = (
    ("a booth package for the regional customer summit", "next month's summit", "the premium stand"),
    ("training vouchers for the team's certification", "the certification course", "half the vouchers"),
    ("a year of the webinar platform's pro plan", "the customer webinar series", "the pro tier"),
    ("printed case-study brochures and display stands", "the trade show", "the display stands"),
    ("a customer workshop venue and catering", "the customer workshop", "the evening catering"),
    ("a usability study with an outside agency", "the onboarding redesign", "the second study round"),
    ("a batch of loaner headsets and docks", "the new starters", "the docking stations"),
    ("a data-enrichment service for the prospect list", "the outbound campaign", "the second region"),
)
OFFSITES = ("the leadership offsite in Denver", "a customer advisory board in Austin", "the partner summit")


def _ids(name: str):  # noqa: ANN202
    return graph_guid(f"Chase{name}")


def _away(manager: dict[str, Any], start: date, back: date, where: str, n: int) -> dict[str, Any]:
    """The manager's automatic reply: on from the start of `start` to the start of `back`, their zone."""
    zone = ZoneInfo(manager.get("time_zone") or "UTC")

    def utc(day: date) -> str:
        moment = datetime.combine(day, time(0)).replace(tzinfo=zone).astimezone(ZoneInfo("UTC"))
        return fmt_dt(moment.replace(tzinfo=None))

    return {
        "id": _ids("AutomaticReply")(n),
        "user_id": manager["id"],
        "start_date_time": utc(start),
        "end_date_time": utc(back),
        "message": (
            f"Thank you for your mail. I'm out of the office at {where} until {day_name(back)}, with very "
            f"limited access to mail, and will answer as soon as I can.\n\n{manager['given_name']}"
        ),
    }


def _blocked(manager: dict[str, Any], away: dict[str, Any], where: str, n: int) -> dict[str, Any]:
    """The manager's calendar over their time away: one all-day event shown as out of office (what Outlook's
    "Block my calendar for this period" beside the automatic reply makes), so free/busy shows them away."""
    event_id = _ids("Event")(n)
    return {
        "body_content": "",
        "categories": [],
        "created_date_time": away["start_date_time"],
        "end_date_time": away["end_date_time"],
        "end_time_zone": manager.get("time_zone") or "UTC",
        "ical_uid": f"{event_id}@acme.example",
        "id": event_id,
        "is_all_day": True,
        "is_cancelled": False,
        "is_online_meeting": False,
        "last_modified_date_time": away["start_date_time"],
        "location": where.removeprefix("the ").removeprefix("a "),
        "online_meeting_url": None,
        "organizer_address": manager["mail"],
        "organizer_id": manager["id"],
        "organizer_name": manager["display_name"],
        "recurrence": None,
        "sequence": 0,
        "show_as": "oof",
        "start_date_time": away["start_date_time"],
        "start_time_zone": manager.get("time_zone") or "UTC",
        "subject": "Out of office",
    }


def _may_approve(office: Any, manager: dict[str, Any]) -> bool:
    """Whether a line manager may be the away approver: a colleague who may ask the acting user for
    something, or a Regional Sales Manager of another region (the acting user's own manager, who approves
    her discounts, is never away)."""
    title = manager.get("job_title") or ""
    other_region = title.startswith("Regional Sales Manager,") and manager["id"] != office.actor.get(
        "manager_id"
    )
    personas = {p["user_id"] for p in office.personas}
    return may_ask(office, manager) or (other_region and manager["id"] not in personas)


def _working_days(start: date, n: int) -> date:
    day = start
    while n:
        day += timedelta(days=1)
        n -= day.weekday() < 5
    return day


def _taken(ctx: BuildContext) -> set[str]:
    """The `requests` part's requesters (read from its file when the world has it)."""
    path = ctx.out_dir / "requests" / "requests.jsonl"
    if not path.is_file():
        return set()
    import json

    return {json.loads(line)["sender"].lower() for line in path.read_text().splitlines() if line}


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The pending approvals of the world's acting user, while each approver is away."""
    if ctx.scale < 0.5 or "office" not in ctx.shared:
        return {}, {}
    rng = random.Random(f"{ctx.seed}:chase")
    office = ctx.shared["office"]
    inbox = Inbox(office, ctx.now, ctx.out_dir.name, taken=_taken(ctx), prefix="Chase")
    users = {u["id"]: u for u in office.users}
    pairs = []
    for r in colleagues(office, DEPARTMENTS):
        m = users.get(r.get("manager_id") or "")
        if (
            m is None
            or not inbox.free(r["mail"])
            or m["mail"].lower() in inbox.taken
            or not _may_approve(office, m)
        ):
            continue
        approvers = [p[1]["id"] for p in pairs]
        if approvers.count(m["id"]) < 2 and r["id"] not in approvers:  # at most two per approver
            pairs.append((r, m))
    rng.shuffle(pairs)
    today = ctx.now.date()
    away: dict[str, dict[str, Any]] = {}
    blocked: list[dict[str, Any]] = []
    for n, (requester, manager) in enumerate(sorted(pairs[:ASKS], key=lambda p: p[0]["mail"]), start=1):
        what, purpose, part = ORDERS[(n - 1) % len(ORDERS)]
        amount = float(rng.randrange(24, 96) * 50)
        partial = rng.random() < 0.5
        approved = float(int(amount * rng.uniform(0.55, 0.8) / 100) * 100) if partial else amount
        deadline = _working_days(today, 3)
        where = rng.choice(OFFSITES)
        if manager["id"] not in away:
            away[manager["id"]] = _away(manager, today, _working_days(today, 4), where, len(away) + 1)
            blocked.append(_blocked(manager, away[manager["id"]], where, len(away)))
        first = requester["given_name"]
        body = (
            f"Hi Amber,\n\nI'm at customer sites all week with hardly any mail, so could you get this "
            "through "
            f"for me? My team needs to order {what} for {purpose}. The vendor's quote is ${amount:,.0f} "
            f"and it goes on my team's budget. The order has to be placed by {day_name(deadline)} or we lose "
            "the price, so it needs its approval under our Purchasing Policy before then. Please get it "
            f"approved and let me know what was approved.\n\nThanks,\n{first}"
        )
        if partial:
            decision = (
                f"Sorry for the slow answer, I'm away this week. For {first}'s order ({what}) I can approve "
                f"up to ${approved:,.0f}, not the full ${amount:,.0f}: {part} has to wait for next quarter's "
                f"budget. So: approved up to ${approved:,.0f} under the Purchasing Policy, as {first}'s line "
                "manager."
            )
        else:
            decision = (
                f"Sorry for the slow answer, I'm away this week. {first}'s order ({what}) for "
                f"${amount:,.0f} is approved under the Purchasing Policy, as {first}'s line manager."
            )
        row = inbox.mail(
            kind="purchase",
            sender=requester,
            subject=rng.choice(
                (f"Approval for {purpose}", "Purchase approval needed", f"Order for {purpose}")
            ),
            body=body,
            when=inbox.sent_at(rng, requester.get("time_zone") or "America/New_York"),
            params={
                "approver": manager["mail"],
                "approver_name": manager["display_name"],
                "amount": amount,
                "approved": approved,
                "partial": partial,
                "order": what,
                "deadline": deadline.isoformat(),
                "automatic_reply_id": away[manager["id"]]["id"],
            },
        )
        words = [requester["display_name"].lower(), first.lower(), purpose.removeprefix("the ")]
        inbox.briefs.append(
            {
                "clarification": decision,
                "conversation_id": row["conversation_id"],
                "id": _ids("Brief")(n),
                "keywords": words,
                "user_id": manager["id"],
            }
        )
    files = {
        "chase/office/message.jsonl": inbox.messages,
        "chase/office/automatic_reply.jsonl": list(away.values()),
        "chase/office/event.jsonl": blocked,
        "chase/office/request_brief.jsonl": inbox.briefs,
        "chase/requests.jsonl": inbox.requests,
    }
    return files, {}


PART = Part("chase", 60, build)
