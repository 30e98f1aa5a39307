"""Outlook's event page: the title, the time in your zone and the repeat in words, the Teams Join button, your
response (Accept / Tentative / Decline, each sent now, edited first or not sent), the attendees with their
responses, and the organizer's commands (Edit, Cancel meeting)."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr
from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_dates import as_when
from apps.core.ui_kit import UiKit
from apps.office.event_display import MY_RESPONSE, attendee_groups, event_when, recurrence_words
from apps.office.services.timeline import rfc_rule
from apps.office.ui_event_form import SHOW_AS
from apps.office.ui_submit import submit

RSVP = (("accept", "Accept"), ("tentativelyAccept", "Tentative"), ("decline", "Decline"))


def _utc(value: str) -> datetime:
    when = as_when(value)
    return when if when.tzinfo else when.replace(tzinfo=ZoneInfo("UTC"))


def shown_times(ev: dict, zone: str, on: str | None, now: datetime) -> tuple[datetime, datetime]:
    """The times the page shows: a single event's own; for a series, the occurrence the calendar was opened on
    (`on`, its start in `zone`, "YYYY-MM-DDTHH:MM") when the rule has it, else its next occurrence from `now`
    (its last when the series has ended)."""
    start, end = _utc(ev["start_date_time"]), _utc(ev["end_date_time"])
    if not ev.get("recurrence"):
        return start, end
    tz = ZoneInfo(ev.get("start_time_zone") or zone)
    rule = rrulestr(rfc_rule(ev["recurrence"], tz.key), dtstart=start.astimezone(tz), cache=False)
    try:
        wanted = datetime.fromisoformat(on or "").replace(tzinfo=ZoneInfo(zone))
    except ValueError:
        wanted = None
    found = rule.after(wanted - timedelta(minutes=1)) if wanted else None
    if wanted is None or found != wanted:
        found = rule.after(now - (end - start)) or rule.before(now) or start
    return found, found + (end - start)


def participants(ev: dict, my_address: str) -> list[str]:
    """Whom Chat with participants starts a chat with: the organizer and the invited people, not rooms, not
    you."""
    people = [ev.get("organizer_address") or ""]
    people += [a["email_address"] for a in ev["attendees"] if a.get("type") != "resource"]
    return list(dict.fromkeys(p.lower() for p in people if p and p.lower() != my_address.lower()))


def teams_ids(event_id: str) -> tuple[str, str]:
    """A Teams meeting's Meeting ID ("123 456 789 012") and passcode, steady for the event `event_id`."""
    digest = hashlib.sha256(event_id.encode()).hexdigest()
    digits = str(int(digest[:16], 16)).rjust(12, "0")[:12]
    return " ".join(digits[i : i + 3] for i in range(0, 12, 3)), digest[16:22].upper()


def build_event_page_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/calendar/{event_id}", name="event")
    async def event(request: Request, event_id: str) -> Response:
        ev = await kit.read(request, "get_event", {"event_id": event_id})
        me = await kit.read(request, "get_my_profile")
        zone = me["time_zone"]
        start, end = shown_times(ev, zone, request.query_params.get("on"), await kit.now(request))
        people, summary = attendee_groups(ev["attendees"])
        context = {
            "title": ev["subject"],
            "event": ev,
            "when": event_when(start.isoformat(), end.isoformat(), zone),
            "repeats": recurrence_words(ev.get("recurrence")),
            "show_as_label": dict(SHOW_AS).get(ev.get("show_as") or "busy"),
            "people": people,
            "summary": summary,
            "my_status": MY_RESPONSE.get(ev.get("my_response") or ""),
            "rsvp": RSVP,
            "rooms": [a for a in ev["attendees"] if a.get("type") == "resource"],
            "on": request.query_params.get("on"),
            "cancelling": request.query_params.get("cancel") == "1",
            "chat_with": "; ".join(participants(ev, me["mail"])),
            "teams_ids": teams_ids(ev["id"]),
        }
        return kit.render(request, "event.html", context)

    @router.post("/calendar/{event_id}/respond", name="respond")
    async def respond(request: Request, event_id: str) -> Response:
        """Accept / Tentative / Decline: `response` sends it (with the comment), `silent` does not."""
        values, _ = await kit.form(request)
        args = {
            "event_id": event_id,
            "response": values.get("response") or values.get("silent", ""),
            "comment": values.get("comment", ""),
        }
        if values.get("silent") and not values.get("response"):
            args["send_response"] = False
        back = values.get("back") or f"/calendar/{event_id}"
        return await submit(kit, request, "respond_to_event", args, back)

    @router.post("/calendar/{event_id}/cancel", name="cancel")
    async def cancel(request: Request, event_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {"event_id": event_id, "comment": values.get("comment", "")}
        return await submit(kit, request, "cancel_event", args, f"/calendar/{event_id}")

    return router
