"""Calendar: meetings with invitations (.ics), responses, recurrence, free/busy, find-a-time, rooms."""

from __future__ import annotations

from icalendar import Calendar

DAY = "2026-12-08"  # a Tuesday after every generated meeting


def _mail_of_meeting(office, event_id: str, owner_mail: str) -> list:
    return office.sql(
        "SELECT m.meeting_message_type, m.ics_content, m.subject FROM office_message m JOIN office_user u "
        "ON u.id = m.owner_id "
        "WHERE m.event_id = ? AND u.mail = ? ORDER BY m.sent_date_time, m.rowid",
        event_id,
        owner_mail,
    )


def test_invitation_is_mail_with_ics_and_the_room_answers(office):
    other = office.colleague_without_persona()
    room = office.ok("list_rooms")["records"][0]
    ev = office.ok(
        "create_event",
        subject="Plan",
        start=f"{DAY}T10:00:00",
        end=f"{DAY}T11:00:00",
        time_zone="America/New_York",
        attendees=[other],
        rooms=[room["email_address"]],
        is_online_meeting=True,
    )
    assert ev["start_date_time"].startswith(f"{DAY}T15:00:00") and ev["start_time_zone"] == "America/New_York"
    assert ev["location"] == room["display_name"] and ev["online_meeting_url"]
    by_type = {a["type"]: a for a in ev["attendees"]}
    assert (
        by_type["resource"]["response_status"] == "accepted"
        and by_type["required"]["response_status"] == "none"
    )
    kind, ics, subject = _mail_of_meeting(office, ev["id"], other)[0]
    assert kind == "meetingRequest" and subject == "Plan"
    vevent = next(iter(Calendar.from_ical(ics).walk("VEVENT")))
    start = vevent.decoded("dtstart")
    assert str(vevent["uid"]) == ev["ical_uid"] and start.isoformat().startswith(f"{DAY}T10:00:00")
    assert (
        vevent["dtstart"].params["TZID"] == "America/New_York"
        and start.utcoffset().total_seconds() == -5 * 3600
    )
    clash = office.ok(
        "create_event",
        subject="Clash",
        start=f"{DAY}T10:30:00",
        end=f"{DAY}T11:00:00",
        time_zone="America/New_York",
        rooms=[room["email_address"]],
    )
    assert clash["attendees"][0]["response_status"] == "declined"


def test_accepting_an_invitation_tells_the_organizer(office):
    me = office.me["mail"]
    invite = next(m for m in office.inbox(limit=50) if m["meeting_message_type"] == "meetingRequest")
    ev = office.ok("respond_to_event", event_id=invite["event_id"], response="accept", comment="See you")
    assert ev["my_response"] == "accepted"
    organizer = office.sql("SELECT organizer_address FROM office_event WHERE id = ?", invite["event_id"])[0][
        0
    ]
    kind, ics, subject = _mail_of_meeting(office, invite["event_id"], organizer)[-1]
    assert kind == "meetingAccepted" and subject.startswith("Accepted: ")
    assert "PARTSTAT=ACCEPTED" in ics and me in ics.lower()
    office.refused("respond_to_event", "response", "accept", event_id=invite["event_id"], response="maybe")


def test_only_the_organizer_changes_a_meeting(office):
    invite = next(m for m in office.inbox(limit=50) if m["meeting_message_type"] == "meetingRequest")
    office.refused(
        "update_event", "event_id", "only the organizer", event_id=invite["event_id"], subject="Mine now"
    )
    office.refused("cancel_event", "event_id", "only the organizer", event_id=invite["event_id"])
    foreign = office.sql(
        "SELECT id FROM office_event WHERE organizer_id != ? AND id NOT IN (SELECT event_id FROM "
        "office_attendee WHERE email_address = ?) LIMIT 1",
        office.me["id"],
        office.me["mail"],
    )[0][0]
    office.refused("get_event", "event_id", "no event", event_id=foreign)


def test_moving_a_meeting_resets_responses_and_cancel_notifies(office):
    other = office.colleague_without_persona()
    ev = office.ok(
        "create_event", subject="Sync", start=f"{DAY}T09:00:00", end=f"{DAY}T09:30:00", attendees=[other]
    )
    office.sql("UPDATE office_attendee SET response_status = 'accepted' WHERE event_id = ?", ev["id"])
    moved = office.ok("update_event", event_id=ev["id"], start=f"{DAY}T13:00:00", end=f"{DAY}T13:30:00")
    assert moved["attendees"][0]["response_status"] == "none" and moved["sequence"] == 1
    office.refused(
        "update_event",
        "end",
        "end must be after start",
        event_id=ev["id"],
        start=f"{DAY}T13:00:00",
        end=f"{DAY}T12:00:00",
    )
    office.ok("cancel_event", event_id=ev["id"], comment="Not needed")
    kinds = [r[0] for r in _mail_of_meeting(office, ev["id"], other)]
    assert kinds == ["meetingRequest", "meetingRequest", "meetingCancelled"]
    office.refused("respond_to_event", "event_id", "you organise", event_id=ev["id"], response="accept")


def test_recurring_event_expands_in_its_time_zone(office):
    ev = office.ok(
        "create_event",
        subject="Standup",
        start="2026-10-26T09:00:00",
        end="2026-10-26T09:15:00",
        time_zone="America/Los_Angeles",
        recurrence="FREQ=WEEKLY;BYDAY=MO;COUNT=4",
    )
    window = office.ok("list_events", start="2026-10-01T00:00:00Z", end="2026-12-31T00:00:00Z")["records"]
    starts = [e["start_date_time"] for e in window if e["id"] == ev["id"]]
    # 09:00 Los Angeles is 16:00 UTC in daylight time and 17:00 UTC after Nov 1 (DST ends)
    assert starts == [
        "2026-10-26T16:00:00Z",
        "2026-11-02T17:00:00Z",
        "2026-11-09T17:00:00Z",
        "2026-11-16T17:00:00Z",
    ]
    assert all(e["series_master_id"] == ev["id"] for e in window if e["id"] == ev["id"])
    office.refused(
        "create_event",
        "recurrence",
        "FREQ",
        subject="x",
        start=f"{DAY}T09:00:00",
        end=f"{DAY}T10:00:00",
        recurrence="BYDAY=MO",
    )
    office.refused(
        "create_event",
        "recurrence",
        "invalid recurrence",
        subject="x",
        start=f"{DAY}T09:00:00",
        end=f"{DAY}T10:00:00",
        recurrence="FREQ=SOMETIMES",
    )


def test_free_busy_and_find_a_time(office):
    me = office.me
    other = office.colleague_without_persona()
    office.ok(
        "create_event", subject="Busy", start=f"{DAY}T17:00:00Z", end=f"{DAY}T18:00:00Z", attendees=[other]
    )
    office.sql("UPDATE office_attendee SET response_status = 'accepted' WHERE email_address = ?", other)
    sched = office.ok(
        "get_schedule",
        schedules=[other, "nobody@else.com"],
        start=f"{DAY}T16:00:00Z",
        end=f"{DAY}T19:00:00Z",
        interval_minutes=60,
    )
    assert sched["schedules"][0]["availability_view"][:3] == "020"
    assert sched["schedules"][1]["error"]
    found = office.ok(
        "find_meeting_times",
        attendees=[other],
        duration_minutes=60,
        start=f"{DAY}T16:00:00Z",
        end=f"{DAY}T23:00:00Z",
        need_room=True,
    )
    assert found["suggestions"] and me["mail"] in found["attendees_considered"]
    for s in found["suggestions"]:
        assert not (s["start"] < f"{DAY}T18:00:00Z" and s["end"] > f"{DAY}T17:00:00Z")
        assert s["room"]
    weekend = office.ok(
        "find_meeting_times",
        attendees=[other],
        duration_minutes=30,
        start="2026-12-12T00:00:00Z",
        end="2026-12-14T00:00:00Z",
    )
    assert weekend["suggestions"] == [] and "no common free time" in weekend["reason"]
    office.refused(
        "find_meeting_times", "duration_minutes", "between 15 and 480", attendees=[other], duration_minutes=5
    )


def test_all_day_events_are_flagged_and_start_at_midnight(office):
    ev = office.ok(
        "create_event",
        subject="Offsite",
        start=f"{DAY}T00:00:00",
        end="2026-12-09T00:00:00",
        time_zone="America/New_York",
        is_all_day=True,
    )
    assert ev["is_all_day"] is True and ev["start_date_time"].startswith(f"{DAY}T05:00:00")
    before = office.sql("SELECT COUNT(*) FROM office_event")[0][0]
    office.refused(
        "create_event",
        "start",
        "midnight",
        subject="Half day",
        start=f"{DAY}T09:00:00",
        end="2026-12-09T00:00:00",
        time_zone="America/New_York",
        is_all_day=True,
    )
    assert office.sql("SELECT COUNT(*) FROM office_event")[0][0] == before
    timed = office.ok("update_event", event_id=ev["id"], is_all_day=False)
    assert timed["is_all_day"] is False
    office.refused("update_event", "start", "give start and end", event_id=ev["id"], is_all_day=True)
    again = office.ok(
        "update_event",
        event_id=ev["id"],
        start=f"{DAY}T00:00:00",
        end="2026-12-10T00:00:00",
        time_zone="America/New_York",
        is_all_day=True,
    )
    assert again["is_all_day"] is True and again["end_date_time"].startswith("2026-12-10T05:00:00")
