"""How an approver decides, by the company handbook's params (`ticketing_handbook_rule`, the same params the
knowledge articles state; the rules themselves are `apps/core/handbook.py`).

- A change request: inside a freeze window of the Change Freeze Policy a normal change is rejected (re-plan
  it after the freeze); an emergency change inside a freeze needs the policy's emergency approver; outside
  every freeze it is approved.
- A requested item: its total price is measured against the Purchasing Policy's matrix — approved within
  the approver's level (the requester's manager holds "manager"; a title holds its role), rejected beyond it
  naming who must approve.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.handbook import MANAGER, NO_APPROVAL, NOT_PERMITTED, approval_role, holds_role, rank
from apps.ticketing.approvers.models import HandbookRule
from apps.ticketing.models import SysUser
from apps.ticketing.models_itsm import ChangeRequest, RequestedItem

FREEZE, PURCHASING = "Change Freeze Policy", "Purchasing Policy"


def _rule(ctx: Ctx, title: str) -> HandbookRule | None:
    return ctx.db.exec(select(HandbookRule).where(HandbookRule.title == title)).first()


def _holder(ctx: Ctx, role: str) -> str:
    staff = select(SysUser).where(col(SysUser.employee_number).is_not(None)).order_by(SysUser.name)
    for user in ctx.db.exec(staff):
        if holds_role(user.title, role):
            return user.name
    return f"the {role}"


def _stamp(value: datetime) -> str:
    return value.replace(tzinfo=None).isoformat(timespec="seconds")


def freeze_overlap(windows: list[dict[str, Any]], start: datetime, end: datetime) -> dict[str, Any] | None:
    """The first freeze window the planned window [start, end) overlaps, if any.

    Args:
        windows: the Change Freeze Policy's windows (ISO `start`/`end`, naive UTC).
        start: the change's planned start.
        end: the change's planned end.
    """
    s, e = _stamp(start), _stamp(end)
    return next((w for w in windows if w["start"] < e and s < w["end"]), None)


def change_verdict(ctx: Ctx, chg: ChangeRequest, approver: SysUser) -> tuple[str, str]:
    """(approved | rejected, comments) of `approver` on a change request by the Change Freeze Policy.

    Args:
        ctx: the deciding action's context.
        chg: the change waiting for approval.
        approver: who decides.
    """
    rule = _rule(ctx, FREEZE)
    if rule is None:
        return "approved", "Approved."
    policy = f"the {rule.title} ({rule.number})"
    window = freeze_overlap(rule.params.get("windows", []), chg.start_date, chg.end_date or chg.start_date)
    if window is None:
        return "approved", f"Approved: the planned window is outside every change freeze under {policy}."
    freeze = f"the {window['name']} ({window['start'][:16]} to {window['end'][:16]}, {window['reason']})"
    if chg.type == "emergency":
        role = rule.params.get("emergency_approver", "")
        if holds_role(approver.title, role):
            return "approved", f"Approved as an emergency change during {freeze} under {policy}."
        who = _holder(ctx, role)
        return "rejected", (
            f"Rejected: an emergency change inside {freeze} needs the {role} ({who}) under {policy}. "
            f"Please ask {who}."
        )
    return "rejected", (
        f"Rejected under {policy}: the planned window {_stamp(chg.start_date)[:16]} to "
        f"{_stamp(chg.end_date or chg.start_date)[:16]} falls inside {freeze}. Re-plan it to start at or "
        f"after {window['end'][:16]}."
    )


def item_verdict(ctx: Ctx, ritm: RequestedItem, approver: SysUser) -> tuple[str, str]:
    """(approved | rejected, comments) of `approver` on a requested item by the Purchasing Policy.

    Args:
        ctx: the deciding action's context.
        ritm: the requested item waiting for approval.
        approver: who decides.
    """
    rule = _rule(ctx, PURCHASING)
    matrix = rule.params.get("approval") if rule else None
    if not matrix:
        return "approved", "Approved."
    policy = f"the {rule.title} ({rule.number})"
    value = ritm.price * ritm.quantity
    shown = f"${value:,.2f}".removesuffix(".00")
    role = approval_role(matrix, value)
    if role == NO_APPROVAL:
        return "approved", f"Approved: {shown} needs no approval under {policy}."
    if role == NOT_PERMITTED:
        return "rejected", f"Rejected: {shown} is beyond what {policy} allows at any level."
    requester = ctx.db.get(SysUser, ritm.requested_for)
    held = [r for r in matrix["chain"] if holds_role(approver.title, r)]
    if requester is not None and requester.manager == approver.sys_id:
        held.append(MANAGER)
    if held and max(rank(matrix, r) for r in held) >= rank(matrix, role):
        return "approved", f"Approved: {shown}, within my approval limit under {policy}."
    who = _holder(ctx, role) if role != MANAGER else "the requester's line manager"
    return "rejected", (
        f"Rejected: {shown} is beyond my approval limit under {policy}; it needs the {role} ({who}). "
        f"Please ask {who}."
    )
