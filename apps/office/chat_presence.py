"""Teams' presence of the people in your chats, read from their calendars now (get_schedule, as Teams sets
Busy during a meeting): Available, Busy (a busy or tentative meeting), Out of office, and outside their
working hours Away (Teams left signed in, idle) or Offline (signed out). Shown as the dot on a chat's
avatar."""

from __future__ import annotations

import zlib
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Request

from apps.core.ui_kit import UiKit

# availability_view's digit (0 free, 1 tentative, 2 busy, 3 out of office, 4 working elsewhere) -> presence
BY_DIGIT = {"0": "available", "1": "busy", "2": "busy", "3": "oof", "4": "available"}
LABELS = {
    "available": "Available",
    "busy": "Busy",
    "oof": "Out of office",
    "away": "Away",
    "offline": "Offline",
}


def _off_hours(working_hours: str | None, now: datetime) -> bool:
    """Whether `now` is outside working hours written as get_schedule gives them ("08:00-17:00
    America/New_York Mon-Fri"); False when they cannot be read."""
    try:
        span, zone, _days = (working_hours or "").split(" ", 2)
        start, end = span.split("-")
        local = now.astimezone(ZoneInfo(zone))
    except (ValueError, KeyError):
        return False
    return local.weekday() >= 5 or not start <= local.strftime("%H:%M") < end


def after_hours(address: str) -> str:
    """A person's presence outside their working hours: "away" for those who leave Teams signed in (on
    their phone), "offline" for those who sign out; which one a person is stays fixed (read from their
    address), so the same world always shows the same dots.

    address: the person's mail address.
    """
    return "away" if zlib.crc32(address.lower().encode()) % 2 == 0 else "offline"


async def presences(kit: UiKit, request: Request, addresses: list[str]) -> dict[str, dict[str, str]]:
    """Each address's presence now as {"key": available|busy|oof|away|offline, "label": Teams' word}; none for
    an address without a calendar (or when the schedule cannot be read).

    kit: the office UI kit (runs get_schedule as the signed-in user).
    request: the browser's request (its episode).
    addresses: the people's mail addresses.
    """
    wanted = sorted({a.lower() for a in addresses if a})
    if not wanted:
        return {}
    now = await kit.now(request)
    window = {
        "start": now.isoformat(),
        "end": (now + timedelta(minutes=30)).isoformat(),
        "interval_minutes": 30,
    }
    outcome = await kit.run(request, "get_schedule", {"schedules": wanted, **window})
    if not outcome.ok:
        return {}
    found: dict[str, dict[str, str]] = {}
    for s in outcome.data()["schedules"]:
        view: Any = s.get("availability_view") or ""
        if s.get("error") or not view:
            continue
        key = BY_DIGIT.get(view[0], "available")
        if key == "available" and _off_hours(s.get("working_hours"), now):
            key = after_hours(s["schedule_id"])
        found[s["schedule_id"]] = {"key": key, "label": LABELS[key]}
    return found
