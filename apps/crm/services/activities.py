"""Activities: tasks (to-dos, logged calls) and calendar events on accounts, contacts, leads and deals."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, every_failure
from apps.crm import picklists as pl
from apps.crm.models import Event, Task
from apps.crm.params import Count, Offset, PageSize, RecordId, TaskPriority, TaskStatus, text
from apps.crm.schemas import ActivityTimeline, EventOut, TaskOut, TaskPage
from apps.crm.services.common import (
    actions,
    apply_changes,
    aware_utc,
    check_choice,
    check_lengths,
    check_range,
    count,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.references import USER, WHAT, WHO, filter_id
from apps.crm.services.related import load_any, record_timeline

WHAT_OBJECTS = ("Account", "Opportunity")
WHO_OBJECTS = ("Contact", "Lead")


def _check_task_fields(
    subject: str | None, description: str | None, status: str | None, priority: str | None
) -> None:
    with every_failure() as check:  # Salesforce reports every field that fails, one entry each
        check(check_lengths, "Task", {"subject": subject, "description": description})
        check(check_choice, status, pl.TASK_STATUSES, "status")
        check(check_choice, priority, pl.TASK_PRIORITIES, "priority")


def _check_links(ctx: Ctx, who_id: str | None, what_id: str | None) -> tuple[str | None, str | None]:
    """what_id: an account or opportunity; who_id: a contact or lead (a lead cannot have a what_id).

    Returns both as 18-character ids (None when not given)."""
    what = load_any(ctx, what_id, WHAT_OBJECTS, "what_id").id if what_id else None
    who = load_any(ctx, who_id, WHO_OBJECTS, "who_id").id if who_id else None
    if what and who and who.startswith("00Q"):
        raise ActionError(
            "an activity about a lead cannot also be related to an account or opportunity "
            "(leave what_id empty, or convert the lead first)",
            field="what_id",
            code="FIELD_INTEGRITY_EXCEPTION",
        )
    return who, what


@actions.write
def create_task(
    ctx: Ctx,
    *,
    subject: text("Task", "subject"),
    what_id: RecordId | None = None,
    who_id: RecordId | None = None,
    activity_date: date | None = None,
    status: TaskStatus = "Not Started",
    priority: TaskPriority = "Normal",
    description: text("Task", "description") | None = None,
    owner_id: RecordId | None = None,
) -> TaskOut:
    """Create a task (a to-do), assigned to `owner_id` (default: you).

    Args:
        subject: what to do, e.g. "Send proposal" (at most 255 characters).
        what_id: the account or opportunity it is about (ids starting 001 or 006).
        who_id: the contact or lead it is with (ids starting 003 or 00Q). A task about a lead
            cannot also have a what_id.
        activity_date: due date (YYYY-MM-DD).
        status: Not Started, In Progress, Completed, Waiting on someone else or Deferred.
        priority: High, Normal or Low.
        description: details, at most 32,000 characters.
        owner_id: the user it is assigned to (default: you).
    """
    _check_task_fields(subject, description, status, priority)
    who_id, what_id = _check_links(ctx, who_id or None, what_id or None)
    task = Task(
        id=ctx.new_id("Task"),
        subject=require_text(subject, "subject"),
        status=status,
        priority=priority,
        activity_date=activity_date,
        who_id=who_id or None,
        what_id=what_id or None,
        description=description or None,
        is_closed=status in pl.TASK_CLOSED_STATUSES,
        owner_id=owner_or_default(ctx, owner_id),
    )
    stamp_new(ctx, task)
    ctx.db.add(task)
    return TaskOut.model_validate(task)


@actions.write
def update_task(
    ctx: Ctx,
    *,
    task_id: RecordId,
    subject: text("Task", "subject") | None = None,
    status: TaskStatus | None = None,
    priority: TaskPriority | None = None,
    activity_date: date | None = None,
    description: text("Task", "description") | None = None,
    who_id: RecordId | None = None,
    what_id: RecordId | None = None,
    owner_id: RecordId | None = None,
) -> TaskOut:
    """Change a task. Omitted fields stay as they are; "" clears description, who_id or what_id.

    Same picklists and links rules as create_task; setting status Completed closes the task.

    Args:
        task_id: the task to change (15 or 18 characters).
        subject: a new subject (at most 255 characters).
        status: Not Started, In Progress, Completed, Waiting on someone else or Deferred.
        priority: High, Normal or Low.
        activity_date: a new due date (YYYY-MM-DD).
        description: new details (at most 32,000 characters); "" clears them.
        who_id: the contact or lead it is with; "" clears it.
        what_id: the account or opportunity it is about; "" clears it.
        owner_id: a new assignee (an active user id).
    """
    task = load(ctx, Task, task_id, label="task", field="task_id")
    _check_task_fields(subject, description, status, priority)
    new_who = task.who_id if who_id is None else (who_id or None)
    new_what = task.what_id if what_id is None else (what_id or None)
    if (new_who, new_what) != (task.who_id, task.what_id):
        new_who, new_what = _check_links(ctx, new_who, new_what)
        who_id, what_id = new_who or "", new_what or ""
    changes = dict(
        subject=None if subject is None else require_text(subject, "subject"),
        status=status,
        priority=priority,
        activity_date=activity_date,
        description=description,
        who_id=who_id,
        what_id=what_id,
    )
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None
    if apply_changes(task, changes):
        task.is_closed = task.status in pl.TASK_CLOSED_STATUSES
        stamp_modified(ctx, task)
    return TaskOut.model_validate(task)


@actions.write
def mark_task_complete(ctx: Ctx, *, task_id: RecordId) -> TaskOut:
    """Mark a task Completed; it moves from open activities to the activity history.

    Args:
        task_id: the task to complete (15 or 18 characters).
    """
    task = load(ctx, Task, task_id, label="task", field="task_id")
    if task.is_closed:
        raise ActionError(
            f"task {task.subject!r} is already {task.status}",
            field="task_id",
            code="FIELD_INTEGRITY_EXCEPTION",
        )
    task.status = "Completed"
    task.is_closed = True
    stamp_modified(ctx, task)
    return TaskOut.model_validate(task)


@actions.write
def log_call(
    ctx: Ctx,
    *,
    subject: text("Task", "subject"),
    who_id: RecordId | None = None,
    what_id: RecordId | None = None,
    call_type: Literal["Inbound", "Outbound", "Internal"] = "Outbound",
    call_duration_in_seconds: Count | None = None,
    call_disposition: text("Task", "call_disposition") | None = None,
    description: text("Task", "description") | None = None,
) -> TaskOut:
    """Log a call that already happened: a completed task of subtype Call, dated today, owned by you.

    Args:
        subject: e.g. "Call with Jane about renewal".
        who_id: the contact or lead you spoke with (003... or 00Q...).
        what_id: the account or opportunity it was about (001... or 006...); not with a lead.
        call_type: Inbound, Outbound or Internal.
        call_duration_in_seconds: length of the call, >= 0.
        call_disposition: the result, e.g. "Left voicemail".
        description: call notes.
    """
    check_lengths(
        "Task", {"subject": subject, "call_disposition": call_disposition, "description": description}
    )
    check_choice(call_type, pl.CALL_TYPES, "call_type")
    check_range(call_duration_in_seconds, 0, None, "call_duration_in_seconds", "call duration")
    who_id, what_id = _check_links(ctx, who_id or None, what_id or None)
    task = Task(
        id=ctx.new_id("Task"),
        subject=require_text(subject, "subject"),
        status="Completed",
        priority="Normal",
        activity_date=ctx.now.date(),
        who_id=who_id or None,
        what_id=what_id or None,
        task_subtype="Call",
        call_type=call_type,
        call_duration_in_seconds=call_duration_in_seconds,
        call_disposition=call_disposition or None,
        description=description or None,
        is_closed=True,
        owner_id=owner_or_default(ctx, None),
    )
    stamp_new(ctx, task)
    ctx.db.add(task)
    return TaskOut.model_validate(task)


@actions.write
def create_event(
    ctx: Ctx,
    *,
    subject: text("Event", "subject"),
    start_date_time: datetime,
    end_date_time: datetime,
    what_id: RecordId | None = None,
    who_id: RecordId | None = None,
    location: text("Event", "location") | None = None,
    description: text("Event", "description") | None = None,
    is_all_day_event: bool = False,
    owner_id: RecordId | None = None,
) -> EventOut:
    """Create a calendar event (meeting) owned by `owner_id` (default: you).

    Args:
        subject: e.g. "Demo" (at most 255 characters).
        start_date_time: start, ISO format (2024-05-01T14:00:00).
        end_date_time: end, after the start.
        what_id: the account or opportunity it is about (001... or 006...).
        who_id: the contact or lead attending (003... or 00Q...); an event with a lead has no what_id.
        location: where it takes place (at most 255 characters).
        description: details, at most 32,000 characters.
        is_all_day_event: an all-day event.
        owner_id: whose calendar it is on (default: you).
    """
    check_lengths("Event", {"subject": subject, "location": location, "description": description})
    start, end = aware_utc(start_date_time), aware_utc(end_date_time)
    if end <= start and not (is_all_day_event and end == start):
        raise ActionError(
            "the end must be after the start", field="end_date_time", code="FIELD_INTEGRITY_EXCEPTION"
        )
    who_id, what_id = _check_links(ctx, who_id or None, what_id or None)
    event = Event(
        id=ctx.new_id("Event"),
        subject=require_text(subject, "subject"),
        start_date_time=start,
        end_date_time=end,
        is_all_day_event=is_all_day_event,
        location=location or None,
        who_id=who_id or None,
        what_id=what_id or None,
        description=description or None,
        owner_id=owner_or_default(ctx, owner_id),
    )
    stamp_new(ctx, event)
    ctx.db.add(event)
    return EventOut.model_validate(event)


@actions.read
def list_activities(ctx: Ctx, *, record_id: RecordId) -> ActivityTimeline:
    """The activities of an account, contact, lead or opportunity, like its Activity tab.

    Returns open tasks (by due date), upcoming events (soonest first) and the activity history
    (completed tasks, logged calls and past events, newest first). An account's timeline includes the
    activities of its contacts and opportunities.

    Args:
        record_id: the account, contact, lead or opportunity (ids starting 001, 003, 00Q, 006).
    """
    record = load_any(ctx, record_id, ("Account", "Contact", "Lead", "Opportunity"), "record_id", ref=False)
    return record_timeline(ctx, record)


@actions.read
def list_tasks(
    ctx: Ctx,
    *,
    mine: bool = False,
    owner_id: str | None = None,
    open_only: bool = True,
    status: TaskStatus | None = None,
    what_id: str | None = None,
    who_id: str | None = None,
    due_before: date | None = None,
    limit: PageSize = 25,
    offset: Offset = 0,
) -> TaskPage:
    """List tasks (including logged calls) like the Tasks list view, soonest due date first.

    Args:
        mine: only your tasks.
        owner_id: only tasks owned by this user (id or name).
        open_only: leave out completed tasks (default true).
        status: only tasks with this status (Not Started, In Progress, Completed, Waiting on someone else,
            Deferred).
        what_id: only tasks related to this account or opportunity (id or name).
        who_id: only tasks about this contact or lead (id, name or e-mail).
        due_before: only tasks due on or before this date (YYYY-MM-DD).
        limit: page size, 1-200.
        offset: rows to skip.
    """
    check_range(limit, 1, 200, "limit", "limit")
    check_choice(status, pl.TASK_STATUSES, "status")
    owner_id = filter_id(ctx, USER, owner_id, "owner_id")
    what_id, who_id = filter_id(ctx, WHAT, what_id, "what_id"), filter_id(ctx, WHO, who_id, "who_id")
    stmt = select(Task)
    if mine or owner_id:
        stmt = stmt.where(Task.owner_id == (ctx.user_id if mine else owner_id))
    if open_only:
        stmt = stmt.where(col(Task.is_closed).is_(False))
    for column, value in ((Task.status, status), (Task.what_id, what_id), (Task.who_id, who_id)):
        if value:
            stmt = stmt.where(column == value)
    if due_before:
        stmt = stmt.where(col(Task.activity_date) <= due_before)
    stmt = stmt.order_by(col(Task.activity_date).is_(None), Task.activity_date, Task.id)
    rows = ctx.db.exec(stmt.offset(max(offset, 0)).limit(limit)).all()
    return TaskPage(total=count(ctx, stmt), offset=offset, limit=limit, records=rows)
