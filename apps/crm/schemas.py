"""Structured outputs of the CRM actions (derived from the tables, so they never drift)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel

from apps.core.public import public_model
from apps.crm import models as m
from apps.crm.services.common import Page

AccountOut = public_model(m.Account, "AccountOut")
ContactOut = public_model(m.Contact, "ContactOut")
LeadOut = public_model(m.Lead, "LeadOut")
OpportunityOut = public_model(m.Opportunity, "OpportunityOut")
OpportunityHistoryOut = public_model(m.OpportunityHistory, "OpportunityHistoryOut")
ProductOut = public_model(m.Product, "ProductOut")
PricebookOut = public_model(m.Pricebook, "PricebookOut")
PricebookEntryOut = public_model(m.PricebookEntry, "PricebookEntryOut")
LineItemOut = public_model(m.OpportunityLineItem, "LineItemOut")
TaskOut = public_model(m.Task, "TaskOut")
EventOut = public_model(m.Event, "EventOut")
NoteOut = public_model(m.Note, "NoteOut")
UserOut = public_model(m.User, "UserOut")


class AccountPage(Page):
    records: list[AccountOut]  # type: ignore[valid-type]


class ContactPage(Page):
    records: list[ContactOut]  # type: ignore[valid-type]


class LeadPage(Page):
    records: list[LeadOut]  # type: ignore[valid-type]


class TaskPage(Page):
    records: list[TaskOut]  # type: ignore[valid-type]


class OpportunityPage(Page):
    records: list[OpportunityOut]  # type: ignore[valid-type]


class ActivityItem(BaseModel):
    """One row of an activity list: a task (incl. logged calls) or an event."""

    id: str
    kind: Literal["task", "event"]
    subject: str
    task_subtype: str | None = None
    status: str | None = None
    priority: str | None = None
    activity_date: date | None = None
    start_date_time: datetime | None = None
    end_date_time: datetime | None = None
    who_id: str | None = None
    what_id: str | None = None
    owner_id: str
    description: str | None = None


class ActivityTimeline(BaseModel):
    """A record's activities: open tasks, upcoming events and the history (closed tasks, past events)."""

    open_tasks: list[TaskOut]  # type: ignore[valid-type]
    upcoming_events: list[EventOut]  # type: ignore[valid-type]
    activity_history: list[ActivityItem]


class ContactDetail(BaseModel):
    """A contact with its account name, activities and notes."""

    contact: ContactOut  # type: ignore[valid-type]
    account_name: str | None
    reports_to_name: str | None = None
    open_tasks: list[TaskOut]  # type: ignore[valid-type]
    events: list[EventOut]  # type: ignore[valid-type]
    activity_history: list[ActivityItem]
    notes: list[NoteOut]  # type: ignore[valid-type]


class LeadDetail(BaseModel):
    """A lead with its activities and notes (and, once converted, what it became)."""

    lead: LeadOut  # type: ignore[valid-type]
    open_tasks: list[TaskOut]  # type: ignore[valid-type]
    events: list[EventOut]  # type: ignore[valid-type]
    activity_history: list[ActivityItem]
    notes: list[NoteOut]  # type: ignore[valid-type]


class LeadConversion(BaseModel):
    """The result of converting a lead."""

    lead: LeadOut  # type: ignore[valid-type]
    account: AccountOut  # type: ignore[valid-type]
    contact: ContactOut  # type: ignore[valid-type]
    opportunity: OpportunityOut | None  # type: ignore[valid-type]
    account_created: bool
    contact_created: bool


LineItemDetail = public_model(
    m.OpportunityLineItem, "LineItemDetail", product_name=(str | None, None), product_code=(str | None, None)
)


class OpportunityDetail(BaseModel):
    """An opportunity with its products, stage history, activities and notes."""

    opportunity: OpportunityOut  # type: ignore[valid-type]
    account_name: str | None
    line_items: list[LineItemDetail]  # type: ignore[valid-type]
    stage_history: list[OpportunityHistoryOut]  # type: ignore[valid-type]
    open_tasks: list[TaskOut]  # type: ignore[valid-type]
    events: list[EventOut]  # type: ignore[valid-type]
    activity_history: list[ActivityItem]
    notes: list[NoteOut]  # type: ignore[valid-type]


ProductListing = public_model(
    m.Product,
    "ProductListing",
    list_price=(float | None, None),
    standard_pricebook_entry_id=(str | None, None),
)
PricebookEntryListing = public_model(
    m.PricebookEntry,
    "PricebookEntryListing",
    product_name=(str | None, None),
    product_code=(str | None, None),
    family=(str | None, None),
)


class ProductPage(Page):
    records: list[ProductListing]  # type: ignore[valid-type]


class PricebookEntryPage(Page):
    pricebook_id: str
    pricebook_name: str
    records: list[PricebookEntryListing]  # type: ignore[valid-type]


class PricebookList(BaseModel):
    records: list[PricebookOut]  # type: ignore[valid-type]


class SearchResults(BaseModel):
    """Global search hits per object."""

    query: str
    accounts: list[AccountOut]  # type: ignore[valid-type]
    contacts: list[ContactOut]  # type: ignore[valid-type]
    leads: list[LeadOut]  # type: ignore[valid-type]
    opportunities: list[OpportunityOut]  # type: ignore[valid-type]


class PipelineRow(BaseModel):
    stage_name: str | None = None
    owner_id: str | None = None
    owner_name: str | None = None
    count: int
    total_amount: float
    weighted_amount: float


class PipelineReport(BaseModel):
    """Opportunity pipeline grouped by stage and/or owner."""

    group_by: str
    rows: list[PipelineRow]
    total_count: int
    total_amount: float
    total_weighted: float


class UserList(BaseModel):
    records: list[UserOut]  # type: ignore[valid-type]
