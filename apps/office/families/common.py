"""Queries and truth pieces the office families share (the acting user is Amber Miller)."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.core.ui_dates import clock_12h
from apps.office.ui_scheduling import slot_label
from tasks.families.base import Draw, Redraw, eq
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

AMBER = "amber.miller@acme.example"
NY = ZoneInfo("America/New_York")  # Amber's zone

INBOX = """
SELECT m.id, m.subject, m.from_name, m.from_address, m.is_read, m.flag_status, m.importance, m.categories,
       m.conversation_id, m.received_date_time, m.owner_id
FROM office_message m JOIN office_mail_folder f ON f.id = m.parent_folder_id
JOIN office_user u ON u.id = m.owner_id
WHERE u.mail = ? AND f.well_known_name = 'inbox' AND m.is_draft = 0 AND m.meeting_message_type IS NULL
ORDER BY m.received_date_time, m.id
"""


def inbox(d: Draw) -> list[dict[str, Any]]:
    """Amber's inbox (no drafts, no meeting messages), oldest first."""
    return d.world.rows(INBOX, AMBER)


def folder_id(d: Draw, well_known: str) -> str:
    """The id of one of Amber's well-known mail folders."""
    return d.world.value(
        "SELECT f.id FROM office_mail_folder f JOIN office_user u ON u.id = f.owner_id "
        "WHERE u.mail = ? AND f.well_known_name = ?",
        AMBER,
        well_known,
    )


def touched(message_id: str) -> Allowance:
    """The message's modified stamp."""
    return Allowance(
        table="office_message", ops=["update"], pk=message_id, fields=["last_modified_date_time"]
    )


def single_subject(d: Draw, pool: list[dict[str, Any]], msg: dict[str, Any], by_sender: bool) -> None:
    """Redraw unless the mail is the only one with its subject (from its sender, when `by_sender`)."""
    same = [
        m
        for m in pool
        if m["subject"] == msg["subject"] and (not by_sender or m["from_address"] == msg["from_address"])
    ]
    if len(same) > 1:
        raise Redraw("another mail has the same subject")


def other_mail(pool: list[dict[str, Any]], msg: dict[str, Any]) -> str:
    """Another inbox mail (another sender, another conversation) for the wrong-record mutant."""
    rest = [
        m
        for m in pool
        if m["from_address"] != msg["from_address"] and m["conversation_id"] != msg["conversation_id"]
    ]
    return rest[pool.index(msg) % len(rest)]["id"]


def search_text(subject: str) -> str:
    """A search query for a subject (quotes would be taken as search syntax)."""
    return " ".join(re.sub(r"[\"']", " ", subject).split())


CUSTOMERS = """
SELECT f.id AS folder_id, f.name, a.id AS account_id,
       (SELECT p.id FROM office_drive_item p WHERE p.parent_id = f.id AND p.name LIKE 'Account plan - %'
        ORDER BY p.id LIMIT 1) AS plan_id,
       (SELECT p.id FROM office_drive_item p WHERE p.parent_id = f.id AND p.name LIKE 'Proposal - %'
        ORDER BY p.id LIMIT 1) AS proposal_id
FROM office_drive_item f JOIN office_drive_item c ON c.id = f.parent_id AND c.name = 'Customers'
JOIN office_user u ON u.id = f.owner_id AND u.mail = ?
JOIN (SELECT DISTINCT company_name, crm_account_id AS id FROM office_contact
      WHERE crm_account_id IS NOT NULL) a ON a.company_name = f.name
WHERE f.kind = 'folder'
ORDER BY f.name, a.id
"""


def me_id(d: Draw) -> str:
    """Amber's office user id."""
    return d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)


def sent_mail(d: Draw, to: str, says: str | Match) -> Expectation:
    """A mail Amber sent (her Sent Items copy) to `to` whose body has the words `says` (words the prompt
    quotes) or meets the rule `says`."""
    return Expectation(
        table="office_message",
        op="insert",
        fields={
            "owner_id": eq(me_id(d)),
            "to_recipients": Match(contains=to),
            "body_content": Match(contains=says) if isinstance(says, str) else says,
        },
    )


def customers(d: Draw) -> list[dict[str, Any]]:
    """Amber's customer folders (Customers/<account name>) with the CRM account id (the held-out kind
    `account`) and the ids of the account plan and proposal filed in each."""
    return [c for c in d.world.rows(CUSTOMERS, AMBER) if c["plan_id"] and c["proposal_id"]]


def item_name(d: Draw, item_id: str) -> str:
    return d.world.value("SELECT name FROM office_drive_item WHERE id = ?", item_id)


def colleagues(d: Draw, where: str = "1 = 1", *params: Any) -> list[dict[str, Any]]:
    """Amber's colleagues matching `where` (id, name, mail, title, department, office), by mail."""
    return d.world.rows(
        "SELECT id, display_name, mail, job_title, department, office_location FROM office_user "
        f"WHERE mail != ? AND mail LIKE '%@acme.example' AND ({where}) ORDER BY mail",
        AMBER,
        *params,
    )


def unique_name(d: Draw, person: dict[str, Any]) -> None:
    """Redraw unless no other employee has the person's display name."""
    n = d.world.value("SELECT count(*) FROM office_user WHERE display_name = ?", person["display_name"])
    if n != 1:
        raise Redraw(f"two employees are called {person['display_name']}")


def phrase(d: Draw, phrasings: list[str]) -> tuple[str, int]:
    """One of the phrasings (≥ 5) and its index."""
    if len(phrasings) < 5:
        raise ValueError("a family needs at least five phrasings")
    k = d.rng.randrange(len(phrasings))
    return phrasings[k], k


def names_list(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def edited(item_id: str, size: bool = True) -> Allowance:
    """A drive item's modified stamps (and size) after its content or place changed."""
    fields = ["last_modified_date_time", "last_modified_by_id"] + (["size"] if size else [])
    return Allowance(table="office_drive_item", ops=["update"], pk=item_id, fields=fields)


def shared_with_me(d: Draw, role: str, folders: bool) -> list[dict[str, Any]]:
    """Items someone else shared with Amber directly with `role` (folders or files), with the owner's name."""
    return d.world.rows(
        "SELECT d.id, d.name, o.display_name AS owner FROM office_drive_item d "
        "JOIN office_permission p ON p.item_id = d.id JOIN office_user o ON o.id = d.owner_id "
        f"WHERE p.user_id = ? AND p.roles = ? AND d.kind {'=' if folders else '!='} 'folder' ORDER BY d.id",
        me_id(d),
        f'["{role}"]',
    )


def attendee(mail: str) -> Expectation:
    """A required attendee of a meeting the instance creates."""
    return Expectation(
        table="office_attendee", op="insert", fields={"email_address": eq(mail), "type": eq("required")}
    )


def teams_meeting_expect(subject: Match, slot: dict[str, str], mails: list[str]) -> list[Expectation]:
    """A new Teams meeting at `slot` (its start and end, UTC) with `mails` as required attendees."""
    event = Expectation(
        table="office_event",
        op="insert",
        fields={
            "subject": subject,
            "start_date_time": eq(slot["start"][:16]),
            "end_date_time": eq(slot["end"][:16]),
            "is_cancelled": eq(False),
            "is_online_meeting": eq(True),
        },
    )
    return [event, *[attendee(m) for m in mails]]


def ny_local(day: date, hour: int, minutes: int = 0) -> str:
    """A New York wall-clock time as the meeting form's datetime-local value (Amber's zone)."""
    moment = datetime(day.year, day.month, day.day, hour, tzinfo=NY) + timedelta(minutes=minutes)
    return moment.strftime("%Y-%m-%dT%H:%M")


def suggestion_label(slot: dict[str, str]) -> str:
    """How the Scheduling Assistant names a suggested time (New York, Amber's zone)."""
    s, e = (datetime.fromisoformat(slot[k].replace("Z", "+00:00")).astimezone(NY) for k in ("start", "end"))
    return slot_label(s, e)


def when_ui(start: str, end: str) -> list[UiStep]:
    """The meeting form's Start date, Start time, End date and End time for two minutes in the form's zone
    ("YYYY-MM-DDTHH:MM"), each time typed as the form's 30-minute list names it ("9:30 AM")."""
    steps = []
    for part, value in (("Start", start), ("End", end)):
        moment = datetime.strptime(value[:16], "%Y-%m-%dT%H:%M")
        steps.append(UiStep(fill=(f"{part} date", moment.date().isoformat())))
        steps.append(UiStep(fill=(f"{part} time", clock_12h(moment))))
    return steps


def first_free_slot_ui(
    title: str, mails: list[str], day: date, hour: int, minutes: int, slot: dict[str, str]
) -> list[UiStep]:
    """The new-meeting form: the title, each attendee chosen in the people picker, the search's start
    (`hour` on `day`, New York) and the length as start and end, then the Scheduling Assistant's suggested
    `slot` (the first time everyone is free), Teams meeting, Send invitation."""
    return [
        UiStep(goto="/s/office/calendar/new"),
        UiStep(fill=("Title", title)),
        *[UiStep(fill=("Required attendees", m)) for m in mails],
        *when_ui(ny_local(day, hour), ny_local(day, hour, minutes)),
        UiStep(click=("button", "Scheduling Assistant")),
        UiStep(click=("link", suggestion_label(slot))),
        UiStep(check="Teams meeting"),
        UiStep(click=("button", "Send invitation")),
        UiStep(expect_text=title),
    ]


def type_cells(start: str, rows: list[list[Any]]) -> list[UiStep]:
    """Typing into the workbook grid as a person does: the Name Box to each row's first cell (`start`'s
    column), then every value followed by Tab (an empty one, None, is just a Tab); one value ends with
    Enter. Numbers are typed as `{:g}` shows them."""
    column, row = re.match(r"([A-Z]+)(\d+)$", start.upper()).groups()
    steps: list[UiStep] = []
    for r, values in enumerate(rows, start=int(row)):
        steps += [UiStep(fill=("Name Box", f"{column}{r}")), UiStep(press="Enter")]
        key = "Enter" if len(values) == 1 else "Tab"
        for v in values:
            if v is not None:
                steps.append(UiStep(type=f"{v:g}" if isinstance(v, float) else str(v)))
            steps.append(UiStep(press=key))
    return steps


def share_ui(name: str, email: str, role: str) -> list[UiStep]:
    """OneDrive's Share dialog on My files: the file's Share button, the colleague's address in the people
    picker, Can edit (`role` write) or Can view (read), Send."""
    return [
        UiStep(goto="/s/office/files"),
        UiStep(click=("button", f"Share {name}")),
        UiStep(fill=("Add a name or email", email)),
        UiStep(select=("Permission", "Can edit" if role == "write" else "Can view")),
        UiStep(click=("button", "Send")),
        UiStep(expect_text=f"sent to {email}"),
    ]


def new_file_ui(name: str, kind: str) -> list[UiStep]:
    """My files → "+ Create or upload" → Word document or Excel workbook (`kind` document or workbook; the
    entry's address opens its name dialog), the name, Create: OneDrive opens the new file in its app."""
    return [
        UiStep(goto=f"/s/office/files?new={kind}"),
        UiStep(fill=("Name", name)),
        UiStep(click=("button", "Create")),
    ]


# The first common slot the meeting families expect is the Scheduling Assistant's (free/busy and every
# attendee's working hours): the prompt says so.
WORKING_HOURS = (
    "Free means free in our calendars and within everyone's working hours (each in their own time zone)."
)
