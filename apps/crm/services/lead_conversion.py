"""Converting a qualified lead into an account, a contact and (optionally) an opportunity."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm import picklists as pl
from apps.crm.models import Account, Contact, Event, Lead, Note, Opportunity, Task, User
from apps.crm.params import RecordId, text
from apps.crm.schemas import LeadConversion
from apps.crm.services.common import (
    actions,
    check_lengths,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.stages import record_history, set_stage

OPPORTUNITY_DAYS = 30


def _match_account(ctx: Ctx, company: str) -> Account | None:
    """The first account (by id) whose name equals `company`, ignoring case and surrounding spaces."""
    wanted = company.strip().lower()
    stmt = select(Account).where(func.lower(func.trim(Account.name)) == wanted).order_by(Account.id)
    return ctx.db.exec(stmt).first()


def _new_account(ctx: Ctx, lead: Lead, owner_id: str, name: str | None = None) -> Account:
    acc = Account(
        id=ctx.new_id("Account"),
        name=name or lead.company.strip(),
        industry=lead.industry,
        rating=lead.rating,
        annual_revenue=lead.annual_revenue,
        number_of_employees=lead.number_of_employees,
        phone=lead.phone,
        billing_street=lead.street,
        billing_city=lead.city,
        billing_state=lead.state,
        billing_postal_code=lead.postal_code,
        billing_country=lead.country,
        owner_id=owner_id,
    )
    stamp_new(ctx, acc)
    ctx.db.add(acc)
    return acc


def _match_contact(ctx: Ctx, account_id: str, email: str | None) -> Contact | None:
    if not email:
        return None
    stmt = select(Contact).where(
        Contact.account_id == account_id, func.lower(Contact.email) == email.strip().lower()
    )
    return ctx.db.exec(stmt.order_by(Contact.id)).first()


def _check_choices(account_id: str | None, account_name: str | None, contact_id: str | None) -> None:
    """Create New and Choose Existing exclude each other (for the account, and a chosen contact needs
    an existing account)."""
    if account_name is not None and (account_id or contact_id):
        raise ActionError(
            "give either account_name (create a new account) or account_id (and maybe contact_id) to "
            "use an existing one, not both",
            field="account_name",
            code="INVALID_FIELD",
        )


def _chosen_contact(ctx: Ctx, contact_id: str, account: Account) -> Contact:
    contact = load(ctx, Contact, contact_id, field="contact_id", ref=True)
    if contact.account_id != account.id:
        raise ActionError(
            f"contact {contact_id} belongs to another account, not {account.name} ({account.id}): choose "
            "one of that account's contacts, or leave contact_id empty to create one",
            field="contact_id",
            code="FIELD_INTEGRITY_EXCEPTION",
        )
    return contact


def _new_contact(ctx: Ctx, lead: Lead, account_id: str, owner_id: str) -> Contact:
    contact = Contact(
        id=ctx.new_id("Contact"),
        account_id=account_id,
        salutation=lead.salutation,
        first_name=lead.first_name,
        last_name=lead.last_name,
        title=lead.title,
        email=lead.email,
        phone=lead.phone,
        mailing_street=lead.street,
        mailing_city=lead.city,
        mailing_state=lead.state,
        mailing_postal_code=lead.postal_code,
        mailing_country=lead.country,
        lead_source=lead.lead_source,
        description=lead.description,
        owner_id=owner_id,
    )
    stamp_new(ctx, contact)
    ctx.db.add(contact)
    return contact


def _new_opportunity(ctx: Ctx, lead: Lead, name: str, account: Account, contact: Contact, owner_id: str):
    opp = Opportunity(
        id=ctx.new_id("Opportunity"),
        name=name,
        account_id=account.id,
        contact_id=contact.id,
        close_date=ctx.now.date() + timedelta(days=OPPORTUNITY_DAYS),
        stage_name="",
        probability=0,
        forecast_category="",
        lead_source=lead.lead_source,
        owner_id=owner_id,
    )
    set_stage(opp, pl.STAGES_BY_NAME["Prospecting"], None)
    stamp_new(ctx, opp)
    ctx.db.add(opp)
    record_history(ctx, opp)
    return opp


def _move_activities(ctx: Ctx, lead: Lead, contact: Contact, what_id: str) -> None:
    """Move the lead's activities to the contact (and opportunity or account), its notes to the contact."""
    for model in (Task, Event):
        for row in ctx.db.exec(select(model).where(model.who_id == lead.id)).all():
            row.who_id = contact.id
            row.what_id = row.what_id or what_id
            ctx.db.add(row)
    for note in ctx.db.exec(select(Note).where(Note.parent_id == lead.id)).all():
        note.parent_id = contact.id
        ctx.db.add(note)


def _conversion_owner(ctx: Ctx, lead: Lead, owner_id: str | None) -> str:
    if owner_id:
        return owner_or_default(ctx, owner_id)
    lead_owner = ctx.db.get(User, lead.owner_id)
    return lead.owner_id if lead_owner and lead_owner.is_active else owner_or_default(ctx, None)


@actions.write
def convert_lead(
    ctx: Ctx,
    *,
    lead_id: RecordId,
    account_id: RecordId | None = None,
    account_name: text("Account", "name") | None = None,
    contact_id: RecordId | None = None,
    create_opportunity: bool = True,
    opportunity_name: text("Opportunity", "name") | None = None,
    owner_id: RecordId | None = None,
) -> LeadConversion:
    """Convert a qualified lead into an account, a contact and (optionally) an opportunity.

    Account: `account_id` if given; otherwise an existing account whose name equals the lead's company
    (case-insensitive) is reused, else a new account is created from the lead's company, industry,
    rating, revenue, employees, phone and address. Contact: an existing contact of that account with
    the lead's e-mail is reused, else one is created from the lead. Opportunity (unless
    create_opportunity is false): named `opportunity_name` or "<Company>-", stage Prospecting,
    close date today + 30 days, lead source copied. The lead's tasks, events and notes move to the contact.
    New records are owned by `owner_id` (default: the lead's owner). The lead becomes
    "Closed - Converted" and read-only, with links to what it became; converting it again fails with
    CANNOT_UPDATE_CONVERTED_LEAD.

    Args:
        lead_id: the lead to convert (15 or 18 characters).
        account_id: an existing account to attach the contact (and opportunity) to, instead of matching
            or creating one by the lead's company.
        account_name: create a new account with this name (even if an account of that name exists),
            instead of matching or creating one by the lead's company; not with account_id.
        contact_id: an existing contact of the account (the chosen one) to convert the lead into,
            instead of matching or creating one; not with account_name.
        create_opportunity: also create an opportunity (default true).
        opportunity_name: the new opportunity's name (at most 120 characters; default "<Company>-").
        owner_id: who owns the new records (default: the lead's owner).
    """
    lead = load(ctx, Lead, lead_id, field="lead_id")
    if lead.is_converted:
        raise ActionError(
            f"lead {lead_id} was already converted on {lead.converted_date} (account "
            f"{lead.converted_account_id}, contact {lead.converted_contact_id}); it cannot be converted "
            "again",
            field="lead_id",
            code="CANNOT_UPDATE_CONVERTED_LEAD",
        )
    owner = _conversion_owner(ctx, lead, owner_id)
    check_lengths("Opportunity", {"name": opportunity_name}, {"name": "opportunity_name"})
    opp_name = require_text(opportunity_name, "opportunity_name") if opportunity_name is not None else None
    _check_choices(account_id, account_name, contact_id)
    if account_name is not None:
        new_name = require_text(account_name, "account_name")
        account, account_created = _new_account(ctx, lead, owner, new_name), True
    elif account_id:
        account, account_created = load(ctx, Account, account_id, field="account_id", ref=True), False
    else:
        account = _match_account(ctx, lead.company)
        account_created = account is None
        if account is None:
            account = _new_account(ctx, lead, owner)
    contact = (
        _chosen_contact(ctx, contact_id, account)
        if contact_id
        else _match_contact(ctx, account.id, lead.email)
    )
    contact_created = contact is None
    if contact is None:
        contact = _new_contact(ctx, lead, account.id, owner)
    opp = None
    if create_opportunity:
        opp = _new_opportunity(ctx, lead, opp_name or f"{lead.company.strip()}-", account, contact, owner)
    _move_activities(ctx, lead, contact, opp.id if opp else account.id)
    lead.is_converted = True
    lead.status = pl.LEAD_CONVERTED_STATUS
    lead.converted_date = ctx.now.date()
    lead.converted_account_id = account.id
    lead.converted_contact_id = contact.id
    lead.converted_opportunity_id = opp.id if opp else None
    stamp_modified(ctx, lead)
    return LeadConversion(
        lead=lead,
        account=account,
        contact=contact,
        opportunity=opp,
        account_created=account_created,
        contact_created=contact_created,
    )
