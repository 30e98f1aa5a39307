"""Calendar arithmetic: expanding recurring events (RRULE) and who is busy when (free/busy)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from dateutil.rrule import rrulestr
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.models import Attendee, Event
from apps.office.services.common import aware, room_by_mail, zone

MAX_OCCURRENCES = 1000
SHOW_AS_CODE = {"free": "0", "tentative": "1", "busy": "2", "oof": "3", "workingElsewhere": "4"}


@dataclass(frozen=True)
class Occurrence:
    event: Event
    start: datetime
    end: datetime


def normalise_rrule(text: str) -> str:
    rule = text.strip()
    if rule.upper().startswith("RRULE:"):
        rule = rule[6:]
    return rule.upper()


def check_rrule(rule: str, start: datetime, time_zone: str) -> str:
    """Validate an RRULE (FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10); UNTIL may be a date or a UTC time."""
    rule = normalise_rrule(rule)
    if not rule.startswith("FREQ=") and ";FREQ=" not in rule:
        raise ActionError(
            "a recurrence needs FREQ, e.g. FREQ=WEEKLY;BYDAY=MO;COUNT=10",
            field="recurrence",
            code=ErrorKind.INVALID_VALUE,
        )
    try:
        first = next(iter(_rule(rule, start, time_zone)), None)
    except (ValueError, TypeError) as exc:
        raise ActionError(
            f"invalid recurrence rule {rule!r}: {exc}", field="recurrence", code=ErrorKind.INVALID_VALUE
        ) from None
    if first is None:
        raise ActionError(
            "the recurrence rule produces no occurrence", field="recurrence", code=ErrorKind.INVALID_VALUE
        )
    return rule


def rfc_rule(rule: str, time_zone: str) -> str:
    """The rule as RFC 5545 wants it beside a DTSTART with TZID: UNTIL in UTC ('…Z'). A date-only UNTIL
    (UNTIL=20261231) means the end of that day in the event's time zone, as Outlook's "end by" does;
    a local UNTIL time without Z is read in that zone too."""
    parts = []
    for part in normalise_rrule(rule).split(";"):
        key, _, value = part.partition("=")
        if key == "UNTIL" and not value.endswith("Z"):
            local = datetime.strptime((value + "T235959")[:15], "%Y%m%dT%H%M%S")
            value = local.replace(tzinfo=zone(time_zone)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        parts.append(f"{key}={value}")
    return ";".join(parts)


def _rule(rule: str, start_utc: datetime, time_zone: str):
    local = aware(start_utc).astimezone(zone(time_zone))
    return rrulestr(rfc_rule(rule, time_zone), dtstart=local, cache=False)


def occurrences(event: Event, start: datetime, end: datetime) -> Iterator[Occurrence]:
    """The event's instances overlapping [start, end) (one for a single event)."""
    s, e = aware(event.start_date_time), aware(event.end_date_time)
    length = e - s
    if not event.recurrence:
        if s < end and e > start:
            yield Occurrence(event, s, e)
        return
    for i, local in enumerate(_rule(event.recurrence, s, event.start_time_zone)):
        occ = local.astimezone(UTC)
        if occ >= end or i >= MAX_OCCURRENCES:
            return
        if occ + length > start:
            yield Occurrence(event, occ, occ + length)


def events_of(ctx: Ctx, address: str, *, organizer_id: str | None = None, include_declined: bool = False):
    """Non-cancelled events on the calendar of `address` (organised by them or attended)."""
    stmt = select(Attendee).where(Attendee.email_address == address.lower())
    attended = {a.event_id: a for a in ctx.db.exec(stmt)}
    if not include_declined:
        attended = {k: a for k, a in attended.items() if a.response_status != "declined"}
    cond = col(Event.id).in_(list(attended))
    if organizer_id:
        cond = cond | (Event.organizer_id == organizer_id)
    rows = ctx.db.exec(select(Event).where(cond, col(Event.is_cancelled).is_(False)).order_by(Event.id)).all()
    return rows, attended


def busy_blocks(ctx: Ctx, address: str, organizer_id: str | None, start: datetime, end: datetime):
    """(start, end, show_as, event) of everything on a calendar in the window, earliest first."""
    rows, attended = events_of(ctx, address, organizer_id=organizer_id)
    blocks = []
    for ev in rows:
        status = ev.show_as
        mine = attended.get(ev.id)
        if (
            mine is not None
            and ev.organizer_id != organizer_id
            and mine.response_status in ("none", "tentativelyAccepted")
        ):
            status = "tentative" if status == "busy" else status
        if status == "free":
            continue
        blocks.extend((o.start, o.end, status, ev) for o in occurrences(ev, start, end))
    return sorted(blocks, key=lambda b: (b[0], b[1]))


def availability_view(blocks, start: datetime, end: datetime, interval: int) -> str:
    """Graph's availabilityView: one digit per interval (0 free, 1 tentative, 2 busy, 3 oof, 4 elsewhere)."""
    out = []
    step = timedelta(minutes=interval)
    t = start
    while t < end:
        codes = [SHOW_AS_CODE[b[2]] for b in blocks if b[0] < t + step and b[1] > t]
        out.append(max(codes, key=lambda c: {"0": 0, "4": 1, "1": 2, "2": 3, "3": 4}[c]) if codes else "0")
        t += step
    return "".join(out)


def is_free(blocks, start: datetime, end: datetime) -> bool:
    return not any(b[0] < end and b[1] > start for b in blocks)


def book_rooms(ctx: Ctx, event: Event, rooms: list[Attendee]) -> None:
    """Rooms answer at once: accepted when free for every occurrence in the next year, else declined."""
    horizon = aware(event.start_date_time) + timedelta(days=365)
    for att in rooms:
        room = room_by_mail(ctx, att.email_address)
        if room is None:
            continue
        blocks = [
            b
            for b in busy_blocks(ctx, att.email_address, None, aware(event.start_date_time), horizon)
            if b[3].id != event.id
        ]
        free = all(
            is_free(blocks, o.start, o.end) for o in occurrences(event, aware(event.start_date_time), horizon)
        )
        att.response_status, att.response_time = ("accepted" if free else "declined"), ctx.now
        ctx.db.add(att)
