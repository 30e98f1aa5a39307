"""Activities: log a call with a contact, a follow-up task on a deal, a meeting with a contact."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import (
    ME,
    account_ref,
    accounts,
    contacts_of,
    open_opps_of,
    opportunities,
    other,
    phrase,
    user_name,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Expectation, OracleStep, UiStep

CALL_SUBJECTS = [
    ("Renewal terms discussion", "renewal terms"),
    ("Pricing follow-up", "pricing follow-up"),
    ("Implementation timeline", "implementation timeline"),
    ("Budget approval status", "budget approval"),
    ("Technical requirements review", "technical requirements"),
    ("Contract redlines walkthrough", "contract redlines"),
    ("Reference call request", "reference call"),
]
TASK_SUBJECTS = [
    ("Send revised proposal", "revised proposal"),
    ("Prepare ROI analysis", "ROI analysis"),
    ("Confirm decision makers", "decision makers"),
    ("Schedule executive sponsor meeting", "executive sponsor"),
    ("Share security questionnaire", "security questionnaire"),
    ("Draft order form", "order form"),
]
MEETINGS = [
    ("Quarterly business review", "business review"),
    ("Product demo", "demo"),
    ("Onsite workshop", "workshop"),
    ("Roadmap briefing", "roadmap"),
]
DAYS = ["2026-11-04", "2026-11-05", "2026-11-09", "2026-11-10", "2026-11-12", "2026-11-17", "2026-11-19"]


def _contact_pool(d: Draw) -> list[dict[str, Any]]:
    return accounts(d, "a.id IN (SELECT account_id FROM crm_contact)")


def _unique_contact(d: Draw, acc: dict[str, Any]) -> dict[str, Any]:
    people = contacts_of(d, acc["id"])
    person = d.choice(people)
    if sum(1 for p in people if p["full_name"] == person["full_name"]) > 1:
        raise Redraw("two contacts of the account share the name")
    d.note("contact", person["id"])
    d.distractors = (
        int(d.world.value("SELECT count(*) FROM crm_contact WHERE last_name = ?", person["last_name"])) - 1
    )
    return person


class LogCall(Family):
    name = "crm.log-call"
    version = 2  # v2: the batch knob (several())
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "log a finished call with a contact (type, minutes, subject; maybe about an open deal)"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("call-logging"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        acc = d.pick("account", _contact_pool(d), key="id")
        person = _unique_contact(d, acc)
        subject, key = d.choice(CALL_SUBJECTS)
        minutes = d.choice([5, 10, 12, 15, 20, 25, 30, 45])
        kind = d.choice(["Outbound", "Inbound"])
        deals = [o for o in open_opps_of(d, acc["id"]) if len(opportunities(d, "o.name = ?", o["name"])) == 1]
        deal = d.choice(deals) if deals and d.chance(0.4) else None
        if deal:
            d.note("opportunity", deal["id"])
        about = f" It was about the {deal['name']} opportunity; relate the call to it." if deal else ""
        who, a = person["full_name"], acc["name"]
        direction = "outbound call to" if kind == "Outbound" else "inbound call from"
        phrasings = [
            f"I just had a {minutes}-minute {direction} {who} at {a}. Log it with the subject "
            f'"{subject}".{about}',
            f'Log a call: {kind.lower()}, {minutes} minutes, with {who} ({a}). Subject: "{subject}".{about}',
            f'Please record my {direction} {who} of {a} — {minutes} min, subject "{subject}".{about}',
            f"{who} from {a} and I spoke for {minutes} minutes ({kind.lower()} call). Log it as "
            f'"{subject}".{about}',
            f'Add a logged call on {who}\'s contact record ({a}): "{subject}", {kind}, {minutes} '
            f"minutes.{about}",
        ]
        prompt, k = phrase(d, phrasings)
        args: dict[str, Any] = {
            "who_id": person["id"],
            "subject": subject,
            "call_type": kind,
            "call_duration_in_seconds": minutes * 60,
        }
        fields = {
            "who_id": eq(person["id"]),
            "task_subtype": eq("Call"),
            "status": eq("Completed"),
            "subject": Match(contains=key),
            "call_type": eq(kind),
            "call_duration_in_seconds": eq(minutes * 60),
            "owner_id": eq(ME),
        }
        lookup = [step("crm_list_contacts", search=who)]
        if deal:
            args["what_id"] = deal["id"]
            fields["what_id"] = eq(deal["id"])
            lookup.append(step("crm_list_opportunities", account_id=acc["id"], status="open"))
        people = contacts_of(d, acc["id"])
        wrong = (
            other(people, person)
            if len(people) > 1
            else other(contacts_of(d, other(_contact_pool(d), acc)["id"]), {"id": ""})
        )
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_log_call", **args)],
            expect=[Expectation(table="crm_task", op="insert", fields=fields)],
            ui_oracle=[
                UiStep(goto=f"/calls/new?who_id={person['id']}"),
                UiStep(fill=("Subject", subject)),
                UiStep(select=("Call Type", kind)),
                UiStep(fill=("Call Duration (seconds)", str(minutes * 60))),
                *([UiStep(fill=("Related To", deal["name"]))] if deal else []),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=subject),
            ],
            wrong_record={person["id"]: wrong["id"]},
            tags=["activity", "call", "contact"],
            phrasing=k,
        )


def deal_ref(
    d: Draw, acc: dict[str, Any], opps: list[dict[str, Any]]
) -> tuple[dict[str, Any], str, list[OracleStep]]:
    """An open deal of `acc` and how the prompt names it: by id (nothing to look up), by its (unique) name,
    as the account's biggest open deal, or as the one closing next; with the reads an agent needs."""
    way = d.choice(["id", "name", "biggest", "next"])
    if way == "id":
        deal = d.choice(opps)
        return deal, f"opportunity {deal['id']}", []
    if way == "biggest" and len(opps) > 1:
        ranked = sorted(opps, key=lambda o: (-(o["amount"] or 0), o["id"]))
        if (ranked[0]["amount"] or 0) > (ranked[1]["amount"] or 0):
            ref, lookup = account_ref(d, acc)
            return (
                ranked[0],
                f"the biggest open deal of {ref}",
                [
                    *lookup,
                    step(
                        "crm_list_opportunities",
                        account_id=acc["id"],
                        status="open",
                        sort_by="amount",
                        descending=True,
                    ),
                ],
            )
    if way == "next" and len(opps) > 1:
        ranked = sorted(opps, key=lambda o: (o["close_date"], o["id"]))
        if ranked[0]["close_date"] < ranked[1]["close_date"]:
            ref, lookup = account_ref(d, acc)
            return (
                ranked[0],
                f"the open deal of {ref} that closes next",
                [
                    *lookup,
                    step("crm_list_opportunities", account_id=acc["id"], status="open", sort_by="close_date"),
                ],
            )
    named = [o for o in opps if len(opportunities(d, "o.name = ?", o["name"])) == 1]
    if not named:
        raise Redraw("no uniquely named open deal")
    deal = d.choice(named)
    return deal, f"the {deal['name']} opportunity", [step("crm_list_opportunities", search=deal["name"])]


def task_insert(what_id: str, key: str, due: str, owner: str, **more: Match) -> Expectation:
    """A new task on `what_id` whose subject has `key`, due `due`, owned by `owner` (and `more`)."""
    fields = {
        "what_id": eq(what_id),
        "subject": Match(contains=key),
        "activity_date": eq(due),
        "owner_id": eq(owner),
    }
    return Expectation(table="crm_task", op="insert", fields={**fields, **more})


def task_ui(what_id: str, subject: str, due: str, owner: str, priority: str | None = None) -> list[UiStep]:
    """New Task on record `what_id`: subject, due date, (priority,) assigned to `owner` (a user's name)."""
    return [
        UiStep(goto=f"/tasks/new?what_id={what_id}"),
        UiStep(fill=("Subject", subject)),
        UiStep(fill=("Due Date", due)),
        *([UiStep(select=("Priority", priority))] if priority else []),
        UiStep(fill=("Assigned To", owner)),
        UiStep(click=("button", "Save")),
        UiStep(expect_text=subject),
    ]


def open_deal_accounts(d: Draw) -> list[dict[str, Any]]:
    return accounts(d, "a.id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0)")


class FollowUpTask(Family):
    name = "crm.follow-up-task"
    version = 2  # v2: the batch knob (several())
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "a follow-up task (due date, priority, assignee) on an open deal named or found by relation"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("follow-up"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = open_deal_accounts(d)
        acc = d.pick("account", pool, key="id")
        opps = open_opps_of(d, acc["id"])
        deal, ref, lookup = deal_ref(d, acc, opps)
        d.note("opportunity", deal["id"])
        d.distractors = len(opps) - 1
        subject, key = d.choice(TASK_SUBJECTS)
        due = d.choice(DAYS)
        priority = d.choice(["High", "Normal", "Low"])
        to_owner = d.chance(0.5) and deal["owner_id"] != ME
        owner = deal["owner_id"] if to_owner else ME
        whom = "the deal's owner" if to_owner else "me"
        phrasings = [
            f'Create a task "{subject}" on {ref}, due {due}, {priority.lower()} priority, assigned to '
            f"{whom}.",
            f'Add a {priority.lower()}-priority follow-up to {ref}: "{subject}" by {due}. Assign it to '
            f"{whom}.",
            f'Please put a to-do on {ref} — "{subject}", due date {due}, priority {priority}, owner: {whom}.',
            f'For {ref}, I need a task "{subject}" (due {due}, {priority} priority) for {whom}.',
            f'Follow-up needed on {ref}: "{subject}". Due {due}; priority {priority}; assign to {whom}.',
        ]
        prompt, k = phrase(d, phrasings)
        if to_owner:
            lookup.append(step("crm_get_opportunity", opportunity_id=deal["id"]))
        args = {
            "subject": subject,
            "what_id": deal["id"],
            "activity_date": due,
            "priority": priority,
            "owner_id": owner,
        }
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_create_task", **args)],
            expect=[task_insert(deal["id"], key, due, owner, priority=eq(priority), is_closed=eq(False))],
            ui_oracle=task_ui(deal["id"], subject, due, user_name(d, owner), priority),
            wrong_record={
                deal["id"]: other(opps, deal)["id"]
                if len(opps) > 1
                else other(opportunities(d, "o.is_closed = 0"), deal)["id"]
            },
            tags=["activity", "task", "opportunity"],
            phrasing=k,
        )


class ScheduleEvent(Family):
    name = "crm.schedule-event"
    version = 2  # v2: the batch knob (several())
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "a meeting with a contact, related to the contact's account (day, start, length, location)"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("meeting"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = _contact_pool(d)
        acc = d.pick("account", pool, key="id")
        person = _unique_contact(d, acc)
        subject, key = d.choice(MEETINGS)
        day = d.choice(DAYS)
        hour = d.choice([9, 10, 11, 13, 14, 15, 16])
        length = d.choice([30, 60, 90])
        start = f"{day}T{hour:02d}:00:00"
        end_h, end_m = hour + (length // 60), length % 60
        end = f"{day}T{end_h:02d}:{end_m:02d}:00"
        place = d.choice([None, "Zoom", "Their office", "Acme HQ, Room 4"])
        at = f" Location: {place}." if place else ""
        who, a = person["full_name"], acc["name"]
        phrasings = [
            f'Schedule a "{subject}" with {who} of {a} on {day} from {hour:02d}:00 for {length} '
            f"minutes, related to the {a} account.{at}",
            f'Put a meeting on my calendar: "{subject}", {day} at {hour:02d}:00 (UTC), {length} min, '
            f"with {who} ({a}); link it to the account.{at}",
            f"Book {length} minutes with {who} at {a} on {day}, starting {hour:02d}:00 — subject "
            f'"{subject}", on the {a} account.{at}',
            f'{who} from {a} agreed to a "{subject}" on {day}, {hour:02d}:00–{end_h:02d}:{end_m:02d}. '
            f"Create the event on the account with them as attendee.{at}",
            f'Create an event "{subject}" for {day} {hour:02d}:00 to {end_h:02d}:{end_m:02d} with '
            f"contact {who}, related to {a}.{at}",
        ]
        prompt, k = phrase(d, phrasings)
        args: dict[str, Any] = {
            "subject": subject,
            "start_date_time": start,
            "end_date_time": end,
            "who_id": person["id"],
            "what_id": acc["id"],
        }
        fields = {
            "who_id": eq(person["id"]),
            "what_id": eq(acc["id"]),
            "subject": Match(contains=key),
            "start_date_time": eq(start[:16]),
            "end_date_time": eq(end[:16]),
        }
        if place:
            args["location"] = place
            fields["location"] = Match(text=place)
        return Spec(
            prompt=prompt,
            oracle=[step("crm_list_contacts", search=who), step("crm_create_event", **args)],
            expect=[Expectation(table="crm_event", op="insert", fields=fields)],
            ui_oracle=[
                UiStep(goto=f"/events/new?who_id={person['id']}"),
                UiStep(fill=("Subject", subject)),
                UiStep(fill=("Start", start[:16])),
                UiStep(fill=("End", end[:16])),
                *([UiStep(fill=("Location", place))] if place else []),
                UiStep(fill=("Related To", a)),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=subject),
            ],
            wrong_record={
                person["id"]: other(contacts_of(d, acc["id"]), person)["id"]
                if len(contacts_of(d, acc["id"])) > 1
                else ""
            },
            tags=["activity", "event", "contact"],
            phrasing=k,
        )


FAMILIES = [LogCall(), FollowUpTask(), ScheduleEvent()]
