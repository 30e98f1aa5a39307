"""Contacts: the people at your accounts."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Account, Contact
from apps.crm.schemas import ContactDetail, ContactOut, ContactPage
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_email,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.related import delete_contact_rows, notes_of, record_timeline

ContactSort = Literal["last_name", "first_name", "email", "title", "created_date", "last_modified_date"]


@actions.read
def list_contacts(
    ctx: Ctx,
    *,
    search: str | None = None,
    account_id: str | None = None,
    owner_id: str | None = None,
    mine: bool = False,
    sort_by: ContactSort = "last_name",
    descending: bool = False,
    limit: int = 25,
    offset: int = 0,
) -> ContactPage:
    """List contacts, filtered and sorted like a list view.

    Args:
        search: text matched against the name ("Jane Doe" works), e-mail, phone and title.
        account_id: only contacts of this account.
        owner_id: only contacts owned by this user id.
        mine: only contacts owned by you.
        sort_by: last_name, first_name, email, title, created_date or last_modified_date.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    stmt = select(Contact)
    full_name = func.coalesce(Contact.first_name, "") + " " + Contact.last_name
    stmt = matching(
        stmt, (full_name, Contact.email, Contact.phone, Contact.mobile_phone, Contact.title), search
    )
    if account_id:
        stmt = stmt.where(Contact.account_id == account_id)
    if owner_id or mine:
        stmt = stmt.where(Contact.owner_id == (ctx.user_id if mine else owner_id))
    stmt = ordered(stmt, col(getattr(Contact, sort_by)), descending=descending, tiebreak=Contact.id)
    total, rows = page(ctx, stmt, limit=limit, offset=offset)
    return ContactPage(total=total, offset=offset, limit=limit, records=rows)


@actions.read
def get_contact(ctx: Ctx, *, contact_id: str) -> ContactDetail:
    """Get one contact with its account name, open tasks, upcoming events, activity history and notes.

    Raises an error if no contact has this id.
    """
    contact = load(ctx, Contact, contact_id, field="contact_id")
    account = ctx.db.get(Account, contact.account_id) if contact.account_id else None
    boss = ctx.db.get(Contact, contact.reports_to_id) if contact.reports_to_id else None
    tl = record_timeline(ctx, contact)
    return ContactDetail(
        contact=contact,
        account_name=account.name if account else None,
        reports_to_name=" ".join(p for p in (boss.first_name, boss.last_name) if p) if boss else None,
        open_tasks=tl.open_tasks,
        events=tl.upcoming_events,
        activity_history=tl.activity_history,
        notes=notes_of(ctx, contact.id),
    )


def _check_contact_fields(
    ctx: Ctx, contact_id: str | None, *, salutation, email, lead_source, account_id, reports_to_id
) -> None:
    check_choice(salutation or None, pl.SALUTATIONS, "salutation")
    check_choice(lead_source or None, pl.LEAD_SOURCES, "lead_source")
    check_email(email)
    if account_id:
        load(ctx, Account, account_id, field="account_id")
    if reports_to_id:
        boss = load(ctx, Contact, reports_to_id, label="contact", field="reports_to_id")
        seen = {contact_id}
        while boss is not None:  # the reporting line must never come back to this contact
            if boss.id in seen:
                raise ActionError(
                    "a contact cannot report to itself, directly or indirectly", field="reports_to_id"
                )
            seen.add(boss.id)
            boss = ctx.db.get(Contact, boss.reports_to_id) if boss.reports_to_id else None


@actions.write
def create_contact(
    ctx: Ctx,
    *,
    last_name: str,
    first_name: str | None = None,
    salutation: str | None = None,
    account_id: str | None = None,
    title: str | None = None,
    department: str | None = None,
    email: str | None = None,
    phone: str | None = None,
    mobile_phone: str | None = None,
    mailing_street: str | None = None,
    mailing_city: str | None = None,
    mailing_state: str | None = None,
    mailing_postal_code: str | None = None,
    mailing_country: str | None = None,
    lead_source: str | None = None,
    reports_to_id: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> ContactOut:
    """Create a contact. Only `last_name` is required; the owner defaults to you.

    Rules: `email` must look like name@domain.com; `account_id` must be an existing account;
    `reports_to_id` an existing contact (the contact's manager). Picklists: salutation (Mr., Ms., Mrs.,
    Dr., Prof.), lead_source (Web, Phone Inquiry, Partner Referral, Purchased List, Other).
    """
    fields = dict(locals())
    fields.pop("ctx")
    fields["last_name"] = require_text(last_name, "last_name")
    _check_contact_fields(
        ctx,
        None,
        salutation=salutation,
        email=email,
        lead_source=lead_source,
        account_id=account_id,
        reports_to_id=reports_to_id,
    )
    if email:
        fields["email"] = email.strip()
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    contact = Contact(id=ctx.new_id("Contact"), **blank_to_none(fields))
    stamp_new(ctx, contact)
    ctx.db.add(contact)
    return ContactOut.model_validate(contact)


@actions.write
def update_contact(
    ctx: Ctx,
    *,
    contact_id: str,
    last_name: str | None = None,
    first_name: str | None = None,
    salutation: str | None = None,
    account_id: str | None = None,
    title: str | None = None,
    department: str | None = None,
    email: str | None = None,
    phone: str | None = None,
    mobile_phone: str | None = None,
    mailing_street: str | None = None,
    mailing_city: str | None = None,
    mailing_state: str | None = None,
    mailing_postal_code: str | None = None,
    mailing_country: str | None = None,
    lead_source: str | None = None,
    reports_to_id: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> ContactOut:
    """Change fields of a contact. Omitted fields stay as they are; "" clears a field.

    Same rules as create_contact; `last_name` cannot be cleared, and a contact cannot report to
    itself (directly or through its managers).
    """
    changes = dict(locals())
    for key in ("ctx", "contact_id"):
        changes.pop(key)
    contact = load(ctx, Contact, contact_id, field="contact_id")
    if last_name is not None:
        changes["last_name"] = require_text(last_name, "last_name")
    _check_contact_fields(
        ctx,
        contact.id,
        salutation=salutation,
        email=email,
        lead_source=lead_source,
        account_id=account_id,
        reports_to_id=reports_to_id,
    )
    if email:
        changes["email"] = email.strip()
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    if apply_changes(contact, changes):
        stamp_modified(ctx, contact)
    return ContactOut.model_validate(contact)


@actions.destructive
def delete_contact(ctx: Ctx, *, contact_id: str) -> Deleted:
    """Delete a contact with its tasks, events and notes. This cannot be undone.

    Contacts that reported to it and opportunities that named it lose that link.
    """
    contact = load(ctx, Contact, contact_id, field="contact_id")
    return Deleted(id=contact.id, deleted=delete_contact_rows(ctx, contact))
