"""Office part: calendars — recurring team meetings, 1:1s, customer calls, colleagues' meetings and a
few invitations still waiting for the acting user's answer (delivered as meeting-request mail)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.services.invites import ics_text
from apps.office.world.mail import post
from apps.office.world.people import Office
from worlds.generator.common import fmt_dt, scaled

MEETING_SUBJECTS = (
    "Project sync",
    "Design review",
    "Budget planning",
    "Hiring debrief",
    "Quarterly business review prep",
    "Process improvement workshop",
    "Vendor evaluation",
    "Roadmap discussion",
)


def utc_at(day: date, hour: int, minute: int, tz: str) -> datetime:
    local = datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(tz))
    return local.astimezone(UTC).replace(tzinfo=None)


def weekday_on_or_after(day: date, weekday: int) -> date:
    return day + timedelta(days=(weekday - day.weekday()) % 7)


def add_event(
    office: Office,
    organizer: dict[str, Any],
    subject: str,
    start: datetime,
    minutes: int,
    attendees: list[tuple[str, str, str, str]],
    *,
    recurrence: str | None = None,
    location: str | None = None,
    online: bool = False,
    body: str = "",
) -> dict[str, Any]:
    """An event with attendees (address, name, type, response) and start in UTC (naive)."""
    created = min(start, office.now) - timedelta(days=office.rng.randint(1, 20))
    event = office.add(
        "event",
        "Event",
        organizer_id=organizer["id"],
        organizer_address=organizer["mail"],
        organizer_name=organizer["display_name"],
        subject=subject,
        body_content=body,
        start_date_time=fmt_dt(start),
        start_time_zone=organizer["time_zone"],
        end_date_time=fmt_dt(start + timedelta(minutes=minutes)),
        end_time_zone=organizer["time_zone"],
        is_all_day=False,
        location=location,
        is_online_meeting=online,
        online_meeting_url=None,
        recurrence=recurrence,
        show_as="busy",
        categories=[],
        is_cancelled=False,
        ical_uid="",
        sequence=0,
        created_date_time=fmt_dt(created),
        last_modified_date_time=fmt_dt(created),
    )
    event["ical_uid"] = f"{event['id']}@acme.example"
    if online:
        event["online_meeting_url"] = f"https://teams.acme.example/l/meetup-join/{event['id']}"
    for address, name, kind, response in attendees:
        if address == organizer["mail"]:
            continue
        office.add(
            "attendee",
            "Attendee",
            event_id=event["id"],
            email_address=address,
            name=name,
            type=kind,
            response_status=response,
            response_time=None if response == "none" else fmt_dt(created + timedelta(hours=2)),
        )
    return event


def _people(users: list[dict[str, Any]], response: str = "accepted") -> list[tuple[str, str, str, str]]:
    return [(u["mail"], u["display_name"], "required", response) for u in users]


def _room(office: Office, capacity: int) -> tuple[str, str, str, str] | None:
    rooms = [r for r in office.rows["room"] if r["capacity"] >= capacity]
    if not rooms:
        return None
    r = office.rng.choice(rooms)
    return (r["email_address"], r["display_name"], "resource", "accepted")


def recurring_meetings(office: Office) -> None:
    actor = office.actor
    manager = next((u for u in office.users if u["id"] == actor["manager_id"]), actor)
    team = [u for u in office.users if u["manager_id"] == manager["id"]] or [actor]
    start_day = weekday_on_or_after((office.now - timedelta(weeks=10)).date(), 0)
    room = _room(office, len(team) + 1)
    add_event(
        office,
        manager,
        "Sales team weekly",
        utc_at(start_day, 10, 0, manager["time_zone"]),
        30,
        _people(team) + ([room] if room else []),
        recurrence="FREQ=WEEKLY;BYDAY=MO",
        location=room[1] if room else None,
        body="Weekly pipeline and wins. Bring one deal you need help with.",
    )
    if manager is not actor:
        day = weekday_on_or_after((office.now - timedelta(weeks=8)).date(), 3)
        add_event(
            office,
            manager,
            f"1:1 {manager['given_name']} / {actor['given_name']}",
            utc_at(day, 14, 0, manager["time_zone"]),
            30,
            _people([actor]),
            recurrence="FREQ=WEEKLY;INTERVAL=2;BYDAY=TH",
            online=True,
        )
    vp = next((u for u in office.users if u["job_title"] == "VP of Sales"), manager)
    sales = [u for u in office.users if u["department"] == "Sales"][:20]
    day = (office.now - timedelta(days=90)).date()
    add_event(
        office,
        vp,
        "Monthly pipeline review",
        utc_at(day, 9, 0, vp["time_zone"]),
        60,
        _people([u for u in sales if u is not vp] + [actor]),
        recurrence="FREQ=MONTHLY;BYDAY=1TU",
        online=True,
    )


def customer_calls(office: Office) -> None:
    rng, actor = office.rng, office.actor
    opps = [
        o
        for o in office.crm.rows["opportunity"]
        if o["owner_id"] == office.actor_crm_id and not o["is_closed"]
    ]
    contacts = {}
    for c in office.crm.rows["contact"]:
        contacts.setdefault(c["account_id"], []).append(c)
    for opp in opps[: scaled(office.scale, 20, 4)]:
        people = [c for c in contacts.get(opp["account_id"], []) if c.get("email")]
        if not people:
            continue
        c = rng.choice(people)
        day = (office.now + timedelta(days=rng.randint(-30, 14))).date()
        while day.weekday() >= 5:
            day += timedelta(days=1)
        start = utc_at(day, rng.choice((9, 10, 11, 13, 14, 15, 16)), rng.choice((0, 30)), actor["time_zone"])
        add_event(
            office,
            actor,
            f"{opp['name']} - call with {c['first_name']} {c['last_name']}",
            start,
            rng.choice((30, 45, 60)),
            [(c["email"].lower(), f"{c['first_name']} {c['last_name']}", "required", "accepted")],
            online=True,
            body=f"Agenda: status of {opp['name']}, open questions, next steps.",
        )


def colleague_meetings(office: Office) -> None:
    """Meetings among other employees (personas included), so free/busy has something to say."""
    rng = office.rng
    persona_users = [u for u in office.users if any(p["user_id"] == u["id"] for p in office.personas)]
    for i in range(scaled(office.scale, 220, 12)):
        organizer = (
            persona_users[i % len(persona_users)]
            if i < len(persona_users) * 4 and persona_users
            else rng.choice(office.users)
        )
        others = rng.sample(
            [u for u in office.users if u is not organizer and u is not office.actor],
            k=min(3, len(office.users) - 2),
        )
        day = (office.now + timedelta(days=rng.randint(-20, 14))).date()
        while day.weekday() >= 5:
            day += timedelta(days=1)
        start = utc_at(day, rng.randint(9, 16), rng.choice((0, 30)), organizer["time_zone"])
        attendees = [
            (
                u["mail"],
                u["display_name"],
                "required",
                rng.choice(("accepted", "accepted", "tentativelyAccepted", "declined")),
            )
            for u in others
        ]
        room = _room(office, len(attendees) + 1) if rng.random() < 0.4 else None
        add_event(
            office,
            organizer,
            rng.choice(MEETING_SUBJECTS),
            start,
            rng.choice((30, 60)),
            attendees + ([room] if room else []),
            location=room[1] if room else None,
        )


def pending_invitations(office: Office) -> None:
    """Upcoming meetings colleagues invited the acting user to, still unanswered (mail in the inbox)."""
    rng, actor = office.rng, office.actor
    hosts = [
        u
        for u in office.users
        if u is not actor and u["department"] in ("Sales", "Marketing", "Support", "Finance")
    ] or office.users[1:]
    for subject in ("Deal strategy session", "Customer reference call prep", "Q1 territory planning")[
        : scaled(office.scale, 3, 2) + 1
    ]:
        host = rng.choice(hosts)
        day = (office.now + timedelta(days=rng.randint(1, 8))).date()
        while day.weekday() >= 5:
            day += timedelta(days=1)
        start = utc_at(day, rng.randint(10, 15), 0, host["time_zone"])
        event = add_event(
            office,
            host,
            subject,
            start,
            45,
            [(actor["mail"], actor["display_name"], "required", "none")],
            online=True,
            body=f"{host['given_name']} invited you to discuss {subject.lower()}.",
        )
        sent = start - timedelta(days=rng.randint(2, 6))
        sent = min(sent, office.now - timedelta(hours=2))
        invite(office, host, event, sent, datetime.fromisoformat(event["created_date_time"]))


def invite(
    office: Office,
    host: dict[str, Any],
    event: dict[str, Any],
    sent: datetime,
    stamp: datetime,
    to: list[str] | None = None,
) -> None:
    """The meeting-request mail (with the event's iCalendar) `host` sent at `sent` to `to` (addresses;
    default the acting user)."""
    attendees = [a for a in office.rows["attendee"] if a["event_id"] == event["id"]]
    ev = {
        **event,
        "start_date_time": datetime.fromisoformat(event["start_date_time"]),
        "end_date_time": datetime.fromisoformat(event["end_date_time"]),
        # the frozen worlds' invitations were written in UTC form (valid RFC 5545, same instants);
        # invitations sent during an episode carry the event's TZID and VTIMEZONE
        "start_time_zone": "UTC",
        "end_time_zone": "UTC",
    }
    ics = ics_text(ev, attendees, "REQUEST", stamp)
    when = f"{ev['start_date_time']:%A, %B %d, %Y %H:%M} UTC"
    where = (
        "Microsoft Teams meeting"
        if event["is_online_meeting"] or not event["location"]
        else event["location"]
    )
    post(
        office,
        sender=host,
        from_address=host["mail"],
        from_name=host["display_name"],
        to=to or [office.actor["mail"]],
        subject=event["subject"],
        body=f"{event['body_content']}\n\nWhen: {when}\nWhere: {where}",
        when=sent,
        conversation=office.conversation(),
        meeting={"type": "meetingRequest", "event_id": event["id"], "ics": ics},
    )
