"""Fulfilment of a requested item: approved, its stage and state move on and a catalog task is opened;
closed, its request closes with its last open item."""

from __future__ import annotations

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.ticketing.models_itsm import CatalogTask, Request, RequestedItem
from apps.ticketing.services.common import stamp

CLOSED_COMPLETE, CLOSED_INCOMPLETE = 3, 4


def start_fulfilment(ctx: Ctx, ritm: RequestedItem, request: Request) -> None:
    """Approved: the item goes to fulfilment and a catalog task is opened for the fulfilment group."""
    if ritm.approval == "requested":
        ritm.approval = "approved"
    ritm.stage, ritm.state = "fulfillment", 1
    request.approval, request.request_state = "approved", "in_process"
    task = CatalogTask(
        sys_id=ctx.new_id("sc_task"),
        number=ctx.new_id("sc_task.number"),
        request_item=ritm.sys_id,
        short_description=f"Fulfil: {ritm.short_description}",
        assignment_group=ritm.assignment_group,
        opened_at=ctx.now,
    )
    stamp(ctx, task, new=True)
    ctx.db.add(task)


def close_item(ctx: Ctx, ritm: RequestedItem, state: int) -> None:
    """Close a requested item (stage complete) in `state` (3 Closed Complete, 4 Closed Incomplete,
    7 Closed Skipped); its request closes too when no other item of it is still open (closed
    incomplete when this one is)."""
    ritm.state, ritm.stage, ritm.active, ritm.closed_at = state, "complete", False, ctx.now
    stamp(ctx, ritm)
    others = ctx.db.exec(
        select(RequestedItem).where(
            RequestedItem.request == ritm.request,
            col(RequestedItem.active).is_(True),
            RequestedItem.sys_id != ritm.sys_id,
        )
    ).all()
    if not others:
        request = ctx.db.get(Request, ritm.request)
        incomplete = state == CLOSED_INCOMPLETE
        request.request_state = "closed_incomplete" if incomplete else "closed_complete"
        request.active, request.closed_at = False, ctx.now
        stamp(ctx, request)
