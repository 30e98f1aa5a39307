"""CRM tables, shaped like Salesforce Sales Cloud's standard objects.

Column names are the snake_case of Salesforce API field names (StageName -> stage_name,
AccountId -> account_id), so what an agent learns here carries over to the real product.
Every table lives on the CRM's own registry and is named `crm_<object>`.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

crm_registry = registry()


class CrmTable(SQLModel, registry=crm_registry):
    """Base of every CRM table (its own metadata, so names never collide with other apps)."""


class Stamped(CrmTable):
    created_date: datetime | None = None
    last_modified_date: datetime | None = None
    created_by_id: str | None = None
    last_modified_by_id: str | None = None


class UserRole(CrmTable, table=True):
    __tablename__ = "crm_user_role"
    id: str = Field(primary_key=True)
    name: str
    parent_role_id: str | None = Field(default=None, index=True)


class User(CrmTable, table=True):
    __tablename__ = "crm_user"
    id: str = Field(primary_key=True)
    username: str = Field(index=True)
    first_name: str
    last_name: str
    name: str
    email: str
    title: str | None = None
    department: str | None = None
    role_id: str | None = Field(default=None, index=True)
    manager_id: str | None = None
    employee_number: str | None = None
    is_active: bool = True


class Account(Stamped, table=True):
    __tablename__ = "crm_account"
    id: str = Field(primary_key=True)
    name: str = Field(index=True)
    account_number: str | None = None
    parent_id: str | None = Field(default=None, index=True)
    type: str | None = None
    industry: str | None = None
    rating: str | None = None
    annual_revenue: float | None = None
    number_of_employees: int | None = None
    phone: str | None = None
    website: str | None = None
    billing_street: str | None = None
    billing_city: str | None = None
    billing_state: str | None = None
    billing_postal_code: str | None = None
    billing_country: str | None = None
    shipping_street: str | None = None
    shipping_city: str | None = None
    shipping_state: str | None = None
    shipping_postal_code: str | None = None
    shipping_country: str | None = None
    description: str | None = None
    owner_id: str = Field(index=True)


class Contact(Stamped, table=True):
    __tablename__ = "crm_contact"
    id: str = Field(primary_key=True)
    account_id: str | None = Field(default=None, index=True)
    salutation: str | None = None
    first_name: str | None = None
    last_name: str = Field(index=True)
    title: str | None = None
    department: str | None = None
    email: str | None = Field(default=None, index=True)
    phone: str | None = None
    mobile_phone: str | None = None
    mailing_street: str | None = None
    mailing_city: str | None = None
    mailing_state: str | None = None
    mailing_postal_code: str | None = None
    mailing_country: str | None = None
    lead_source: str | None = None
    reports_to_id: str | None = None
    description: str | None = None
    owner_id: str = Field(index=True)


class Lead(Stamped, table=True):
    __tablename__ = "crm_lead"
    id: str = Field(primary_key=True)
    salutation: str | None = None
    first_name: str | None = None
    last_name: str = Field(index=True)
    company: str = Field(index=True)
    title: str | None = None
    email: str | None = Field(default=None, index=True)
    phone: str | None = None
    status: str = Field(index=True)
    lead_source: str | None = None
    industry: str | None = None
    rating: str | None = None
    annual_revenue: float | None = None
    number_of_employees: int | None = None
    street: str | None = None
    city: str | None = None
    state: str | None = None
    postal_code: str | None = None
    country: str | None = None
    description: str | None = None
    owner_id: str = Field(index=True)
    is_converted: bool = False
    converted_date: date | None = None
    converted_account_id: str | None = None
    converted_contact_id: str | None = None
    converted_opportunity_id: str | None = None


class Opportunity(Stamped, table=True):
    __tablename__ = "crm_opportunity"
    id: str = Field(primary_key=True)
    name: str = Field(index=True)
    account_id: str | None = Field(default=None, index=True)
    contact_id: str | None = None
    amount: float | None = None
    close_date: date
    stage_name: str = Field(index=True)
    probability: int
    forecast_category: str
    type: str | None = None
    lead_source: str | None = None
    next_step: str | None = None
    description: str | None = None
    loss_reason__c: str | None = None  # custom field Loss_Reason__c (declared in crm_custom_field)
    is_closed: bool = False
    is_won: bool = False
    pricebook_id: str | None = None
    owner_id: str = Field(index=True)


class OpportunityHistory(CrmTable, table=True):
    """One row per change of an opportunity's stage, amount, probability or close date."""

    __tablename__ = "crm_opportunity_history"
    id: str = Field(primary_key=True)
    opportunity_id: str = Field(index=True)
    stage_name: str
    amount: float | None = None
    probability: int
    forecast_category: str
    close_date: date
    created_date: datetime
    created_by_id: str | None = None


class Product(Stamped, table=True):
    """Product2."""

    __tablename__ = "crm_product"
    id: str = Field(primary_key=True)
    name: str = Field(index=True)
    product_code: str | None = None
    family: str | None = None
    description: str | None = None
    is_active: bool = True


class Pricebook(Stamped, table=True):
    """Pricebook2."""

    __tablename__ = "crm_pricebook"
    id: str = Field(primary_key=True)
    name: str
    description: str | None = None
    is_standard: bool = False
    is_active: bool = True


class PricebookEntry(Stamped, table=True):
    __tablename__ = "crm_pricebook_entry"
    id: str = Field(primary_key=True)
    pricebook_id: str = Field(index=True)
    product_id: str = Field(index=True)
    unit_price: float
    is_active: bool = True


class OpportunityLineItem(Stamped, table=True):
    __tablename__ = "crm_opportunity_line_item"
    id: str = Field(primary_key=True)
    opportunity_id: str = Field(index=True)
    pricebook_entry_id: str
    product_id: str
    quantity: float
    unit_price: float
    discount: float | None = None
    total_price: float
    service_date: date | None = None
    description: str | None = None


class Task(Stamped, table=True):
    """Tasks, including logged calls (task_subtype = Call)."""

    __tablename__ = "crm_task"
    id: str = Field(primary_key=True)
    subject: str
    status: str
    priority: str
    activity_date: date | None = None
    who_id: str | None = Field(default=None, index=True)
    what_id: str | None = Field(default=None, index=True)
    task_subtype: str = "Task"
    call_type: str | None = None
    call_duration_in_seconds: int | None = None
    call_disposition: str | None = None
    description: str | None = None
    is_closed: bool = False
    owner_id: str = Field(index=True)


class Event(Stamped, table=True):
    __tablename__ = "crm_event"
    id: str = Field(primary_key=True)
    subject: str
    start_date_time: datetime
    end_date_time: datetime
    is_all_day_event: bool = False
    location: str | None = None
    who_id: str | None = Field(default=None, index=True)
    what_id: str | None = Field(default=None, index=True)
    description: str | None = None
    owner_id: str = Field(index=True)


class Note(Stamped, table=True):
    __tablename__ = "crm_note"
    id: str = Field(primary_key=True)
    parent_id: str = Field(index=True)
    title: str
    body: str | None = None
    owner_id: str = Field(index=True)


class CustomField(CrmTable, table=True):
    """A custom field of the org (Setup > Object Manager > Fields): `Loss_Reason__c` on Opportunity.

    Its value lives in the object's column named after it in lower case (`loss_reason__c`); an org
    that does not declare the field refuses it.
    """

    __tablename__ = "crm_custom_field"
    id: str = Field(primary_key=True)
    object_name: str = Field(index=True)
    api_name: str
    label: str
    type: str
    length: int | None = None
    picklist_values: str | None = None  # JSON list of the values, in order
    restricted: bool = False
    required: bool = False
    description: str | None = None


class ValidationRule(CrmTable, table=True):
    """A validation rule of the org: when `error_condition` holds for a record being saved, the save fails
    with FIELD_CUSTOM_VALIDATION_EXCEPTION and `error_message` (shown at `error_field`, else at the top).

    `error_condition` is JSON: `{"all": [...]}`, `{"any": [...]}` or a test
    `{"field": "StageName", "op": "equals" | "in" | "blank" | "not_blank" | "lt" | "lte" | "gt" | "gte",
    "value": ...}` on API field names; `describe_object` shows it as a Salesforce formula.
    """

    __tablename__ = "crm_validation_rule"
    id: str = Field(primary_key=True)
    object_name: str = Field(index=True)
    name: str
    active: bool = True
    description: str | None = None
    error_condition: str
    error_message: str
    error_field: str | None = None


class Report(Stamped, table=True):
    """A report saved from the report builder: its name, folder and definition (what `run_report` takes).

    `definition` is JSON of run_report's arguments; running the report recomputes from the current data.
    """

    __tablename__ = "crm_report"
    id: str = Field(primary_key=True)
    name: str
    folder: str
    description: str | None = None
    report_type: str
    definition: str
    owner_id: str = Field(index=True)
