"""Activities on contacts: log a call, create a follow-up task; edit a contact's details."""

from __future__ import annotations

from apps.crm.families.common import contacts, neighbour, unique_name
from mcp_gateway.families.base import Draw, Family, Spec, eq, step
from mcp_gateway.tasks.model import Expectation, Match

CALLS = [
    ("Renewal timing", "they want to renew in Q1"),
    ("Pricing questions", "asked for the Premium support price"),
    ("Onboarding check-in", "onboarding is on track"),
    ("Contract redlines", "legal will send redlines Friday"),
    ("Expansion interest", "interested in 50 more seats"),
    ("Support escalation", "escalation resolved, customer satisfied"),
]
DISPOSITIONS = ["Connected", "Left voicemail", "Scheduled follow-up"]
TASKS = [
    "Send updated proposal",
    "Book QBR",
    "Share case study",
    "Confirm renewal budget",
    "Schedule demo",
    "Send security questionnaire",
]
DUE = ["2026-11-04", "2026-11-06", "2026-11-10", "2026-11-13", "2026-11-18", "2026-11-24"]


class LogCall(Family):
    name = "crm.log-call"
    apps = ("crm",)
    author = "saasgym-crm-team"
    summary = "log a completed call with a contact (type, duration, result, notes) on their account"

    def build(self, d: Draw) -> Spec:
        pool = contacts(d)
        c = d.pick("contact", pool, key="id")
        d.distractors = unique_name(d, pool, c)
        topic, notes = d.choice(CALLS)
        call_type = d.choice(["Inbound", "Outbound"])
        minutes = d.choice([5, 10, 12, 15, 20, 25, 30, 45])
        result = d.choice(DISPOSITIONS)
        who, acct = c["name"], c["account_name"]
        verb = "called me" if call_type == "Inbound" else "I called"
        side = "they called me" if call_type == "Inbound" else "I called"
        role = c["title"] or "contact"
        phrasings = [
            f'Log a call: {who} from {acct} {verb} about "{topic}" ({minutes} minutes, {result}). '
            f"Notes: {notes}.",
            f"{'Inbound' if call_type == 'Inbound' else 'Outbound'} call with {who} ({acct}), {minutes} min, "
            f'result {result}. Subject "{topic}"; note that {notes}.',
            f"Please record my {minutes}-minute {call_type.lower()} call with {acct}'s {role} "
            f'{who}: "{topic}", {result}, notes: {notes}.',
            f"Add the call to {who}'s contact record at {acct}: {call_type.lower()}, {minutes} minutes, "
            f'"{topic}", outcome {result}. {notes[0].upper()}{notes[1:]}.',
            f"Just got off the phone with {who} of {acct} ({side}). "
            f'Log it as "{topic}", {call_type}, {minutes} minutes, {result}; notes: {notes}.',
        ]
        k = d.rng.randrange(len(phrasings))
        wrong = neighbour(pool, c)
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_list_contacts", search=who),
                step(
                    "crm_log_call",
                    subject=topic,
                    who_id=c["id"],
                    what_id=c["account_id"],
                    call_type=call_type,
                    call_duration_in_seconds=minutes * 60,
                    call_disposition=result,
                    description=notes,
                ),
            ],
            expect=[
                Expectation(
                    table="crm_task",
                    op="insert",
                    fields={
                        "who_id": eq(c["id"]),
                        "what_id": eq(c["account_id"]),
                        "task_subtype": eq("Call"),
                        "call_type": eq(call_type),
                        "call_duration_in_seconds": eq(minutes * 60),
                        "call_disposition": Match(text=result),
                        "subject": Match(contains=topic),
                        "description": Match(contains=notes),
                        "status": eq("Completed"),
                    },
                )
            ],
            wrong_record={c["id"]: wrong["id"], c["account_id"]: wrong["account_id"]},
            tags=["activity", "call"],
            phrasing=k,
        )


class FollowUpTask(Family):
    name = "crm.follow-up-task"
    apps = ("crm",)
    author = "saasgym-crm-team"
    summary = "a follow-up task for a contact with subject, due date and priority"

    def build(self, d: Draw) -> Spec:
        pool = contacts(d)
        c = d.pick("contact", pool, key="id")
        d.distractors = unique_name(d, pool, c)
        subject, due = d.choice(TASKS), d.choice(DUE)
        priority = d.choice(["High", "Normal", "Low"])
        who, acct = c["name"], c["account_name"]
        p = "" if priority == "Normal" else f", {priority.lower()} priority"
        phrasings = [
            f'Create a task for me to "{subject}" with {who} ({acct}), due {due}{p}.',
            f"Remind me to {subject.lower()} for {who} at {acct} by {due}{p}. Put it on the contact.",
            f'New CRM task on {acct}\'s contact {who}: "{subject}", due date {due}{p}.',
            f'I owe {who} from {acct} something: "{subject}". Add a to-do due {due}{p}.',
            f'Please add a follow-up "{subject}" for {who} ({acct}) — due {due}{p}.',
        ]
        k = d.rng.randrange(len(phrasings))
        args = {"subject": subject, "who_id": c["id"], "what_id": c["account_id"], "activity_date": due}
        if priority != "Normal":
            args["priority"] = priority
        wrong = neighbour(pool, c)
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_search_records", query=who, objects=["contact"]),
                step("crm_create_task", **args),
            ],
            expect=[
                Expectation(
                    table="crm_task",
                    op="insert",
                    fields={
                        "who_id": eq(c["id"]),
                        "subject": Match(contains=subject),
                        "activity_date": eq(due),
                        "priority": eq(priority),
                        "is_closed": eq(False),
                    },
                )
            ],
            wrong_record={c["id"]: wrong["id"], c["account_id"]: wrong["account_id"]},
            tags=["activity", "task"],
            phrasing=k,
        )


TITLES = [
    "VP of Operations",
    "Director of IT",
    "Head of Procurement",
    "Chief Financial Officer",
    "IT Manager",
    "Operations Manager",
    "Senior Buyer",
    "Chief Technology Officer",
]


class UpdateContact(Family):
    name = "crm.update-contact"
    apps = ("crm",)
    author = "saasgym-crm-team"
    summary = "update a contact's title, phone or department (named by name and account)"

    def build(self, d: Draw) -> Spec:
        pool = contacts(d)
        c = d.pick("contact", pool, key="id")
        d.distractors = unique_name(d, pool, c)
        what = d.choice(["title", "phone", "department"])
        if what == "title":
            value = d.choice([t for t in TITLES if t != c["title"]])
        elif what == "phone":
            value = f"({d.rng.randrange(201, 989)}) 555-{d.rng.randrange(1000, 9999)}"
        else:
            value = d.choice(
                [x for x in ("Finance", "Operations", "IT", "Procurement", "Legal") if x != c["department"]]
            )
        who, acct, label = c["name"], c["account_name"], {"department": "department"}.get(what, what)
        phrasings = [
            f"{who} at {acct} has a new {label}: {value}. Please update the contact.",
            f"Update {acct}'s contact {who} — {label} is now {value}.",
            f"Change the {label} of {who} ({acct}) to {value}.",
            f"FYI {who} from {acct} told me their {label} changed to {value}; fix it in the CRM.",
            f"Please set {value} as the {label} on {who}'s contact record ({acct}).",
        ]
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_list_contacts", search=c["last_name"], account_id=c["account_id"]),
                step("crm_update_contact", contact_id=c["id"], **{what: value}),
            ],
            expect=[
                Expectation(table="crm_contact", op="update", pk=c["id"], fields={what: Match(text=value)})
            ],
            wrong_record={c["id"]: neighbour(pool, c)["id"]},
            tags=["contact", "update"],
            phrasing=k,
        )


FAMILIES = [LogCall(), FollowUpTask(), UpdateContact()]
