"""An approver asked by mail (or chat) to approve a change request answers as they decide it on the desk.

The decision is the desk's own (`policy.change_verdict`: the Change Freeze Policy), so the answer and the
approval record never disagree: an approval waiting for them is decided on the desk no later than their
answer arrives (their `ApprovalFollowup` is brought forward, or written when the stage had none for them);
one they already decided is said as recorded; a change waiting for others, settled by someone else or not
sent for approval yet is said so, with what the policy makes of it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.ids import IdFactory
from apps.ticketing.approvers.models import ApprovalFollowup
from apps.ticketing.approvers.policy import change_verdict
from apps.ticketing.ids import ID_FORMATS
from apps.ticketing.models import SysUser
from apps.ticketing.models_itsm import Approval, ChangeRequest

TABLE = "change_request"


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def _desk_ids(ctx: Ctx) -> IdFactory:
    """The desk's id counters (the asking action may be another app's: an office mail)."""
    return IdFactory(ctx.sql if ctx.sql is not None else ctx.db.connection(), ID_FORMATS, "ticketing")


def _decide_by(ctx: Ctx, approval: Approval, others: list[Approval], due: datetime) -> None:
    """Make sure the approver's decision on `approval` is carried out on the desk by `due`, and before any
    other approver of the stage decides it (their followups due sooner are passed by a second).

    Args:
        ctx: the answering action's context.
        approval: the approver's pending approval record.
        others: the stage's other pending approvals.
        due: when the approver's answer arrives.
    """
    pending = select(ApprovalFollowup).where(ApprovalFollowup.status == "pending")
    rivals = ctx.db.exec(pending.where(col(ApprovalFollowup.approval).in_([o.sys_id for o in others]))).all()
    at = min([_utc(due)] + [_utc(r.due_at) - timedelta(seconds=1) for r in rivals])
    at = max(at, _utc(ctx.now))
    own = ctx.db.exec(pending.where(ApprovalFollowup.approval == approval.sys_id)).first()
    if own is None:
        ctx.db.add(
            ApprovalFollowup(
                sys_id=_desk_ids(ctx).next("approval_followup"),
                approval=approval.sys_id,
                due_at=at,
                sys_created_on=ctx.now,
            )
        )
    elif _utc(own.due_at) > at:
        own.due_at = at
        ctx.db.add(own)


def _names(ctx: Ctx, rows: list[Approval]) -> list[str]:
    users = [ctx.db.get(SysUser, r.approver) for r in rows]
    return sorted({u.name for u in users if u is not None})


def change_approval(ctx: Ctx, number: str, email: str, answer_at: datetime) -> dict[str, Any]:
    """What the person with `email` answers when asked to approve change `number`: {"number", "state"}
    where state is "decided" (theirs, with "decision" approved | rejected and the desk's "comments";
    "recorded" when already on the desk, else decided there by `answer_at`), "settled" (decided by "by"),
    "others" (waiting for the "waiting" approvers), "not_requested" or "not_found"; the last three with
    the "verdict" and "comments" the policy gives it.

    Args:
        ctx: the answering action's context.
        number: the change's number (CHG0030399).
        email: the approver's address (any case).
        answer_at: when their answer arrives (their decision is on the desk by then).
    """
    chg = ctx.db.exec(select(ChangeRequest).where(ChangeRequest.number == number.upper())).first()
    user = ctx.db.exec(
        select(SysUser).where(func.lower(SysUser.email) == email.lower()).order_by(SysUser.sys_id)
    ).first()
    if chg is None or user is None:
        return {"number": number, "state": "not_found"}
    rows = list(
        ctx.db.exec(
            select(Approval)
            .where(Approval.sysapproval == chg.sys_id, Approval.source_table == TABLE)
            .order_by(Approval.sys_created_on, Approval.sys_id)
        )
    )
    waiting = [r for r in rows if r.state == "requested"]
    mine = next((r for r in waiting if r.approver == user.sys_id), None)
    if mine is not None:
        decision, comments = change_verdict(ctx, chg, user)
        _decide_by(ctx, mine, [r for r in waiting if r is not mine], answer_at)
        return {"number": chg.number, "state": "decided", "decision": decision, "comments": comments}
    done = [r for r in rows if r.state in ("approved", "rejected")]
    own = [r for r in done if r.approver == user.sys_id]
    if own and not waiting:
        last = own[-1]
        return {
            "number": chg.number,
            "state": "decided",
            "decision": last.state,
            "comments": last.comments or "",
            "recorded": True,
        }
    verdict, comments = change_verdict(ctx, chg, user)
    said = {"number": chg.number, "verdict": verdict, "comments": comments}
    if waiting:
        return {**said, "state": "others", "waiting": _names(ctx, waiting)}
    if done and chg.approval in ("approved", "rejected"):
        last = done[-1]
        return {**said, "state": "settled", "decision": last.state, "by": _names(ctx, [last])[0]}
    return {**said, "state": "not_requested"}
