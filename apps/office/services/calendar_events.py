"""Your calendar's events (recurring ones expanded) and rooms, and which events you may see or change
(meetings are created, changed and answered in `calendar`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.models import Event, Room
from apps.office.schemas import EventDetail, RoomOut
from apps.office.services.common import actions, check_id, me, to_utc
from apps.office.services.invites import attendees_of
from apps.office.services.timeline import events_of, occurrences


class EventList(BaseModel):
    """Event instances in a time window, earliest first."""

    start: datetime
    end: datetime
    total: int
    records: list[EventDetail]


class RoomList(BaseModel):
    records: list[RoomOut]  # type: ignore[valid-type]


def detail(ctx: Ctx, event: Event, start: datetime | None = None, end: datetime | None = None) -> EventDetail:
    attendees = attendees_of(ctx, event.id)
    user = me(ctx)
    mine = next((a.response_status for a in attendees if a.email_address == user.mail.lower()), None)
    data = {**event.model_dump(), "attendees": [a.model_dump() for a in attendees]}
    data["my_response"] = "organizer" if event.organizer_id == user.id else mine
    if event.recurrence and start is not None:
        data.update(start_date_time=start, end_date_time=end, series_master_id=event.id)
        data["occurrence_start"] = start.isoformat()
    return EventDetail.model_validate(data)


def visible_event(ctx: Ctx, event_id: str, field: str = "event_id") -> Event:
    """An event on the acting user's calendar (organised or invited); others are not found."""
    user = me(ctx)
    check_id(event_id, field)
    event = ctx.db.get(Event, event_id) if event_id else None
    if event is not None and (
        event.organizer_id == user.id
        or any(a.email_address == user.mail.lower() for a in attendees_of(ctx, event.id))
    ):
        return event
    raise NotFoundError(f"no event with id {event_id!r} on your calendar", field=field)


def organised_event(ctx: Ctx, event_id: str) -> Event:
    """A meeting of the acting user's calendar that they organise and that still stands; else an error
    naming the organizer (an invitee answers with respond_to_event).

    Args:
        ctx: the action's context.
        event_id: the event's id.
    """
    event = visible_event(ctx, event_id)
    if event.organizer_id != ctx.user_id:
        raise ActionError(
            f"only the organizer ({event.organizer_name}) can change this meeting; use respond_to_event",
            field="event_id",
            code=ErrorKind.ACCESS_DENIED,
        )
    if event.is_cancelled:
        raise ActionError("this meeting was cancelled", field="event_id", code=ErrorKind.INVALID_STATE)
    return event


@actions.read
def list_events(ctx: Ctx, *, start: datetime, end: datetime, include_cancelled: bool = False) -> EventList:
    """Your calendar between two times (Graph calendarView): recurring series are expanded into their
    occurrences (each with series_master_id). Includes meetings you organise and ones you are invited to.

    Args:
        start: window start, ISO 8601 (UTC unless it carries an offset), e.g. 2026-11-02T00:00:00Z.
        end: window end (at most 92 days after start).
        include_cancelled: also list cancelled meetings.
    """
    user = me(ctx)
    start, end = to_utc(start, "UTC"), to_utc(end, "UTC", field="end")
    if end <= start or end - start > timedelta(days=92):
        raise ActionError(
            "end must be after start and at most 92 days later", field="end", code=ErrorKind.INVALID_VALUE
        )
    rows, _ = events_of(ctx, user.mail.lower(), organizer_id=user.id)  # a declined meeting leaves it
    if include_cancelled:
        rows = list(rows) + list(
            ctx.db.exec(select(Event).where(Event.organizer_id == user.id, Event.is_cancelled))
        )
    records = [detail(ctx, o.event, o.start, o.end) for ev in rows for o in occurrences(ev, start, end)]
    records.sort(key=lambda r: (r.start_date_time, r.id))
    return EventList(start=start, end=end, total=len(records), records=records)


@actions.read
def get_event(ctx: Ctx, *, event_id: str) -> EventDetail:
    """One event of your calendar with its attendees and their responses.

    Args:
        event_id: the event's id (for a recurring series, its series_master_id).
    """
    return detail(ctx, visible_event(ctx, event_id))


@actions.read
def list_rooms(ctx: Ctx, *, min_capacity: int = 0) -> RoomList:
    """Meeting rooms you can book: add a room's email_address to create_event's rooms.

    Args:
        min_capacity: only rooms seating at least this many people.
    """
    rows = ctx.db.exec(select(Room).where(Room.capacity >= min_capacity).order_by(Room.display_name))
    return RoomList(records=[RoomOut.model_validate(r) for r in rows])
