"""Calendar pages: a week view in your time zone, event details with responses, a new-meeting form."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.office.ui_submit import submit

HOURS = range(7, 20)


def _monday(text: str | None, today: date) -> date:
    try:
        day = date.fromisoformat(text) if text else today
    except ValueError:
        day = today
    return day - timedelta(days=day.weekday())


def build_calendar_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/calendar", name="calendar")
    async def week(request: Request) -> Response:
        me = await kit.read(request, "get_my_profile")
        tz = ZoneInfo(me["time_zone"])
        now = kit.episode(request).now.astimezone(tz)
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
                        "local_start": s.strftime("%H:%M"),
                        "local_end": e.strftime("%H:%M"),
                        "top": max(0, (s.hour - HOURS.start) * 48 + s.minute * 48 // 60),
                        "height": max(20, int((e - s).total_seconds() // 75)),
                    }
                )
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
            },
        )

    @router.get("/calendar/new", name="new_event")
    async def new_event(request: Request) -> Response:
        rooms = await kit.read(request, "list_rooms")
        return kit.render(
            request,
            "event_form.html",
            {
                "title": "New meeting",
                "rooms": rooms["records"],
                "values": dict(request.query_params),
                "error": None,
            },
        )

    @router.post("/calendar/new", name="create_event")
    async def create(request: Request) -> Response:
        values, trace = await kit.form(request)
        args = {
            k: v
            for k, v in values.items()
            if k in ("subject", "start", "end", "location", "body", "recurrence") and v
        }
        args["attendees"] = [
            a.strip() for a in values.get("attendees", "").replace(",", ";").split(";") if a.strip()
        ]
        if values.get("room"):
            args["rooms"] = [values["room"]]
        args["is_online_meeting"] = values.get("is_online_meeting") == "true"
        outcome = await kit.run(request, "create_event", args, trace)
        if outcome.ok:
            return kit.redirect(request, f"/calendar/{outcome.data()['id']}")
        rooms = await kit.read(request, "list_rooms")
        return kit.render(
            request,
            "event_form.html",
            {"title": "New meeting", "rooms": rooms["records"], "values": values, "error": outcome.error},
            status=422,
        )

    @router.get("/calendar/{event_id}", name="event")
    async def event(request: Request, event_id: str) -> Response:
        ev = await kit.read(request, "get_event", {"event_id": event_id})
        return kit.render(request, "event.html", {"title": ev["subject"], "event": ev})

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
        return await submit(kit, request, "cancel_event", {"event_id": event_id}, f"/calendar/{event_id}")

    return router
