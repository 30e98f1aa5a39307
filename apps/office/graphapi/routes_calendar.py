"""Graph's calendar resources: events, calendarView (times in the `Prefer: outlook.timezone` zone),
creating, updating and cancelling events, answering invitations, and findMeetingTimes."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from apps.core.product_api import episode_of
from apps.office.graphapi import shapes
from apps.office.graphapi.common import body_of, collection, error, guard, json_response, page, run, select

ANSWERS = {"accept": "accept", "tentativelyAccept": "tentativelyAccept", "decline": "decline"}
DURATION = re.compile(r"^PT(?:(\d+)H)?(?:(\d+)M)?$")
SUGGESTED = "Suggested because it is one of the nearest times when all attendees are available."
NO_WINDOW = (
    "This request requires a time window specified by the query string parameters StartDateTime and "
    "EndDateTime."
)
WINDOW_DAYS = (30, 62)  # /events without a window: 30 days back and 62 ahead (calendarView's 92 days at most)


def _zone(request: Request) -> tuple[str, Any]:
    prefer = request.headers.get("prefer", "")
    m = re.search(r'outlook\.timezone\s*=\s*"([^"]+)"', prefer)
    return shapes.zone_of(m.group(1) if m else None)


def _iana(name: str | None) -> str | None:
    return shapes.WINDOWS_ZONES.get(name, name) if name else None


async def _me(request: Request) -> tuple[str, Response | None]:
    profile, failed = await run(request, "get_my_profile", {})
    return (profile["mail"].lower() if profile else ""), failed


async def _events(request: Request, start: str, end: str) -> Response:
    mine, failed = await _me(request)
    if failed:
        return failed
    data, failed = await run(request, "list_events", {"start": start, "end": end})
    if failed:
        return failed
    zone = _zone(request)
    items = [shapes.event(e, zone, mine) for e in data["records"]]
    chunk, top, skip, total = page(request, items)
    return json_response(collection(request, chunk, top=top, skip=skip, total=total, count=False))


async def calendar_view(request: Request) -> Response:
    start, end = request.query_params.get("startDateTime"), request.query_params.get("endDateTime")
    if not start or not end:
        return error(
            "ErrorInvalidParameter",
            NO_WINDOW,
        )
    return await _events(request, start, end)


async def events(request: Request) -> Response:
    if request.method == "POST":
        return await create(request)
    now = episode_of(request).now
    start, end = now - timedelta(days=WINDOW_DAYS[0]), now + timedelta(days=WINDOW_DAYS[1])
    return await _events(request, start.isoformat(), end.isoformat())


def _event_args(body: dict[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    if "subject" in body:
        args["subject"] = body["subject"]
    for key in ("start", "end"):
        if isinstance(body.get(key), dict):
            args[key] = body[key].get("dateTime")
            if body[key].get("timeZone"):
                args["time_zone"] = _iana(body[key]["timeZone"])
    if isinstance(body.get("location"), dict):
        args["location"] = body["location"].get("displayName") or None
    if isinstance(body.get("body"), dict):
        args["body"] = body["body"].get("content", "")
    if body.get("showAs"):
        args["show_as"] = body["showAs"]
    return args


async def create(request: Request) -> Response:
    body, failed = await body_of(request)
    if failed:
        return failed
    args = _event_args(body)
    people: dict[str, list[str]] = {"required": [], "optional": [], "resource": []}
    for a in body.get("attendees") or []:
        address = ((a or {}).get("emailAddress") or {}).get("address")
        if address:
            people.setdefault(a.get("type", "required"), []).append(address)
    args |= {"attendees": people["required"] or None, "optional_attendees": people["optional"] or None}
    args |= {"rooms": people["resource"] or None, "is_online_meeting": bool(body.get("isOnlineMeeting"))}
    made, failed = await run(request, "create_event", args)
    if failed:
        return failed
    mine, _ = await _me(request)
    return json_response(shapes.event(made, _zone(request), mine), 201)


async def event(request: Request) -> Response:
    event_id = request.path_params["event_id"]
    if request.method == "DELETE":
        _, failed = await run(request, "cancel_event", {"event_id": event_id})
        return failed or Response(status_code=204)
    if request.method == "PATCH":
        body, failed = await body_of(request)
        if failed:
            return failed
        _, failed = await run(request, "update_event", {"event_id": event_id, **_event_args(body)})
        if failed:
            return failed
    data, failed = await run(request, "get_event", {"event_id": event_id})
    if failed:
        return failed
    mine, _ = await _me(request)
    return json_response(select([shapes.event(data, _zone(request), mine)], request)[0])


async def answer(request: Request) -> Response:
    verb = request.path_params["verb"]
    if verb not in ANSWERS:
        return error("BadRequest", f"Resource not found for the segment '{verb}'.")
    body, failed = await body_of(request)
    if failed:
        return failed
    args = {"event_id": request.path_params["event_id"], "response": ANSWERS[verb]}
    args |= {
        "comment": body.get("comment") or "",
        "send_response": body.get("sendResponse", True) is not False,
    }
    _, failed = await run(request, "respond_to_event", args)
    return failed or Response(status_code=202)


async def find_meeting_times(request: Request) -> Response:
    body, failed = await body_of(request)
    if failed:
        return failed
    attendees = [((a or {}).get("emailAddress") or {}).get("address") for a in body.get("attendees") or []]
    m = DURATION.match(str(body.get("meetingDuration") or "PT30M"))
    minutes = (int(m.group(1) or 0) * 60 + int(m.group(2) or 0)) if m else 30
    args: dict[str, Any] = {"attendees": [a for a in attendees if a], "duration_minutes": minutes or 30}
    slots = ((body.get("timeConstraint") or {}).get("timeslots") or [None])[0]
    if slots:
        args |= {"start": slots["start"]["dateTime"], "end": slots["end"]["dateTime"]}
    if body.get("maxCandidates"):
        args["max_candidates"] = int(body["maxCandidates"])
    data, failed = await run(request, "find_meeting_times", args)
    if failed:
        return failed
    zone = _zone(request)
    suggestions = [
        {
            "confidence": 100.0,
            "organizerAvailability": "free",
            "suggestionReason": SUGGESTED,
            "meetingTimeSlot": {"start": shapes._when(s["start"], zone), "end": shapes._when(s["end"], zone)},
            "attendeeAvailability": [
                {"attendee": {"type": "required", "emailAddress": {"address": a}}, "availability": "free"}
                for a in data["attendees_considered"]
            ],
            "locations": [{"displayName": s["room_name"]}] if s.get("room_name") else [],
        }
        for s in data["suggestions"]
    ]
    reason = "" if suggestions else (data.get("reason") or "attendeesUnavailable")
    return json_response({"emptySuggestionsReason": reason, "meetingTimeSuggestions": suggestions})


def routes(user: str) -> list[Route]:
    return [
        Route(f"{user}/calendarView", guard(calendar_view), methods=["GET"]),
        Route(f"{user}/calendar/calendarView", guard(calendar_view), methods=["GET"]),
        Route(f"{user}/events", guard(events), methods=["GET", "POST"]),
        Route(f"{user}/calendar/events", guard(events), methods=["GET", "POST"]),
        Route(f"{user}/events/{{event_id}}", guard(event), methods=["GET", "PATCH", "DELETE"]),
        Route(f"{user}/events/{{event_id}}/{{verb}}", guard(answer), methods=["POST"]),
        Route(f"{user}/findMeetingTimes", guard(find_meeting_times), methods=["POST"]),
    ]
