"""The browser way to make a scenario's office files: a workbook typed into Excel's grid (its sheets added
and renamed from the tab bar), a document typed into Word's editor (headings and lists from the toolbar),
a meeting from the calendar's form; shared from the Files page (`apps.office.families.common.share_ui`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.families.common import new_file_ui, type_cells, when_ui
from tasks.truth_model import UiStep

HOME_ZONE = ZoneInfo("America/New_York")  # Amber's: the calendar form reads times in it
STYLES = (("## ", "Heading 2"), ("# ", "Heading 1"), ("- ", "Bulleted list"))


def typed(value: Any) -> Any:
    """A cell value as a person types it: numbers in full ("184212.5", "42"), the rest unchanged."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def workbook_ui(name: str, sheets: list[tuple[str, list[list[Any]]]]) -> list[UiStep]:
    """A new workbook from My files; each sheet (the first is Sheet1, then "+" New sheet) renamed from the
    tab bar and its rows typed from A1."""
    ui = new_file_ui(name, "workbook")
    for i, (sheet, rows) in enumerate(sheets):
        if i:
            ui.append(UiStep(click=("button", "New sheet")))
        ui += [
            UiStep(click=("button", "Rename sheet")),
            UiStep(fill=("Sheet name", sheet)),
            UiStep(click=("button", "Rename")),
        ]
        ui += type_cells("A1", [[typed(v) for v in row] for row in rows])
    return ui


def open_file_ui(name: str) -> list[UiStep]:
    """Open file `name` (a document: 📄, a workbook: 📊) from My files."""
    icon = "📊" if name.endswith(".xlsx") else "📄"
    return [UiStep(goto="/s/office/files"), UiStep(click=("link", f"{icon} {name}"))]


def document_ui(name: str | None, lines: list[str], after: str | None = None) -> list[UiStep]:
    """Type `lines` (markdown: "# ", "## ", "- " prefixes) into Word's editor, each line's style from the
    toolbar, then Save: a new document `name` from My files, or (name None) after the line reading
    `after` of the document open."""
    ui = new_file_ui(name, "document") if name else []
    ui.append(UiStep(click=("textbox", "Document body")) if after is None else UiStep(click_text=after))
    if after is not None:
        ui.append(UiStep(press="End"))
    inherited = "Normal"  # Enter continues the line's style (a heading, a list item, a paragraph)
    for i, line in enumerate(lines):
        if i or after is not None:
            ui.append(UiStep(press="Enter"))
        prefix, style = next(((p, label) for p, label in STYLES if line.startswith(p)), ("", "Normal"))
        ui.append(UiStep(type=line[len(prefix) :]))
        if style != inherited:  # a list button toggles: pressed only where the style changes
            ui.append(UiStep(click=("button", style)))
        inherited = style
    ui += [UiStep(click=("button", "Save")), UiStep(expect_text="Saved.")]
    return ui


def meeting_ui(title: str, mails: list[str], start: datetime, end: datetime, agenda: str) -> list[UiStep]:
    """A meeting from the calendar's new-event form, its times given in Amber's time zone."""
    local = [t.astimezone(HOME_ZONE).strftime("%Y-%m-%dT%H:%M") for t in (start, end)]
    return [
        UiStep(goto="/s/office/calendar/new"),
        UiStep(fill=("Title", title)),
        UiStep(fill=("Required attendees", "; ".join(mails))),
        *when_ui(local[0], local[1]),
        UiStep(fill=("Agenda", agenda)),
        UiStep(click=("button", "Send invitation")),
        UiStep(expect_text=title),
    ]


def link_mail_ui(to: str, subject: str, file_name: str) -> list[UiStep]:
    """A new mail whose message is the link to `file_name` of My files: compose's Attach file, the file,
    Share link (Outlook puts the file's name and link into the message), Send."""
    return [
        UiStep(goto="/s/office/mail/compose"),
        UiStep(fill=("To", to)),
        UiStep(fill=("Subject", subject)),
        UiStep(click=("button", "Attach file")),
        UiStep(click=("radio", file_name)),
        UiStep(click=("button", "Share link")),
        UiStep(click=("button", "Send")),
        UiStep(expect_text=subject[:40]),
    ]
