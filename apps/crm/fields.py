"""The standard fields of the CRM objects as Salesforce describes them: API name, type, length, picklist.

One catalogue serves `describe_object`, the length checks of the services (`STRING_TOO_LONG`) and the
tool input schemas (`maxLength`, `enum`, see `apps/crm/params.py`). Lengths are those of Salesforce's
object reference (Account.Name 255, Opportunity.Name 120, Contact.LastName 80, Phone 40, Email 80 ...).
Columns are the snake_case of the API names (`BillingPostalCode` -> `billing_postal_code`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.crm import picklists as pl

LONG_TEXT = 32_000  # Description and other long text areas


@dataclass(frozen=True)
class FieldSpec:
    """One field of an object, in describeSObject terms."""

    api: str
    type: str  # id, string, textarea, phone, email, url, picklist, reference, currency, double, ...
    label: str
    length: int | None = None
    required: bool = False
    picklist: tuple[str, ...] = ()
    reference_to: str | None = None
    column: str = ""
    updateable: bool = True
    custom: bool = False
    # A field Salesforce computes (a formula or roll-up): its value as SQL over the record's row `{t}`.
    formula: str | None = None

    @property
    def restricted(self) -> bool:
        return self.type == "picklist"


def _snake(api: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", api).lower()


def f(api: str, type: str, length: int | None = None, **extra) -> FieldSpec:  # noqa: ANN003
    label = extra.pop("label", None) or re.sub(r"(?<!^)(?=[A-Z])", " ", api.removesuffix("Id")).strip()
    column = extra.pop("column", None) or _snake(api)
    return FieldSpec(api=api, type=type, label=label, length=length, column=column, **extra)


def _id() -> FieldSpec:
    return f("Id", "id", 18, label="Record ID", updateable=False)


def _ref(api: str, to: str, **extra) -> FieldSpec:  # noqa: ANN003
    return f(api, "reference", 18, reference_to=to, **extra)


def _pick(api: str, values: tuple[str, ...], **extra) -> FieldSpec:  # noqa: ANN003
    return f(api, "picklist", 255 if api == "StageName" else 40, picklist=tuple(values), **extra)


def _address(prefix: str) -> list[FieldSpec]:
    return [
        f(f"{prefix}Street", "textarea", 255),
        f(f"{prefix}City", "string", 40),
        f(f"{prefix}State", "string", 80),
        f(f"{prefix}PostalCode", "string", 20),
        f(f"{prefix}Country", "string", 80),
    ]


def _audit() -> list[FieldSpec]:
    return [
        _ref("OwnerId", "User", required=True, label="Owner ID"),
        f("CreatedDate", "datetime", updateable=False),
        _ref("CreatedById", "User", label="Created By ID", updateable=False),
        f("LastModifiedDate", "datetime", updateable=False),
        _ref("LastModifiedById", "User", label="Last Modified By ID", updateable=False),
    ]


def _computed(api: str, type: str, formula: str, **extra) -> FieldSpec:  # noqa: ANN003
    return f(api, type, updateable=False, formula=formula, **extra)


# LastActivityDate: the later of the most recent event's date and the most recently closed task's due date.
_LAST_ACTIVITY = (
    "(SELECT MAX(d) FROM (SELECT activity_date AS d FROM crm_task WHERE is_closed AND (what_id = {t}.id"
    " OR who_id = {t}.id) UNION ALL SELECT date(start_date_time) FROM crm_event"
    " WHERE what_id = {t}.id OR who_id = {t}.id))"
)
_FULL_NAME = "TRIM(COALESCE({t}.first_name || ' ', '') || {t}.last_name)"


def _last_activity() -> FieldSpec:
    return _computed("LastActivityDate", "date", _LAST_ACTIVITY, label="Last Activity")


def _description() -> FieldSpec:
    return f("Description", "textarea", LONG_TEXT)


STANDARD_FIELDS: dict[str, tuple[FieldSpec, ...]] = {
    "Account": (
        _id(),
        f("Name", "string", 255, required=True, label="Account Name"),
        f("AccountNumber", "string", 40),
        _ref("ParentId", "Account", label="Parent Account ID"),
        _pick("Type", pl.ACCOUNT_TYPES, label="Account Type"),
        _pick("Industry", pl.INDUSTRIES),
        _pick("Rating", pl.RATINGS, label="Account Rating"),
        f("AnnualRevenue", "currency"),
        f("NumberOfEmployees", "int", label="Employees"),
        f("Phone", "phone", 40, label="Account Phone"),
        f("Website", "url", 255),
        *_address("Billing"),
        *_address("Shipping"),
        _description(),
        _last_activity(),
        *_audit(),
    ),
    "Contact": (
        _id(),
        _ref("AccountId", "Account", label="Account ID"),
        _pick("Salutation", pl.SALUTATIONS),
        f("FirstName", "string", 40),
        f("LastName", "string", 80, required=True),
        f("Title", "string", 128),
        f("Department", "string", 80),
        f("Email", "email", 80),
        f("Phone", "phone", 40, label="Business Phone"),
        f("MobilePhone", "phone", 40),
        *_address("Mailing"),
        _pick("LeadSource", pl.LEAD_SOURCES),
        _ref("ReportsToId", "Contact", label="Reports To ID"),
        _description(),
        _computed("Name", "string", _FULL_NAME, label="Full Name"),
        _last_activity(),
        *_audit(),
    ),
    "Lead": (
        _id(),
        _pick("Salutation", pl.SALUTATIONS),
        f("FirstName", "string", 40),
        f("LastName", "string", 80, required=True),
        f("Company", "string", 255, required=True),
        f("Title", "string", 128),
        f("Email", "email", 80),
        f("Phone", "phone", 40),
        _pick("Status", pl.LEAD_STATUSES, required=True, label="Lead Status"),
        _pick("LeadSource", pl.LEAD_SOURCES),
        _pick("Industry", pl.INDUSTRIES),
        _pick("Rating", pl.RATINGS),
        f("AnnualRevenue", "currency"),
        f("NumberOfEmployees", "int", label="Employees"),
        *_address(""),
        _description(),
        f("IsConverted", "boolean", label="Converted", updateable=False),
        f("ConvertedDate", "date", updateable=False),
        _ref("ConvertedAccountId", "Account", updateable=False),
        _ref("ConvertedContactId", "Contact", updateable=False),
        _ref("ConvertedOpportunityId", "Opportunity", updateable=False),
        _computed("Name", "string", _FULL_NAME, label="Full Name"),
        _last_activity(),
        *_audit(),
    ),
    "Opportunity": (
        _id(),
        f("Name", "string", 120, required=True, label="Opportunity Name"),
        _ref("AccountId", "Account", label="Account ID"),
        _ref("ContactId", "Contact", label="Contact ID"),
        f("Amount", "currency"),
        f("CloseDate", "date", required=True),
        _pick("StageName", tuple(s.name for s in pl.OPPORTUNITY_STAGES), required=True, label="Stage"),
        f("Probability", "percent", label="Probability (%)"),
        _pick("ForecastCategoryName", pl.FORECAST_CATEGORIES, column="forecast_category", updateable=False),
        _pick("Type", pl.OPPORTUNITY_TYPES, label="Opportunity Type"),
        _pick("LeadSource", pl.LEAD_SOURCES),
        f("NextStep", "string", 255),
        _description(),
        f("IsClosed", "boolean", label="Closed", updateable=False),
        f("IsWon", "boolean", label="Won", updateable=False),
        _ref("Pricebook2Id", "Pricebook2", column="pricebook_id", label="Price Book ID", updateable=False),
        _computed("ExpectedRevenue", "currency", "({t}.amount * {t}.probability / 100.0)"),
        _computed("FiscalYear", "int", "CAST(strftime('%Y', {t}.close_date) AS INTEGER)"),
        _computed("FiscalQuarter", "int", "((CAST(strftime('%m', {t}.close_date) AS INTEGER) + 2) / 3)"),
        _computed(
            "HasOpportunityLineItem",
            "boolean",
            "EXISTS (SELECT 1 FROM crm_opportunity_line_item WHERE opportunity_id = {t}.id)",
            label="Has Line Item",
        ),
        _last_activity(),
        *_audit(),
    ),
    "OpportunityLineItem": (
        _id(),
        _ref("OpportunityId", "Opportunity", required=True, updateable=False),
        _ref("PricebookEntryId", "PricebookEntry", updateable=False),
        _ref("Product2Id", "Product2", column="product_id", label="Product ID", updateable=False),
        f("Quantity", "double", required=True),
        f("UnitPrice", "currency", label="Sales Price"),
        f("Discount", "percent"),
        f("TotalPrice", "currency", updateable=False),
        f("ServiceDate", "date", label="Date"),
        f("Description", "string", 255, label="Line Description"),
    ),
    "Product2": (
        _id(),
        f("Name", "string", 255, required=True, label="Product Name"),
        f("ProductCode", "string", 255),
        _pick("Family", pl.PRODUCT_FAMILIES, label="Product Family"),
        f("Description", "textarea", 4000, label="Product Description"),
        f("IsActive", "boolean", label="Active"),
    ),
    "Task": (
        _id(),
        f("Subject", "string", 255, required=True),
        _pick("Status", pl.TASK_STATUSES, required=True),
        _pick("Priority", pl.TASK_PRIORITIES, required=True),
        f("ActivityDate", "date", label="Due Date Only"),
        _ref("WhoId", "Contact, Lead", label="Name ID"),
        _ref("WhatId", "Account, Opportunity", label="Related To ID"),
        _pick("TaskSubtype", pl.TASK_SUBTYPES, updateable=False),
        _pick("CallType", pl.CALL_TYPES),
        f("CallDurationInSeconds", "int", label="Call Duration"),
        f("CallDisposition", "string", 255, label="Call Result"),
        _description(),
        f("IsClosed", "boolean", label="Closed", updateable=False),
        *_audit(),
    ),
    "Event": (
        _id(),
        f("Subject", "string", 255, required=True),
        f("StartDateTime", "datetime", required=True),
        f("EndDateTime", "datetime", required=True),
        f("IsAllDayEvent", "boolean", label="All-Day Event"),
        f("Location", "string", 255),
        _ref("WhoId", "Contact, Lead", label="Name ID"),
        _ref("WhatId", "Account, Opportunity", label="Related To ID"),
        _description(),
        *_audit(),
    ),
    "Note": (
        _id(),
        _ref("ParentId", "Account, Contact, Lead, Opportunity", required=True, label="Parent ID"),
        f("Title", "string", 80, required=True),
        f("Body", "textarea", LONG_TEXT),
        *_audit(),
    ),
}
OBJECT_NAMES = tuple(STANDARD_FIELDS)
# The table model of each object, by class name (Product2 is the `Product` table).
MODEL_NAMES = {name: {"Product2": "Product"}.get(name, name) for name in OBJECT_NAMES}


def standard_field(object_name: str, column: str) -> FieldSpec | None:
    """The standard field of `object_name` stored in `column` (None when there is none)."""
    return _BY_COLUMN.get((object_name, column))


_BY_COLUMN = {(obj, spec.column): spec for obj, specs in STANDARD_FIELDS.items() for spec in specs}


def length_of(object_name: str, column: str) -> int:
    """The maximum length of a text field (KeyError when the field is not a text field)."""
    spec = _BY_COLUMN[(object_name, column)]
    if spec.length is None or spec.type in ("id", "reference", "picklist"):
        raise KeyError(f"{object_name}.{spec.api} is not a text field")
    return spec.length
