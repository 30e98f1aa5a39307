"""Meeting .ics files: DTSTART/DTEND with TZID and a VTIMEZONE, so icalendar (+ dateutil),
recurring-ical-events and our own calendar expand a recurring meeting to the same instants across
daylight-saving changes and around midnight. Through a real MCP client."""

from __future__ import annotations

from datetime import UTC, datetime

import anyio
import recurring_ical_events
from dateutil.rrule import rrulestr
from icalendar import Calendar
from mcp.client import Client

WINDOW = ("2027-02-20T00:00:00Z", "2027-04-20T00:00:00Z")
MEETINGS = [
    # 23:30 New York on Tuesdays until 30 March (the last one on that day), across US DST (14 Mar)
    (
        "Late sync",
        "2027-02-23T23:30:00",
        "2027-02-24T00:15:00",
        "America/New_York",
        "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330",
    ),
    # 00:15 Berlin daily, across EU DST (28 Mar): the UTC day changes with the offset
    (
        "Night batch review",
        "2027-03-26T00:15:00",
        "2027-03-26T00:45:00",
        "Europe/Berlin",
        "FREQ=DAILY;COUNT=5",
    ),
    # two weekdays in Los Angeles with an explicit UTC UNTIL
    (
        "Pipeline",
        "2027-03-01T16:00:00",
        "2027-03-01T16:30:00",
        "America/Los_Angeles",
        "FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20270319T235959Z",
    ),
]


def _utc(value: datetime) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _meetings_over_mcp(live_server) -> list[tuple[dict, str, list[str]]]:
    episode, urls = live_server.new_episode("tiny")
    colleagues = [r[0] for r in episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 3")]

    async def session():
        out = []
        async with Client(urls.mcp("office")) as client:
            for subject, start, end, zone, rule in MEETINGS:
                made = await client.call_tool(
                    "create_event",
                    {
                        "subject": subject,
                        "start": start,
                        "end": end,
                        "time_zone": zone,
                        "recurrence": rule,
                        "attendees": colleagues[1:],
                    },
                )
                assert not made.is_error, made.content[0].text
                event = made.structured_content
                sent = await client.call_tool("list_messages", {"folder": "sentitems", "limit": 1})
                message_id = sent.structured_content["records"][0]["id"]
                mail = (await client.call_tool("get_message", {"message_id": message_id})).structured_content
                assert mail["event_id"] == event["id"] and mail["meeting_message_type"] == "meetingRequest"
                listed = await client.call_tool("list_events", {"start": WINDOW[0], "end": WINDOW[1]})
                assert not listed.is_error, listed.content[0].text
                ours = [
                    e["start_date_time"]
                    for e in listed.structured_content["records"]
                    if e["id"] == event["id"]
                ]
                out.append((event, mail["ics_content"], ours))
        return out

    return anyio.run(session)


def test_three_expansions_of_the_ics_agree_across_dst_and_midnight(live_server):
    results = _meetings_over_mcp(live_server)
    for (subject, start, _, zone, _), (event, ics, ours) in zip(MEETINGS, results, strict=True):
        cal = Calendar.from_ical(ics)
        assert [tz["TZID"] for tz in cal.walk("VTIMEZONE")] == [zone]
        vevent = cal.walk("VEVENT")[0]
        assert str(vevent["UID"]) == event["ical_uid"] and len(vevent["ATTENDEE"]) == 2
        assert vevent["DTSTART"].params["TZID"] == zone and vevent["DTEND"].params["TZID"] == zone
        dtstart = vevent.decoded("DTSTART")
        assert dtstart.strftime("%Y-%m-%dT%H:%M:%S") == start  # the local wall-clock time, not UTC
        rule = vevent["RRULE"].to_ical().decode()
        assert "UNTIL" not in rule or "Z" in rule.split("UNTIL=")[1].split(";")[0]  # RFC 5545: UTC
        by_icalendar = [_utc(d) for d in rrulestr(rule, dtstart=dtstart)]
        lo, hi = (datetime.fromisoformat(w) for w in WINDOW)
        by_library = [_utc(e.decoded("DTSTART")) for e in recurring_ical_events.of(cal).between(lo, hi)]
        assert ours == by_icalendar == sorted(by_library), subject
        local = {datetime.fromisoformat(o).astimezone(dtstart.tzinfo).strftime("%H:%M") for o in ours}
        assert local == {start[11:16]}, subject  # the meeting keeps its local hour across DST
    assert results[0][2] == [  # 23:30 EST is 04:30Z next day; 23:30 EDT (from 14 March) is 03:30Z
        "2027-02-24T04:30:00Z",
        "2027-03-03T04:30:00Z",
        "2027-03-10T04:30:00Z",
        "2027-03-17T03:30:00Z",
        "2027-03-24T03:30:00Z",
        "2027-03-31T03:30:00Z",
    ]
    assert results[1][2][2:4] == ["2027-03-27T23:15:00Z", "2027-03-28T22:15:00Z"]  # CET, then CEST
