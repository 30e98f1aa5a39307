"""Calendar: creating, changing and cancelling the meetings you organise, and answering invitations (your
events and rooms are read in `calendar_events`)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.coworkers.engine import on_invitation
from apps.office.models import Attendee, Event, User
from apps.office.schemas import EventDetail
from apps.office.services.calendar_events import detail, organised_event, visible_event
from apps.office.services.common import (
    OptionalEmails,
    actions,
    check_addresses,
    display_name,
    me,
    require_text,
    room_by_mail,
    to_utc,
    zone,
)
from apps.office.services.invites import attendees_of, send_meeting_mail, send_response_mail
from apps.office.services.timeline import book_rooms, check_rrule

ShowAs = Literal["free", "tentative", "busy", "oof", "workingElsewhere"]
Response = Literal["accept", "tentativelyAccept", "decline"]
STATUS_OF = {"accept": "accepted", "tentativelyAccept": "tentativelyAccepted", "decline": "declined"}


def _add_attendees(ctx: Ctx, event: Event, addresses: list[str], kind: str) -> list[Attendee]:
    """Invite `addresses` to `event` (their responses start at none); returns the new attendees.

    Args:
        ctx: the action's context.
        event: the meeting.
        addresses: the invitees' (or rooms') addresses, already checked.
        kind: required, optional or resource (a room).
    """
    added = []
    for address in addresses:
        att = Attendee(
            id=ctx.new_id("Attendee"),
            event_id=event.id,
            email_address=address,
            name=display_name(ctx, address),
            type=kind,
        )
        ctx.db.add(att)
        added.append(att)
    return added


def _times(
    ctx: Ctx, start: datetime, end: datetime, time_zone: str, all_day: bool = False
) -> tuple[datetime, datetime]:
    """Start and end in UTC, read in `time_zone`; an all-day event's must be midnights there.

    Args:
        ctx: the action's context.
        start: the start as given (naive: read in `time_zone`).
        end: the end as given.
        time_zone: an IANA zone name.
        all_day: the event is all-day (start and end must be midnights in `time_zone`).
    """
    tz = zone(time_zone)
    s, e = to_utc(start, time_zone), to_utc(end, time_zone, field="end")
    for field, moment in (("start", s), ("end", e)):
        local = moment.astimezone(tz)
        if all_day and (local.hour, local.minute, local.second) != (0, 0, 0):
            raise ActionError(
                f"an all-day event's {field} must be a midnight in {time_zone}, e.g. 2026-11-05T00:00:00",
                field=field,
                code=ErrorKind.INVALID_VALUE,
            )
    if e <= s:
        raise ActionError("end must be after start", field="end", code=ErrorKind.INVALID_VALUE)
    if e - s > timedelta(days=14):
        raise ActionError("an event can last at most 14 days", field="end", code=ErrorKind.INVALID_VALUE)
    return s, e


@actions.write
def create_event(
    ctx: Ctx,
    *,
    subject: str,
    start: datetime,
    end: datetime,
    time_zone: str | None = None,
    attendees: OptionalEmails = None,
    optional_attendees: OptionalEmails = None,
    rooms: OptionalEmails = None,
    location: str | None = None,
    body: str = "",
    is_online_meeting: bool = False,
    recurrence: str | None = None,
    show_as: ShowAs = "busy",
    is_all_day: bool = False,
    categories: list[str] | None = None,
) -> EventDetail:
    """Create an event on your calendar; with attendees it is a meeting and each invitee receives a
    meeting request mail (with .ics) and answers later (colleagues reply on the logical clock: use
    wait_for_replies, then get_event to see responses). Rooms answer at once (declined when booked).

    Args:
        subject: the title.
        start: start time, e.g. 2026-11-05T10:00:00 (read in time_zone unless it has an offset).
        end: end time, same format.
        time_zone: IANA zone of start/end, e.g. America/New_York (default: your mailbox time zone).
        attendees: required attendees' addresses.
        optional_attendees: optional attendees' addresses.
        rooms: room addresses from list_rooms (the first room also becomes the location).
        location: free-text location.
        body: the agenda / description.
        is_online_meeting: add a Teams meeting link.
        recurrence: an RRULE such as FREQ=WEEKLY;BYDAY=TU;COUNT=8 (UNTIL=20261231 also works).
        show_as: free, tentative, busy, oof or workingElsewhere.
        is_all_day: an all-day event: start and end are midnights in time_zone (end the day after the last).
        categories: category names (list_categories), e.g. ["Blue category"].
    """
    user = me(ctx)
    tz = time_zone or user.time_zone
    s, e = _times(ctx, start, end, tz, is_all_day)
    required = check_addresses(ctx, attendees or [], "attendees")
    optional = [
        a for a in check_addresses(ctx, optional_attendees or [], "optional_attendees") if a not in required
    ]
    room_addresses = check_addresses(ctx, rooms or [], "rooms")
    for address in room_addresses:
        if room_by_mail(ctx, address) is None:
            raise ActionError(
                f"{address} is not a room; see list_rooms", field="rooms", code=ErrorKind.INVALID_VALUE
            )
    for address in required + optional:
        if room_by_mail(ctx, address) is not None:
            raise ActionError(
                f"{address} is a room: pass it in rooms", field="attendees", code=ErrorKind.INVALID_VALUE
            )
    event = Event(
        id=ctx.new_id("Event"),
        organizer_id=user.id,
        organizer_address=user.mail.lower(),
        organizer_name=user.display_name,
        subject=require_text(subject, "subject", "a subject"),
        body_content=body,
        start_date_time=s,
        start_time_zone=tz,
        end_date_time=e,
        end_time_zone=tz,
        location=location or (display_name(ctx, room_addresses[0]) if room_addresses else None),
        is_online_meeting=is_online_meeting,
        recurrence=check_rrule(recurrence, s, tz) if recurrence else None,
        show_as=show_as,
        is_all_day=is_all_day,
        categories=list(dict.fromkeys(categories or [])),
        ical_uid="",
        created_date_time=ctx.now,
        last_modified_date_time=ctx.now,
    )
    event.ical_uid = f"{event.id}@acme.example"
    if is_online_meeting:
        event.online_meeting_url = _teams_link(event.id)
    ctx.db.add(event)
    invited = [a for a in required + optional if a != user.mail.lower()]
    _add_attendees(ctx, event, [a for a in required if a != user.mail.lower()], "required")
    _add_attendees(ctx, event, [a for a in optional if a != user.mail.lower()], "optional")
    book_rooms(ctx, event, _add_attendees(ctx, event, room_addresses, "resource"))
    ctx.db.flush()
    if invited:
        _invite(ctx, event, user, "new")
    return detail(ctx, event)


def _teams_link(event_id: str) -> str:
    """The Teams meeting's join link of an event.

    Args:
        event_id: the event's id.
    """
    return f"https://teams.acme.example/l/meetup-join/{event_id}"


def _invite(ctx: Ctx, event: Event, organizer: User, kind: str, comment: str = "") -> None:
    """Mail every attendee the meeting request (new, update or meetingCancelled); colleagues with a persona
    answer a request later (`coworkers.engine.on_invitation`).

    Args:
        ctx: the action's context.
        event: the meeting.
        organizer: the acting user, who organises it.
        kind: new, update or meetingCancelled.
        comment: the organizer's note (a cancellation's).
    """
    for copy in send_meeting_mail(ctx, event, organizer, kind, comment):
        if kind != "meetingCancelled":
            on_invitation(ctx, event, copy)


@actions.write
def update_event(
    ctx: Ctx,
    *,
    event_id: str,
    subject: str | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
    time_zone: str | None = None,
    location: str | None = None,
    body: str | None = None,
    add_attendees: OptionalEmails = None,
    remove_attendees: OptionalEmails = None,
    show_as: ShowAs | None = None,
    is_all_day: bool | None = None,
    is_online_meeting: bool | None = None,
    categories: list[str] | None = None,
) -> EventDetail:
    """Change a meeting you organise; attendees get an updated invitation. Moving it resets everyone's
    response to none (they answer again).

    Args:
        event_id: the event's id.
        subject: new title.
        start: new start (give end too).
        end: new end.
        time_zone: zone of the new start/end (default: the event's zone).
        location: new location.
        body: new description.
        add_attendees: addresses to invite (required).
        remove_attendees: addresses to uninvite.
        show_as: how the time shows on your calendar: free, tentative, busy, oof or workingElsewhere.
        is_all_day: make it an all-day event (give start and end as midnights) or a timed one again.
        is_online_meeting: add a Teams meeting link (true) or remove it (false).
        categories: the event's whole new list of category names ([] clears them).
    """
    event = organised_event(ctx, event_id)
    all_day = event.is_all_day if is_all_day is None else is_all_day
    if is_all_day and not event.is_all_day and start is None:
        raise ActionError(
            "give start and end (midnights) to make a meeting all-day", field="start", code=ErrorKind.REQUIRED
        )
    moved = start is not None or end is not None
    if moved:
        if start is None or end is None:
            raise ActionError(
                "give both start and end to move a meeting",
                field="start" if start is None else "end",
                code=ErrorKind.REQUIRED,
            )
        tz = time_zone or event.start_time_zone
        event.start_date_time, event.end_date_time = _times(ctx, start, end, tz, all_day)
        event.start_time_zone = event.end_time_zone = tz
    event.is_all_day = all_day
    if subject is not None:
        event.subject = require_text(subject, "subject", "a subject")
    if location is not None:
        event.location = location or None
    if body is not None:
        event.body_content = body
    if show_as is not None:
        event.show_as = show_as
    if categories is not None:
        event.categories = list(dict.fromkeys(categories))
    if is_online_meeting is not None:
        event.is_online_meeting = is_online_meeting
        event.online_meeting_url = _teams_link(event.id) if is_online_meeting else None
    current = {a.email_address: a for a in attendees_of(ctx, event.id)}
    for address in check_addresses(ctx, remove_attendees or [], "remove_attendees"):
        if address not in current:
            raise ActionError(
                f"{address} is not invited to this meeting",
                field="remove_attendees",
                code=ErrorKind.INVALID_VALUE,
            )
        ctx.db.delete(current.pop(address))
    new = [
        a
        for a in check_addresses(ctx, add_attendees or [], "add_attendees")
        if a not in current and a != event.organizer_address
    ]
    _add_attendees(ctx, event, new, "required")
    if moved:
        for att in current.values():
            if att.type != "resource":
                att.response_status, att.response_time = "none", None
                ctx.db.add(att)
        book_rooms(ctx, event, [a for a in current.values() if a.type == "resource"])
    event.sequence += 1
    event.last_modified_date_time = ctx.now
    ctx.db.add(event)
    ctx.db.flush()
    _invite(ctx, event, me(ctx), "update")
    return detail(ctx, event)


@actions.destructive
def cancel_event(ctx: Ctx, *, event_id: str, comment: str = "") -> EventDetail:
    """Cancel a meeting you organise; every attendee receives a cancellation (ics METHOD:CANCEL).

    Args:
        event_id: the event's id (a series is cancelled as a whole).
        comment: a note to the attendees.
    """
    event = organised_event(ctx, event_id)
    event.is_cancelled = True
    event.sequence += 1
    event.last_modified_date_time = ctx.now
    ctx.db.add(event)
    ctx.db.flush()
    _invite(ctx, event, me(ctx), "meetingCancelled", comment)
    return detail(ctx, event)


@actions.write
def respond_to_event(
    ctx: Ctx, *, event_id: str, response: Response, comment: str = "", send_response: bool = True
) -> EventDetail:
    """Accept, tentatively accept or decline a meeting you are invited to; the organizer gets your
    answer as mail (unless send_response is false).

    Args:
        event_id: the meeting's id (the invitation message's event_id).
        response: accept, tentativelyAccept or decline.
        comment: a note to the organizer.
        send_response: mail the organizer your answer (default true).
    """
    user = me(ctx)
    event = visible_event(ctx, event_id)
    if event.organizer_id == user.id:
        raise ActionError(
            "you organise this meeting; there is nothing to answer",
            field="event_id",
            code=ErrorKind.INVALID_STATE,
        )
    if event.is_cancelled:
        raise ActionError(
            "this meeting was cancelled by its organizer", field="event_id", code=ErrorKind.INVALID_STATE
        )
    att = next(a for a in attendees_of(ctx, event.id) if a.email_address == user.mail.lower())
    att.response_status, att.response_time = STATUS_OF[response], ctx.now
    ctx.db.add(att)
    if send_response:
        send_response_mail(ctx, event, att, user, comment)
    return detail(ctx, event)
