"""The event form's day pane, as Outlook draws it right of a meeting being written: that day's schedule
around the chosen start, the day's meetings as blocks and the new one as a dashed slot."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Request

from apps.core.ui_dates import clock_12h
from apps.core.ui_kit import UiKit

SPAN_HOURS = 8  # the hours the pane shows
HOUR_PX = 52


def _local(values: dict[str, str], part: str) -> datetime | None:
    """The form's `part` (start or end) as a naive local time, or None when it is not a time."""
    try:
        return datetime.strptime(values.get(part, "")[:16], "%Y-%m-%dT%H:%M")
    except ValueError:
        return None


async def day_pane(
    kit: UiKit, request: Request, values: dict[str, str], tz: ZoneInfo, today: date, own_id: str = ""
) -> dict[str, Any]:
    """What the day pane draws: the day's title, its hour rows, its meetings and the slot being booked.

    Args:
        values: the form's values; `start` / `end` ("YYYY-MM-DDTHH:MM", local) place the slot.
        tz: the signed-in user's zone, in which the day is read.
        today: the simulated date in that zone (the day shown when the form has no start).
        own_id: the event being edited (not drawn twice: it is the slot).
    """
    start, end = _local(values, "start"), _local(values, "end")
    day = start.date() if start else today
    first = max(0, min((start.hour - 1) if start else 8, 24 - SPAN_HOURS))
    opens = datetime(day.year, day.month, day.day, first, tzinfo=tz)
    closes = opens + timedelta(hours=SPAN_HOURS)
    data = await kit.read(request, "list_events", {"start": opens.isoformat(), "end": closes.isoformat()})

    def box(s: datetime, e: datetime) -> dict[str, int]:
        s, e = max(s, opens), min(max(e, s + timedelta(minutes=20)), closes)
        return {
            "top": int((s - opens).total_seconds() * HOUR_PX // 3600),
            "height": max(18, int((e - s).total_seconds() * HOUR_PX // 3600) - 2),
        }

    meetings = []
    for ev in data["records"]:
        if ev.get("is_all_day") or ev["id"] == own_id:
            continue
        s = datetime.fromisoformat(ev["start_date_time"]).astimezone(tz)
        e = datetime.fromisoformat(ev["end_date_time"]).astimezone(tz)
        meetings.append({"subject": ev["subject"], "when": f"{clock_12h(s)} – {clock_12h(e)}", **box(s, e)})
    slot = None
    if start and end and start.date() == day:
        slot = {
            "when": f"{clock_12h(start)} – {clock_12h(end)}",
            **box(start.replace(tzinfo=tz), end.replace(tzinfo=tz)),
        }
    hours = [clock_12h(opens + timedelta(hours=h)).replace(":00", "") for h in range(SPAN_HOURS)]
    return {
        "title": f"{day:%A}, {day:%B} {day.day}",
        "hours": hours,
        "meetings": meetings,
        "slot": slot,
        "hour_px": HOUR_PX,
    }
