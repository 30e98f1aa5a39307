"""Outlook's Scheduling Assistant: a timeline of your and the attendees' free/busy over one working day
(get_schedule: a row per person, a column per hour, the meeting's time highlighted) and suggested times
when everyone is free (find_meeting_times); picking one fills the meeting form."""

from __future__ import annotations

from contextlib import suppress
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_dates import clock_12h
from apps.core.ui_kit import UiKit
from apps.office.event_times import TimeError, joined, split
from apps.office.ui_mail_people import picked_addresses

FIRST_HOUR, LAST_HOUR = 7, 19  # the day the grid shows, as the week view does
# availabilityView's digits as Outlook's timeline and legend word them ("3" is oof: Out of office)
STATUS = {"0": "Free", "1": "Tentative", "2": "Busy", "3": "Out of office", "4": "Working elsewhere"}
# Windows' display names of the zones the world's people live in, as Outlook's time zone picker shows them
ZONE_NAMES = {
    "America/New_York": "Eastern Time (US & Canada)",
    "America/Chicago": "Central Time (US & Canada)",
    "America/Denver": "Mountain Time (US & Canada)",
    "America/Los_Angeles": "Pacific Time (US & Canada)",
    "Europe/London": "Dublin, Edinburgh, Lisbon, London",
    "UTC": "Coordinated Universal Time",
}
CARRIED = (
    "subject",
    "location",
    "body",
    "show_as",
    "room",
    "recurrence",
    "repeat",
    "all_day",
    "is_online_meeting",
)


def form_back(values: dict[str, str]) -> str:
    """The meeting form the assistant returns to: a new meeting, or the edit page of one."""
    back = values.get("back", "")
    if back.startswith("/calendar/") and back.endswith("/edit") and back.count("/") == 3:
        return back
    return "/calendar/new"


def _minute(text: str | None) -> datetime | None:
    try:
        return datetime.strptime(text or "", "%Y-%m-%dT%H:%M")
    except ValueError:
        return None


def plan(values: dict[str, str], now: datetime) -> tuple[datetime, int]:
    """Where the search starts (the form's start, or the next half hour) and the meeting's length in
    minutes (the assistant's Duration, else the form's end - start, else 30)."""
    start, end = _minute(values.get("start")), _minute(values.get("end"))
    day = _minute(f"{values['date']}T08:00") if values.get("date") else None
    if day is not None and (start is None or start.date() != day.date()):
        start = day
    if start is None:
        start = now.replace(tzinfo=None, second=0, microsecond=0) + timedelta(minutes=(-now.minute) % 30)
    if values.get("duration", "").isdigit():
        return start, int(values["duration"])
    if end is not None and end > start:
        return start, int((end - start).total_seconds() // 60)
    return start, 30


def slot_label(start: datetime, end: datetime) -> str:
    """A suggested time's link text, in the zone the times carry, on Outlook's 12-hour clock:
    "Tuesday, November 10, 9:30 AM – 10:00 AM"."""
    return f"{start:%A, %B} {start.day}, {clock_12h(start)} – {clock_12h(end)}"


def zone_label(zone: str, day: date) -> str:
    """A time zone as Outlook names it, with its offset on `day` (daylight saving time counted):
    "(UTC-05:00) Eastern Time (US & Canada)"; a zone without a Windows name keeps its IANA name.

    Args:
        zone: the IANA name ("America/New_York").
        day: the date shown (the offset is taken at its noon).
    """
    offset = datetime.combine(day, time(12), ZoneInfo(zone)).utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    sign, minutes = ("-" if minutes < 0 else "+"), abs(minutes)
    return f"(UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}) {ZONE_NAMES.get(zone, zone)}"


def _working(hours: str | None, moment: datetime) -> bool:
    """Whether `moment` is inside working hours as getSchedule words them ("09:00-17:00 Zone Mon-Fri")."""
    if not hours:
        return True
    span, zone_name = hours.split()[:2]
    opens, closes = (time.fromisoformat(t) for t in span.split("-"))
    local = moment.astimezone(ZoneInfo(zone_name))
    return local.weekday() < 5 and opens <= local.time() < closes


def grid(schedules: list[dict[str, Any]], slots: list[datetime]) -> list[dict[str, Any]]:
    """One row per person: a status word per half hour (the digits of availabilityView), free time
    outside their working hours (in their own zone) shown as such, as Outlook shades it."""
    rows = []
    for s in schedules:
        cells = []
        for moment, digit in zip(slots, s["availability_view"], strict=False):
            status = STATUS.get(digit, "Busy")
            if status == "Free" and not _working(s.get("working_hours"), moment):
                status = "Outside working hours"
            cells.append(status)
        rows.append({"name": s["display_name"], "cells": cells, "error": s["error"]})
    return rows


def meeting_slots(moments: list[datetime], start: datetime, minutes: int) -> list[bool]:
    """Which half hours of the grid the meeting covers (the timeline highlights them).

    Args:
        moments: the grid's half hours (aware, on the user's clock).
        start: the meeting's start on the user's clock (naive).
        minutes: its length.
    """
    end = start + timedelta(minutes=minutes)
    return [
        start < m.replace(tzinfo=None) + timedelta(minutes=30) and m.replace(tzinfo=None) < end
        for m in moments
    ]


def build_scheduling_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/calendar/scheduling", name="scheduling_assistant")
    async def assistant(request: Request) -> Response:
        values = dict(request.query_params)
        with suppress(TimeError):  # the form's date and time boxes; unreadable ones: the next half hour
            values = joined(values)
        me = await kit.read(request, "get_my_profile")
        tz = ZoneInfo(me["time_zone"])
        start, minutes = plan(values, (await kit.now(request)).astimezone(tz))
        people = picked_addresses(values, "attendees")
        day = start.date()
        opens = datetime.combine(day, time(FIRST_HOUR), tz)
        found = await kit.run(
            request,
            "find_meeting_times",
            {
                "attendees": people,
                "duration_minutes": minutes,
                "start": start.replace(tzinfo=tz).isoformat(),
                "end": datetime.combine(day + timedelta(days=1), time(0), tz).isoformat(),
            },
        )
        moments = [opens + timedelta(minutes=30 * i) for i in range(2 * (LAST_HOUR - FIRST_HOUR))]
        rows: list[dict[str, Any]] = []
        if found.ok:
            schedule = await kit.read(
                request,
                "get_schedule",
                {
                    "schedules": [me["mail"], *people, *([values["room"]] if values.get("room") else [])],
                    "start": opens.isoformat(),
                    "end": datetime.combine(day, time(LAST_HOUR), tz).isoformat(),
                    "interval_minutes": 30,
                },
            )
            rows = grid(schedule["schedules"], moments)
        carried = {k: values[k] for k in CARRIED if values.get(k)}
        carried["attendees_picked"] = "; ".join(people)  # back in the form as the picker's tokens
        back = form_back(values)
        suggestions = []
        for s in found.data()["suggestions"] if found.ok else []:
            ls = datetime.fromisoformat(s["start"]).astimezone(tz)
            le = datetime.fromisoformat(s["end"]).astimezone(tz)
            pick = {**carried, "start": ls.strftime("%Y-%m-%dT%H:%M"), "end": le.strftime("%Y-%m-%dT%H:%M")}
            suggestions.append(
                {
                    "label": slot_label(ls, le),  # the link's name: the day too (the chip shows the times)
                    "times": f"{clock_12h(ls)} – {clock_12h(le)}",
                    "href": kit.url(request, back, **pick),
                }
            )
        end = start + timedelta(minutes=minutes)
        boxes = split({"start": start.strftime("%Y-%m-%dT%H:%M"), "end": end.strftime("%Y-%m-%dT%H:%M")})
        return kit.render(
            request,
            "scheduling.html",
            {
                "title": "Scheduling Assistant",
                "error": None if found.ok else found.error,
                "reason": found.data().get("reason") if found.ok else None,
                "external": found.data()["external_attendees_not_checked"] if found.ok else [],
                "day": day,
                "tz": zone_label(me["time_zone"], day),
                "slots": [m.strftime("%H:%M") for m in moments],
                "hours": [clock_12h(m).replace(":00", "") for m in moments[::2]],
                "meeting": meeting_slots(moments, start, minutes),
                "rows": rows,
                "no_info": any(r["error"] for r in rows),
                **{k: boxes[k] for k in ("start_date", "start_time", "end_date", "end_time")},
                "rooms": (await kit.read(request, "list_rooms"))["records"],
                "room": values.get("room", ""),
                "discard": back.removesuffix("/edit") if back != "/calendar/new" else "/calendar",
                "suggestions": suggestions,
                "carried": {**carried, "start": start.strftime("%Y-%m-%dT%H:%M")},
                "back": back,
                "back_href": kit.url(
                    request, back, **{**carried, **{k: values[k] for k in ("start", "end") if values.get(k)}}
                ),
            },
            status=200 if found.ok else 422,
        )

    return router
