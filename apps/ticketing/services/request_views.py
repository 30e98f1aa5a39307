"""How requested items (RITM…) are shown: each row with its request number, item name and display names.

Shared by the catalog (an order answers with its new item) and the request services.
"""

from __future__ import annotations

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.ticketing import choices as c
from apps.ticketing.models_itsm import CatalogItem, Request, RequestedItem
from apps.ticketing.schemas import RequestedItemOut
from apps.ticketing.services.present import display_names


def ritms_out(ctx: Ctx, rows: list[RequestedItem]) -> list[RequestedItemOut]:
    """Requested items as agents see them, in the order given."""
    names = display_names(
        ctx, [x for r in rows for x in (r.requested_for, r.assignment_group, r.assigned_to)]
    )
    reqs = dict(
        ctx.db.exec(
            select(Request.sys_id, Request.number).where(col(Request.sys_id).in_([r.request for r in rows]))
        ).all()
    )
    items = dict(
        ctx.db.exec(
            select(CatalogItem.sys_id, CatalogItem.name).where(
                col(CatalogItem.sys_id).in_([r.cat_item for r in rows])
            )
        ).all()
    )
    return [
        RequestedItemOut.model_validate(
            {
                **r.model_dump(),
                "request_number": reqs.get(r.request),
                "cat_item_name": items.get(r.cat_item),
                "requested_for_name": names.get(r.requested_for),
                "state_label": c.TASK_STATES.get(r.state),
                "assignment_group_name": names.get(r.assignment_group),
                "assigned_to_name": names.get(r.assigned_to),
            }
        )
        for r in rows
    ]
