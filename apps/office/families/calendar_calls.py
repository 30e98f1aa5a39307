"""Outlook work on Amber's upcoming customer calls: move one to another time (optionally bringing a
colleague along), or cancel it with a note to the customer.

Held-out entity: the customer (kind `account`, the CRM account id of the call's attendee).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.families.common import AMBER, colleagues, me_id, phrase, sent_mail, unique_name, when_ui
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

NY, UTC = ZoneInfo("America/New_York"), ZoneInfo("UTC")
NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
CALLS = """
SELECT e.id, e.subject, e.start_date_time AS start, e.end_date_time AS end, a.id AS attendee_id,
       a.email_address, a.name, c.crm_account_id AS account_id, c.company_name
FROM office_event e JOIN office_attendee a ON a.event_id = e.id
JOIN office_contact c ON c.email_address = a.email_address
WHERE e.organizer_id = ? AND e.start_date_time > ? AND e.is_cancelled = 0 AND e.recurrence IS NULL
ORDER BY e.start_date_time, e.id
"""
NOTES = [
    ("Apologies, something came up on our side — I will send new times shortly.", "send new times shortly"),
    ("We need to postpone; I'll follow up with a new proposal date.", "new proposal date"),
    ("Sorry for the short notice, let's reconnect next week.", "reconnect next week"),
]


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text[:19]).replace(tzinfo=UTC)


def _said(t: datetime) -> str:
    local = t.astimezone(NY)
    clock = f"{local.hour % 12 or 12}:{local.minute:02d} {'am' if local.hour < 12 else 'pm'}"
    return f"{local:%A}, {local:%B} {local.day} at {clock}"


def _day(t: datetime) -> str:
    local = t.astimezone(NY)
    return f"{local:%A, %B} {local.day}"


def _busy(d: Draw, start: datetime, end: datetime) -> bool:
    """Whether Amber's free/busy (series included) shows anything in [start, end)."""
    found = d.world.call(
        "office_get_schedule",
        schedules=[AMBER],
        start=start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        end=end.strftime("%Y-%m-%dT%H:%M:%SZ"),
        interval_minutes=15,
    )
    return any(ch != "0" for ch in found["schedules"][0]["availability_view"])


class CustomerCall(Family):
    name = "office.customer-call"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    author = "saasgym-office-team"
    summary = (
        "move an upcoming customer call to a new time (optionally inviting a colleague), or cancel it "
        "with a note"
    )

    def build(self, d: Draw) -> Spec:
        calls = d.world.rows(CALLS, me_id(d), NOW.strftime("%Y-%m-%d %H:%M:%S"))
        call = d.pick("account", calls, key="account_id")
        d.note("event", call["id"])
        start, end = _parse(call["start"]), _parse(call["end"])
        ref = d.choice(
            [
                f"my call with {call['name']} of {call['company_name']}",
                f"the {call['company_name']} call on {_day(start)}",
                f"my customer call on {_said(start)} (New York time)",
            ]
        )
        action = d.choice(["move", "move-invite", "move-invite", "cancel"])
        oracle = [
            step(
                "office_list_events",
                start=(start - timedelta(hours=12)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                end=(start + timedelta(hours=12)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            ),
            step("office_get_event", event_id=call["id"]),
        ]
        allow = [
            Allowance(table="office_message", ops=["insert"]),
            Allowance(table="office_scheduled_reply", ops=["insert"]),
        ]
        stamps = ["sequence", "last_modified_date_time"]
        others = [c for c in calls if c["id"] != call["id"]]
        decoy = others[len(call["name"]) % len(others)]["id"]
        if action == "cancel":
            note, key = d.choice(NOTES)
            with_note = d.chance(0.6)
            tail = f' Tell them: "{note}"' if with_note else ""
            phrasings = [
                f"Cancel {ref}.{tail}",
                f"Please call off {ref}; send the cancellation to the customer.{tail}",
                f"{ref[0].upper()}{ref[1:]} is not happening — cancel the meeting.{tail}",
                f"I can't make {ref}. Cancel it.{tail}",
                f"Remove {ref} from my calendar by cancelling it for everyone.{tail}",
            ]
            prompt, k = phrase(d, phrasings)
            allow.append(Allowance(table="office_event", ops=["update"], pk=call["id"], fields=stamps))
            oracle.append(step("office_cancel_event", event_id=call["id"], comment=note if with_note else ""))
            expect = [
                Expectation(
                    table="office_event", op="update", pk=call["id"], fields={"is_cancelled": eq(True)}
                )
            ]
            if with_note:
                expect.append(sent_mail(d, call["email_address"], key))
            ui = [
                UiStep(goto=f"/calendar/{call['id']}"),
                UiStep(click=("link", "Cancel meeting")),  # opens the Cancel event pane
                *([UiStep(fill=("Message to attendees", note))] if with_note else []),
                UiStep(click=("button", "Send")),
                UiStep(expect_text="This meeting was cancelled."),
            ]
            return Spec(
                prompt=prompt,
                oracle=oracle,
                expect=expect,
                allow=allow,
                ui_oracle=ui,
                wrong_record={call["id"]: decoy},
                tags=["calendar", "cancel", "with-note" if with_note else "no-note"],
                phrasing=k,
            )
        minutes = int((end - start).total_seconds() // 60)
        day = d.choice([date(2026, 11, n) for n in (3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20)])
        hour, minute = d.choice(
            [(9, 0), (9, 30), (10, 0), (11, 0), (11, 30), (13, 0), (14, 0), (14, 30), (15, 0)]
        )
        new_start = datetime(day.year, day.month, day.day, hour, minute, tzinfo=NY).astimezone(UTC)
        new_end = new_start + timedelta(minutes=minutes)
        if new_start.date() == start.date() and new_start == start:
            raise Redraw("same time")
        if _busy(d, new_start, new_end):
            raise Redraw("Amber is busy then")
        when = _said(new_start)
        fields: dict[str, Match] = {
            "start_date_time": eq(new_start.strftime("%Y-%m-%dT%H:%M")),
            "end_date_time": eq(new_end.strftime("%Y-%m-%dT%H:%M")),
        }
        expect = [Expectation(table="office_event", op="update", pk=call["id"], fields=fields)]
        allow.append(
            Allowance(
                table="office_attendee",
                ops=["update"],
                pk=call["attendee_id"],
                fields=["response_status", "response_time"],
            )
        )
        invite: list[dict[str, Any]] = []
        extra = ""
        if action == "move-invite":
            pool = colleagues(d, "department = 'Sales' AND job_title LIKE '%Account Executive%'")
            invite = sorted(d.rng.sample(pool, d.choice([1, 2, 2])), key=lambda p: p["mail"])
            for p in invite:
                unique_name(d, p)
            extra = f" and invite {' and '.join(p['display_name'] for p in invite)} to it as well"
        phrasings = [
            f"Move {ref} to {when} New York time (same length){extra}.",
            f"The customer asked to reschedule {ref}: make it {when} ET, keeping the duration{extra}.",
            f"Please push {ref} to {when} (Eastern){extra}.",
            f"Reschedule {ref} to start {when}, New York time{extra}. Keep it {minutes} minutes.",
            f"Can you shift {ref} to {when} ET{extra}?",
        ]
        prompt, k = phrase(d, phrasings)
        local = new_start.astimezone(NY)
        args: dict[str, Any] = {
            "event_id": call["id"],
            "start": local.strftime("%Y-%m-%dT%H:%M:%S"),
            "end": new_end.astimezone(NY).strftime("%Y-%m-%dT%H:%M:%S"),
            "time_zone": "America/New_York",
        }
        if invite:
            oracle += [step("office_find_people", query=p["display_name"]) for p in invite]
            args["add_attendees"] = [p["mail"] for p in invite]
            expect += [
                Expectation(
                    table="office_attendee",
                    op="insert",
                    fields={"event_id": eq(call["id"]), "email_address": eq(p["mail"])},
                )
                for p in invite
            ]
        oracle.append(step("office_update_event", **args))
        ui = [
            UiStep(goto=f"/calendar/{call['id']}"),
            UiStep(click=("link", "Edit")),
            *when_ui(args["start"], args["end"]),
            *[UiStep(fill=("Required attendees", p["mail"])) for p in invite],  # chosen in the picker
            UiStep(click=("button", "Send update")),
            UiStep(expect_text="Chat with participants"),  # back on the meeting's page, not the refused form
        ]
        zones = ["start_time_zone", "end_time_zone"]
        allow.append(Allowance(table="office_event", ops=["update"], pk=call["id"], fields=stamps + zones))
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui,
            wrong_record={call["id"]: decoy},
            tags=["calendar", "reschedule", action],
            phrasing=k,
        )


FAMILIES = [CustomerCall()]
