"""Accounts: the companies you sell to, with a parent hierarchy."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, every_failure
from apps.core.list_query import matching, ordered, page
from apps.core.reads import row_by_id, rows_where
from apps.crm import picklists as pl
from apps.crm.models import Account, Contact, Note, Opportunity
from apps.crm.params import AccountType, Count, Industry, Money, Offset, PageSize, Rating, RecordId, text
from apps.crm.schemas import AccountOut, AccountPage, ContactOut, NoteOut, OpportunityOut
from apps.crm.services.common import (
    Deleted,
    actions,
    check_choice,
    check_lengths,
    check_range,
    fill_doc,
    load,
    owner_or_default,
    read_record,
    require_text,
    save_changes,
    stamp_new,
)
from apps.crm.services.owner_transfer import Transfer, transfer_related
from apps.crm.services.references import USER, filter_id
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
    limit: PageSize = 25,
    offset: Offset = 0,
) -> AccountPage:
    """List accounts, filtered and sorted like a list view.

    Args:
        search: text matched against the account name, number and billing city.
        industry: only accounts of this industry (e.g. "Banking").
        type: only accounts of this type (e.g. "Customer - Direct").
        owner_id: only accounts owned by this user (id or name).
        mine: only accounts owned by you.
        sort_by: name, annual_revenue, created_date, last_modified_date or industry.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    owner_id = filter_id(ctx, USER, owner_id, "owner_id")
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
def get_account(ctx: Ctx, *, account_id: RecordId) -> AccountDetail:
    """Get one account with its child accounts, contacts, opportunities and notes.

    Raises NOT_FOUND if no account has this id (MALFORMED_ID if it is not an id).

    Args:
        account_id: the account's id (15 or 18 characters).
    """
    acc = read_record(ctx, Account, account_id, field="account_id")
    parent = row_by_id(ctx, Account, acc["parent_id"]) if acc["parent_id"] else None
    return AccountDetail(
        account=acc,
        parent_name=parent["name"] if parent else None,
        child_accounts=rows_where(ctx, Account, "parent_id", acc["id"], order_by=("name",)),
        contacts=rows_where(ctx, Contact, "account_id", acc["id"], order_by=("id",)),
        opportunities=rows_where(ctx, Opportunity, "account_id", acc["id"], order_by=("id",)),
        notes=rows_where(ctx, Note, "parent_id", acc["id"], order_by=("id",)),
    )


def _check_account_fields(ctx: Ctx, acc_id: str | None, values: dict) -> str | None:
    """Check the given values; returns the parent's 18-character id (or the given value when blank)."""
    with every_failure() as check:  # Salesforce reports every field that fails, one entry each
        check(check_lengths, "Account", values)
        check(check_choice, values["industry"] or None, pl.INDUSTRIES, "industry")
        check(check_choice, values["type"] or None, pl.ACCOUNT_TYPES, "type")
        check(check_choice, values["rating"] or None, pl.RATINGS, "rating")
        check(check_range, values["annual_revenue"], 0, None, "annual_revenue", "annual revenue")
        check(
            check_range, values["number_of_employees"], 0, None, "number_of_employees", "number of employees"
        )
    parent_id = values["parent_id"]
    if not parent_id:
        return parent_id
    parent = load(ctx, Account, parent_id, label="parent account", field="parent_id", ref=True)
    seen = {acc_id}
    found = parent.id
    while parent is not None:  # walking up must never reach this account again
        if parent.id in seen:
            raise ActionError(
                "an account cannot be its own ancestor", field="parent_id", code="FIELD_INTEGRITY_EXCEPTION"
            )
        seen.add(parent.id)
        parent = ctx.db.get(Account, parent.parent_id) if parent.parent_id else None
    return found


ACCOUNT_FIELDS_DOC = """type: Prospect, Customer - Direct, Customer - Channel, Channel Partner / Reseller,
            Installation Partner, Technology Partner or Other.
        industry: Salesforce's standard industry list, e.g. Banking, Technology, Healthcare.
        rating: Hot, Warm or Cold.
        parent_id: the parent account's id (makes this a child account).
        annual_revenue: yearly revenue, >= 0.
        number_of_employees: head count, >= 0.
        phone: main phone number (at most 40 characters).
        website: web address (at most 255 characters).
        account_number: your own account number (at most 40 characters).
        billing_street: billing street (at most 255 characters).
        billing_city: billing city (at most 40 characters).
        billing_state: billing state or province (at most 80 characters).
        billing_postal_code: billing zip or postal code (at most 20 characters).
        billing_country: billing country (at most 80 characters).
        shipping_street: shipping street (at most 255 characters).
        shipping_city: shipping city (at most 40 characters).
        shipping_state: shipping state or province (at most 80 characters).
        shipping_postal_code: shipping zip or postal code (at most 20 characters).
        shipping_country: shipping country (at most 80 characters).
        description: free text, at most 32,000 characters."""  # the Args shared by create and update


@actions.write
@fill_doc(fields=ACCOUNT_FIELDS_DOC)
def create_account(
    ctx: Ctx,
    *,
    name: text("Account", "name"),
    type: AccountType | None = None,
    industry: Industry | None = None,
    rating: Rating | None = None,
    parent_id: RecordId | None = None,
    annual_revenue: Money | None = None,
    number_of_employees: Count | None = None,
    phone: text("Account", "phone") | None = None,
    website: text("Account", "website") | None = None,
    account_number: text("Account", "account_number") | None = None,
    billing_street: text("Account", "billing_street") | None = None,
    billing_city: text("Account", "billing_city") | None = None,
    billing_state: text("Account", "billing_state") | None = None,
    billing_postal_code: text("Account", "billing_postal_code") | None = None,
    billing_country: text("Account", "billing_country") | None = None,
    shipping_street: text("Account", "shipping_street") | None = None,
    shipping_city: text("Account", "shipping_city") | None = None,
    shipping_state: text("Account", "shipping_state") | None = None,
    shipping_postal_code: text("Account", "shipping_postal_code") | None = None,
    shipping_country: text("Account", "shipping_country") | None = None,
    description: text("Account", "description") | None = None,
    owner_id: RecordId | None = None,
) -> AccountOut:
    """Create an account. Only `name` is required; the owner defaults to you.

    Text longer than its field allows fails with STRING_TOO_LONG (lengths: describe_object("Account")).

    Args:
        name: the account (company) name, at most 255 characters.
        {fields}
        owner_id: the user who owns it (default: you).
    """
    fields = dict(locals())
    fields.pop("ctx")
    fields["parent_id"] = _check_account_fields(ctx, None, fields)
    fields["name"] = require_text(name, "name")
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    acc = Account(id=ctx.new_id("Account"), **{k: (v if v != "" else None) for k, v in fields.items()})
    stamp_new(ctx, acc)
    ctx.db.add(acc)
    return AccountOut.model_validate(acc)


@actions.write
@fill_doc(fields=ACCOUNT_FIELDS_DOC)
def update_account(
    ctx: Ctx,
    *,
    account_id: RecordId,
    name: text("Account", "name") | None = None,
    type: AccountType | None = None,
    industry: Industry | None = None,
    rating: Rating | None = None,
    parent_id: RecordId | None = None,
    annual_revenue: Money | None = None,
    number_of_employees: Count | None = None,
    phone: text("Account", "phone") | None = None,
    website: text("Account", "website") | None = None,
    account_number: text("Account", "account_number") | None = None,
    billing_street: text("Account", "billing_street") | None = None,
    billing_city: text("Account", "billing_city") | None = None,
    billing_state: text("Account", "billing_state") | None = None,
    billing_postal_code: text("Account", "billing_postal_code") | None = None,
    billing_country: text("Account", "billing_country") | None = None,
    shipping_street: text("Account", "shipping_street") | None = None,
    shipping_city: text("Account", "shipping_city") | None = None,
    shipping_state: text("Account", "shipping_state") | None = None,
    shipping_postal_code: text("Account", "shipping_postal_code") | None = None,
    shipping_country: text("Account", "shipping_country") | None = None,
    description: text("Account", "description") | None = None,
    owner_id: RecordId | None = None,
    transfer_other_open_opportunities: bool = False,
    transfer_closed_opportunities: bool = False,
    transfer_open_cases: bool = False,
    transfer_closed_cases: bool = False,
    keep_account_team: bool = False,
    send_notification_email: bool = False,
    move_related: bool = True,
) -> AccountOut:
    """Change fields of an account. Omitted fields stay as they are; "" clears a text field.

    Same picklists and limits as create_account; an account cannot become its own ancestor.
    A new owner_id is Lightning's Change Account Owner: the new owner also gets what the previous owner
    held on the account — its contacts owned by the previous owner, the previous owner's open
    opportunities on it, and the previous owner's open tasks, upcoming events and notes on the account.
    Records owned by anyone else keep their owners unless a transfer_* option below moves them; to keep
    one of the moved records with its old owner, change that record's owner back afterwards.

    Args:
        account_id: the account to change (15 or 18 characters).
        name: a new name, at most 255 characters (cannot be cleared).
        {fields}
        owner_id: a new owner (an active user id); moves the related records above along.
        transfer_other_open_opportunities: with a new owner_id, also give the account's open
            opportunities owned by someone other than the previous account owner to the new owner.
        transfer_closed_opportunities: with a new owner_id, also give the account's closed opportunities
            owned by the previous account owner to the new owner.
        transfer_open_cases: Lightning's "Transfer open cases owned by the existing account owner"; this
            org keeps no cases on accounts, so nothing more moves.
        transfer_closed_cases: Lightning's "Transfer closed cases"; this org keeps no cases on accounts.
        keep_account_team: Lightning's "Keep Account Team"; this org has no account teams.
        send_notification_email: Lightning's "Send notification email"; this org sends no such mail.
        move_related: with a new owner_id, move the related records as Change Account Owner does (the
            default); false changes the account's owner alone, as the Salesforce API and Data Loader do.
    """
    what = Transfer(transfer_other_open_opportunities, transfer_closed_opportunities)
    changes = dict(locals())
    options = ("keep_account_team", "send_notification_email", "move_related")
    for key in ("ctx", "account_id", "what", *options, *(k for k in changes if k.startswith("transfer_"))):
        changes.pop(key)
    acc = read_record(ctx, Account, account_id, field="account_id")
    changes["parent_id"] = _check_account_fields(ctx, acc["id"], changes)
    if name is not None:
        changes["name"] = require_text(name, "name")
    if owner_id:
        changes["owner_id"] = owner_or_default(ctx, owner_id)
        if move_related:
            transfer_related(ctx, acc["id"], acc["owner_id"], changes["owner_id"], what)
    return AccountOut.model_validate(save_changes(ctx, Account, acc, changes))


@actions.destructive
def delete_account(ctx: Ctx, *, account_id: RecordId) -> Deleted:
    """Delete an account with everything under it. This cannot be undone.

    Removes the account, its contacts, its opportunities (with their line items and stage history)
    and the tasks, events and notes on any of them. Refused when other accounts have this one as
    parent: reparent them (update_account parent_id) or delete them first (DELETE_FAILED).

    Args:
        account_id: the account to delete (15 or 18 characters).
    """
    acc = load(ctx, Account, account_id, field="account_id")
    children = ctx.db.exec(select(Account).where(Account.parent_id == acc.id).order_by(Account.name)).all()
    if children:
        names = ", ".join(c.name for c in children[:5]) + (" ..." if len(children) > 5 else "")
        raise ActionError(
            f"account {acc.name!r} has {len(children)} child account(s) ({names}); "
            "reparent or delete the child accounts first",
            field="account_id",
            code="DELETE_FAILED",
        )
    deleted = [acc.id]
    for opp in ctx.db.exec(select(Opportunity).where(Opportunity.account_id == acc.id)).all():
        deleted += delete_opportunity_rows(ctx, opp)
    for contact in ctx.db.exec(select(Contact).where(Contact.account_id == acc.id)).all():
        deleted += delete_contact_rows(ctx, contact)
    deleted += delete_related(ctx, [acc.id])
    ctx.db.delete(acc)
    return Deleted(id=acc.id, deleted=deleted)
