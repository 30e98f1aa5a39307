"""Reports: the opportunity pipeline by stage and owner."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.crm import picklists as pl
from apps.crm.models import Opportunity, User
from apps.crm.schemas import PipelineReport, PipelineRow
from apps.crm.services.common import actions
from apps.crm.services.references import USER, filter_id

STAGE_ORDER = {s.name: i for i, s in enumerate(pl.OPPORTUNITY_STAGES)}


@actions.read
def pipeline_report(
    ctx: Ctx,
    *,
    group_by: Literal["stage", "owner", "stage_and_owner"] = "stage",
    owner_id: str | None = None,
    include_closed: bool = False,
    close_date_from: date | None = None,
    close_date_to: date | None = None,
) -> PipelineReport:
    """Sum opportunities by stage, owner, or both: count, total amount and weighted amount
    (amount x probability / 100). Open opportunities only unless include_closed.

    Rows come in stage order (Prospecting ... Closed Lost), then by owner name; only groups with
    opportunities appear. A missing amount counts as 0.

    Args:
        group_by: stage, owner or stage_and_owner.
        owner_id: only this owner's opportunities (a user's id or name).
        include_closed: also count Closed Won and Closed Lost.
        close_date_from: close date on or after (YYYY-MM-DD).
        close_date_to: close date on or before (YYYY-MM-DD).
    """
    stmt = select(Opportunity)
    if owner_id:
        owner_id = filter_id(ctx, USER, owner_id, "owner_id")
        stmt = stmt.where(Opportunity.owner_id == owner_id)
    if not include_closed:
        stmt = stmt.where(col(Opportunity.is_closed).is_(False))
    if close_date_from:
        stmt = stmt.where(Opportunity.close_date >= close_date_from)
    if close_date_to:
        stmt = stmt.where(Opportunity.close_date <= close_date_to)
    names = {u.id: u.name for u in ctx.db.exec(select(User)).all()}
    groups: dict[tuple, list[Opportunity]] = defaultdict(list)
    for opp in ctx.db.exec(stmt).all():
        stage = opp.stage_name if group_by != "owner" else None
        owner = opp.owner_id if group_by != "stage" else None
        groups[(stage, owner)].append(opp)

    def order(key: tuple) -> tuple:
        stage, owner = key
        return (
            STAGE_ORDER.get(stage, len(STAGE_ORDER)) if stage else 0,
            names.get(owner, owner or ""),
            owner or "",
        )

    rows = []
    for stage, owner in sorted(groups, key=order):
        opps = groups[(stage, owner)]
        rows.append(
            PipelineRow(
                stage_name=stage,
                owner_id=owner,
                owner_name=names.get(owner) if owner else None,
                count=len(opps),
                total_amount=round(sum(o.amount or 0 for o in opps), 2),
                weighted_amount=round(sum((o.amount or 0) * o.probability / 100 for o in opps), 2),
            )
        )
    return PipelineReport(
        group_by=group_by,
        rows=rows,
        total_count=sum(r.count for r in rows),
        total_amount=round(sum(r.total_amount for r in rows), 2),
        total_weighted=round(sum(r.weighted_amount for r in rows), 2),
    )
