"""Opportunity stage rules shared by the services: stage fields, stage history, amount roll-up.

Helpers only (no actions).
"""

from __future__ import annotations

from sqlmodel import select

from apps.core.actions import Ctx
from apps.crm import picklists as pl
from apps.crm.models import Opportunity, OpportunityHistory, OpportunityLineItem
from apps.crm.services.common import check_choice, check_range

TRACKED = ("stage_name", "amount", "probability", "close_date")


def stage_named(name: str, field: str = "stage_name") -> pl.Stage:
    """The stage called `name`, or an error listing the stages."""
    check_choice(name, pl.STAGES_BY_NAME, field)
    return pl.STAGES_BY_NAME[name]


def set_stage(opp: Opportunity, stage: pl.Stage, probability: int | None) -> None:
    """Move `opp` to `stage`: probability (given, else the stage's default), forecast, closed/won flags."""
    check_range(probability, 0, 100, "probability", "probability")
    opp.stage_name = stage.name
    opp.probability = stage.probability if probability is None else probability
    opp.forecast_category = stage.forecast_category
    opp.is_closed = stage.is_closed
    opp.is_won = stage.is_won


def snapshot(opp: Opportunity) -> tuple:
    """The tracked fields (stage, amount, probability, close date), to detect a change."""
    return tuple(getattr(opp, f) for f in TRACKED)


def record_history(ctx: Ctx, opp: Opportunity) -> OpportunityHistory:
    """Append an OpportunityHistory row: the opportunity's current stage, amount, probability, close date."""
    row = OpportunityHistory(
        id=ctx.new_id("OpportunityHistory"),
        opportunity_id=opp.id,
        stage_name=opp.stage_name,
        amount=opp.amount,
        probability=opp.probability,
        forecast_category=opp.forecast_category,
        close_date=opp.close_date,
        created_date=ctx.now,
        created_by_id=ctx.user_id,
    )
    ctx.db.add(row)
    return row


def line_items(ctx: Ctx, opportunity_id: str) -> list[OpportunityLineItem]:
    """An opportunity's line items in the order they were added."""
    stmt = select(OpportunityLineItem).where(OpportunityLineItem.opportunity_id == opportunity_id)
    return list(ctx.db.exec(stmt.order_by(OpportunityLineItem.id)).all())


def roll_up_amount(ctx: Ctx, opp: Opportunity) -> None:
    """Set the amount to the sum of the line items' total price (0.0 when none remain)."""
    ctx.db.flush()
    opp.amount = round(sum(i.total_price for i in line_items(ctx, opp.id)), 2)
