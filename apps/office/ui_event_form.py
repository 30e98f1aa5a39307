"""Outlook's meeting form: a new meeting (Send invitation) and editing one you organise (Send update):
title, attendees in the people picker, start and end as a date and a time in your zone (event_times.py),
All day, Repeat, Teams meeting, Show as, Category, room, location, agenda."""

from __future__ import annotations

from contextlib import suppress
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.office.event_times import SLOTS, TimeError, joined, read_date, repeat_choices, repeat_rule, split
from apps.office.ui_event_day import day_pane
from apps.office.ui_mail_people import picked_addresses

# Graph's showAs values with the labels Outlook on the web shows for them (oof is "Away").
SHOW_AS = (
    ("free", "Free"),
    ("workingElsewhere", "Working elsewhere"),
    ("tentative", "Tentative"),
    ("busy", "Busy"),
    ("oof", "Away"),
)
TEXT_FIELDS = ("subject", "location", "body")


def local_minute(stamp: str, tz: ZoneInfo) -> str:
    """A stored UTC time as the `datetime-local` value the form shows in your zone (YYYY-MM-DDTHH:MM)."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(tz).strftime("%Y-%m-%dT%H:%M")


def event_values(ev: dict[str, Any], tz: ZoneInfo) -> dict[str, str]:
    """What the edit form shows for a meeting: its fields, times in your zone, invitees as picked people."""
    people = [a["email_address"] for a in ev["attendees"] if a["type"] != "resource"]
    rooms = [a.get("name") or a["email_address"] for a in ev["attendees"] if a["type"] == "resource"]
    return {
        "subject": ev["subject"],
        "location": ev.get("location") or "",
        "body": ev.get("body_content") or "",
        "start": local_minute(ev["start_date_time"], tz),
        "end": local_minute(ev["end_date_time"], tz),
        "show_as": ev.get("show_as") or "busy",
        "attendees_picked": "; ".join(people),
        "all_day": "true" if ev.get("is_all_day") else "",
        "is_online_meeting": "true" if ev.get("is_online_meeting") else "",
        "room": ", ".join(rooms),
        "category": (ev.get("categories") or [""])[0],
    }


def update_args(event_id: str, before: dict[str, str], values: dict[str, str], zone: str) -> dict[str, Any]:
    """update_event's arguments for what the form changed (Graph PATCH: only changed properties); the
    times go together, read in `zone`; attendees missing from the picker are uninvited."""
    args: dict[str, Any] = {"event_id": event_id}
    all_day = values.get("all_day", "")
    when = (values.get("start"), values.get("end"), all_day)
    if when != (before["start"], before["end"], before["all_day"]):
        args.update(start=values.get("start", ""), end=values.get("end", ""), time_zone=zone)
    if all_day != before["all_day"]:
        args["is_all_day"] = all_day == "true"
    for key in TEXT_FIELDS:
        if values.get(key, "") != before[key]:
            args[key] = values.get(key, "")
    if values.get("show_as") and values["show_as"] != before["show_as"]:
        args["show_as"] = values["show_as"]
    if values.get("category", "") != before["category"]:  # the form's one category replaces the event's
        args["categories"] = [values["category"]] if values.get("category") else []
    if values.get("is_online_meeting", "") != before["is_online_meeting"]:
        args["is_online_meeting"] = values.get("is_online_meeting") == "true"
    wanted = [a.lower() for a in picked_addresses(values, "attendees")]
    current = [a for a in before["attendees_picked"].split("; ") if a]
    args["add_attendees"] = [a for a in wanted if a not in current]
    args["remove_attendees"] = [a for a in current if a not in wanted]
    return args


def create_args(values: dict[str, str]) -> dict[str, Any]:
    """create_event's arguments from the new-meeting form (its times already joined: event_times.joined);
    Repeat's choice becomes the RRULE for the start's day, until End repeat. Raises TimeError."""
    args: dict[str, Any] = {
        k: v
        for k, v in values.items()
        if k in ("subject", "start", "end", "location", "body", "recurrence") and v
    }
    if values.get("repeat") and values.get("start"):
        day = date.fromisoformat(values["start"][:10])
        args["recurrence"] = repeat_rule(values["repeat"], day, values.get("repeat_until", ""))
    args["attendees"] = picked_addresses(values, "attendees")
    optional = picked_addresses(values, "optional_attendees")
    if optional:
        args["optional_attendees"] = optional
    if values.get("room"):
        args["rooms"] = [values["room"]]
    args["is_online_meeting"] = values.get("is_online_meeting") == "true"
    if values.get("all_day") == "true":
        args["is_all_day"] = True
    if values.get("show_as"):
        args["show_as"] = values["show_as"]
    if values.get("category"):
        args["categories"] = [values["category"]]
    return args


def build_event_form_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def form_page(
        request: Request, values: dict[str, str], error: str | None = None, event: dict | None = None
    ) -> Response:
        rooms = [] if event else (await kit.read(request, "list_rooms"))["records"]
        title = "Edit event" if event else "New event"
        values = split(values)
        context = {"title": title, "rooms": rooms, "values": values, "error": error, "event": event}
        invited = (event or {}).get("attendees") or []
        context["attendee_names"] = {a["email_address"]: a["name"] for a in invited if a.get("name")}
        tz = await zone(request)
        today = (await kit.now(request)).astimezone(tz).date()
        context["day"] = await day_pane(kit, request, values, tz, today, event["id"] if event else "")
        try:
            day = read_date(values.get("start_date", ""), "Start date")
        except TimeError:
            day = today
        categories = (await kit.read(request, "list_categories"))["records"]
        context["categories"] = [(c["display_name"], c["display_name"]) for c in categories]
        context |= {"show_as": SHOW_AS, "slots": SLOTS, "repeats": repeat_choices(day), "today": today}
        context["room_options"] = [
            (r["email_address"], f"{r['display_name']} ({r['capacity']})") for r in rooms
        ]
        return kit.render(request, "event_form.html", context, status=422 if error else 200)

    async def zone(request: Request) -> ZoneInfo:
        return ZoneInfo((await kit.read(request, "get_my_profile"))["time_zone"])

    @router.get("/calendar/new", name="new_event")
    async def new_event(request: Request) -> Response:
        values = dict(request.query_params)
        if not values.get("start"):  # as Outlook: the next half hour, for 30 minutes
            now = (await kit.now(request)).astimezone(await zone(request)).replace(tzinfo=None)
            values["start"] = (now + timedelta(minutes=30 - now.minute % 30)).strftime("%Y-%m-%dT%H:%M")
        if not values.get("end") and len(values["start"]) >= 16:
            with suppress(ValueError):
                after = datetime.strptime(values["start"][:16], "%Y-%m-%dT%H:%M") + timedelta(minutes=30)
                values["end"] = after.strftime("%Y-%m-%dT%H:%M")
        return await form_page(request, values)

    @router.post("/calendar/new", name="create_event")
    async def create(request: Request) -> Response:
        values, trace = await kit.form(request)
        try:
            values = joined(values)
            args = create_args(values)
        except TimeError as exc:
            return await form_page(request, values, str(exc))
        outcome = await kit.run(request, "create_event", args, trace)
        if outcome.ok:
            return kit.redirect(request, f"/calendar/{outcome.data()['id']}")
        return await form_page(request, values, outcome.error or "The meeting could not be created.")

    @router.get("/calendar/{event_id}/edit", name="edit_event")
    async def edit_event(request: Request, event_id: str) -> Response:
        ev = await kit.read(request, "get_event", {"event_id": event_id})
        values = {**event_values(ev, await zone(request)), **request.query_params}
        return await form_page(request, values, event=ev)

    @router.post("/calendar/{event_id}/edit", name="update_event")
    async def update(request: Request, event_id: str) -> Response:
        values, trace = await kit.form(request)
        ev = await kit.read(request, "get_event", {"event_id": event_id})
        try:
            values = joined(values)
        except TimeError as exc:
            return await form_page(request, values, str(exc), event=ev)
        tz = await zone(request)
        args = update_args(event_id, event_values(ev, tz), values, str(tz))
        outcome = await kit.run(request, "update_event", args, trace)
        if outcome.ok:
            return kit.redirect(request, f"/calendar/{event_id}")
        return await form_page(request, values, outcome.error or "The meeting was not updated.", event=ev)

    return router
