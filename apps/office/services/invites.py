"""Meeting messages: invitations, updates, cancellations and responses as mail with iCalendar content."""

from __future__ import annotations

from datetime import date, datetime

from icalendar import Calendar, vCalAddress, vRecur, vText
from icalendar import Event as VEvent
from sqlmodel import select

from apps.core.actions import Ctx
from apps.office.models import Attendee, Event, User
from apps.office.services.common import aware, user_by_mail, zone
from apps.office.services.mailbox import Outgoing, deliver
from apps.office.services.timeline import rfc_rule

PARTSTAT = {
    "none": "NEEDS-ACTION",
    "accepted": "ACCEPTED",
    "tentativelyAccepted": "TENTATIVE",
    "declined": "DECLINED",
}
RESPONSE_MESSAGE = {
    "accepted": ("meetingAccepted", "Accepted"),
    "tentativelyAccepted": ("meetingTentativelyAccepted", "Tentative"),
    "declined": ("meetingDeclined", "Declined"),
}


def attendees_of(ctx: Ctx, event_id: str) -> list[Attendee]:
    return list(ctx.db.exec(select(Attendee).where(Attendee.event_id == event_id).order_by(Attendee.id)))


def build_ics(ctx: Ctx, event: Event, method: str, only: Attendee | None = None) -> str:
    """The event as an iCalendar (RFC 5545) VCALENDAR with METHOD REQUEST, REPLY or CANCEL."""
    attendees = [only] if only else attendees_of(ctx, event.id)
    return ics_text(event.model_dump(), [a.model_dump() for a in attendees], method, ctx.now)


def ics_text(event: dict, attendees: list[dict], method: str, stamp: datetime) -> str:
    """iCalendar text of an event given as plain values (also used by the world generator).

    Start and end are written in the event's own time zone (DTSTART;TZID=America/New_York:…) with a
    matching VTIMEZONE, as Outlook sends them, so a recurring meeting keeps its local hour across
    daylight-saving changes in every calendar client; UTC events are written as UTC ('…Z')."""
    cal = Calendar()
    cal.add("prodid", "-//saasgym//office//EN")
    cal.add("version", "2.0")
    cal.add("method", method)
    vevent = VEvent()
    vevent.add("uid", event["ical_uid"])
    vevent.add("sequence", event.get("sequence", 0))
    vevent.add("dtstamp", aware(stamp))
    start_zone = event.get("start_time_zone") or "UTC"
    vevent.add("dtstart", _local(event["start_date_time"], start_zone))
    vevent.add("dtend", _local(event["end_date_time"], event.get("end_time_zone") or start_zone))
    vevent.add("summary", event["subject"])
    if event.get("location"):
        vevent.add("location", event["location"])
    if event.get("body_content"):
        vevent.add("description", event["body_content"])
    if event.get("recurrence"):
        vevent.add("rrule", vRecur.from_ical(rfc_rule(event["recurrence"], start_zone)))
    organizer = vCalAddress(f"mailto:{event['organizer_address']}")
    organizer.params["cn"] = vText(event["organizer_name"])
    vevent.add("organizer", organizer)
    for att in attendees:
        address = vCalAddress(f"mailto:{att['email_address']}")
        address.params["cn"] = vText(att["name"])
        address.params["partstat"] = vText(PARTSTAT[att["response_status"]])
        address.params["role"] = vText("OPT-PARTICIPANT" if att["type"] == "optional" else "REQ-PARTICIPANT")
        if att["type"] == "resource":
            address.params["cutype"] = vText("ROOM")
        vevent.add("attendee", address, encode=0)
    if method == "CANCEL":
        vevent.add("status", "CANCELLED")
    cal.add_component(vevent)
    first = aware(event["start_date_time"]).date()
    cal.add_missing_timezones(first_date=date(first.year - 1, 1, 1), last_date=date(first.year + 5, 1, 1))
    return cal.to_ical().decode()


def _local(value: datetime, time_zone: str) -> datetime:
    """A stored UTC time in `time_zone` (UTC stays UTC, written with 'Z')."""
    utc = aware(value)
    return utc if time_zone.upper() in ("UTC", "ETC/UTC") else utc.astimezone(zone(time_zone))


def _when(event: Event) -> str:
    start = aware(event.start_date_time)
    return f"{start:%A, %B %d, %Y %H:%M} UTC ({event.start_time_zone})"


def send_meeting_mail(ctx: Ctx, event: Event, organizer: User, kind: str, comment: str = "") -> list:
    """Deliver a meetingRequest (new or updated) or meetingCancelled to every attendee with a mailbox."""
    attendees = [a for a in attendees_of(ctx, event.id) if a.type != "resource"]
    if not attendees:
        return []
    method = "CANCEL" if kind == "meetingCancelled" else "REQUEST"
    prefix = {"meetingCancelled": "Canceled: ", "update": "Updated: "}.get(kind, "")
    where = event.location or ("Microsoft Teams meeting" if event.is_online_meeting else "")
    body = f"{comment}\n\nWhen: {_when(event)}\nWhere: {where}\n\n{event.body_content}".strip()
    out = Outgoing(
        sender=organizer,
        subject=prefix + event.subject,
        body=body,
        to=[a.email_address for a in attendees if a.type == "required"],
        cc=[a.email_address for a in attendees if a.type == "optional"],
        meeting_message_type="meetingCancelled" if kind == "meetingCancelled" else "meetingRequest",
        event_id=event.id,
        ics_content=build_ics(ctx, event, method),
    )
    _, delivered = deliver(ctx, out)
    return delivered


def send_response_mail(
    ctx: Ctx, event: Event, attendee: Attendee, responder: User, comment: str = ""
) -> None:
    """Tell the organizer how `responder` answered (Accepted:/Tentative:/Declined: subject, METHOD:REPLY)."""
    kind, word = RESPONSE_MESSAGE[attendee.response_status]
    organizer = user_by_mail(ctx, event.organizer_address)
    if organizer is None:
        return
    out = Outgoing(
        sender=responder,
        subject=f"{word}: {event.subject}",
        body=comment or f"{responder.display_name} has {word.lower()} your meeting.",
        to=[organizer.mail],
        meeting_message_type=kind,
        event_id=event.id,
        ics_content=build_ics(ctx, event, "REPLY", only=attendee),
    )
    deliver(ctx, out)


def respond_as(ctx: Ctx, event: Event, user: User, status: str, comment: str) -> None:
    """A colleague's answer to an invitation (used by the coworkers)."""
    if event.is_cancelled:
        return
    att = next((a for a in attendees_of(ctx, event.id) if a.email_address == user.mail.lower()), None)
    if att is None:
        return
    att.response_status, att.response_time = status, ctx.now
    ctx.db.add(att)
    send_response_mail(ctx, event, att, user, comment)
