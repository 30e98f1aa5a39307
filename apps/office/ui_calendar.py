"""Calendar pages: a week view in your time zone, event details with responses, cancelling a meeting
(the meeting form: ui_event_form.py; the Scheduling Assistant: ui_scheduling.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_dates import clock_12h
from apps.core.ui_kit import UiKit
from apps.office.event_display import event_when, recurrence_words
from apps.office.ui_event_form import SHOW_AS, build_event_form_router
from apps.office.ui_scheduling import build_scheduling_router
from apps.office.ui_submit import submit

HOURS = range(7, 20)
HOUR_PX = 48


def lay_out(events: list[dict]) -> None:
    """Outlook's day layout: events that overlap share the day's width side by side. Each event gets `lane`
    and `lanes` (its group of overlapping events' columns); `left` and `width` in percent follow."""
    ordered = sorted(events, key=lambda e: (e["start"], -(e["end"] - e["start"])))
    group: list[dict] = []
    group_end = None

    def close(members: list[dict]) -> None:
        lanes = max((m["lane"] for m in members), default=-1) + 1
        for m in members:
            m["lanes"] = lanes
            m["width"] = round(100 / lanes, 3)
            m["left"] = round(m["lane"] * 100 / lanes, 3)

    for ev in ordered:
        if group and ev["start"] >= group_end:
            close(group)
            group = []
        taken = {m["lane"] for m in group if m["end"] > ev["start"]}
        ev["lane"] = next(i for i in range(len(group) + 1) if i not in taken)
        group.append(ev)
        group_end = ev["end"] if group_end is None or len(group) == 1 else max(group_end, ev["end"])
    close(group)


def mini_month(shown: date, week: list[date], today: date) -> dict:
    """The month around the week shown, Monday first: weeks of (day, in this month, in the week shown)."""
    first = shown.replace(day=1)
    start = first - timedelta(days=first.weekday())
    weeks = []
    for w in range(6):
        days = [start + timedelta(days=7 * w + i) for i in range(7)]
        if w and days[0].month != first.month:
            break
        weeks.append([(d, d.month == first.month, d in week) for d in days])
    prev_month = (first - timedelta(days=1)).replace(day=1)
    next_month = (first + timedelta(days=32)).replace(day=1)
    return {
        "title": first.strftime("%B %Y"),
        "weeks": weeks,
        "today": today,
        "prev": prev_month,
        "next": next_month,
    }


def _monday(text: str | None, today: date) -> date:
    try:
        day = date.fromisoformat(text) if text else today
    except ValueError:
        day = today
    return day - timedelta(days=day.weekday())


def build_calendar_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    router.include_router(build_event_form_router(kit))  # before /calendar/{event_id}
    router.include_router(build_scheduling_router(kit))

    @router.get("/calendar", name="calendar")
    async def week(request: Request) -> Response:
        me = await kit.read(request, "get_my_profile")
        tz = ZoneInfo(me["time_zone"])
        now = (await kit.now(request)).astimezone(tz)
        monday = _monday(request.query_params.get("week"), now.date())
        start = datetime(monday.year, monday.month, monday.day, tzinfo=tz)
        data = await kit.read(
            request,
            "list_events",
            {"start": start.isoformat(), "end": (start + timedelta(days=7)).isoformat()},
        )
        days = [monday + timedelta(days=i) for i in range(7)]
        by_day: dict[date, list] = {d: [] for d in days}
        for ev in data["records"]:
            s = datetime.fromisoformat(ev["start_date_time"]).astimezone(tz)
            e = datetime.fromisoformat(ev["end_date_time"]).astimezone(tz)
            if s.date() in by_day:
                by_day[s.date()].append(
                    {
                        **ev,
                        "start": s,
                        "end": max(e, s + timedelta(minutes=25)),  # as drawn: at least 20 px tall
                        "local_start": clock_12h(s),
                        "local_end": clock_12h(e),
                        "top": max(0, (s.hour - HOURS.start) * HOUR_PX + s.minute * HOUR_PX // 60),
                        "height": max(20, int((e - s).total_seconds() * HOUR_PX // 3600)),
                    }
                )
        for events in by_day.values():
            lay_out(events)
        return kit.render(
            request,
            "calendar.html",
            {
                "title": "Calendar",
                "days": days,
                "by_day": by_day,
                "tz": me["time_zone"],
                "hours": HOURS,
                "prev": (monday - timedelta(days=7)).isoformat(),
                "next": (monday + timedelta(days=7)).isoformat(),
                "today": now.date(),
                "month": mini_month(monday + timedelta(days=3), days, now.date()),
            },
        )

    @router.get("/calendar/{event_id}", name="event")
    async def event(request: Request, event_id: str) -> Response:
        ev = await kit.read(request, "get_event", {"event_id": event_id})
        me = await kit.read(request, "get_my_profile")
        label = dict(SHOW_AS).get(ev.get("show_as") or "busy")
        shown = {
            "when": event_when(ev["start_date_time"], ev["end_date_time"], me["time_zone"]),
            "repeats": recurrence_words(ev.get("recurrence")),
        }
        return kit.render(
            request, "event.html", {"title": ev["subject"], "event": ev, "show_as_label": label, **shown}
        )

    @router.post("/calendar/{event_id}/respond", name="respond")
    async def respond(request: Request, event_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {
            "event_id": event_id,
            "response": values.get("response", ""),
            "comment": values.get("comment", ""),
        }
        back = values.get("back") or f"/calendar/{event_id}"
        return await submit(kit, request, "respond_to_event", args, back)

    @router.post("/calendar/{event_id}/cancel", name="cancel")
    async def cancel(request: Request, event_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {"event_id": event_id, "comment": values.get("comment", "")}
        return await submit(kit, request, "cancel_event", args, f"/calendar/{event_id}")

    return router
