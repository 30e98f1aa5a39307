"""Cross-app families that end in a meeting: a support review with every contact of an account who raised
an incident (CRM → desk → calendar), and a sync between an employee and the analyst on their incident at the
first time both are free (desk → calendar)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from apps.crm.families.common import account_ref, accounts, phrase
from apps.office.families.common import (
    NY,
    WORKING_HOURS,
    attendee,
    first_free_slot_ui,
    teams_meeting_expect,
    when_ui,
)
from crossapp.xapp.common import (
    AMBER,
    MAIL_SIDE_EFFECTS,
    callers_of,
    hold_callers,
    incidents_of,
    same_split_accounts,
)
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

DAYS = [date(2026, 11, d) for d in (4, 5, 6, 9, 10, 11, 12, 13, 16, 17)]
INVITE_SIDE_EFFECTS = [*MAIL_SIDE_EFFECTS, Allowance(table="office_attendee", ops=["update"])]


def utc(day: date, hour: int, minute: int = 0) -> str:
    """A New York wall-clock time as the UTC minute the calendar stores (YYYY-MM-DDTHH:MM)."""
    moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=NY).astimezone(ZoneInfo("UTC"))
    return moment.strftime("%Y-%m-%dT%H:%M")


def when(day: date, hour: int) -> str:
    return f"{day:%A, %B} {day.day} at {hour % 12 or 12}:00 {'am' if hour < 12 else 'pm'} New York time"


class SupportReviewMeeting(Family):
    name = "xapp.support-review-meeting"
    version = 3  # v2: no subject a world part's incidents are about (the data room's billing disputes);
    # v3: the text is read for its meaning (numbers, people in any form)
    apps = ("crm", "office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = (
        "a support-review meeting with every contact of an account who raised an incident, numbers listed"
    )

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d,
            "a.id IN (SELECT c.account_id FROM crm_contact c JOIN ticketing_sys_user u ON u.crm_contact_id = "
            "c.id JOIN ticketing_incident i ON i.caller_id = u.sys_id)",
        )
        acc = d.pick("account", same_split_accounts(d, pool), key="id")
        people = callers_of(d, acc["id"])
        raised = {p["email"]: incidents_of(d, p["caller_sys_id"]) for p in people}
        guests = [p for p in people if raised[p["email"]]]
        numbers = sorted(i["number"] for p in guests for i in raised[p["email"]])
        if not 1 <= len(guests) < len(people) or len(numbers) > 6 or len(people) > 6:
            raise Redraw("every or no contact raised incidents, or too many")
        hold_callers(d, [i for p in guests for i in raised[p["email"]]])
        ref, lookup = account_ref(d, acc, ("name", "number", "city"))
        day, hour, minutes = d.choice(DAYS), d.choice([9, 10, 11, 14, 15]), d.choice([30, 45, 60])
        online = d.chance(0.5)
        title = d.choice(["Support review", "Service review", "Incident review"])
        agenda = "Incidents: " + ", ".join(numbers)
        teams = " as a Teams meeting" if online else ""
        at = when(day, hour)
        phrasings = [
            f"Invite every contact of {ref} who has ever raised a service-desk incident to a "
            f'{minutes}-minute "{title}"{teams} on {at}. The agenda (body) must read "Incidents: " '
            "followed by their incident numbers, comma-separated, lowest first.",
            f'Set up "{title}" ({minutes} min){teams}, {at}, with the contacts of {ref} that have '
            'incidents on the desk. Body: "Incidents: " and the incident numbers in ascending order, '
            'separated by ", ".',
            f'Which contacts of {ref} raised incidents? Invite exactly those to "{title}"{teams} on {at} for '
            f'{minutes} minutes; put "Incidents: <numbers, comma-separated, ascending>" in the body.',
            f'Book a {minutes}-minute meeting "{title}"{teams} on {at} with each contact of {ref} who is a '
            'caller on any incident. Agenda text: "Incidents: " + all their incident numbers (sorted, ", ").',
            f'Please organise a "{title}"{teams} for {at} ({minutes} minutes). Attendees: the contacts of '
            f'{ref} who have raised incidents. Body: "Incidents: " then the numbers in order, '
            "comma-separated.",
        ]
        prompt, k = phrase(d, phrasings)
        start, end = utc(day, hour), utc(day, hour + minutes // 60, minutes % 60)
        mails = [p["email"] for p in guests]
        event = {
            "subject": title,
            "start": f"{day.isoformat()}T{hour:02d}:00:00",
            "end": f"{day.isoformat()}T{hour + minutes // 60:02d}:{minutes % 60:02d}:00",
            "time_zone": "America/New_York",
            "attendees": mails,
            "body": agenda,
            **({"is_online_meeting": True} if online else {}),
        }
        fields = {
            "subject": eq(title),
            "start_date_time": eq(start),
            "end_date_time": eq(end),
            "body_content": mentions.all_of(  # "Incidents: " and every number, in any form
                Match(contains="Incidents:"), *[mentions.record(number=n) for n in numbers]
            ),
            "is_cancelled": eq(False),
            **({"is_online_meeting": eq(True)} if online else {}),
        }
        ui = [
            UiStep(goto="/s/office/calendar/new"),
            UiStep(fill=("Title", title)),
            UiStep(fill=("Required attendees", "; ".join(mails))),
            *when_ui(event["start"], event["end"]),
            *([UiStep(check="Teams meeting")] if online else []),
            UiStep(fill=("Agenda", agenda)),
            UiStep(click=("button", "Send invitation")),
            UiStep(expect_text=title),
        ]
        idle = next(p["email"] for p in people if not raised[p["email"]])
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_list_contacts", account_id=acc["id"]),
                *[step("ticketing_list_incidents", caller_id=p["email"]) for p in people],
                step("office_create_event", **event),
            ],
            expect=[
                Expectation(table="office_event", op="insert", fields=fields),
                *[attendee(m) for m in mails],
            ],
            allow=INVITE_SIDE_EFFECTS,
            ui_oracle=ui,
            wrong_record={mails[0]: idle},
            tags=["meeting", "incident", "contact", "cross-app", *(["online"] if online else [])],
            phrasing=k,
            records=1 + len(people) + len(numbers),
        )


class IncidentSyncMeeting(Family):
    name = "xapp.incident-sync-meeting"
    apps = ("office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # v2: the browser oracle (the meeting form's Scheduling Assistant picks the slot);
    # v3: the prompt says free means within everyone's working hours too
    author = "saasgym-xapp-team"
    summary = (
        "a Teams sync with an employee and the analyst on their open incident at their first common slot"
    )

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(
            "SELECT i.sys_id, i.number, i.caller_id, u.name AS caller, u.email, a.name AS assignee, "
            "a.email AS assignee_email "
            "FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
            "JOIN ticketing_sys_user a ON a.sys_id = i.assigned_to "
            "WHERE i.state IN (1, 2, 3) AND u.email LIKE '%@acme.example' AND u.email != ? AND a.email != ? "
            "AND a.email != u.email AND u.email IN (SELECT mail FROM office_user) "
            "AND a.email IN (SELECT mail FROM office_user) ORDER BY u.email, i.number",
            AMBER,
            AMBER,
        )
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        day, hour, minutes = d.choice(DAYS), d.choice([9, 10, 11, 13, 14, 15]), d.choice([30, 45])
        mails = [inc["email"], inc["assignee_email"]]
        start = utc(day, hour) + ":00Z"
        end = utc(day, 17) + ":00Z"
        found = d.world.call(
            "office_find_meeting_times", attendees=mails, duration_minutes=minutes, start=start, end=end
        )
        if not found.get("suggestions"):
            raise Redraw("no common free slot that day")
        slot = found["suggestions"][0]
        n = inc["number"]
        title = f"{n} sync"
        at = when(day, hour).replace(" at ", ", from ")
        phrasings = [
            f'Book a {minutes}-minute Teams meeting "{title}" with the caller of {n} and the analyst '
            f"assigned to it: the first slot {at} on when all three of us are free.",
            f'{n} needs a quick call. Invite its caller and its assignee to "{title}" ({minutes} min, '
            f"online) at the earliest time {at} that works for everyone, me included.",
            f"Find the first common free {minutes} minutes {at} for me, the person who raised {n} and the "
            f'analyst working it, and send a Teams invite "{title}".',
            f'Schedule "{title}": {minutes} minutes online with {n}\'s caller and assignee, the first slot '
            f"{at} where nobody is busy.",
            f'Please get the caller and the assigned analyst of {n} into a Teams call "{title}" ({minutes} '
            f"minutes) — earliest common free time {at}.",
        ]
        prompt, k = phrase(d, phrasings)
        prompt = f"{prompt} {WORKING_HOURS}"
        outsider = next(r["email"] for r in pool if r["email"] not in mails)
        ui = [
            UiStep(goto=f"/s/ticketing/incidents/{n}"),
            UiStep(expect_text=n),
            *first_free_slot_ui(title, mails, day, hour, minutes, slot),
        ]
        return Spec(
            prompt=prompt,
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("office_find_people", query=inc["caller"]),
                step("office_find_people", query=inc["assignee"]),
                step(
                    "office_find_meeting_times",
                    attendees=mails,
                    duration_minutes=minutes,
                    start=start,
                    end=end,
                ),
                step(
                    "office_create_event",
                    subject=title,
                    start="$4.suggestions.0.start",
                    end="$4.suggestions.0.end",
                    attendees=mails,
                    is_online_meeting=True,
                ),
            ],
            expect=teams_meeting_expect(Match(contains=n), slot, mails),
            allow=INVITE_SIDE_EFFECTS,
            ui_oracle=ui,
            wrong_record={inc["assignee_email"]: outsider},
            tags=["meeting", "incident", "free-busy", "cross-app"],
            phrasing=k,
        )


FAMILIES = [SupportReviewMeeting(), IncidentSyncMeeting()]
