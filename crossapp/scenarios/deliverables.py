"""Scenario moves whose deliverable is an office file: a workbook of named worksheets (rows of values and
formulas) and a Word document of headed sections, scored on their content — a worksheet's grid of
computed values and a document's sections (`AppSpec.derived_fields`, matched with the table rule: every
expected row found by its key with its exact amounts, in any order and layout) plus the formula cells
that must compute a total or a count. The persona exchange asks a colleague when (or what) to review:
they answer on the logical clock (`apps/office/coworkers/reviews.py`) and the meeting goes in at that time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.coworkers.reviews import review_slot
from apps.office.families.common import AMBER, attendee, share_ui
from crossapp.scenarios.file_ui import document_ui, meeting_ui, open_file_ui, workbook_ui
from crossapp.scenarios.kit import SIDE_EFFECTS, Plan
from crossapp.xapp.common import compose_ui
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Allowance, Checkpoint, Expectation

PRIORITY_WORDS = {1: "Critical", 2: "High", 3: "Moderate", 4: "Low", 5: "Planning"}  # sheet labels
START = date(2026, 11, 2)  # the worlds' clock: the day the colleague is asked
FILE_SIDE_EFFECTS = [
    *SIDE_EFFECTS,
    Allowance(table="office_worksheet", ops=["insert", "update"]),
    Allowance(table="office_cell", ops=["insert", "update", "delete"]),
    Allowance(table="office_doc_block", ops=["insert", "update", "delete"]),
    Allowance(table="office_drive_item", ops=["update"], fields=["size", "name"]),
]


@dataclass(frozen=True)
class Colleague:
    """Someone the scenario asks (their mail, name, office id, time zone)."""

    mail: str
    name: str
    office_id: str
    zone: str

    @property
    def first(self) -> str:
        return self.name.split()[0]


def colleague(d: Draw, mail: str) -> Colleague:
    """The colleague with address `mail` (Redraw when they have no mailbox or are Amber)."""
    rows = d.world.rows("SELECT id, display_name, time_zone FROM office_user WHERE mail = ?", mail)
    if not rows or mail == AMBER:
        raise Redraw(f"{mail} is no colleague to ask")
    return Colleague(mail, rows[0]["display_name"], rows[0]["id"], rows[0]["time_zone"])


def spoken(day: date) -> str:
    """How the colleague writes the day: "Wednesday, December 2"."""
    return f"{day:%A, %B} {day.day}"


def rows_rule(rows: list[TableRow], other_keys: str | None = None) -> Match:
    return Match(table=TableMatch(rows=rows, other_keys=other_keys))


def formula_cell(function: str, value: float, tol: float = 0.005) -> Expectation:
    """A new cell holding a `function` formula (SUM, COUNTIF, AVERAGE…) whose computed value is `value`."""
    return Expectation(
        table="office_cell",
        op="insert",
        note=f"a {function} formula computing {value:g}",
        fields={"formula": Match(contains=f"{function}("), "value": Match(approx=value, tol=tol)},
    )


class FilePlan(Plan):
    """A scenario plan whose deliverables are files; `$n` references point at the results of the steps
    that created the files. Its browser oracle types the same files (the grid, the editor) and uses the
    Files page's Share dialog; `files` maps each `$n` reference to the file's name and last line."""

    files: dict[str, tuple[str, str]] | None = None
    browser: bool = True  # False once a step has no browser way (then the instance has no UI oracle)

    def workbook(self, name: str, sheets: list[tuple[str, list[list[Any]]]]) -> str:
        """Create workbook `name` with `sheets` (worksheet name, rows from A1); returns its `$n.item.id`."""
        self.ui += workbook_ui(name, sheets)
        first, rows = sheets[0]
        self.oracle.append(step("office_create_workbook", name=name, worksheet=first))
        ref = f"${len(self.oracle)}.item.id"
        self.oracle.append(step("office_update_range", item_id=ref, start_address="A1", values=rows))
        for sheet, rows in sheets[1:]:
            self.oracle.append(step("office_add_worksheet", item_id=ref, name=sheet))
            self.oracle.append(
                step("office_update_range", item_id=ref, worksheet=sheet, start_address="A1", values=rows)
            )
        return ref

    def sheet(self, name: str, rows: list[TableRow], other_keys: str | None = None) -> Expectation:
        """A new worksheet called `name` (any case) whose grid holds `rows`."""
        return Expectation(
            table="office_worksheet",
            op="insert",
            note=f"worksheet {name}",
            fields={"name": Match(text=name), "grid": rows_rule(rows, other_keys)},
        )

    def document(self, name: str, markdown: str) -> str:
        """Create document `name` from `markdown`; returns its `$n.item.id`."""
        self.oracle.append(step("office_create_document", name=name, content=markdown))
        self.ui += document_ui(name, markdown.split("\n"))
        ref = f"${len(self.oracle)}.item.id"
        self.files = {**(self.files or {}), ref: (f"{name}.docx", markdown.split("\n")[-1].lstrip("#- "))}
        return ref

    def paragraph(self, ref: str, text: str) -> None:
        """Append a paragraph to the document `ref`."""
        self.oracle.append(
            step("office_insert_document_block", item_id=ref, block_type="paragraph", text=text)
        )
        name, last = (self.files or {})[ref]
        self.ui += [*open_file_ui(name), *document_ui(None, [text], after=last)]
        self.files = {**(self.files or {}), ref: (name, text)}

    def ask(self, who: Colleague, subject: str, body: str, what: str) -> None:
        """Find `who`, mail them a question, let a day pass, read the inbox (the persona exchange)."""
        self.read("office_find_people", query=who.name)
        self.exchange.append(len(self.oracle))
        self.oracle.append(step("office_send_mail", to=[who.mail], subject=subject, body=body))
        self.ui += compose_ui(who.mail, subject, body)
        self.personas.append(who.mail)
        asked = Expectation(
            table="office_message",
            op="insert",
            fields={
                "owner_id": eq(who.office_id),
                "from_address": eq(AMBER),  # any subject: the prompt leaves it to the performer
                "meeting_message_type": Match(is_null=True),  # a question, not the invitation that follows
            },
        )
        self.checkpoints.append(Checkpoint(name=f"asked the {what} ({who.name})", expect=[asked]))
        self.wait_day()
        self.read("office_list_messages", folder="inbox", unread_only=True)

    def answered(self, who: Colleague, says: Match) -> None:
        """The colleague's answer (meeting `says`) reached Amber: she asked the right person and waited."""
        self.heard(f"{who.name}'s answer received", [who.mail], says, "the colleague's answer reached Amber")

    def meeting(self, title: str, who: Colleague, key: str, agenda: str) -> tuple[date, int]:
        """The hour-long meeting at the time `who` gave for review `key` (their time zone); returns it."""
        day, hour = review_slot(key, START)
        start = datetime(day.year, day.month, day.day, hour, tzinfo=ZoneInfo(who.zone))
        end = start.replace(hour=hour + 1)
        self.read(
            "office_list_events", start=f"{day.isoformat()}T00:00:00Z", end=f"{day.isoformat()}T23:59:00Z"
        )
        self.oracle.append(
            step(
                "office_create_event",
                subject=title,
                start=start.strftime("%Y-%m-%dT%H:%M:%S"),
                end=end.strftime("%Y-%m-%dT%H:%M:%S"),
                time_zone=who.zone,
                attendees=[who.mail],
                body=agenda,
            )
        )
        self.ui += meeting_ui(title, [who.mail], start, end, agenda)
        utc = ZoneInfo("UTC")
        event = {
            "subject": Match(contains=title),
            "start_date_time": eq(start.astimezone(utc).strftime("%Y-%m-%dT%H:%M")),
            "end_date_time": eq(end.astimezone(utc).strftime("%Y-%m-%dT%H:%M")),
            "is_cancelled": eq(False),
        }
        exp = [Expectation(table="office_event", op="insert", fields=event), attendee(who.mail)]
        self.milestone(f"{title} on the calendar at the time {who.first} gave", exp)
        return day, hour

    def share(self, ref: str, who: Colleague, role: str, what: str) -> None:
        """Share the file `ref` with `who` (`role` read or write)."""
        self.oracle.append(step("office_share_drive_item", item_id=ref, email=who.mail, role=role))
        self.ui += share_ui((self.files or {})[ref][0], who.mail, role)
        fields = {"user_id": eq(who.office_id), "roles": Match(contains=role)}
        self.milestone(
            f"{what} shared with {who.name}",
            [Expectation(table="office_permission", op="insert", fields=fields)],
        )

    def spec(self, prompt: str, tags: list[str], phrasing: int) -> Spec:
        return Spec(
            prompt=prompt,
            oracle=self.oracle,
            expect=self.expect,
            allow=FILE_SIDE_EFFECTS,
            ui_oracle=self.ui if self.browser else None,
            wrong_record=self.wrong,
            tags=["scenario", "long-horizon", "cross-app", "deliverable", *tags],
            phrasing=phrasing,
            off_by_one=False,  # the oracle's top-level numbers are waits; the amounts sit in cell rows
            checkpoints=self.checkpoints,
            exchange=self.exchange,
            personas=self.personas,
            scenario=True,
        )


class FileScenario(Family):
    """A scenario family whose deliverables are a workbook and a document: held out (test), a few seeds,
    calibrated in CI on one instance over Python and MCP."""

    splits = ("test",)
    size = 4
    surfaces = ("mcp", "cli", "ui", "python")
    # 2: a browser oracle (the grid, the editor, the Share dialog); 3: the question to the colleague may
    # have any subject, their answer is read for the day it states
    version = 3
    author = "saasgym-scenarios"
    ci_instances = 1
    ci_surfaces = ("python", "mcp")
    job = ""


def ask_and_book(who: str, question: str, title: str) -> str:
    """The prompt's sentence for the persona exchange and the meeting that follows it."""
    return (
        f"ask {who} by mail {question} and give them a day to answer; book an hour-long meeting "
        f"{title} with them at the time they give"
    )


def named_file(name: str, ext: str) -> Expectation:
    """A new drive item named `name`.<ext> (any case)."""
    return Expectation(
        table="office_drive_item",
        op="insert",
        note=f"{name}.{ext}",
        fields={"name": Match(text=f"{name}.{ext}")},
    )


def document_expect(name: str, sections: list[TableRow]) -> Expectation:
    """A new document `name`.docx whose sections (`# Heading | text`) hold `sections`."""
    return Expectation(
        table="office_drive_item",
        op="insert",
        note=f"{name}.docx",
        fields={"name": Match(text=f"{name}.docx"), "sections": rows_rule(sections)},
    )
