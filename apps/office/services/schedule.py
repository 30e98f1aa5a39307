"""Free/busy (Graph getSchedule) and a find-a-time helper for several people and rooms."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.models import Room, User
from apps.office.services.common import (
    Emails,
    actions,
    aware,
    check_addresses,
    me,
    room_by_mail,
    to_utc,
    user_by_mail,
    zone,
)
from apps.office.services.timeline import availability_view, busy_blocks, is_free


class ScheduleItem(BaseModel):
    start: datetime
    end: datetime
    status: str


class Schedule(BaseModel):
    """One person's or room's free/busy: a digit per interval plus the busy blocks (no subjects)."""

    schedule_id: str
    display_name: str
    availability_view: str
    schedule_items: list[ScheduleItem]
    working_hours: str | None = None
    error: str | None = None


class ScheduleList(BaseModel):
    start: datetime
    end: datetime
    interval_minutes: int
    schedules: list[Schedule]


class MeetingTimeSuggestion(BaseModel):
    start: datetime
    end: datetime
    room: str | None = None
    room_name: str | None = None


class MeetingTimes(BaseModel):
    """Slots where every attendee with a calendar here is free and inside working hours."""

    suggestions: list[MeetingTimeSuggestion]
    attendees_considered: list[str]
    external_attendees_not_checked: list[str]
    reason: str | None = None


def _owner(ctx: Ctx, address: str) -> tuple[str | None, User | None, Room | None]:
    user = user_by_mail(ctx, address)
    return (user.id if user else None), user, (room_by_mail(ctx, address) if user is None else None)


def _window(start: datetime, end: datetime, days: int = 62) -> tuple[datetime, datetime]:
    s, e = to_utc(start, "UTC"), to_utc(end, "UTC", field="end")
    if e <= s or e - s > timedelta(days=days):
        raise ActionError(
            f"end must be after start and at most {days} days later",
            field="end",
            code=ErrorKind.INVALID_VALUE,
        )
    return s, e


@actions.read
def get_schedule(
    ctx: Ctx, *, schedules: Emails, start: datetime, end: datetime, interval_minutes: int = 30
) -> ScheduleList:
    """Free/busy of colleagues and rooms (Graph getSchedule). availability_view has one digit per
    interval: 0 free, 1 tentative, 2 busy, 3 out of office, 4 working elsewhere. Subjects stay private.

    Args:
        schedules: addresses of people or rooms (@acme.example).
        start: window start (UTC unless it has an offset).
        end: window end (at most 62 days later).
        interval_minutes: length of one availability digit, 5-1440.
    """
    s, e = _window(start, end)
    if not 5 <= interval_minutes <= 1440:
        raise ActionError(
            "interval_minutes must be between 5 and 1440",
            field="interval_minutes",
            code=ErrorKind.INVALID_VALUE,
        )
    if not schedules:
        raise ActionError("name at least one address", field="schedules", code=ErrorKind.REQUIRED)
    out = []
    for address in schedules:
        address = address.strip().lower()
        owner_id, user, room = _owner(ctx, address)
        if user is None and room is None:
            out.append(
                Schedule(
                    schedule_id=address,
                    display_name=address,
                    availability_view="",
                    schedule_items=[],
                    error="no calendar for this address in your organisation",
                )
            )
            continue
        blocks = busy_blocks(ctx, address, owner_id, s, e)
        out.append(
            Schedule(
                schedule_id=address,
                display_name=(user or room).display_name,
                availability_view=availability_view(blocks, s, e, interval_minutes),
                schedule_items=[ScheduleItem(start=b[0], end=b[1], status=b[2]) for b in blocks],
                working_hours=f"{user.working_hours_start}-{user.working_hours_end} {user.time_zone} Mon-Fri"
                if user
                else None,
            )
        )
    return ScheduleList(start=s, end=e, interval_minutes=interval_minutes, schedules=out)


def _in_hours(user: User, start: datetime, end: datetime) -> bool:
    tz = zone(user.time_zone)
    ls, le = start.astimezone(tz), end.astimezone(tz)
    if ls.date() != le.date() and le.time() != time(0):
        return False
    if ls.weekday() >= 5:
        return False
    open_at = time.fromisoformat(user.working_hours_start)
    close_at = time.fromisoformat(user.working_hours_end)
    return ls.time() >= open_at and (le.time() <= close_at) and le.time() != time(0)


@actions.read
def find_meeting_times(
    ctx: Ctx,
    *,
    attendees: Emails,
    duration_minutes: int,
    start: datetime | None = None,
    end: datetime | None = None,
    need_room: bool = False,
    min_room_capacity: int = 0,
    max_candidates: int = 5,
) -> MeetingTimes:
    """Suggest meeting times when you and every attendee are free (tentative counts as busy) and within
    everyone's working hours (each in their own time zone), optionally with a free room.

    Args:
        attendees: colleagues' addresses (you are always included; customers cannot be checked).
        duration_minutes: meeting length, 15-480.
        start: earliest start (default: now). UTC unless it has an offset.
        end: latest end (default: 7 days after start; at most 31 days).
        need_room: only suggest slots with a free room (the smallest that fits is chosen).
        min_room_capacity: the room must seat this many (default: attendees + you).
        max_candidates: how many suggestions, 1-20.
    """
    user = me(ctx)
    if not 15 <= duration_minutes <= 480:
        raise ActionError(
            "duration_minutes must be between 15 and 480",
            field="duration_minutes",
            code=ErrorKind.INVALID_VALUE,
        )
    if not 1 <= max_candidates <= 20:
        raise ActionError(
            "max_candidates must be between 1 and 20", field="max_candidates", code=ErrorKind.INVALID_VALUE
        )
    s = to_utc(start, "UTC") if start else aware(ctx.now)
    s, e = _window(s, end if end else s + timedelta(days=7), days=31)
    people, external = [user], []
    for address in check_addresses(ctx, attendees, "attendees"):
        found = user_by_mail(ctx, address)
        if found is None:
            if room_by_mail(ctx, address):
                raise ActionError(
                    f"{address} is a room; use need_room instead",
                    field="attendees",
                    code=ErrorKind.INVALID_VALUE,
                )
            external.append(address)
        elif found.id != user.id:
            people.append(found)
    blocks = {p.id: busy_blocks(ctx, p.mail.lower(), p.id, s, e) for p in people}
    capacity = min_room_capacity or len(people) + len(external)
    rooms = list(
        ctx.db.exec(select(Room).where(Room.capacity >= capacity).order_by(Room.capacity, Room.display_name))
    )
    room_blocks = (
        {r.id: busy_blocks(ctx, r.email_address.lower(), None, s, e) for r in rooms} if need_room else {}
    )
    step, length = timedelta(minutes=30), timedelta(minutes=duration_minutes)
    t = s + timedelta(minutes=(-s.minute) % 30, seconds=-s.second, microseconds=-s.microsecond)
    found: list[MeetingTimeSuggestion] = []
    while t + length <= e and len(found) < max_candidates:
        slot_end = t + length
        if all(_in_hours(p, t, slot_end) and is_free(blocks[p.id], t, slot_end) for p in people):
            room = (
                next((r for r in rooms if is_free(room_blocks[r.id], t, slot_end)), None)
                if need_room
                else None
            )
            if not need_room or room is not None:
                found.append(
                    MeetingTimeSuggestion(
                        start=t,
                        end=slot_end,
                        room=room.email_address if room else None,
                        room_name=room.display_name if room else None,
                    )
                )
        t += step
    reason = None
    if not found:
        reason = (
            "no common free time in the window"
            + (" with a free room" if need_room else "")
            + "; try a later or longer window"
        )
    return MeetingTimes(
        suggestions=found,
        attendees_considered=[p.mail for p in people],
        external_attendees_not_checked=external,
        reason=reason,
    )
