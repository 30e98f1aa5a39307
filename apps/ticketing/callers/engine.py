"""Scheduling a caller's reactions and carrying them out on the logical clock.

When the desk adds an additional comment that asks the caller something, or resolves an incident whose fix
does not hold for the caller, a `CallerFollowup` row is written, due after the caller's reply delay within
their working hours. `deliver_due` (run by `advance_time`) carries out the due rows in order: the caller's
comment, authored by the caller, and its effect — an answer while Awaiting Caller resumes work (In
Progress), a rejected resolution reopens the incident. Replies are part of the episode's state, so
snapshot, fork, reset and replays reproduce them exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.understanding import Reading
from apps.core.understanding.model import configured_reader
from apps.core.understanding.reader import read_message
from apps.core.working_hours import answer_time
from apps.ticketing import choices as c
from apps.ticketing.callers.knowledge import CallerFacts, facts_of
from apps.ticketing.callers.models import CallerFollowup
from apps.ticketing.callers.responder import answer_with, asks_about_fix, caller_responder_for, is_question
from apps.ticketing.models import Incident, JournalEntry

HOURS = ("08:00", "18:00")  # a caller (or an approver) answers between 08:00 and 18:00 on weekdays, local
AWAITING_CALLER = "1"
# where people sit → their time zone (the desk's locations; a place not listed is taken as US Eastern)
ZONES = {
    "San Francisco": "America/Los_Angeles",
    "Austin": "America/Chicago",
    "Chicago": "America/Chicago",
    "New York": "America/New_York",
    "London": "Europe/London",
    "Birmingham": "Europe/London",
    "Leeds": "Europe/London",
    "Manchester": "Europe/London",
    "Dublin": "Europe/Dublin",
    "Cork": "Europe/Dublin",
    "Amsterdam": "Europe/Amsterdam",
    "Rotterdam": "Europe/Amsterdam",
    "Utrecht": "Europe/Amsterdam",
    "Berlin": "Europe/Berlin",
    "Hamburg": "Europe/Berlin",
    "Frankfurt": "Europe/Berlin",
    "Munich": "Europe/Berlin",
    "Paris": "Europe/Paris",
    "Lyon": "Europe/Paris",
    "Toulouse": "Europe/Paris",
}


def zone_of(location: str | None) -> str:
    """The IANA time zone of a desk location (US Eastern when the place is not known)."""
    return ZONES.get(location or "", "America/New_York")


def due_time(now: datetime, facts: CallerFacts) -> datetime:
    """When the caller answers: after their reply delay, moved into their working hours where they sit."""
    return due_after(now, facts.reply_delay_minutes, facts.location)


def due_after(now: datetime, minutes: int, location: str | None = None) -> datetime:
    """`minutes` after `now`, moved into the next working hours (08:00-18:00 on weekdays) in the time zone of
    `location` — when a person of the desk (a caller, an approver) gets to it."""
    return answer_time(now, minutes, zone_of(location), HOURS)


def on_desk_comment(ctx: Ctx, inc: Incident, text: str) -> None:
    """The desk commented on an incident: schedule the caller's answer if the comment asks them something."""
    if not inc.caller_id or inc.caller_id == ctx.user_id or inc.state in (c.CLOSED, c.CANCELED):
        return
    if inc.state == c.RESOLVED and asks_about_fix(text):
        _schedule(ctx, inc, "verdict", None)
        return
    reading = configured_reader(ctx.options, ctx).read(
        "", text, Reading(now=ctx.now), "caller", rules=read_message
    )
    if reading.asks or is_question(text):
        _schedule(ctx, inc, "answer", text, reading.model_dump(exclude_defaults=True))


def on_resolved(ctx: Ctx, inc: Incident) -> None:
    """The desk resolved an incident: a caller whose problem is not fixed writes back (happy ones stay
    silent and the incident closes by itself after 7 days)."""
    facts = facts_of(ctx, inc) if inc.caller_id and inc.caller_id != ctx.user_id else None
    if facts is not None and not caller_responder_for(ctx.options).verdict(facts, inc.reopen_count)[0]:
        _schedule(ctx, inc, "verdict", None)


def _schedule(ctx: Ctx, inc: Incident, kind: str, asked: str | None, reading: dict | None = None) -> None:
    facts = facts_of(ctx, inc)
    if facts is None:
        return
    same = _pending(ctx).where(CallerFollowup.incident == inc.sys_id, CallerFollowup.kind == "verdict")
    if kind == "verdict" and ctx.db.exec(same).first():  # one pending verdict per incident
        return
    ctx.db.add(
        CallerFollowup(
            sys_id=ctx.new_id("caller_followup"),
            incident=inc.sys_id,
            caller=facts.caller_id,
            kind=kind,
            asked=asked,
            reading=reading,
            due_at=due_time(ctx.now, facts),
            sys_created_on=ctx.now,
        )
    )


def _pending(ctx: Ctx):  # noqa: ANN202
    return select(CallerFollowup).where(CallerFollowup.status == "pending")


@dataclass(frozen=True)
class Reply:
    """A caller's reply carried out: on which incident, and what it does to it (`reopen`: the fix did
    not hold; `resume`: the awaited answer came, work resumes; None: the incident stays as it is)."""

    incident: Incident
    effect: str | None


def deliver_due(ctx: Ctx) -> list[Reply]:
    """Write every caller reply due by now, in due order, and say what each does to its incident (the
    incident's state machine, in the services, applies it)."""
    stmt = _pending(ctx).where(col(CallerFollowup.due_at) <= ctx.now)
    replies: list[Reply] = []
    for row in ctx.db.exec(stmt.order_by(CallerFollowup.due_at, CallerFollowup.sys_id)).all():
        inc = ctx.db.get(Incident, row.incident)
        row.status = "done"
        if inc is None or inc.state in (c.CLOSED, c.CANCELED) or inc.caller_id != row.caller:
            row.status = "dropped"
            continue
        reply = _carry_out(ctx, row, inc)
        if reply is not None:
            replies.append(reply)
    return replies


def _carry_out(ctx: Ctx, row: CallerFollowup, inc: Incident) -> Reply | None:
    facts = facts_of(ctx, inc)
    responder = caller_responder_for(ctx.options)
    if row.kind == "verdict":
        if inc.state != c.RESOLVED:
            return None
        holds, text = responder.verdict(facts, inc.reopen_count)
    else:
        fields = [f for a in (row.reading or {}).get("asks", []) for f in a.get("fields", [])]
        holds, text = True, answer_with(responder, facts, row.asked or "", fields)
    if not text:
        return None
    ctx.db.add(
        JournalEntry(
            sys_id=ctx.new_id("sys_journal_field"),
            element_id=inc.sys_id,
            name="incident",
            element="comments",
            value=text,
            sys_created_on=row.due_at,
            sys_created_by=facts.caller_id,
        )
    )
    if inc.state == c.RESOLVED and not holds:
        return Reply(inc, "reopen")
    if inc.state == c.ON_HOLD and inc.hold_reason == AWAITING_CALLER:
        return Reply(inc, "resume")
    return Reply(inc, None)
