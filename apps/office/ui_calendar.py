"""Calendar pages: the Day, Work week, Week and Month views in your time zone, with the mini-month and My
calendars in the left pane (the event page: ui_event_page.py; the meeting form: ui_event_form.py; the
Scheduling Assistant: ui_scheduling.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_dates import clock_12h
from apps.core.ui_kit import UiKit
from apps.office.calendar_views import VIEWS, lay_out, mini_month, span
from apps.office.ui_event_form import build_event_form_router
from apps.office.ui_event_page import build_event_page_router
from apps.office.ui_scheduling import build_scheduling_router

HOURS = range(0, 24)  # the whole day; the grid opens scrolled to the working morning
WORK_START = 8  # the working day's start, where Outlook's day and week grids open
HOUR_PX = 48
SHORT_PX = 40  # an event drawn shorter than this shows its time and title on one line
MONTH_FIT = 3  # a month day shows this many events; more: the first ones and "+N more"


def _day(text: str | None, today: date) -> date:
    try:
        return date.fromisoformat(text) if text else today
    except ValueError:
        return today


def placed(ev: dict, tz: ZoneInfo) -> dict:
    """An event as the views draw it: local start and end, its place in the day grid (`top`, `height` in
    px), and its link (a series' occurrence carries its start, `on`)."""
    s = datetime.fromisoformat(ev["start_date_time"]).astimezone(tz)
    e = datetime.fromisoformat(ev["end_date_time"]).astimezone(tz)
    return {
        **ev,
        "start": s,
        "end": max(e, s + timedelta(minutes=25)),  # as drawn: at least 20 px tall
        "local_start": clock_12h(s),
        "local_end": clock_12h(e),
        "on": s.strftime("%Y-%m-%dT%H:%M") if ev.get("recurrence") else None,
        "top": max(0, (s.hour - HOURS.start) * HOUR_PX + s.minute * HOUR_PX // 60),
        "height": max(20, int((e - s).total_seconds() * HOUR_PX // 3600)),
        "short": (e - s).total_seconds() * HOUR_PX / 3600 < SHORT_PX,
        "last_day": (e - timedelta(microseconds=1)).date(),
    }


def minute_px(moment: datetime) -> int:
    """Where a time of day sits in the day grid, in px from its top."""
    return (moment.hour - HOURS.start) * HOUR_PX + moment.minute * HOUR_PX // 60


def month_cells(by_day: dict[date, list]) -> dict[date, tuple[list, int]]:
    """What each month day shows: its first events and how many more there are ("+N more")."""
    out = {}
    for day, events in by_day.items():
        fit = MONTH_FIT if len(events) <= MONTH_FIT else MONTH_FIT - 1
        out[day] = (events[:fit], len(events) - len(events[:fit]))
    return out


def build_calendar_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    router.include_router(build_event_form_router(kit))  # before /calendar/{event_id}
    router.include_router(build_scheduling_router(kit))
    router.include_router(build_event_page_router(kit))

    @router.get("/calendar", name="calendar")
    async def calendar(request: Request) -> Response:
        me = await kit.read(request, "get_my_profile")
        tz = ZoneInfo(me["time_zone"])
        now = (await kit.now(request)).astimezone(tz)
        query = request.query_params
        shown = span(query.get("view", "week"), _day(query.get("date") or query.get("week"), now.date()))
        first = shown.days[0]
        start = datetime(first.year, first.month, first.day, tzinfo=tz)
        data = await kit.read(
            request,
            "list_events",
            {"start": start.isoformat(), "end": (start + timedelta(days=len(shown.days))).isoformat()},
        )
        by_day: dict[date, list] = {d: [] for d in shown.days}
        all_day: dict[date, list] = {d: [] for d in shown.days}
        for ev in data["records"]:
            drawn = placed(ev, tz)
            if ev.get("is_all_day"):  # the row under the days' headers, on every day it covers
                for d in shown.days:
                    if drawn["start"].date() <= d <= drawn["last_day"]:
                        all_day[d].append(drawn)
            elif drawn["start"].date() in by_day:
                by_day[drawn["start"].date()].append(drawn)
        for events in by_day.values():
            lay_out(events)
        first_hour = WORK_START
        middle = shown.days[len(shown.days) // 2]
        return kit.render(
            request,
            "calendar.html",
            {
                "title": "Calendar",
                "span": shown,
                "views": VIEWS,
                "days": shown.days,
                "by_day": by_day,
                "all_day": all_day,
                "month_cells": month_cells({d: all_day[d] + by_day[d] for d in shown.days}),
                "now_top": minute_px(now),
                "scroll_top": max(0, first_hour) * HOUR_PX,
                "hours": HOURS,
                "today": now.date(),
                "month": mini_month(middle, shown.days, now.date()),
            },
        )

    return router
