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

HOURS = range(7, 20)
HOUR_PX = 48


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
    }


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
        for ev in data["records"]:
            drawn = placed(ev, tz)
            if drawn["start"].date() in by_day:
                by_day[drawn["start"].date()].append(drawn)
        for events in by_day.values():
            lay_out(events)
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
                "hours": HOURS,
                "today": now.date(),
                "month": mini_month(middle, shown.days, now.date()),
            },
        )

    return router
