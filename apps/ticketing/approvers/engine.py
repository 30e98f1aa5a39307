"""Approvers decide on the logical clock.

When approvals are requested from people other than the acting user, one `ApprovalFollowup` is written for
the stage (its first approver by sys_id who is an employee: "anyone from the group approves"), due after
that approver's delay within working hours. `services/approval_decisions.deliver_due` (run by
`advance_time`) lets each due approver decide by the handbook (`policy.py`): the approval record's state
and comments, a work note on the record, and the record moving on as after any approval (`after_decision`
of changes and requested items). No performer tool makes an approver act; the performer requests and
waits.
"""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.core.stable_hash import stable_number
from apps.ticketing.approvers.models import ApprovalFollowup
from apps.ticketing.models import SysUser
from apps.ticketing.models_itsm import Approval


def delay_minutes(approver_id: str) -> int:
    """How long an approver takes: 30 minutes to 3 hours, fixed per approver."""
    return 30 + stable_number(f"approver-delay:{approver_id}") % 151


def on_requested(ctx: Ctx, rows: list[Approval]) -> None:
    """Approvals were requested: the stage's first approver who is a colleague (not the acting user) will
    decide when their delay has passed."""
    from apps.ticketing.callers.engine import due_after

    for row in sorted(rows, key=lambda r: r.sys_id):
        user = ctx.db.get(SysUser, row.approver)
        if row.approver == ctx.user_id or user is None or not user.employee_number:
            continue
        ctx.db.add(
            ApprovalFollowup(
                sys_id=ctx.new_id("approval_followup"),
                approval=row.sys_id,
                due_at=due_after(ctx.now, delay_minutes(row.approver), user.location),
                sys_created_on=ctx.now,
            )
        )
        return
