"""The change model: approval and implementation.

normal:    New -request-> Assess (group manager approves) -> Authorize (CAB approves) -> Scheduled
emergency: New -request-> Authorize (CAB approves) -> Scheduled
standard:  New -request-> Scheduled (pre-approved)
Scheduled -implement-> Implement -review-> Review -close-> Closed;  any open state -cancel-> Canceled
A rejection sends the change back to New (approval "rejected"); it cannot be implemented unapproved.
"""

from __future__ import annotations

from typing import Literal

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.ticketing import choices as c
from apps.ticketing.models import Group
from apps.ticketing.schemas import ChangeOut
from apps.ticketing.services import approvals
from apps.ticketing.services.approval_decisions import (  # the states live with the decisions
    ASSESS,
    AUTHORIZE,
    CANCELED,
    CLOSED,
    IMPLEMENT,
    NEW,
    REVIEW,
    SCHEDULED,
    cab_members,
)
from apps.ticketing.services.approval_decisions import change_moves as after_decision
from apps.ticketing.services.changes import load_change, run_conflict_check
from apps.ticketing.services.common import actions, add_journal, require_text, stamp
from apps.ticketing.services.present import changes_out, display_names


def _state_error(chg, doing: str, hint: str) -> ActionError:
    return ActionError(
        f"{chg.number} is {c.CHANGE_STATES[chg.state]}; it cannot be {doing}. {hint}",
        field="change_id",
        code=ErrorKind.INVALID_STATE,
    )


def _no_conflicts(ctx: Ctx, chg, doing: str) -> None:
    found = run_conflict_check(ctx, chg)
    if found:
        listed = ", ".join(
            f"{o.number} ({o.start_date:%Y-%m-%d %H:%M}-{o.end_date:%Y-%m-%d %H:%M})" for o in found[:5]
        )
        raise ActionError(
            f"{chg.number} conflicts with {listed} on the same configuration item; move its planned window "
            f"(update_change start_date/end_date) before it can be {doing}",
            field="start_date",
            code=ErrorKind.INVALID_STATE,
        )


@actions.write
def request_change_approval(ctx: Ctx, *, change_id: str) -> ChangeOut:
    """Send a New change for approval ("Request Approval").

    Needs a short description, an assignment group, a configuration item and a planned window without
    conflicts. normal -> Assess (the assignment group's manager approves); emergency -> Authorize
    (any Change Advisory Board member approves); standard is pre-approved and goes to Scheduled.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
    """
    chg = load_change(ctx, change_id)
    if chg.state != NEW:
        raise _state_error(chg, "sent for approval", "Only New changes can request approval.")
    for field, what in (
        ("assignment_group", "an assignment group"),
        ("cmdb_ci", "a configuration item"),
        ("start_date", "a planned window (start_date and end_date)"),
    ):
        if not getattr(chg, field):
            raise ActionError(
                f"{chg.number} needs {what} before approval; set it with update_change",
                field=field,
                code=ErrorKind.REQUIRED,
            )
    _no_conflicts(ctx, chg, "sent for approval")
    if chg.type == "standard":
        chg.state, chg.approval = SCHEDULED, "approved"
    elif chg.type == "emergency":
        chg.state, chg.approval = AUTHORIZE, "requested"
        approvals.request_approvals(ctx, chg, "change_request", cab_members(ctx))
    else:
        group = ctx.db.get(Group, chg.assignment_group)
        if not group or not group.manager:
            raise ActionError(
                "the assignment group has no manager to assess the change",
                field="assignment_group",
                code=ErrorKind.INVALID_STATE,
            )
        chg.state, chg.approval = ASSESS, "requested"
        approvals.request_approvals(ctx, chg, "change_request", [group.manager])
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]


@actions.write
def approve_change(ctx: Ctx, *, change_id: str, comments: str | None = None) -> ChangeOut:
    """Approve a change waiting for your approval (you must be one of its pending approvers).

    Approving at Assess moves it to Authorize (the CAB is asked next); at Authorize it becomes
    approved and Scheduled.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
        comments: an optional comment recorded with the approval.
    """
    chg = load_change(ctx, change_id)
    approvals.decide(ctx, chg, "change_request", "approved", comments, "change_id")
    after_decision(ctx, chg, "approved")
    return changes_out(ctx, [chg])[0]


@actions.write
def reject_change(ctx: Ctx, *, change_id: str, comments: str) -> ChangeOut:
    """Reject a change waiting for your approval; `comments` (required) says why.

    The change goes back to New with approval "rejected"; its other pending approvals are no longer
    required. The requester can edit it and request approval again.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
        comments: why the change is rejected (required, recorded on the approval).
    """
    chg = load_change(ctx, change_id)
    approvals.decide(ctx, chg, "change_request", "rejected", comments, "change_id")
    after_decision(ctx, chg, "rejected")
    return changes_out(ctx, [chg])[0]


@actions.write
def implement_change(ctx: Ctx, *, change_id: str) -> ChangeOut:
    """Start implementing a Scheduled, approved change (state -1 Implement; work_start = now).

    Refused when the change is not approved, not Scheduled, or conflicts with another change.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
    """
    chg = load_change(ctx, change_id)
    if chg.approval != "approved":
        who = approvals.pending(ctx, chg.sys_id)
        waiting = ", ".join(display_names(ctx, [a.approver for a in who]).values())
        hint = f"waiting for: {waiting}" if waiting else "request approval first (request_change_approval)"
        raise ActionError(
            f"{chg.number} is not approved (approval: {chg.approval}); {hint}",
            field="change_id",
            code=ErrorKind.INVALID_STATE,
        )
    if chg.state != SCHEDULED:
        raise _state_error(chg, "implemented", "Only Scheduled changes can move to Implement.")
    _no_conflicts(ctx, chg, "implemented")
    chg.state, chg.work_start = IMPLEMENT, ctx.now
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]


@actions.write
def review_change(ctx: Ctx, *, change_id: str) -> ChangeOut:
    """Finish implementing (state 0 Review; work_end = now). Only a change in Implement can move to Review.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
    """
    chg = load_change(ctx, change_id)
    if chg.state != IMPLEMENT:
        raise _state_error(chg, "moved to Review", "Implement it first (implement_change).")
    chg.state, chg.work_end = REVIEW, ctx.now
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]


@actions.write
def close_change(
    ctx: Ctx,
    *,
    change_id: str,
    close_code: Literal["successful", "successful_issues", "unsuccessful"],
    close_notes: str,
) -> ChangeOut:
    """Close a change in Review (state 3 Closed) with a close code (successful, successful_issues,
    unsuccessful) and close notes (both required).

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
        close_code: successful, successful_issues (successful with issues) or unsuccessful.
        close_notes: what happened during implementation and review (required).
    """
    chg = load_change(ctx, change_id)
    if chg.state != REVIEW:
        raise _state_error(chg, "closed", "Move it to Review first (review_change).")
    chg.close_code, chg.close_notes = close_code, require_text(close_notes, "close_notes", "close notes")
    chg.state, chg.closed_at, chg.active = CLOSED, ctx.now, False
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]


@actions.destructive
def cancel_change(ctx: Ctx, *, change_id: str, work_notes: str) -> ChangeOut:
    """Cancel an open change (state 4 Canceled); `work_notes` (required) says why. Pending approvals are
    cancelled. Closed or already canceled changes cannot be canceled; a change in Implement must go
    through Review instead.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
        work_notes: why the change is canceled (required, an internal work note).
    """
    chg = load_change(ctx, change_id)
    if chg.state in (CLOSED, CANCELED, IMPLEMENT, REVIEW):
        raise _state_error(
            chg,
            "canceled",
            "Finish it through Review and close it as unsuccessful instead."
            if chg.state in (IMPLEMENT, REVIEW)
            else "",
        )
    add_journal(
        ctx,
        "change_request",
        chg.sys_id,
        "work_notes",
        require_text(work_notes, "work_notes", "a work note saying why"),
    )
    approvals.settle(ctx, chg.sys_id, "cancelled")
    chg.state, chg.closed_at, chg.active = CANCELED, ctx.now, False
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]
