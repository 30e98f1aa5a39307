"""When a person gets to something: after their delay, moved into their working hours (weekdays) in their own
time zone — the one rule colleagues, customer contacts, desk callers and approvers all follow.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo


def answer_time(now: datetime, minutes: int, zone: str, hours: tuple[str, str]) -> datetime:
    """`minutes` after `now`, moved to the next moment inside `hours` on a weekday in `zone`; the delay's
    minutes past the hour carry over, so two people asked at once do not answer at the same minute.

    Args:
        now: when they were asked (aware, or naive UTC as the episode stores it).
        minutes: their reply delay.
        zone: their IANA time zone.
        hours: their working hours, local ("09:00", "17:00").

    Returns:
        An aware UTC datetime.
    """
    tz = ZoneInfo(zone)
    start, end = (time.fromisoformat(h) for h in hours)
    at = (now if now.tzinfo else now.replace(tzinfo=UTC)).astimezone(tz) + timedelta(minutes=minutes)
    while at.weekday() >= 5 or not start <= at.time() < end:
        day = at.date() + timedelta(days=1) if at.time() >= end or at.weekday() >= 5 else at.date()
        at = datetime.combine(day, start, tz) + timedelta(minutes=minutes % 60)
    return at.astimezone(UTC)
