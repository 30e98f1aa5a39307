"""Approvals (sysapproval_approver) shared by change requests and requested items, and the
`list_approvals` tool. One approver's decision settles the stage ("anyone from the group approves");
the other pending approvals become not_required."""

from __future__ import annotations

from typing import Any, Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.ticketing.approvers.engine import on_requested
from apps.ticketing.models_itsm import Approval, ChangeRequest, RequestedItem
from apps.ticketing.schemas import ApprovalOut, ApprovalPage
from apps.ticketing.services.common import actions, add_journal, find_user, page, stamp
from apps.ticketing.services.present import display_names


def request_approvals(ctx: Ctx, record: Any, table: str, approvers: list[str]) -> None:
    """Ask `approvers` to approve `record` (one sysapproval_approver each); an approver other than the
    acting user decides by the handbook when their time comes (`apps/ticketing/approvers`)."""
    rows = []
    for user_id in dict.fromkeys(approvers):
        row = Approval(
            sys_id=ctx.new_id("sysapproval_approver"),
            approver=user_id,
            sysapproval=record.sys_id,
            source_table=table,
        )
        stamp(ctx, row, new=True)
        ctx.db.add(row)
        rows.append(row)
    on_requested(ctx, rows)


def pending(ctx: Ctx, record_id: str) -> list[Approval]:
    stmt = select(Approval).where(Approval.sysapproval == record_id, Approval.state == "requested")
    return list(ctx.db.exec(stmt.order_by(Approval.sys_id)).all())


def settle(ctx: Ctx, record_id: str, state: str = "not_required") -> None:
    """Close every still-pending approval of a record (e.g. not_required, cancelled)."""
    for approval in pending(ctx, record_id):
        approval.state = state
        stamp(ctx, approval)


def decide(
    ctx: Ctx,
    record: Any,
    table: str,
    decision: Literal["approved", "rejected"],
    comments: str | None,
    field: str,
) -> None:
    """Record the acting user's decision on a record awaiting approval (refused for non-approvers)."""
    waiting = pending(ctx, record.sys_id)
    if not waiting:
        raise ActionError(
            f"{record.number} is not waiting for approval (approval: {record.approval})",
            field=field,
            code=ErrorKind.INVALID_STATE,
        )
    mine = next((a for a in waiting if a.approver == ctx.user_id), None)
    if mine is None:
        names = display_names(ctx, [a.approver for a in waiting])
        listed = ", ".join(sorted(names.get(a.approver, a.approver) for a in waiting)[:10])
        raise ActionError(
            f"you are not an approver of {record.number}; its pending approvers are: {listed}",
            field=field,
            code=ErrorKind.ACCESS_DENIED,
        )
    if decision == "rejected" and not (comments or "").strip():
        raise ActionError("say why you reject it (comments)", field="comments", code=ErrorKind.REQUIRED)
    record_decision(ctx, record, table, mine, decision, comments)


def record_decision(
    ctx: Ctx, record: Any, table: str, approval: Approval, decision: str, comments: str | None
) -> None:
    """Write an approver's decision on their approval record: its state and comments, the stage's other
    pending approvals no longer required, and a work note on the record naming the approver."""
    approval.state, approval.comments = decision, (comments or "").strip() or None
    stamp(ctx, approval)
    settle(ctx, record.sys_id)
    verb = "Approved" if decision == "approved" else "Rejected"
    note = f"{verb} by {display_names(ctx, [approval.approver]).get(approval.approver, 'approver')}"
    add_journal(
        ctx,
        table,
        record.sys_id,
        "work_notes",
        note + (f": {approval.comments}" if approval.comments else ""),
        author=approval.approver,  # the approver's own note, whoever's clock brought it
    )


@actions.read
def list_approvals(
    ctx: Ctx,
    *,
    approver: str | None = None,
    mine: bool = True,
    state: Literal["requested", "approved", "rejected", "cancelled", "not_required"] | None = "requested",
    limit: Limit = 25,
    offset: Offset = 0,
) -> ApprovalPage:
    """List approvals (sysapproval_approver) on change requests and requested items.

    By default: your own pending approvals ("My Approvals"). Decide with approve_change/reject_change
    or approve_requested_item/reject_requested_item.

    Args:
        approver: another approver's sys_id, user_name, e-mail or name (overrides mine).
        mine: only approvals where you are the approver.
        state: requested (pending), approved, rejected, cancelled or not_required; null = all.
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(Approval)
    if approver:
        stmt = stmt.where(Approval.approver == find_user(ctx, approver, "approver", active=False).sys_id)
    elif mine:
        stmt = stmt.where(Approval.approver == ctx.user_id)
    if state:
        stmt = stmt.where(Approval.state == state)
    total, rows = page(
        ctx, stmt.order_by(col(Approval.sys_created_on).desc(), Approval.sys_id), limit, offset
    )
    return ApprovalPage(total=total, offset=offset, limit=limit, records=approvals_out(ctx, rows))


def approvals_out(ctx: Ctx, rows: list[Approval]) -> list[ApprovalOut]:
    names = display_names(ctx, [a.approver for a in rows])
    numbers: dict[str, str] = {}
    ids = [a.sysapproval for a in rows]
    for model in (ChangeRequest, RequestedItem):
        numbers.update(
            ctx.db.exec(select(model.sys_id, model.number).where(col(model.sys_id).in_(ids))).all()
        )
    return [
        ApprovalOut.model_validate(
            {
                **a.model_dump(),
                "approver_name": names.get(a.approver),
                "record_number": numbers.get(a.sysapproval),
            }
        )
        for a in rows
    ]
