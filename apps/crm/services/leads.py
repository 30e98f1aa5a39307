"""Leads: prospects not yet qualified. Converting them into account/contact/opportunity: lead_conversion."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, every_failure
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Lead
from apps.crm.params import (
    Count,
    Industry,
    LeadSource,
    LeadStatus,
    Money,
    Offset,
    PageSize,
    Rating,
    RecordId,
    Salutation,
    text,
)
from apps.crm.schemas import LeadDetail, LeadOut, LeadPage
from apps.crm.services.common import (
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_email,
    check_lengths,
    check_range,
    fill_doc,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.duplicates import check_duplicates
from apps.crm.services.references import USER, filter_id
from apps.crm.services.related import notes_of, record_timeline

LeadSort = Literal["last_name", "company", "status", "created_date", "last_modified_date", "annual_revenue"]


@actions.read
def list_leads(
    ctx: Ctx,
    *,
    search: str | None = None,
    status: str | None = None,
    lead_source: str | None = None,
    owner_id: str | None = None,
    mine: bool = False,
    include_converted: bool = False,
    sort_by: LeadSort = "created_date",
    descending: bool = True,
    limit: PageSize = 25,
    offset: Offset = 0,
) -> LeadPage:
    """List leads, filtered and sorted like a list view (newest first by default).

    Args:
        search: text matched against the name, company, e-mail and phone.
        status: only leads with this status (Open - Not Contacted, Working - Contacted,
            Closed - Converted, Closed - Not Converted).
        lead_source: only leads from this source (e.g. Web).
        owner_id: only leads owned by this user (id or name).
        mine: only leads owned by you.
        include_converted: also list converted leads (hidden by default, as in Salesforce).
        sort_by: last_name, company, status, created_date, last_modified_date or annual_revenue.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    owner_id = filter_id(ctx, USER, owner_id, "owner_id")
    stmt = select(Lead)
    full_name = func.coalesce(Lead.first_name, "") + " " + Lead.last_name
    stmt = matching(stmt, (full_name, Lead.company, Lead.email, Lead.phone), search)
    if status:
        stmt = stmt.where(Lead.status == status)
    if lead_source:
        stmt = stmt.where(Lead.lead_source == lead_source)
    if owner_id or mine:
        stmt = stmt.where(Lead.owner_id == (ctx.user_id if mine else owner_id))
    if not include_converted and status != pl.LEAD_CONVERTED_STATUS:
        stmt = stmt.where(col(Lead.is_converted).is_(False))
    stmt = ordered(stmt, col(getattr(Lead, sort_by)), descending=descending, tiebreak=Lead.id)
    total, rows = page(ctx, stmt, limit=limit, offset=offset)
    return LeadPage(total=total, offset=offset, limit=limit, records=rows)


@actions.read
def get_lead(ctx: Ctx, *, lead_id: RecordId) -> LeadDetail:
    """Get one lead with its open tasks, upcoming events, activity history and notes.

    A converted lead shows converted_account_id / converted_contact_id / converted_opportunity_id.
    Raises NOT_FOUND if no lead has this id (MALFORMED_ID if it is not an id).

    Args:
        lead_id: the lead's id (15 or 18 characters).
    """
    lead = load(ctx, Lead, lead_id, field="lead_id")
    tl = record_timeline(ctx, lead)
    return LeadDetail(
        lead=lead,
        open_tasks=tl.open_tasks,
        events=tl.upcoming_events,
        activity_history=tl.activity_history,
        notes=notes_of(ctx, lead.id),
    )


def _not_converted_status(status: str | None) -> None:
    if status == pl.LEAD_CONVERTED_STATUS:
        raise ActionError(
            f"status {pl.LEAD_CONVERTED_STATUS!r} is set only by converting the lead; use convert_lead",
            field="status",
            code="FIELD_INTEGRITY_EXCEPTION",
        )


def _check_lead_fields(values: dict) -> None:
    with every_failure() as check:  # Salesforce reports every field that fails, one entry each
        check(check_lengths, "Lead", values)
        check(check_choice, values["status"] or None, pl.LEAD_STATUSES, "status")
        check(_not_converted_status, values["status"])
        check(check_choice, values["salutation"] or None, pl.SALUTATIONS, "salutation")
        check(check_choice, values["lead_source"] or None, pl.LEAD_SOURCES, "lead_source")
        check(check_choice, values["industry"] or None, pl.INDUSTRIES, "industry")
        check(check_choice, values["rating"] or None, pl.RATINGS, "rating")
        check(check_email, values["email"])
        check(check_range, values["annual_revenue"], 0, None, "annual_revenue", "annual revenue")
        check(
            check_range, values["number_of_employees"], 0, None, "number_of_employees", "number of employees"
        )


LEAD_FIELDS_DOC = """lead_source: Web, Phone Inquiry, Partner Referral, Purchased List or Other.
        industry: Salesforce's standard industry list, e.g. Banking, Technology.
        rating: Hot, Warm or Cold.
        annual_revenue: yearly revenue, >= 0.
        number_of_employees: head count, >= 0.
        street: street (at most 255 characters).
        city: city (at most 40 characters).
        state: state or province (at most 80 characters).
        postal_code: zip or postal code (at most 20 characters).
        country: country (at most 80 characters).
        description: free text, at most 32,000 characters."""  # the Args shared by create and update


@actions.write
@fill_doc(fields=LEAD_FIELDS_DOC)
def create_lead(
    ctx: Ctx,
    *,
    last_name: text("Lead", "last_name"),
    company: text("Lead", "company"),
    first_name: text("Lead", "first_name") | None = None,
    salutation: Salutation | None = None,
    title: text("Lead", "title") | None = None,
    email: text("Lead", "email") | None = None,
    phone: text("Lead", "phone") | None = None,
    status: LeadStatus = "Open - Not Contacted",
    lead_source: LeadSource | None = None,
    industry: Industry | None = None,
    rating: Rating | None = None,
    annual_revenue: Money | None = None,
    number_of_employees: Count | None = None,
    street: text("Lead", "street") | None = None,
    city: text("Lead", "city") | None = None,
    state: text("Lead", "state") | None = None,
    postal_code: text("Lead", "postal_code") | None = None,
    country: text("Lead", "country") | None = None,
    description: text("Lead", "description") | None = None,
    owner_id: RecordId | None = None,
    allow_duplicates: bool = False,
) -> LeadOut:
    """Create a lead. `last_name` and `company` are required; the owner defaults to you.

    Refusals: INVALID_EMAIL_ADDRESS, STRING_TOO_LONG (lengths: describe_object("Lead")),
    INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST, NUMBER_OUTSIDE_VALID_RANGE.

    Args:
        last_name: last name (required, at most 80 characters).
        company: the lead's company (required, at most 255 characters).
        first_name: first name (at most 40 characters).
        salutation: Mr., Ms., Mrs., Dr. or Prof.
        title: job title (at most 128 characters).
        email: e-mail address like name@domain.com (at most 80 characters).
        phone: phone number (at most 40 characters).
        status: Open - Not Contacted (default), Working - Contacted or Closed - Not Converted
            (Closed - Converted is set only by convert_lead).
        {fields}
        owner_id: the user who owns it (default: you).
        allow_duplicates: save even when the org's duplicate rule finds the same person (same first and
            last name and e-mail, phone or company); otherwise such a save is refused with
            DUPLICATES_DETECTED.
    """
    fields = dict(locals())
    fields.pop("ctx")
    _check_lead_fields(fields)
    fields["last_name"] = require_text(last_name, "last_name")
    fields["company"] = require_text(company, "company")
    fields["status"] = require_text(status, "status")
    if email:
        fields["email"] = email.strip()
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    check_duplicates(ctx, "Lead", fields, allow=fields.pop("allow_duplicates"))
    lead = Lead(id=ctx.new_id("Lead"), **blank_to_none(fields))
    stamp_new(ctx, lead)
    ctx.db.add(lead)
    return LeadOut.model_validate(lead)


@actions.write
@fill_doc(fields=LEAD_FIELDS_DOC)
def update_lead(
    ctx: Ctx,
    *,
    lead_id: RecordId,
    last_name: text("Lead", "last_name") | None = None,
    company: text("Lead", "company") | None = None,
    first_name: text("Lead", "first_name") | None = None,
    salutation: Salutation | None = None,
    title: text("Lead", "title") | None = None,
    email: text("Lead", "email") | None = None,
    phone: text("Lead", "phone") | None = None,
    status: LeadStatus | None = None,
    lead_source: LeadSource | None = None,
    industry: Industry | None = None,
    rating: Rating | None = None,
    annual_revenue: Money | None = None,
    number_of_employees: Count | None = None,
    street: text("Lead", "street") | None = None,
    city: text("Lead", "city") | None = None,
    state: text("Lead", "state") | None = None,
    postal_code: text("Lead", "postal_code") | None = None,
    country: text("Lead", "country") | None = None,
    description: text("Lead", "description") | None = None,
    owner_id: RecordId | None = None,
) -> LeadOut:
    """Change fields of a lead. Omitted fields stay as they are; "" clears a text field.

    Same rules as create_lead. A converted lead is read-only (CANNOT_UPDATE_CONVERTED_LEAD: edit the
    account, contact or opportunity it became instead); `status` cannot be set to "Closed - Converted"
    (use convert_lead).

    Args:
        lead_id: the lead to change (15 or 18 characters).
        last_name: a new last name (at most 80 characters; cannot be cleared).
        company: a new company (at most 255 characters; cannot be cleared).
        first_name: first name (at most 40 characters).
        salutation: Mr., Ms., Mrs., Dr. or Prof.
        title: job title (at most 128 characters).
        email: e-mail address like name@domain.com (at most 80 characters).
        phone: phone number (at most 40 characters).
        status: Open - Not Contacted, Working - Contacted or Closed - Not Converted.
        {fields}
        owner_id: a new owner (an active user id).
    """
    changes = dict(locals())
    for key in ("ctx", "lead_id"):
        changes.pop(key)
    lead = load(ctx, Lead, lead_id, field="lead_id")
    if lead.is_converted:
        raise ActionError(
            f"cannot update a converted lead: lead {lead.id} was converted on {lead.converted_date} and is "
            f"read-only; edit the contact {lead.converted_contact_id} or account {lead.converted_account_id} "
            "instead",
            field="lead_id",
            code="CANNOT_UPDATE_CONVERTED_LEAD",
        )
    _check_lead_fields(changes)
    for required in ("last_name", "company", "status"):
        if changes[required] is not None:
            changes[required] = require_text(changes[required], required)
    if email:
        changes["email"] = email.strip()
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    if apply_changes(lead, changes):
        stamp_modified(ctx, lead)
    return LeadOut.model_validate(lead)
