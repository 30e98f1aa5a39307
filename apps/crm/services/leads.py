"""Leads: prospects not yet qualified. Converting them into account/contact/opportunity: lead_conversion."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.list_query import matching, ordered, page
from apps.crm import picklists as pl
from apps.crm.models import Lead
from apps.crm.schemas import LeadDetail, LeadOut, LeadPage
from apps.crm.services.common import (
    actions,
    apply_changes,
    blank_to_none,
    check_choice,
    check_email,
    check_range,
    load,
    owner_or_default,
    require_text,
    stamp_modified,
    stamp_new,
)
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
    limit: int = 25,
    offset: int = 0,
) -> LeadPage:
    """List leads, filtered and sorted like a list view (newest first by default).

    Args:
        search: text matched against the name, company, e-mail and phone.
        status: only leads with this status (Open - Not Contacted, Working - Contacted,
            Closed - Converted, Closed - Not Converted).
        lead_source: only leads from this source (e.g. Web).
        owner_id: only leads owned by this user id.
        mine: only leads owned by you.
        include_converted: also list converted leads (hidden by default, as in Salesforce).
        sort_by: last_name, company, status, created_date, last_modified_date or annual_revenue.
        descending: sort high to low.
        limit: page size, 1-200.
        offset: rows to skip.
    """
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
def get_lead(ctx: Ctx, *, lead_id: str) -> LeadDetail:
    """Get one lead with its open tasks, upcoming events, activity history and notes.

    A converted lead shows converted_account_id / converted_contact_id / converted_opportunity_id.
    Raises an error if no lead has this id.
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


def _check_lead_fields(
    *, status, salutation, email, lead_source, industry, rating, annual_revenue, number_of_employees
) -> None:
    check_choice(status or None, pl.LEAD_STATUSES, "status")
    if status == pl.LEAD_CONVERTED_STATUS:
        raise ActionError(
            f"status {pl.LEAD_CONVERTED_STATUS!r} is set only by converting the lead; use convert_lead",
            field="status",
        )
    check_choice(salutation or None, pl.SALUTATIONS, "salutation")
    check_choice(lead_source or None, pl.LEAD_SOURCES, "lead_source")
    check_choice(industry or None, pl.INDUSTRIES, "industry")
    check_choice(rating or None, pl.RATINGS, "rating")
    check_email(email)
    check_range(annual_revenue, 0, None, "annual_revenue", "annual revenue")
    check_range(number_of_employees, 0, None, "number_of_employees", "number of employees")


@actions.write
def create_lead(
    ctx: Ctx,
    *,
    last_name: str,
    company: str,
    first_name: str | None = None,
    salutation: str | None = None,
    title: str | None = None,
    email: str | None = None,
    phone: str | None = None,
    status: str = "Open - Not Contacted",
    lead_source: str | None = None,
    industry: str | None = None,
    rating: str | None = None,
    annual_revenue: float | None = None,
    number_of_employees: int | None = None,
    street: str | None = None,
    city: str | None = None,
    state: str | None = None,
    postal_code: str | None = None,
    country: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> LeadOut:
    """Create a lead. `last_name` and `company` are required; the owner defaults to you.

    Picklists: status (Open - Not Contacted [default], Working - Contacted, Closed - Not Converted;
    "Closed - Converted" is only set by convert_lead), lead_source (Web, Phone Inquiry, Partner Referral,
    Purchased List, Other), industry (e.g. Banking, Technology), rating (Hot, Warm, Cold),
    salutation (Mr., Ms., Mrs., Dr., Prof.). `email` must look like name@domain.com; numbers >= 0.
    """
    fields = dict(locals())
    fields.pop("ctx")
    fields["last_name"] = require_text(last_name, "last_name")
    fields["company"] = require_text(company, "company")
    fields["status"] = require_text(status, "status")
    _check_lead_fields(
        status=status,
        salutation=salutation,
        email=email,
        lead_source=lead_source,
        industry=industry,
        rating=rating,
        annual_revenue=annual_revenue,
        number_of_employees=number_of_employees,
    )
    if email:
        fields["email"] = email.strip()
    fields["owner_id"] = owner_or_default(ctx, owner_id)
    lead = Lead(id=ctx.new_id("Lead"), **blank_to_none(fields))
    stamp_new(ctx, lead)
    ctx.db.add(lead)
    return LeadOut.model_validate(lead)


@actions.write
def update_lead(
    ctx: Ctx,
    *,
    lead_id: str,
    last_name: str | None = None,
    company: str | None = None,
    first_name: str | None = None,
    salutation: str | None = None,
    title: str | None = None,
    email: str | None = None,
    phone: str | None = None,
    status: str | None = None,
    lead_source: str | None = None,
    industry: str | None = None,
    rating: str | None = None,
    annual_revenue: float | None = None,
    number_of_employees: int | None = None,
    street: str | None = None,
    city: str | None = None,
    state: str | None = None,
    postal_code: str | None = None,
    country: str | None = None,
    description: str | None = None,
    owner_id: str | None = None,
) -> LeadOut:
    """Change fields of a lead. Omitted fields stay as they are; "" clears a text field.

    Same rules as create_lead. A converted lead is read-only (edit the account, contact or
    opportunity it became instead); `status` cannot be set to "Closed - Converted" (use convert_lead).
    """
    changes = dict(locals())
    for key in ("ctx", "lead_id"):
        changes.pop(key)
    lead = load(ctx, Lead, lead_id, field="lead_id")
    if lead.is_converted:
        raise ActionError(
            f"lead {lead_id} was converted on {lead.converted_date} and is read-only; edit the contact "
            f"{lead.converted_contact_id} or account {lead.converted_account_id} instead",
            field="lead_id",
        )
    for required in ("last_name", "company", "status"):
        if changes[required] is not None:
            changes[required] = require_text(changes[required], required)
    _check_lead_fields(
        status=status,
        salutation=salutation,
        email=email,
        lead_source=lead_source,
        industry=industry,
        rating=rating,
        annual_revenue=annual_revenue,
        number_of_employees=number_of_employees,
    )
    if email:
        changes["email"] = email.strip()
    changes["owner_id"] = owner_or_default(ctx, owner_id) if owner_id else None  # an owner cannot be cleared
    if apply_changes(lead, changes):
        stamp_modified(ctx, lead)
    return LeadOut.model_validate(lead)
