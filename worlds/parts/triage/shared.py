"""Small helpers the triage part's bundles and its conflict bundles share: a moment in someone's working
hours, the weekday a number of days on, a CRM contact as the bundles record it."""

from __future__ import annotations

import random
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo


def at(rng: random.Random, day: Any, zone: str, hours: tuple[int, int]) -> datetime:
    """A random minute of `day` between `hours` in `zone`, as naive UTC.

    Args:
        rng: the part's seeded stream.
        day: the local date.
        zone: the writer's time zone (IANA name).
        hours: the first and last hour the minute may fall in.
    """
    local = datetime.combine(day, time(rng.randint(*hours), rng.randint(0, 59)))
    return local.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)


def working_days(now: datetime) -> list:
    """The last three working days before `now`, latest first.

    Args:
        now: the world's now.
    """
    days, day = [], now.date() - timedelta(days=1)
    while len(days) < 3:
        if day.weekday() < 5:
            days.append(day)
        day -= timedelta(days=1)
    return days


def weekday_after(day: Any, days: int) -> Any:
    """The date `days` after `day`, moved on past a weekend.

    Args:
        day: the starting date.
        days: how many days on.
    """
    out = day + timedelta(days=days)
    while out.weekday() >= 5:
        out += timedelta(days=1)
    return out


def person(c: dict[str, Any]) -> dict[str, str]:
    """A CRM contact as a bundle records it: id, email, first name and full name.

    Args:
        c: the contact's CRM row.
    """
    return {"id": c["id"], "email": c["email"], "first_name": c["first_name"],
            "name": f"{c['first_name']} {c['last_name']}"}  # fmt: skip
