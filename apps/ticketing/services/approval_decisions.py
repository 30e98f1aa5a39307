"""Approvers' due decisions carried out when logical time passes (`advance_time`): each decides by the
handbook (`apps/ticketing/approvers/policy.py`) and the record moves on as after any approval."""

from __future__ import annotations

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.ticketing.approvers.models import ApprovalFollowup
from apps.ticketing.approvers.policy import change_verdict, item_verdict
from apps.ticketing.models import Group, SysUser
from apps.ticketing.models_itsm import Approval, ChangeRequest, Request, RequestedItem
from apps.ticketing.services import approvals
from apps.ticketing.services.approvals import record_decision
from apps.ticketing.services.common import group_members, stamp
from apps.ticketing.services.fulfilment import start_fulfilment

CAB = "Change Advisory Board"
NEW, ASSESS, AUTHORIZE, SCHEDULED, IMPLEMENT, REVIEW, CLOSED, CANCELED = -5, -4, -3, -2, -1, 0, 3, 4


def cab_members(ctx: Ctx) -> list[str]:
    """The Change Advisory Board's members (who authorize changes); refused when it has none."""
    group = ctx.db.exec(select(Group).where(func.lower(Group.name) == CAB.lower())).first()
    members = [u.sys_id for u in group_members(ctx, group.sys_id)] if group else []
    if not members:
        raise ActionError(
            f"the {CAB} group has no members to authorize changes",
            field="change_id",
            code=ErrorKind.INVALID_STATE,
        )
    return members


def change_moves(ctx: Ctx, chg: ChangeRequest, decision: str) -> None:
    """Move a change on after an approver's decision: approved at Assess → Authorize (the CAB is asked),
    at Authorize → approved and Scheduled; rejected → back to New, approval "rejected"."""
    if decision == "rejected":
        chg.state, chg.approval = NEW, "rejected"
    elif chg.state == ASSESS:
        chg.state = AUTHORIZE
        approvals.request_approvals(ctx, chg, "change_request", cab_members(ctx))
    else:
        chg.state, chg.approval = SCHEDULED, "approved"
    stamp(ctx, chg)


def item_moves(ctx: Ctx, ritm: RequestedItem, decision: str) -> None:
    """Move a requested item on after its approver's decision: approved → fulfilment (a catalog task
    opens); rejected → closed incomplete, stage "Request Cancelled", its request closed rejected."""
    request = ctx.db.get(Request, ritm.request)
    if decision == "approved":
        start_fulfilment(ctx, ritm, request)
    else:
        ritm.approval, ritm.stage, ritm.state, ritm.active, ritm.closed_at = (
            "rejected",
            "Request Cancelled",
            4,
            False,
            ctx.now,
        )
        request.approval, request.request_state, request.active, request.closed_at = (
            "rejected",
            "closed_rejected",
            False,
            ctx.now,
        )
    stamp(ctx, ritm)
    ctx.db.flush()


def deliver_due(ctx: Ctx) -> list[str]:
    """Let every approver whose time has come decide, in due order; returns the numbers of the records
    decided (an approval settled meanwhile — by the acting user, a cancel — is dropped)."""
    stmt = select(ApprovalFollowup).where(
        ApprovalFollowup.status == "pending", col(ApprovalFollowup.due_at) <= ctx.now
    )
    decided = []
    for row in ctx.db.exec(stmt.order_by(ApprovalFollowup.due_at, ApprovalFollowup.sys_id)).all():
        approval = ctx.db.get(Approval, row.approval)
        row.status = "done"
        if approval is None or approval.state != "requested":
            row.status = "dropped"
            continue
        approver = ctx.db.get(SysUser, approval.approver)
        if approval.source_table == "change_request":
            record = ctx.db.get(ChangeRequest, approval.sysapproval)
            decision, comments = change_verdict(ctx, record, approver)
            moves = change_moves
        else:
            record = ctx.db.get(RequestedItem, approval.sysapproval)
            decision, comments = item_verdict(ctx, record, approver)
            moves = item_moves
        record_decision(ctx, record, approval.source_table, approval, decision, comments)
        moves(ctx, record, decision)
        decided.append(record.number)
        ctx.db.flush()
    return decided
