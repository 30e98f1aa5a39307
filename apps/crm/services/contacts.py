"""Contacts: the people at your accounts."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, every_failure
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Account, Contact
from apps.crm.params import LeadSource, Offset, PageSize, RecordId, Salutation, text
from apps.crm.schemas import ContactDetail, ContactOut, ContactPage
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_email,
    check_lengths,
    fill_doc,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.duplicates import check_duplicates
from apps.crm.services.references import ACCOUNT, USER, filter_id
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
    limit: PageSize = 25,
    offset: Offset = 0,
) -> ContactPage:
    """List contacts, filtered and sorted like a list view.

    Args:
        search: text matched against the name ("Jane Doe" works), e-mail, phone and title.
        account_id: only contacts of this account (id or name).
        owner_id: only contacts owned by this user (id or name).
        mine: only contacts owned by you.
        sort_by: last_name, first_name, email, title, created_date or last_modified_date.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    account_id = filter_id(ctx, ACCOUNT, account_id, "account_id")
    owner_id = filter_id(ctx, USER, owner_id, "owner_id")
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
def get_contact(ctx: Ctx, *, contact_id: RecordId) -> ContactDetail:
    """Get one contact with its account name, open tasks, upcoming events, activity history and notes.

    Raises NOT_FOUND if no contact has this id (MALFORMED_ID if it is not an id).

    Args:
        contact_id: the contact's id (15 or 18 characters).
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


def _check_contact_fields(ctx: Ctx, contact_id: str | None, values: dict) -> None:
    """Check the given values; turns account_id and reports_to_id into 18-character ids."""
    with every_failure() as check:  # Salesforce reports every field that fails, one entry each
        check(check_lengths, "Contact", values)
        check(check_choice, values["salutation"] or None, pl.SALUTATIONS, "salutation")
        check(check_choice, values["lead_source"] or None, pl.LEAD_SOURCES, "lead_source")
        check(check_email, values["email"])
    if values["account_id"]:
        values["account_id"] = load(ctx, Account, values["account_id"], field="account_id", ref=True).id
    if not values["reports_to_id"]:
        return
    boss = load(ctx, Contact, values["reports_to_id"], label="contact", field="reports_to_id", ref=True)
    values["reports_to_id"] = boss.id
    seen = {contact_id}
    while boss is not None:  # the reporting line must never come back to this contact
        if boss.id in seen:
            raise ActionError(
                "a contact cannot report to itself, directly or indirectly",
                field="reports_to_id",
                code="FIELD_INTEGRITY_EXCEPTION",
            )
        seen.add(boss.id)
        boss = ctx.db.get(Contact, boss.reports_to_id) if boss.reports_to_id else None


CONTACT_FIELDS_DOC = """first_name: first name (at most 40 characters).
        salutation: Mr., Ms., Mrs., Dr. or Prof.
        account_id: the account the contact works for (an existing account id).
        title: job title (at most 128 characters).
        department: department (at most 80 characters).
        email: e-mail address like name@domain.com (at most 80 characters).
        phone: business phone (at most 40 characters).
        mobile_phone: mobile phone (at most 40 characters).
        mailing_street: mailing street (at most 255 characters).
        mailing_city: mailing city (at most 40 characters).
        mailing_state: mailing state or province (at most 80 characters).
        mailing_postal_code: mailing zip or postal code (at most 20 characters).
        mailing_country: mailing country (at most 80 characters).
        lead_source: Web, Phone Inquiry, Partner Referral, Purchased List or Other.
        reports_to_id: the contact this one reports to (the manager's contact id).
        description: free text, at most 32,000 characters."""  # the Args shared by create and update


@actions.write
@fill_doc(fields=CONTACT_FIELDS_DOC)
def create_contact(
    ctx: Ctx,
    *,
    last_name: text("Contact", "last_name"),
    first_name: text("Contact", "first_name") | None = None,
    salutation: Salutation | None = None,
    account_id: RecordId | None = None,
    title: text("Contact", "title") | None = None,
    department: text("Contact", "department") | None = None,
    email: text("Contact", "email") | None = None,
    phone: text("Contact", "phone") | None = None,
    mobile_phone: text("Contact", "mobile_phone") | None = None,
    mailing_street: text("Contact", "mailing_street") | None = None,
    mailing_city: text("Contact", "mailing_city") | None = None,
    mailing_state: text("Contact", "mailing_state") | None = None,
    mailing_postal_code: text("Contact", "mailing_postal_code") | None = None,
    mailing_country: text("Contact", "mailing_country") | None = None,
    lead_source: LeadSource | None = None,
    reports_to_id: RecordId | None = None,
    description: text("Contact", "description") | None = None,
    owner_id: RecordId | None = None,
    allow_duplicates: bool = False,
) -> ContactOut:
    """Create a contact. Only `last_name` is required; the owner defaults to you.

    Refusals: INVALID_EMAIL_ADDRESS, STRING_TOO_LONG (lengths: describe_object("Contact")),
    INVALID_CROSS_REFERENCE_KEY for an account_id / reports_to_id that does not exist.

    Args:
        last_name: last name (required, at most 80 characters).
        {fields}
        owner_id: the user who owns it (default: you).
        allow_duplicates: save even when the org's duplicate rule finds the same person (same first and
            last name and e-mail, phone or account); otherwise such a save is refused with
            DUPLICATES_DETECTED.
    """
    fields = dict(locals())
    fields.pop("ctx")
    _check_contact_fields(ctx, None, fields)
    fields["last_name"] = require_text(last_name, "last_name")
    if email:
        fields["email"] = email.strip()
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    check_duplicates(ctx, "Contact", fields, allow=fields.pop("allow_duplicates"))
    contact = Contact(id=ctx.new_id("Contact"), **blank_to_none(fields))
    stamp_new(ctx, contact)
    ctx.db.add(contact)
    return ContactOut.model_validate(contact)


@actions.write
@fill_doc(fields=CONTACT_FIELDS_DOC)
def update_contact(
    ctx: Ctx,
    *,
    contact_id: RecordId,
    last_name: text("Contact", "last_name") | None = None,
    first_name: text("Contact", "first_name") | None = None,
    salutation: Salutation | None = None,
    account_id: RecordId | None = None,
    title: text("Contact", "title") | None = None,
    department: text("Contact", "department") | None = None,
    email: text("Contact", "email") | None = None,
    phone: text("Contact", "phone") | None = None,
    mobile_phone: text("Contact", "mobile_phone") | None = None,
    mailing_street: text("Contact", "mailing_street") | None = None,
    mailing_city: text("Contact", "mailing_city") | None = None,
    mailing_state: text("Contact", "mailing_state") | None = None,
    mailing_postal_code: text("Contact", "mailing_postal_code") | None = None,
    mailing_country: text("Contact", "mailing_country") | None = None,
    lead_source: LeadSource | None = None,
    reports_to_id: RecordId | None = None,
    description: text("Contact", "description") | None = None,
    owner_id: RecordId | None = None,
) -> ContactOut:
    """Change fields of a contact. Omitted fields stay as they are; "" clears a field.

    Same rules as create_contact; `last_name` cannot be cleared, and a contact cannot report to
    itself (directly or through its managers).

    Args:
        contact_id: the contact to change (15 or 18 characters).
        last_name: a new last name (at most 80 characters; cannot be cleared).
        {fields}
        owner_id: a new owner (an active user id).
    """
    changes = dict(locals())
    for key in ("ctx", "contact_id"):
        changes.pop(key)
    contact = load(ctx, Contact, contact_id, field="contact_id")
    _check_contact_fields(ctx, contact.id, changes)
    if last_name is not None:
        changes["last_name"] = require_text(last_name, "last_name")
    if email:
        changes["email"] = email.strip()
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    if apply_changes(contact, changes):
        stamp_modified(ctx, contact)
    return ContactOut.model_validate(contact)


@actions.destructive
def delete_contact(ctx: Ctx, *, contact_id: RecordId) -> Deleted:
    """Delete a contact with its tasks, events and notes. This cannot be undone.

    Contacts that reported to it and opportunities that named it lose that link.

    Args:
        contact_id: the contact to delete (15 or 18 characters).
    """
    contact = load(ctx, Contact, contact_id, field="contact_id")
    return Deleted(id=contact.id, deleted=delete_contact_rows(ctx, contact))
