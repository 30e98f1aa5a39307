"""The activity stream: work notes (internal) and additional comments (visible to the caller)."""

from __future__ import annotations

from typing import Any

from sqlmodel import func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.ticketing import choices as c
from apps.ticketing.callers import engine as callers
from apps.ticketing.models import Incident
from apps.ticketing.models_itsm import CatalogTask, ChangeRequest, Problem, RequestedItem
from apps.ticketing.schemas import JournalOut
from apps.ticketing.services.common import actions, add_journal, require_text, stamp
from apps.ticketing.services.incident_states import reopen
from apps.ticketing.services.present import display_names

TASK_TABLES = {
    "incident": Incident,
    "problem": Problem,
    "change_request": ChangeRequest,
    "sc_req_item": RequestedItem,
    "sc_task": CatalogTask,
}
PREFIXES = {
    "INC": "incident",
    "PRB": "problem",
    "CHG": "change_request",
    "RITM": "sc_req_item",
    "SCTASK": "sc_task",
}


def find_task(ctx: Ctx, key: str) -> tuple[str, Any]:
    """(table, row) of a task given its number (INC..., PRB..., CHG..., RITM..., SCTASK...) or sys_id."""
    key = (key or "").strip()
    for table, model in TASK_TABLES.items():
        row = ctx.db.get(model, key)
        if row is None:
            row = ctx.db.exec(select(model).where(func.upper(model.number) == key.upper())).first()
        if row is not None:
            return table, row
    raise NotFoundError(
        f"no incident, problem, change, requested item or catalog task {key!r} (give its number or sys_id)",
        field="record_id",
    )


def _entry_out(ctx: Ctx, entry: Any) -> JournalOut:
    names = display_names(ctx, [entry.sys_created_by])
    return JournalOut.model_validate({**entry.model_dump(), "author_name": names.get(entry.sys_created_by)})


def _check_writable(table: str, row: Any) -> None:
    if table == "incident" and row.state in (c.CLOSED, c.CANCELED):
        raise ActionError(
            f"{row.number} is {c.INCIDENT_STATES[row.state]}; journal entries cannot be added to it",
            field="record_id",
            code=ErrorKind.ACCESS_DENIED,
        )


@actions.write
def add_work_note(ctx: Ctx, *, record_id: str, text: str) -> JournalOut:
    """Add a work note (internal: only the fulfilling team sees it) to an incident, problem, change,
    requested item or catalog task, given by number (INC0010001, PRB..., CHG..., RITM..., SCTASK...)
    or sys_id. Use add_comment for text the caller should see.

    Args:
        record_id: the record's number (INC..., PRB..., CHG..., RITM..., SCTASK...) or sys_id.
        text: the work note (internal: not visible to the caller).
    """
    table, row = find_task(ctx, record_id)
    _check_writable(table, row)
    entry = add_journal(ctx, table, row.sys_id, "work_notes", require_text(text, "text", "the note text"))
    stamp(ctx, row)
    return _entry_out(ctx, entry)


@actions.write
def add_comment(ctx: Ctx, *, record_id: str, text: str) -> JournalOut:
    """Add an additional comment (customer-visible: the caller or requester sees it and is notified) to
    an incident, problem, change, requested item or catalog task, by number or sys_id.
    Use add_work_note for internal notes. On an incident, a question to the caller (e.g. "Which laptop
    is it — can you send its asset tag?", or "Is Outlook working again?" once Resolved) is answered by
    the caller themselves after a while: let time pass with advance_time, then read the incident.

    Args:
        record_id: the record's number (INC..., PRB..., CHG..., RITM..., SCTASK...) or sys_id.
        text: the additional comment (visible to the caller).
    """
    table, row = find_task(ctx, record_id)
    _check_writable(table, row)
    entry = add_journal(ctx, table, row.sys_id, "comments", require_text(text, "text", "the comment text"))
    if table == "incident" and row.state == c.RESOLVED and row.caller_id == ctx.user_id:
        reopen(ctx, row)
    else:
        stamp(ctx, row)
    if table == "incident":
        callers.on_desk_comment(ctx, row, entry.value)
    return _entry_out(ctx, entry)
