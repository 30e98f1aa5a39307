"""Accounts: the companies you sell to, with a parent hierarchy."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Account, Contact, Note, Opportunity
from apps.crm.schemas import AccountOut, AccountPage, ContactOut, NoteOut, OpportunityOut
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    check_choice,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.related import delete_contact_rows, delete_opportunity_rows, delete_related

AccountSort = Literal["name", "annual_revenue", "created_date", "last_modified_date", "industry"]


class AccountDetail(BaseModel):
    """An account with its related lists."""

    account: AccountOut  # type: ignore[valid-type]
    parent_name: str | None
    child_accounts: list[AccountOut]  # type: ignore[valid-type]
    contacts: list[ContactOut]  # type: ignore[valid-type]
    opportunities: list[OpportunityOut]  # type: ignore[valid-type]
    notes: list[NoteOut]  # type: ignore[valid-type]


@actions.read
def list_accounts(
    ctx: Ctx,
    *,
    search: str | None = None,
    industry: str | None = None,
    type: str | None = None,
    owner_id: str | None = None,
    mine: bool = False,
    sort_by: AccountSort = "name",
    descending: bool = False,
    limit: int = 25,
    offset: int = 0,
) -> AccountPage:
    """List accounts, filtered and sorted like a list view.

    Args:
        search: text matched against the account name, number and billing city.
        industry: only accounts of this industry (e.g. "Banking").
        type: only accounts of this type (e.g. "Customer - Direct").
        owner_id: only accounts owned by this user id.
        mine: only accounts owned by you.
        sort_by: name, annual_revenue, created_date, last_modified_date or industry.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    stmt = select(Account)
    stmt = matching(stmt, (Account.name, Account.account_number, Account.billing_city), search)
    if industry:
        stmt = stmt.where(Account.industry == industry)
    if type:
        stmt = stmt.where(Account.type == type)
    if owner_id or mine:
        stmt = stmt.where(Account.owner_id == (ctx.user_id if mine else owner_id))
    stmt = ordered(stmt, col(getattr(Account, sort_by)), descending=descending, tiebreak=Account.id)
    total, rows = page(ctx, stmt, limit=limit, offset=offset)
    return AccountPage(total=total, offset=offset, limit=limit, records=rows)


@actions.read
def get_account(ctx: Ctx, *, account_id: str) -> AccountDetail:
    """Get one account with its child accounts, contacts, opportunities and notes.

    Raises an error if no account has this id.
    """
    acc = load(ctx, Account, account_id, field="account_id")
    parent = ctx.db.get(Account, acc.parent_id) if acc.parent_id else None

    def by_name(model):  # noqa: ANN001, ANN202
        return ctx.db.exec(select(model).where(model.account_id == acc.id).order_by(model.id)).all()

    return AccountDetail(
        account=acc,
        parent_name=parent.name if parent else None,
        child_accounts=ctx.db.exec(
            select(Account).where(Account.parent_id == acc.id).order_by(Account.name)
        ).all(),
        contacts=by_name(Contact),
        opportunities=by_name(Opportunity),
        notes=ctx.db.exec(select(Note).where(Note.parent_id == acc.id).order_by(Note.id)).all(),
    )


def _check_account_fields(ctx: Ctx, acc_id: str | None, *, industry, type, rating, parent_id) -> None:
    check_choice(industry or None, pl.INDUSTRIES, "industry")
    check_choice(type or None, pl.ACCOUNT_TYPES, "type")
    check_choice(rating or None, pl.RATINGS, "rating")
    if parent_id:
        parent = load(ctx, Account, parent_id, label="parent account", field="parent_id")
        seen = {acc_id}
        while parent is not None:  # walking up must never reach this account again
            if parent.id in seen:
                raise ActionError("an account cannot be its own ancestor", field="parent_id")
            seen.add(parent.id)
            parent = ctx.db.get(Account, parent.parent_id) if parent.parent_id else None


def _check_numbers(annual_revenue: float | None, number_of_employees: int | None) -> None:
    if annual_revenue is not None and annual_revenue < 0:
        raise ActionError("annual revenue cannot be negative", field="annual_revenue")
    if number_of_employees is not None and number_of_employees < 0:
        raise ActionError("number of employees cannot be negative", field="number_of_employees")


@actions.write
def create_account(
    ctx: Ctx,
    *,
    name: str,
    type: str | None = None,
    industry: str | None = None,
    rating: str | None = None,
    parent_id: str | None = None,
    annual_revenue: float | None = None,
    number_of_employees: int | None = None,
    phone: str | None = None,
    website: str | None = None,
    account_number: str | None = None,
    billing_street: str | None = None,
    billing_city: str | None = None,
    billing_state: str | None = None,
    billing_postal_code: str | None = None,
    billing_country: str | None = None,
    shipping_street: str | None = None,
    shipping_city: str | None = None,
    shipping_state: str | None = None,
    shipping_postal_code: str | None = None,
    shipping_country: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> AccountOut:
    """Create an account. Only `name` is required; the owner defaults to you.

    Picklists: type (Prospect, Customer - Direct, Customer - Channel, Channel Partner / Reseller,
    Installation Partner, Technology Partner, Other), industry (Salesforce's standard list, e.g.
    Banking, Technology), rating (Hot, Warm, Cold). `parent_id` makes it a child of another account.
    """
    fields = dict(locals())
    fields.pop("ctx")
    fields["name"] = require_text(name, "name")
    _check_account_fields(ctx, None, industry=industry, type=type, rating=rating, parent_id=parent_id)
    _check_numbers(annual_revenue, number_of_employees)
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    acc = Account(id=ctx.new_id("Account"), **{k: (v if v != "" else None) for k, v in fields.items()})
    stamp_new(ctx, acc)
    ctx.db.add(acc)
    return AccountOut.model_validate(acc)


@actions.write
def update_account(
    ctx: Ctx,
    *,
    account_id: str,
    name: str | None = None,
    type: str | None = None,
    industry: str | None = None,
    rating: str | None = None,
    parent_id: str | None = None,
    annual_revenue: float | None = None,
    number_of_employees: int | None = None,
    phone: str | None = None,
    website: str | None = None,
    account_number: str | None = None,
    billing_street: str | None = None,
    billing_city: str | None = None,
    billing_state: str | None = None,
    billing_postal_code: str | None = None,
    billing_country: str | None = None,
    shipping_street: str | None = None,
    shipping_city: str | None = None,
    shipping_state: str | None = None,
    shipping_postal_code: str | None = None,
    shipping_country: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> AccountOut:
    """Change fields of an account. Omitted fields stay as they are; "" clears a text field.

    Same picklists and rules as create_account; an account cannot become its own ancestor.
    """
    changes = dict(locals())
    for key in ("ctx", "account_id"):
        changes.pop(key)
    acc = load(ctx, Account, account_id, field="account_id")
    if name is not None:
        changes["name"] = require_text(name, "name")
    _check_account_fields(ctx, acc.id, industry=industry, type=type, rating=rating, parent_id=parent_id)
    _check_numbers(annual_revenue, number_of_employees)
    if owner_id:
        changes["owner_id"] = owner_or_default(ctx, owner_id)
    if apply_changes(acc, changes):
        stamp_modified(ctx, acc)
    return AccountOut.model_validate(acc)


@actions.destructive
def delete_account(ctx: Ctx, *, account_id: str) -> Deleted:
    """Delete an account with everything under it. This cannot be undone.

    Removes the account, its contacts, its opportunities (with their line items and stage history)
    and the tasks, events and notes on any of them. Refused when other accounts have this one as
    parent: reparent them (update_account parent_id) or delete them first.
    """
    acc = load(ctx, Account, account_id, field="account_id")
    children = ctx.db.exec(select(Account).where(Account.parent_id == acc.id).order_by(Account.name)).all()
    if children:
        names = ", ".join(c.name for c in children[:5]) + (" ..." if len(children) > 5 else "")
        raise ActionError(
            f"account {acc.name!r} has {len(children)} child account(s) ({names}); "
            "reparent or delete the child accounts first",
            field="account_id",
        )
    deleted = [acc.id]
    for opp in ctx.db.exec(select(Opportunity).where(Opportunity.account_id == acc.id)).all():
        deleted += delete_opportunity_rows(ctx, opp)
    for contact in ctx.db.exec(select(Contact).where(Contact.account_id == acc.id)).all():
        deleted += delete_contact_rows(ctx, contact)
    deleted += delete_related(ctx, [acc.id])
    ctx.db.delete(acc)
    return Deleted(id=acc.id, deleted=deleted)
