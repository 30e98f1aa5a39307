"""Requested items (RITM): approval by the manager, fulfilment through catalog tasks (SCTASK)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Choices
from apps.ticketing import choices as c
from apps.ticketing.models_itsm import (
    Approval,
    CatalogTask,
    CatalogVariable,
    Request,
    RequestedItem,
    VariableValue,
)
from apps.ticketing.schemas import (
    ApprovalOut,
    CatalogTaskOut,
    JournalOut,
    RequestedItemOut,
    RequestedItemPage,
    RequestOut,
    VariableValueOut,
)
from apps.ticketing.services import approvals
from apps.ticketing.services.approval_decisions import item_moves as after_decision
from apps.ticketing.services.common import (
    ShortDescription,
    actions,
    add_journal,
    check_choice,
    fill_doc,
    find,
    find_user,
    journal_of,
    page,
    require_text,
    set_assignment,
    stamp,
)
from apps.ticketing.services.fulfilment import CLOSED_INCOMPLETE, close_item
from apps.ticketing.services.present import display_names
from apps.ticketing.services.request_views import ritms_out


class RequestedItemDetail(BaseModel):
    """A requested item with its request, variable answers, approvals, fulfilment tasks and activity
    stream (work notes and comments, newest first)."""

    item: RequestedItemOut  # type: ignore[valid-type]
    request: RequestOut  # type: ignore[valid-type]
    variables: list[VariableValueOut]  # type: ignore[valid-type]
    approvals: list[ApprovalOut]  # type: ignore[valid-type]
    tasks: list[CatalogTaskOut]  # type: ignore[valid-type]
    activity: list[JournalOut]  # type: ignore[valid-type]


# sc_req_item states a person may set (-5 Pending is the approval workflow's)
ITEM_STATES = {k: v for k, v in c.TASK_STATES.items() if k != -5}
OPEN_STATES = (1, 2)
ItemState = Annotated[int | None, Choices(ITEM_STATES)]


def tasks_out(ctx: Ctx, rows: list[CatalogTask]) -> list[CatalogTaskOut]:
    names = display_names(ctx, [r.assignment_group for r in rows] + [r.assigned_to for r in rows])
    return [
        CatalogTaskOut.model_validate(
            {
                **r.model_dump(),
                "state_label": c.TASK_STATES.get(r.state),
                "assignment_group_name": names.get(r.assignment_group),
                "assigned_to_name": names.get(r.assigned_to),
            }
        )
        for r in rows
    ]


def load_ritm(ctx: Ctx, key: str) -> RequestedItem:
    return find(ctx, RequestedItem, key, field="requested_item_id", label="requested item")


@actions.read
def list_requested_items(
    ctx: Ctx,
    *,
    requested_for: str | None = None,
    stage: Literal["waiting_for_approval", "fulfillment", "complete", "Request Cancelled"] | None = None,
    active: bool | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> RequestedItemPage:
    """List requested items (RITM), newest first.

    Args:
        requested_for: the person they are for (sys_id, user_name, e-mail or name).
        stage: waiting_for_approval, fulfillment, complete or "Request Cancelled".
        active: true = still open.
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(RequestedItem)
    if requested_for:
        stmt = stmt.where(
            RequestedItem.requested_for == find_user(ctx, requested_for, "requested_for", active=False).sys_id
        )
    if stage:
        stmt = stmt.where(RequestedItem.stage == stage)
    if active is not None:
        stmt = stmt.where(RequestedItem.active == active)
    total, rows = page(ctx, stmt.order_by(col(RequestedItem.number).desc()), limit, offset)
    return RequestedItemPage(total=total, offset=offset, limit=limit, records=ritms_out(ctx, rows))


@actions.read
def get_requested_item(ctx: Ctx, *, requested_item_id: str) -> RequestedItemDetail:
    """Get a requested item (RITM number or sys_id) with its request, answers, approvals and tasks.

    Args:
        requested_item_id: the requested item's number (like RITM0010001) or sys_id.
    """
    ritm = load_ritm(ctx, requested_item_id)
    request = ctx.db.get(Request, ritm.request)
    values = ctx.db.exec(
        select(VariableValue, CatalogVariable)
        .join(CatalogVariable, col(CatalogVariable.sys_id) == col(VariableValue.item_option_new))
        .where(VariableValue.request_item == ritm.sys_id)
        .order_by(CatalogVariable.order)
    ).all()
    apprs = ctx.db.exec(
        select(Approval).where(Approval.sysapproval == ritm.sys_id).order_by(Approval.sys_id)
    ).all()
    tasks = ctx.db.exec(
        select(CatalogTask).where(CatalogTask.request_item == ritm.sys_id).order_by(CatalogTask.number)
    ).all()
    journal = journal_of(ctx, ritm.sys_id)
    names = display_names(
        ctx, [request.requested_for, request.opened_by] + [e.sys_created_by for e in journal]
    )
    return RequestedItemDetail(
        item=ritms_out(ctx, [ritm])[0],
        request=RequestOut.model_validate(
            {
                **request.model_dump(),
                "requested_for_name": names.get(request.requested_for),
                "opened_by_name": names.get(request.opened_by),
            }
        ),
        variables=[
            VariableValueOut.model_validate(
                {**v.model_dump(), "variable_name": var.name, "question_text": var.question_text}
            )
            for v, var in values
        ],
        approvals=approvals.approvals_out(ctx, list(apprs)),
        tasks=tasks_out(ctx, list(tasks)),
        activity=[
            JournalOut.model_validate({**e.model_dump(), "author_name": names.get(e.sys_created_by)})
            for e in journal
        ],
    )


@actions.write
@fill_doc(states=c.labels(ITEM_STATES))
def update_requested_item(
    ctx: Ctx,
    *,
    requested_item_id: str,
    state: ItemState = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
    short_description: ShortDescription | None = None,
) -> RequestedItemOut:
    """Edit an open requested item (RITM) as its fulfiller: assign it (the assignee must be in the
    group), move it between Open and Work in Progress, or close it (Closed Complete, Closed Incomplete,
    Closed Skipped: stage complete, and its request closes with its last open item). Omitted fields
    stay. An item waiting for approval keeps its state until approved (approve_requested_item); an
    item with open catalog tasks is closed by closing them (close_catalog_task); a closed item is
    read-only. Use add_work_note / add_comment for its activity stream.

    Args:
        requested_item_id: the requested item's number (like RITM0010001) or sys_id.
        state: the new state: {states}.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
        short_description: one-line summary, as shown in list views.
    """
    ritm = load_ritm(ctx, requested_item_id)
    if not ritm.active:
        raise ActionError(
            f"{ritm.number} is {c.TASK_STATES.get(ritm.state, ritm.state)}; a closed requested item "
            "cannot be changed",
            field="requested_item_id",
            code=ErrorKind.INVALID_STATE,
        )
    check_choice(state, ITEM_STATES, "state", ITEM_STATES)
    set_assignment(ctx, ritm, assignment_group, assigned_to)
    if short_description is not None:
        ritm.short_description = require_text(short_description, "short_description", "a short description")
    if state is not None and state != ritm.state:
        _check_state_change(ctx, ritm, state)
        if state in OPEN_STATES:
            ritm.state = state
        else:
            close_item(ctx, ritm, state)
    stamp(ctx, ritm)
    return ritms_out(ctx, [ritm])[0]


def _check_state_change(ctx: Ctx, ritm: RequestedItem, state: int) -> None:
    """Refuse a state change while the item waits for approval, or a close while tasks are open."""
    if ritm.stage == "waiting_for_approval":
        raise ActionError(
            f"{ritm.number} is waiting for approval; its state changes once it is approved "
            "(approve_requested_item) or rejected (reject_requested_item)",
            field="state",
            code=ErrorKind.INVALID_STATE,
        )
    if state in OPEN_STATES:
        return
    open_tasks = ctx.db.exec(
        select(CatalogTask.number).where(
            CatalogTask.request_item == ritm.sys_id, col(CatalogTask.active).is_(True)
        )
    ).all()
    if open_tasks:
        raise ActionError(
            f"{ritm.number} has open catalog tasks ({', '.join(open_tasks)}); close them with "
            "close_catalog_task and the item closes with its last one",
            field="state",
            code=ErrorKind.INVALID_STATE,
        )


@actions.write
def approve_requested_item(
    ctx: Ctx, *, requested_item_id: str, comments: str | None = None
) -> RequestedItemOut:
    """Approve a requested item waiting for your approval: it moves to fulfilment and a catalog task
    (SCTASK) opens for the fulfilment group.

    Args:
        requested_item_id: the requested item's number (like RITM0010001) or sys_id.
        comments: an optional comment recorded with the approval.
    """
    ritm = load_ritm(ctx, requested_item_id)
    approvals.decide(ctx, ritm, "sc_req_item", "approved", comments, "requested_item_id")
    after_decision(ctx, ritm, "approved")
    return ritms_out(ctx, [ritm])[0]


@actions.write
def reject_requested_item(ctx: Ctx, *, requested_item_id: str, comments: str) -> RequestedItemOut:
    """Reject a requested item waiting for your approval; `comments` (required) says why. The item is
    closed incomplete (stage "Request Cancelled") and its request closed rejected.

    Args:
        requested_item_id: the requested item's number (like RITM0010001) or sys_id.
        comments: why the request is rejected (required).
    """
    ritm = load_ritm(ctx, requested_item_id)
    approvals.decide(ctx, ritm, "sc_req_item", "rejected", comments, "requested_item_id")
    after_decision(ctx, ritm, "rejected")
    return ritms_out(ctx, [ritm])[0]


@actions.write
def close_catalog_task(
    ctx: Ctx,
    *,
    task_id: str,
    state: Literal["Closed Complete", "Closed Incomplete", "Closed Skipped"] = "Closed Complete",
    close_notes: str | None = None,
) -> CatalogTaskOut:
    """Close a fulfilment task (SCTASK number or sys_id). Closed Incomplete needs close_notes saying why.

    When the last open task of a requested item closes, the item completes (Closed Complete, stage
    complete — or Closed Incomplete if any task was incomplete) and so does its request.

    Args:
        task_id: the catalog task's number (like SCTASK0010001) or sys_id.
        state: Closed Complete, Closed Incomplete or Closed Skipped.
        close_notes: what was done.
    """
    task = find(ctx, CatalogTask, task_id, field="task_id", label="catalog task")
    if not task.active:
        raise ActionError(
            f"{task.number} is already {c.TASK_STATES[task.state]}",
            field="task_id",
            code=ErrorKind.INVALID_STATE,
        )
    if state == "Closed Incomplete" and not (close_notes or "").strip():
        raise ActionError(
            "say why the task could not be completed (close_notes)",
            field="close_notes",
            code=ErrorKind.REQUIRED,
        )
    code = {v: k for k, v in c.TASK_STATES.items()}[state]
    task.state, task.active, task.closed_at, task.close_notes = (
        code,
        False,
        ctx.now,
        (close_notes or "").strip() or None,
    )
    if task.close_notes:
        add_journal(ctx, "sc_task", task.sys_id, "work_notes", require_text(task.close_notes, "close_notes"))
    stamp(ctx, task)
    ctx.db.flush()
    siblings = ctx.db.exec(select(CatalogTask).where(CatalogTask.request_item == task.request_item)).all()
    if all(not t.active for t in siblings):
        incomplete = any(t.state == CLOSED_INCOMPLETE for t in siblings)
        close_item(ctx, ctx.db.get(RequestedItem, task.request_item), 4 if incomplete else 3)
    return tasks_out(ctx, [task])[0]
