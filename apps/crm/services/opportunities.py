"""Opportunities: deals in the pipeline, moving through sales stages to Closed Won or Closed Lost."""

from __future__ import annotations

from datetime import date
from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Account, Opportunity, OpportunityHistory, OpportunityLineItem, Product
from apps.crm.schemas import LineItemDetail, OpportunityDetail, OpportunityOut, OpportunityPage
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_range,
    fill_doc,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.related import delete_opportunity_rows, notes_of, record_timeline
from apps.crm.services.stages import (
    check_closing_rules,
    check_open,
    line_items,
    record_history,
    set_stage,
    snapshot,
    stage_named,
)

OpportunitySort = Literal[
    "close_date", "name", "amount", "stage_name", "probability", "created_date", "last_modified_date"
]
STAGES_DOC = ", ".join(f"{s.name} ({s.probability}%)" for s in pl.OPPORTUNITY_STAGES)


@actions.read
def list_opportunities(
    ctx: Ctx,
    *,
    search: str | None = None,
    stage_name: str | None = None,
    account_id: str | None = None,
    owner_id: str | None = None,
    mine: bool = False,
    status: Literal["all", "open", "closed", "won", "lost"] = "all",
    close_date_from: date | None = None,
    close_date_to: date | None = None,
    sort_by: OpportunitySort = "close_date",
    descending: bool = False,
    limit: int = 25,
    offset: int = 0,
) -> OpportunityPage:
    """List opportunities, filtered and sorted like a list view.

    Args:
        search: text matched against the opportunity name and next step.
        stage_name: only this stage (e.g. "Negotiation/Review").
        account_id: only opportunities of this account.
        owner_id: only opportunities owned by this user id.
        mine: only opportunities owned by you.
        status: all, open (not closed), closed, won (Closed Won) or lost (Closed Lost).
        close_date_from: close date on or after this date (YYYY-MM-DD).
        close_date_to: close date on or before this date (YYYY-MM-DD).
        sort_by: close_date, name, amount, stage_name, probability, created_date or last_modified_date.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    stmt = select(Opportunity)
    stmt = matching(stmt, (Opportunity.name, Opportunity.next_step), search)
    if stage_name:
        stmt = stmt.where(Opportunity.stage_name == stage_name)
    if account_id:
        stmt = stmt.where(Opportunity.account_id == account_id)
    if owner_id or mine:
        stmt = stmt.where(Opportunity.owner_id == (ctx.user_id if mine else owner_id))
    if status != "all":
        stmt = stmt.where(col(Opportunity.is_closed).is_(status != "open"))
        if status in ("won", "lost"):
            stmt = stmt.where(col(Opportunity.is_won).is_(status == "won"))
    if close_date_from:
        stmt = stmt.where(Opportunity.close_date >= close_date_from)
    if close_date_to:
        stmt = stmt.where(Opportunity.close_date <= close_date_to)
    stmt = ordered(stmt, col(getattr(Opportunity, sort_by)), descending=descending, tiebreak=Opportunity.id)
    total, rows = page(ctx, stmt, limit=limit, offset=offset)
    return OpportunityPage(total=total, offset=offset, limit=limit, records=rows)


@actions.read
def get_opportunity(ctx: Ctx, *, opportunity_id: str) -> OpportunityDetail:
    """Get one opportunity with its account name, products (line items), stage history (oldest first),
    open tasks, upcoming events, activity history and notes.

    Raises an error if no opportunity has this id.
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    account = ctx.db.get(Account, opp.account_id) if opp.account_id else None
    rows = ctx.db.exec(
        select(OpportunityLineItem, Product.name, Product.product_code)
        .join(Product, col(Product.id) == OpportunityLineItem.product_id, isouter=True)
        .where(OpportunityLineItem.opportunity_id == opp.id)
        .order_by(OpportunityLineItem.id)
    ).all()
    items = [
        LineItemDetail.model_validate({**item.model_dump(), "product_name": name, "product_code": code})
        for item, name, code in rows
    ]
    history = ctx.db.exec(
        select(OpportunityHistory)
        .where(OpportunityHistory.opportunity_id == opp.id)
        .order_by(OpportunityHistory.created_date, OpportunityHistory.id)
    ).all()
    tl = record_timeline(ctx, opp)
    return OpportunityDetail(
        opportunity=opp,
        account_name=account.name if account else None,
        line_items=items,
        stage_history=history,
        open_tasks=tl.open_tasks,
        events=tl.upcoming_events,
        activity_history=tl.activity_history,
        notes=notes_of(ctx, opp.id),
    )


def _check_opp_fields(ctx: Ctx, *, account_id, amount, type, lead_source, loss_reason) -> None:
    if account_id:
        load(ctx, Account, account_id, field="account_id")
    check_range(amount, 0, None, "amount", "amount")
    check_choice(type or None, pl.OPPORTUNITY_TYPES, "type")
    check_choice(lead_source or None, pl.LEAD_SOURCES, "lead_source")
    check_choice(loss_reason or None, pl.LOSS_REASONS, "loss_reason")


@actions.write
@fill_doc(stages=STAGES_DOC, reasons=", ".join(pl.LOSS_REASONS), types=", ".join(pl.OPPORTUNITY_TYPES))
def create_opportunity(
    ctx: Ctx,
    *,
    name: str,
    close_date: date,
    stage_name: str,
    account_id: str | None = None,
    amount: float | None = None,
    probability: int | None = None,
    type: str | None = None,
    lead_source: str | None = None,
    next_step: str | None = None,
    description: str | None = None,
    loss_reason: str | None = None,
    owner_id: str | None = None,
) -> OpportunityOut:
    """Create an opportunity. `name`, `close_date` (YYYY-MM-DD) and `stage_name` are required.

    Stages (default probability): {stages}.
    Probability (0-100) defaults to the stage's; forecast category, is_closed and is_won follow the stage.
    Closed Won needs amount > 0; Closed Lost needs loss_reason ({reasons}). amount >= 0;
    account_id must be an existing account. type: {types}. The owner defaults to you.
    """
    stage = stage_named(stage_name)
    _check_opp_fields(
        ctx, account_id=account_id, amount=amount, type=type, lead_source=lead_source, loss_reason=loss_reason
    )
    fields = blank_to_none(
        dict(
            account_id=account_id,
            amount=amount,
            type=type,
            lead_source=lead_source,
            next_step=next_step,
            description=description,
            loss_reason=loss_reason,
        )
    )
    opp = Opportunity(
        id=ctx.new_id("Opportunity"),
        name=require_text(name, "name"),
        close_date=close_date,
        owner_id=owner_or_default(ctx, owner_id),
        stage_name=stage.name,
        probability=0,
        forecast_category="",
        **fields,
    )
    set_stage(opp, stage, probability)
    check_closing_rules(opp)
    stamp_new(ctx, opp)
    ctx.db.add(opp)
    record_history(ctx, opp)
    return OpportunityOut.model_validate(opp)


@actions.write
def update_opportunity(
    ctx: Ctx,
    *,
    opportunity_id: str,
    name: str | None = None,
    stage_name: str | None = None,
    close_date: date | None = None,
    amount: float | None = None,
    probability: int | None = None,
    type: str | None = None,
    lead_source: str | None = None,
    next_step: str | None = None,
    description: str | None = None,
    loss_reason: str | None = None,
    owner_id: str | None = None,
) -> OpportunityOut:
    """Change fields of an opportunity, including moving it to another stage. Omitted fields stay as they
    are; "" clears a text field.

    Rules: a new stage resets probability to the stage's default unless you also give `probability`
    (0-100). Closed Won needs amount > 0; Closed Lost needs a loss_reason. A closed opportunity cannot
    move to another stage or change its amount or probability here: use reopen_opportunity first.
    When it has products (line items), its amount is their total and cannot be set directly: change
    the line items instead (update_line_item). Every change of stage, amount, probability or close
    date is recorded in the stage history.
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    _check_opp_fields(
        ctx, account_id=None, amount=amount, type=type, lead_source=lead_source, loss_reason=loss_reason
    )
    before = snapshot(opp)
    if amount is not None and amount != opp.amount:
        check_open(opp, "amount", "amount")
        if line_items(ctx, opp.id):
            raise ActionError(
                "this opportunity has products, so its amount is the sum of their total prices and cannot be "
                "set directly; change quantities or prices with update_line_item (or remove_line_item)",
                field="amount",
            )
        opp.amount = amount
    if stage_name is not None and stage_name != opp.stage_name:
        stage = stage_named(stage_name)
        check_open(opp, "stage", "stage_name")
        set_stage(opp, stage, probability)
    elif probability is not None and probability != opp.probability:
        check_open(opp, "probability", "probability")
        set_stage(opp, stage_named(opp.stage_name), probability)
    changes = dict(
        name=name,
        close_date=close_date,
        type=type,
        lead_source=lead_source,
        next_step=next_step,
        description=description,
        loss_reason=loss_reason,
    )
    if name is not None:
        changes["name"] = require_text(name, "name")
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    changed = apply_changes(opp, changes)
    check_closing_rules(opp)
    if snapshot(opp) != before:
        record_history(ctx, opp)
    if changed or snapshot(opp) != before:
        stamp_modified(ctx, opp)
    return OpportunityOut.model_validate(opp)


@actions.write
@fill_doc(open_stages=", ".join(pl.OPEN_STAGES))
def reopen_opportunity(ctx: Ctx, *, opportunity_id: str, stage_name: str) -> OpportunityOut:
    """Reopen a closed (Closed Won or Closed Lost) opportunity by moving it back to an open stage.

    `stage_name` must be an open stage: {open_stages}. Probability resets to the stage's default,
    the loss reason is cleared, and the change is recorded in the stage history.
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    if not opp.is_closed:
        raise ActionError(
            f"opportunity {opp.name!r} is not closed (stage {opp.stage_name}); change its stage with "
            "update_opportunity",
            field="opportunity_id",
        )
    stage = stage_named(stage_name)
    if stage.is_closed:
        raise ActionError(
            f"reopening needs an open stage, one of: {', '.join(pl.OPEN_STAGES)}", field="stage_name"
        )
    set_stage(opp, stage, None)
    opp.loss_reason = None
    stamp_modified(ctx, opp)
    record_history(ctx, opp)
    return OpportunityOut.model_validate(opp)


@actions.destructive
def delete_opportunity(ctx: Ctx, *, opportunity_id: str) -> Deleted:
    """Delete an opportunity with its products (line items), stage history, tasks, events and notes.

    This cannot be undone.
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    return Deleted(id=opp.id, deleted=delete_opportunity_rows(ctx, opp))
