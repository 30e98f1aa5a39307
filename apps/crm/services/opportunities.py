"""Opportunities: deals in the pipeline, moving through sales stages to Closed Won or Closed Lost."""

from __future__ import annotations

from datetime import date
from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import every_failure
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Account, Opportunity, OpportunityHistory, OpportunityLineItem, Product
from apps.crm.params import (
    LeadSource,
    Money,
    Offset,
    OpportunityType,
    PageSize,
    Percent,
    RecordId,
    StageName,
    text,
)
from apps.crm.schemas import LineItemDetail, OpportunityDetail, OpportunityOut, OpportunityPage
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_lengths,
    check_range,
    fill_doc,
    load,
    optional_id,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.org import check_custom_value, enforce_rules
from apps.crm.services.references import ACCOUNT, USER, filter_id
from apps.crm.services.related import delete_opportunity_rows, notes_of, record_timeline
from apps.crm.services.stages import (
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
    limit: PageSize = 25,
    offset: Offset = 0,
) -> OpportunityPage:
    """List opportunities, filtered and sorted like a list view.

    Args:
        search: text matched against the opportunity name and next step.
        stage_name: only this stage (e.g. "Negotiation/Review").
        account_id: only opportunities of this account (id or name).
        owner_id: only opportunities owned by this user (id or name).
        mine: only opportunities owned by you.
        status: all, open (not closed), closed, won (Closed Won) or lost (Closed Lost).
        close_date_from: close date on or after this date (YYYY-MM-DD).
        close_date_to: close date on or before this date (YYYY-MM-DD).
        sort_by: close_date, name, amount, stage_name, probability, created_date or last_modified_date.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    account_id = filter_id(ctx, ACCOUNT, account_id, "account_id")
    owner_id = filter_id(ctx, USER, owner_id, "owner_id")
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
def get_opportunity(ctx: Ctx, *, opportunity_id: RecordId) -> OpportunityDetail:
    """Get one opportunity with its account name, products (line items), stage history (oldest first),
    open tasks, upcoming events, activity history and notes.

    Raises NOT_FOUND if no opportunity has this id (MALFORMED_ID if it is not an id).

    Args:
        opportunity_id: the opportunity's id (15 or 18 characters).
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


def _check_opp_fields(ctx: Ctx, values: dict) -> None:
    with every_failure() as check:  # Salesforce reports every field that fails, one entry each
        check(check_lengths, "Opportunity", values)
        check(check_range, values.get("amount"), 0, None, "amount", "amount")
        check(check_choice, values.get("type") or None, pl.OPPORTUNITY_TYPES, "type")
        check(check_choice, values.get("lead_source") or None, pl.LEAD_SOURCES, "lead_source")
        check(check_custom_value, ctx, "Opportunity", "Loss_Reason__c", values.get("loss_reason__c"))


@actions.write
@fill_doc(stages=STAGES_DOC, types=", ".join(pl.OPPORTUNITY_TYPES))
def create_opportunity(
    ctx: Ctx,
    *,
    name: text("Opportunity", "name"),
    close_date: date,
    stage_name: StageName,
    account_id: RecordId | None = None,
    amount: Money | None = None,
    probability: Percent | None = None,
    type: OpportunityType | None = None,
    lead_source: LeadSource | None = None,
    next_step: text("Opportunity", "next_step") | None = None,
    description: text("Opportunity", "description") | None = None,
    loss_reason__c: str | None = None,
    owner_id: RecordId | None = None,
) -> OpportunityOut:
    """Create an opportunity. `name`, `close_date` and `stage_name` are required.

    Probability defaults to the stage's; forecast category, is_closed and is_won follow the stage.
    The org's validation rules apply (describe_object("Opportunity") lists them): a save that breaks
    one fails with FIELD_CUSTOM_VALIDATION_EXCEPTION and the rule's message.

    Args:
        name: the opportunity's name (at most 120 characters), e.g. "Acme - 500 Widgets".
        close_date: the expected (or actual) close date, YYYY-MM-DD.
        stage_name: the sales stage (default probability): {stages}.
        account_id: the account it is with (an existing account id, 15 or 18 characters).
        amount: the deal's value, >= 0 (when it has products, their total instead).
        probability: chance to win in percent, 0-100 (default: the stage's).
        type: {types}.
        lead_source: where the deal came from (Web, Phone Inquiry, Partner Referral, Purchased List, Other).
        next_step: the next step to move it forward.
        description: free text, at most 32,000 characters.
        loss_reason__c: custom field Loss_Reason__c: why it was lost (its values: describe_object).
        owner_id: the user who owns it (default: you).
    """
    stage = stage_named(stage_name)
    account_id = optional_id(account_id, "account_id")
    values = dict(
        name=name,
        account_id=account_id,
        amount=amount,
        type=type,
        lead_source=lead_source,
        next_step=next_step,
        description=description,
        loss_reason__c=loss_reason__c,
    )
    _check_opp_fields(ctx, values)
    if account_id:
        load(ctx, Account, account_id, field="account_id", ref=True)
    values["name"] = require_text(name, "name")
    opp = Opportunity(
        id=ctx.new_id("Opportunity"),
        close_date=close_date,
        owner_id=owner_or_default(ctx, owner_id),
        stage_name=stage.name,
        probability=0,
        forecast_category="",
        **blank_to_none(values),
    )
    set_stage(opp, stage, probability)
    enforce_rules(ctx, "Opportunity", opp)
    stamp_new(ctx, opp)
    ctx.db.add(opp)
    record_history(ctx, opp)
    return OpportunityOut.model_validate(opp)


@actions.write
@fill_doc(stages=", ".join(s.name for s in pl.OPPORTUNITY_STAGES), types=", ".join(pl.OPPORTUNITY_TYPES))
def update_opportunity(
    ctx: Ctx,
    *,
    opportunity_id: RecordId,
    name: text("Opportunity", "name") | None = None,
    account_id: RecordId | None = None,
    stage_name: StageName | None = None,
    close_date: date | None = None,
    amount: Money | None = None,
    probability: Percent | None = None,
    type: OpportunityType | None = None,
    lead_source: LeadSource | None = None,
    next_step: text("Opportunity", "next_step") | None = None,
    description: text("Opportunity", "description") | None = None,
    loss_reason__c: str | None = None,
    owner_id: RecordId | None = None,
) -> OpportunityOut:
    """Change fields of an opportunity, open or closed, including its stage. Omitted fields stay as they
    are; "" clears a text field.

    A new stage sets probability to the stage's default unless you also give `probability`, and sets
    forecast category, is_closed and is_won; moving a Closed Won or Closed Lost opportunity back to an
    open stage reopens it. When it has products (line items), its amount is their total: an amount
    given here is not taken (the other fields are saved, as Salesforce does); change the line items.
    The org's validation rules apply (describe_object lists them; a broken rule fails with
    FIELD_CUSTOM_VALIDATION_EXCEPTION). Every change of stage, amount, probability or close date is
    recorded in the stage history.

    Args:
        opportunity_id: the opportunity to change (15 or 18 characters).
        name: a new name (at most 120 characters).
        account_id: move it to another account (an existing account id); "" clears it.
        stage_name: a new stage: {stages}.
        close_date: a new close date, YYYY-MM-DD.
        amount: a new amount, >= 0 (ignored when it has products: their total stays the amount).
        probability: chance to win in percent, 0-100.
        type: {types}; "" clears it.
        lead_source: Web, Phone Inquiry, Partner Referral, Purchased List or Other; "" clears it.
        next_step: the next step; "" clears it.
        description: free text, at most 32,000 characters; "" clears it.
        loss_reason__c: custom field Loss_Reason__c (values: describe_object); "" clears it.
        owner_id: a new owner (an active user id).
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    changes = dict(
        name=name,
        close_date=close_date,
        type=type,
        lead_source=lead_source,
        next_step=next_step,
        description=description,
        loss_reason__c=loss_reason__c,
    )
    _check_opp_fields(ctx, {**changes, "amount": amount})
    before = snapshot(opp)
    # With products, Amount is their rolled-up total: Salesforce saves the rest of the call and keeps it.
    if amount is not None and amount != opp.amount and not line_items(ctx, opp.id):
        opp.amount = amount
    if stage_name is not None and stage_name != opp.stage_name:
        set_stage(opp, stage_named(stage_name), probability)
    elif probability is not None and probability != opp.probability:
        set_stage(opp, stage_named(opp.stage_name), probability)
    if name is not None:
        changes["name"] = require_text(name, "name")
    if account_id:
        account_id = load(ctx, Account, account_id, field="account_id", ref=True).id
    changes["account_id"] = account_id  # None keeps it, "" clears it
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    changed = apply_changes(opp, changes)
    enforce_rules(ctx, "Opportunity", opp)
    if snapshot(opp) != before:
        record_history(ctx, opp)
    if changed or snapshot(opp) != before:
        stamp_modified(ctx, opp)
    return OpportunityOut.model_validate(opp)


@actions.destructive
def delete_opportunity(ctx: Ctx, *, opportunity_id: RecordId) -> Deleted:
    """Delete an opportunity with its products (line items), stage history, tasks, events and notes.

    This cannot be undone.

    Args:
        opportunity_id: the opportunity to delete (15 or 18 characters).
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    return Deleted(id=opp.id, deleted=delete_opportunity_rows(ctx, opp))
