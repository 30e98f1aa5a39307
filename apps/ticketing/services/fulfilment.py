"""Fulfilment of an approved requested item: its stage and state move on and a catalog task is opened."""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.ticketing.models_itsm import CatalogTask, Request, RequestedItem
from apps.ticketing.services.common import stamp


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
