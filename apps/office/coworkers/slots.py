"""When a colleague can meet: free times from their own calendar, inside their working hours in their own
time zone, on the days asked (else the next working days), never on a day they keep free of meetings, and
never before they answer. Proposed on the half hour, a few of them, spread over the days asked.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from apps.core.actions import Ctx

WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
STEP = timedelta(minutes=30)
PROPOSALS = 3
LOOK_AHEAD_DAYS = 10


def free_slots(
    blocks: list[tuple[datetime, datetime]],
    *,
    zone: str,
    hours: tuple[str, str],
    minutes: int,
    after: datetime,
    days: list[date] | None = None,
    no_meeting_days: list[str] = (),
    not_before: str | None = None,
    starts_before: str | None = None,
) -> list[tuple[datetime, datetime]]:
    """Up to `PROPOSALS` free (start, end) times in `zone` (aware datetimes), one per day first.

    Args:
        blocks: busy (start, end) in UTC.
        zone: the colleague's IANA zone.
        hours: their working hours ("09:00", "17:00"), local.
        minutes: the meeting's length.
        after: the earliest start (when they answer), UTC.
        days: the local days asked for; None: the next working days.
        no_meeting_days: weekdays they keep free ("FR").
        not_before: a local time the meeting may not start before ("12:00" for an afternoon).
        starts_before: a local time it must start before ("12:00" for a morning).
    """
    tz = ZoneInfo(zone)
    start_h, end_h = time.fromisoformat(hours[0]), time.fromisoformat(hours[1])
    first = after.astimezone(tz).date()
    candidates = sorted(set(days)) if days else [first + timedelta(days=i) for i in range(LOOK_AHEAD_DAYS)]
    length = timedelta(minutes=minutes)
    found: list[list[tuple[datetime, datetime]]] = []
    for day in candidates:
        if day.weekday() >= 5 or WEEKDAYS[day.weekday()] in no_meeting_days:
            continue
        opening = datetime.combine(day, max(start_h, time.fromisoformat(not_before or "00:00")), tz)
        closing = datetime.combine(day, end_h, tz)
        latest_start = (
            datetime.combine(day, time.fromisoformat(starts_before), tz) if starts_before else closing
        )
        t = max(opening, _round_up(after.astimezone(tz)))
        slots = []
        while t + length <= closing and t < latest_start:
            s, e = t.astimezone(UTC), (t + length).astimezone(UTC)
            if not any(b0 < e and b1 > s for b0, b1 in blocks):
                slots.append((t, t + length))
            t += STEP
        if slots:
            found.append(slots)
    chosen = [day[0] for day in found][:PROPOSALS]
    if len(chosen) < PROPOSALS:  # one day asked: a few times that day
        extra = [s for day in found for s in day if s not in chosen]
        chosen += extra[: PROPOSALS - len(chosen)]
    return sorted(chosen)


def _round_up(at: datetime) -> datetime:
    base = at.replace(second=0, microsecond=0)
    extra = (30 - base.minute % 30) % 30
    return base + timedelta(minutes=extra)


def calendar_blocks(ctx: Ctx, user, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:  # noqa: ANN001
    """The colleague's busy and out-of-office times (UTC) between `start` and `end`."""
    from apps.office.services.timeline import busy_blocks

    return [
        (b[0], b[1])
        for b in busy_blocks(ctx, user.mail.lower(), user.id, start, end)
        if b[2] in ("busy", "oof")
    ]


def say(slots: list[tuple[datetime, datetime]], zone: str) -> str:
    """The times as a colleague writes them, one a line: "- Tuesday, November 3, 10:00-10:30", in their
    own zone (named)."""
    lines = [f"- {s:%A, %B} {s.day}, {s:%H:%M}-{e:%H:%M}" for s, e in slots]
    return f"I could do any of these (my time, {zone}):\n" + "\n".join(lines)
