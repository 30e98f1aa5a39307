"""Trips by the company's Travel Policy (`office_policy` "travel"), where the policy changes what Amber
must do before a trip goes in the calendar. A hotel within the nightly limit on a trip at home is simply
booked; a hotel above the limit, or any trip abroad, needs her line manager's approval first — so the right
action is a mail to the manager, a wait for the answer, and only then the calendar block. A run that books
without asking leaves the approval missing and fails.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.core.handbook import NO_APPROVAL, travel_approver
from apps.office.families.common import AMBER, me_id, when_ui
from apps.office.families.handbook import MAIL_SIDE_EFFECTS, wait_step, wait_ui
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Expectation, OracleStep, UiStep

POLICY = "travel"
DOMESTIC = ["Chicago", "Boston", "Seattle", "Denver", "Atlanta", "Dallas", "Austin", "San Diego"]
ABROAD = ["London", "Paris", "Toronto", "Dublin", "Amsterdam", "Frankfurt", "Munich", "Madrid"]
REASONS = [
    "the quarterly business review",
    "the partner summit",
    "a customer workshop",
    "the regional sales kickoff",
    "an executive briefing",
]
HOTELS = ["the Marriott", "the Hyatt Regency", "the Hilton", "the Westin", "the Sheraton", "the Hotel Indigo"]


@dataclass
class Trip:
    """A trip Amber takes: where, why, when (local dates), the hotel and its nightly rate."""

    city: str
    international: bool
    reason: str
    hotel: str
    rate: int
    first: datetime  # the travel day, local midnight
    nights: int

    @property
    def shown(self) -> str:
        return f"${self.rate:,} a night"

    def local_window(self) -> tuple[str, str]:
        """The calendar block as a form in the traveller's zone shows it: 08:00 first day, 18:00 last."""
        back = self.first + timedelta(days=self.nights)
        return f"{self.first:%Y-%m-%d}T08:00", f"{back:%Y-%m-%d}T18:00"

    def window(self, zone: str) -> tuple[str, str]:
        """The calendar block in UTC: 08:00 on the travel day to 18:00 on the day back, local time."""
        tz = ZoneInfo(zone)
        start = datetime.combine(self.first.date(), time(8), tz)
        end = datetime.combine((self.first + timedelta(days=self.nights)).date(), time(18), tz)
        utc = ZoneInfo("UTC")
        return start.astimezone(utc).strftime("%Y-%m-%dT%H:%M"), end.astimezone(utc).strftime(
            "%Y-%m-%dT%H:%M"
        )


def policy(d: Draw) -> tuple[dict[str, Any], str]:
    row = d.world.rows("SELECT params, title FROM office_policy WHERE id = ?", POLICY)[0]
    return json.loads(row["params"]), row["title"]


def draw_trip(d: Draw, params: dict[str, Any], city: str, international: bool, over: bool) -> Trip:
    """A trip to `city` three to eight weeks ahead (so booking lead time is never the question), with a
    hotel rate within the policy's nightly limit or above it."""
    limit = params["hotel_per_night"]
    rate = d.rng.randrange(limit + 15, limit + 200, 5) if over else d.rng.randrange(limit - 110, limit + 1, 5)
    first = d.world.now.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0) + timedelta(
        days=d.rng.randrange(21, 56)
    )
    first += timedelta(days=(7 - first.weekday()) % 7 + d.rng.randrange(3))  # Mon-Wed
    return Trip(city, international, d.choice(REASONS), d.choice(HOTELS), rate, first, d.rng.randrange(1, 4))


def manager(d: Draw) -> dict[str, Any]:
    rows = d.world.rows(
        "SELECT m.id, m.mail, m.display_name FROM office_user u JOIN office_user m ON m.id = u.manager_id "
        "WHERE u.mail = ?",
        AMBER,
    )
    if not rows:
        raise Redraw("Amber has no manager")
    return rows[0]


def decoy(d: Draw, not_: str) -> str:
    """A colleague who may not approve Amber's trips (the wrong-record mutant asks them)."""
    rows = d.world.rows(
        "SELECT mail FROM office_user WHERE mail NOT IN (?, ?) AND mail LIKE '%@acme.example' ORDER BY mail",
        AMBER,
        not_,
    )
    return rows[len(not_) % len(rows)]["mail"]


def approval_request(boss: dict[str, Any], trip: Trip, title: str) -> dict[str, Any]:
    """The mail asking the manager to approve the trip (the rate per night and, abroad, the word
    "international" are what the manager decides by)."""
    abroad = "international " if trip.international else ""
    return {
        "to": [boss["mail"]],
        "subject": f"Trip approval: {trip.city}",
        "body": f"Hi {boss['display_name'].split()[0]}, could you approve my {abroad}trip to {trip.city} for "
        f"{trip.reason} ({trip.first:%Y-%m-%d}, {trip.nights} night{'s' if trip.nights > 1 else ''} at "
        f"{trip.hotel}, {trip.shown})? The {title} needs your approval before I book. Thanks, Amber",
    }


def approval_reply(d: Draw, boss: dict[str, Any]) -> Expectation:
    """The manager's "Approved" answer in Amber's mailbox: she asked the right person, and waited."""
    return Expectation(
        table="office_message",
        op="insert",
        note="the manager's approval reached Amber before the trip was booked",
        fields={
            "owner_id": eq(me_id(d)),
            "from_address": eq(boss["mail"]),
            "body_content": mentions.approved(),  # a decision in the manager's own words
        },
    )


def approval_ui(request: dict[str, Any]) -> list[UiStep]:
    """The approval request in the browser: Outlook's new mail, then the mail page's "Let time pass" for a
    day (the manager answers inside their own working hours)."""
    compose = [
        UiStep(goto="/s/office/mail/compose"),
        UiStep(fill=("To", request["to"][0])),
        UiStep(fill=("Subject", request["subject"])),
        UiStep(fill=("Message", request["body"])),
        UiStep(click=("button", "Send")),
    ]
    return [*compose, *wait_ui("/s/office/mail"), UiStep(expect_text=request["subject"])]


def trip_spec(
    d: Draw,
    *,
    prompt: str,
    phrasing: int,
    trip: Trip,
    title: str,
    reads: list[OracleStep],
    book: OracleStep,
    book_ui: list[UiStep],
    booked: Expectation,
    wrong_record: dict[str, str],
) -> Spec:
    """Either branch of a trip: booked at once (`book`, expecting `booked`) when the policy needs no
    approval; else the manager asked by mail, the answer waited for, then booked. `book_ui` is the booking
    in the browser. `wrong_record` swaps what is booked; the approval branch also swaps the manager for a
    colleague who may not approve."""
    params, _ = policy(d)
    role = travel_approver(params, trip.rate, trip.international)
    tags = ["handbook", POLICY, "abroad" if trip.international else "domestic"]
    if role == NO_APPROVAL:
        return Spec(
            prompt=prompt,
            oracle=[*reads, book],
            expect=[booked],
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=book_ui,
            wrong_record=wrong_record,
            tags=[*tags, "not-needed"],
            phrasing=phrasing,
        )
    boss = manager(d)
    ask = len(reads) + 1
    request = approval_request(boss, trip, title)
    return Spec(
        prompt=prompt,
        oracle=[
            *reads,
            step("office_get_my_profile"),
            step("office_send_mail", **request),
            wait_step(),
            book,
        ],
        expect=[approval_reply(d, boss), booked],
        allow=MAIL_SIDE_EFFECTS,
        ui_oracle=[*approval_ui(request), *book_ui],
        wrong_record={boss["mail"]: decoy(d, boss["mail"]), **wrong_record},
        off_by_one=False,  # the rate is in the mail's text; the only number is how long to wait
        tags=[*tags, "approval"],
        phrasing=phrasing,
        exchange=[ask, ask + 1],
        personas=[boss["mail"]],
    )


def _week_later(start: str, end: str) -> dict[str, str]:
    """The wrong-record mutant of a trip booked without approval: the calendar block a week off."""
    shift = {}
    for stamp in (start, end):
        later = datetime.fromisoformat(stamp) + timedelta(days=7)
        shift[f"{stamp}:00"] = later.strftime("%Y-%m-%dT%H:%M:00")
    return shift


class TravelApproval(Family):
    name = "office.travel-approval"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    # v2: the browser oracle (Outlook's mail, its wait, and the meeting form's Show as: Away); v3: every
    # phrasing asks for one block (none reads as a daily 08:00-18:00 series), the manager's approval is a
    # decision in their own words (a quoted "Approved" is not); v4: a day's wait (the manager answers inside
    # their own working hours, in their zone)
    version = 4
    author = "saasgym-handbook"
    summary = (
        "block a business trip in the calendar, after the line manager's approval when the Travel Policy "
        "asks for it (hotel above the nightly limit, or a trip abroad)"
    )

    def build(self, d: Draw) -> Spec:
        params, title = policy(d)
        branch = d.rng.randrange(3)  # the knob: within the policy, hotel over the limit, abroad
        international = branch == 2
        options = [{"id": c} for c in (ABROAD if international else DOMESTIC)]
        city = d.pick("trip-city", options, key="id")["id"]
        trip = draw_trip(
            d, params, city, international, over=branch == 1 or (international and d.chance(0.5))
        )
        zone = d.world.value("SELECT time_zone FROM office_user WHERE mail = ?", AMBER)
        start, end = trip.window(zone)
        subject = f"Trip to {trip.city}"
        back = trip.first + timedelta(days=trip.nights)
        stay = f"{trip.nights} night{'s' if trip.nights > 1 else ''} at {trip.hotel} ({trip.shown})"
        phrasings = [
            f"I'm going to {trip.city} for {trip.reason}, out on {trip.first:%Y-%m-%d} and back on "
            f"{back:%Y-%m-%d}, {stay}. Sort it out by the {title}: get it approved first if it needs that "
            f"(and wait for the answer), then block it in my calendar as '{subject}', out of office, 08:00 "
            "on the first day to 18:00 on the last.",
            f"Please handle my trip to {trip.city} ({trip.reason}): {stay}, leaving {trip.first:%Y-%m-%d}, "
            f"returning {back:%Y-%m-%d}. If the {title} says someone has to approve it before booking, ask "
            f"them and wait for their answer; once it can be booked, put '{subject}' in my calendar as out "
            "of office from 08:00 the day I leave to 18:00 the day I'm back.",
            f"Trip to {trip.city} on {trip.first:%Y-%m-%d} for {trip.reason}, {stay}, home on "
            f"{back:%Y-%m-%d}. Follow the {title} (approval before booking where it's required — wait for "
            f"it), then add one out-of-office block '{subject}' to my calendar, from 08:00 my time on the "
            "day I leave to 18:00 on the day I'm back.",
            f"Can you get my {trip.city} trip booked in properly? It's for {trip.reason}: {stay}, "
            f"{trip.first:%Y-%m-%d} to {back:%Y-%m-%d}. Check the {title}, get any approval it needs and "
            f"wait for it, then block the days in my calendar as '{subject}' (out of office, 08:00 first "
            "day to 18:00 last day).",
            f"I have {trip.reason} in {trip.city}: travelling {trip.first:%Y-%m-%d}, back "
            f"{back:%Y-%m-%d}, {stay}. Do whatever the {title} requires before booking (if an approval is "
            f"needed, wait for the reply) and then put '{subject}' in my calendar as out of office, one "
            "block from 08:00 local on the travel day to 18:00 on the day back.",
        ]
        k = d.rng.randrange(len(phrasings))
        block = step(
            "office_create_event",
            subject=subject,
            start=start + ":00",
            end=end + ":00",
            time_zone="UTC",
            location=trip.city,
            show_as="oof",
        )
        event = Expectation(
            table="office_event",
            op="insert",
            note="the trip blocked in Amber's calendar as out of office",
            fields={
                "subject": Match(text=subject),
                "start_date_time": eq(start),
                "end_date_time": eq(end),
                "show_as": eq("oof"),
                "is_cancelled": eq(False),
            },
        )
        first, last = trip.local_window()
        block_ui = [
            UiStep(goto="/s/office/calendar/new"),
            UiStep(fill=("Title", subject)),
            *when_ui(first, last),
            UiStep(fill=("Location", trip.city)),
            UiStep(select=("Show as", "Away")),
            UiStep(click=("button", "Send invitation")),
            UiStep(expect_text=subject),
        ]
        return trip_spec(
            d,
            prompt=phrasings[k],
            phrasing=k,
            trip=trip,
            title=title,
            reads=[step("office_search_drive", query=title)],
            book=block,
            book_ui=block_ui,
            booked=event,
            wrong_record=_week_later(start, end),
        )


FAMILIES = [TravelApproval()]
