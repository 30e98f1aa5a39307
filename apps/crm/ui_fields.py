"""Form layouts of the CRM pages and the conversion of submitted form text into action arguments.

Field names are the actions' argument names (= model columns); a form shows only the fields its
action accepts, so a layout never offers an argument the service lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from apps.crm import picklists as pl

TEXT_KINDS = ("text", "email", "tel", "url", "textarea", "richtext", "select", "lookup", "user", "suggest")
# Lightning's Subject suggestions on a task, call or event (free text allowed)
SUBJECTS = ("Call", "Send Letter", "Send Quote", "Other")


@dataclass(frozen=True)
class F:
    """One form control: `name` is the action argument, `label` the visible label."""

    name: str
    label: str
    kind: str = (
        "text"  # text email tel url number date datetime textarea richtext select checkbox lookup user
        # suggest (a text box with suggestions)
    )
    choices: tuple[Any, ...] = ()
    required: bool = False
    help: str | None = None
    wide: bool = False
    lookup: str | None = None  # the object a lookup field names ("account")
    fmt: str | None = None  # a number shown formatted while not being typed in: "currency" or "percent"
    readonly: bool = False  # shown, not editable, not submitted (Lightning's Owner in an edit form)

    @property
    def input_type(self) -> str:
        return {"date": "date", "datetime": "datetime-local", "email": "email", "tel": "tel"}.get(
            self.kind, "text"
        )


Section = tuple[str, tuple[F, ...]]


def sel(name: str, label: str, choices: tuple[Any, ...], **kw: Any) -> F:
    return F(name, label, "select", choices=choices, **kw)


OWNER = F("owner_id", "Owner", "user", lookup="user", help="Leave as is to keep the current owner.")
ACCOUNT_LOOKUP = F("account_id", "Account Name", "lookup", lookup="account", help="Search for the account.")
WHO = F("who_id", "Name", "lookup", lookup="who", help="The contact or lead it is with.")
WHAT = F("what_id", "Related To", "lookup", lookup="what", help="The account or opportunity it is about.")

ACCOUNT_FORM: tuple[Section, ...] = (
    (
        "Account Information",
        (
            F("name", "Account Name", required=True),
            F(
                "parent_id",
                "Parent Account",
                "lookup",
                lookup="account",
                help="Search for the parent account and choose it.",
            ),
            F("account_number", "Account Number"),
            sel("type", "Type", pl.ACCOUNT_TYPES),
            sel("industry", "Industry", pl.INDUSTRIES),
            sel("rating", "Rating", pl.RATINGS),
            F("annual_revenue", "Annual Revenue", "number"),
            F("number_of_employees", "Employees", "number"),
            F("phone", "Phone", "tel"),
            F("website", "Website"),
            replace(OWNER, label="Account Owner"),
        ),
    ),
    (
        "Address Information",
        (
            F("billing_street", "Billing Street"),
            F("shipping_street", "Shipping Street"),
            F("billing_city", "Billing City"),
            F("shipping_city", "Shipping City"),
            F("billing_state", "Billing State/Province"),
            F("shipping_state", "Shipping State/Province"),
            F("billing_postal_code", "Billing Zip/Postal Code"),
            F("shipping_postal_code", "Shipping Zip/Postal Code"),
            F("billing_country", "Billing Country"),
            F("shipping_country", "Shipping Country"),
        ),
    ),
    ("Description Information", (F("description", "Description", "textarea", wide=True),)),
)

CONTACT_FORM: tuple[Section, ...] = (
    (
        "Contact Information",
        (
            sel("salutation", "Salutation", pl.SALUTATIONS),
            F("first_name", "First Name"),
            F("last_name", "Last Name", required=True),
            ACCOUNT_LOOKUP,
            F("title", "Title"),
            F("department", "Department"),
            F(
                "reports_to_id",
                "Reports To",
                "lookup",
                lookup="contact",
                help="Search for the manager's contact.",
            ),
            F("email", "Email", "email"),
            F("phone", "Phone", "tel"),
            F("mobile_phone", "Mobile", "tel"),
            sel("lead_source", "Lead Source", pl.LEAD_SOURCES),
            replace(OWNER, label="Contact Owner"),
        ),
    ),
    (
        "Address Information",
        (
            F("mailing_street", "Mailing Street"),
            F("mailing_city", "Mailing City"),
            F("mailing_state", "Mailing State/Province"),
            F("mailing_postal_code", "Mailing Zip/Postal Code"),
            F("mailing_country", "Mailing Country"),
        ),
    ),
    ("Description Information", (F("description", "Description", "textarea", wide=True),)),
)

LEAD_STATUS_CHOICES = tuple(s for s in pl.LEAD_STATUSES if s != pl.LEAD_CONVERTED_STATUS)

LEAD_FORM: tuple[Section, ...] = (
    (
        "Lead Information",
        (
            sel("salutation", "Salutation", pl.SALUTATIONS),
            F("first_name", "First Name"),
            F("last_name", "Last Name", required=True),
            F("company", "Company", required=True),
            F("title", "Title"),
            F("email", "Email", "email"),
            F("phone", "Phone", "tel"),
            sel("status", "Lead Status", LEAD_STATUS_CHOICES, required=True),
            sel("lead_source", "Lead Source", pl.LEAD_SOURCES),
            sel("industry", "Industry", pl.INDUSTRIES),
            sel("rating", "Rating", pl.RATINGS),
            F("annual_revenue", "Annual Revenue", "number"),
            F("number_of_employees", "No. of Employees", "number"),
            replace(OWNER, label="Lead Owner"),
        ),
    ),
    (
        "Address Information",
        (
            F("street", "Street"),
            F("city", "City"),
            F("state", "State/Province"),
            F("postal_code", "Zip/Postal Code"),
            F("country", "Country"),
        ),
    ),
    ("Description Information", (F("description", "Description", "textarea", wide=True),)),
)

# Lightning's default Opportunity layout, two columns read row by row (the grid fills left, right):
# Opportunity Owner | Amount, Opportunity Name | Close Date, Account Name | Next Step, Type | Stage,
# Lead Source | Probability (%); the org's custom Loss Reason under Additional Information
OPPORTUNITY_FORM: tuple[Section, ...] = (
    (
        "Opportunity Information",
        (
            replace(OWNER, label="Opportunity Owner"),
            F(
                "amount",
                "Amount",
                "number",
                help="Set from the products when the opportunity has products.",
                fmt="currency",
            ),
            F("name", "Opportunity Name", required=True),
            F("close_date", "Close Date", "date", required=True),
            ACCOUNT_LOOKUP,
            F("next_step", "Next Step"),
            sel("type", "Type", pl.OPPORTUNITY_TYPES),
            sel("stage_name", "Stage", tuple(s.name for s in pl.OPPORTUNITY_STAGES), required=True),
            sel("lead_source", "Lead Source", pl.LEAD_SOURCES),
            F(
                "probability",
                "Probability (%)",
                "number",
                help="Follows the stage; change it to override.",
                fmt="percent",
            ),
        ),
    ),
    (
        "Additional Information",
        (sel("loss_reason__c", "Loss Reason", pl.LOSS_REASONS, help="Why the opportunity was lost."),),
    ),
    ("Description Information", (F("description", "Description", "textarea", wide=True),)),
)

TASK_FORM: tuple[Section, ...] = (
    (
        "Task Information",
        (
            F("subject", "Subject", "suggest", choices=SUBJECTS, required=True),
            F("activity_date", "Due Date", "date"),
            sel("status", "Status", pl.TASK_STATUSES, required=True),
            sel("priority", "Priority", pl.TASK_PRIORITIES, required=True),
            replace(OWNER, label="Assigned To"),
            WHO,
            WHAT,
            F("description", "Comments", "textarea", wide=True),
        ),
    ),
)

CALL_FORM: tuple[Section, ...] = (
    (
        "Call Information",
        (
            # Lightning's Log a Call: Subject, Comments, Name, Related To; then this org's call fields
            F("subject", "Subject", "suggest", choices=SUBJECTS, required=True),
            F("description", "Comments", "textarea", wide=True),
            WHO,
            WHAT,
            sel("call_type", "Call Type", pl.CALL_TYPES, required=True),
            F("call_duration_in_seconds", "Call Duration (seconds)", "number"),
            F("call_disposition", "Call Result"),
        ),
    ),
)

EVENT_FORM: tuple[Section, ...] = (
    (
        "Event Information",
        (
            F("subject", "Subject", "suggest", choices=SUBJECTS, required=True),
            F("location", "Location"),
            F("start_date_time", "Start", "datetime", required=True),
            F("end_date_time", "End", "datetime", required=True),
            F("is_all_day_event", "All-Day Event", "checkbox"),
            replace(OWNER, label="Assigned To"),
            WHO,
            WHAT,
            F("description", "Description", "textarea", wide=True),
        ),
    ),
)

NOTE_FORM: tuple[Section, ...] = (
    ("Note", (F("title", "Title", required=True, wide=True), F("body", "Body", "richtext", wide=True))),
)

LINE_ITEM_FORM: tuple[Section, ...] = (
    (
        "Product",
        (
            F("pricebook_entry_id", "Product", "select", required=True),
            F("quantity", "Quantity", "number", required=True),
            F("unit_price", "Sales Price", "number", help="Leave blank to use the list price."),
            F("discount", "Discount (%)", "number"),
            F("service_date", "Date", "date"),
            F("description", "Line Description", wide=True),
        ),
    ),
)


def visible_sections(sections: tuple[Section, ...], accepted: set[str]) -> list[Section]:
    """The layout restricted to the fields the action accepts (empty sections dropped)."""
    out = []
    for title, fields in sections:
        kept = tuple(f for f in fields if f.name in accepted)
        if kept:
            out.append((title, kept))
    return out


def all_fields(sections: list[Section]) -> list[F]:
    return [f for _, fields in sections for f in fields]


def clean_number(raw: str) -> str:
    """Accept what people type for numbers: "$1,250,000", "15%"."""
    return raw.replace(",", "").replace("$", "").replace("%", "").strip()


def form_args(fields: list[F], values: dict[str, str], *, update: bool) -> dict[str, Any]:
    """Action arguments from submitted form text.

    Creating: empty optional fields are left out (the action's default applies). Updating: an empty
    text or picklist field is sent as "" (which clears it); an empty number or date is left out.
    """
    args: dict[str, Any] = {}
    for f in fields:
        if f.readonly:
            continue
        if update and f.kind != "checkbox" and f.name not in values:
            continue  # not on the submitted form: leave the field as it is
        raw = (values.get(f.name) or "").strip()
        if f.kind == "checkbox":
            checked = raw in ("true", "on", "1")
            if checked or update:
                args[f.name] = checked
        elif raw == "":
            if update and f.kind in TEXT_KINDS and not f.required and f.kind != "user":
                args[f.name] = ""
        elif f.kind == "number":
            args[f.name] = clean_number(raw)
        else:
            args[f.name] = raw
    return args


def record_values(record: dict[str, Any], fields: list[F]) -> dict[str, Any]:
    """A record's current values as form text (datetimes cut to what a datetime-local input takes)."""
    out: dict[str, Any] = {}
    for f in fields:
        value = record.get(f.name)
        if value is None:
            continue
        if f.kind == "datetime":
            value = str(value)[:16]
        elif f.kind == "number" and isinstance(value, float) and value.is_integer():
            value = int(value)
        out[f.name] = formatted(f, value)
    return out


def formatted(f: F, value: Any) -> Any:
    """A number as its field shows it while not being typed in ("$1,250,000.00", "15%"); else unchanged.

    Args:
        f: the form field (its `fmt` says how it is shown).
        value: the record's value.
    """
    if not isinstance(value, int | float) or isinstance(value, bool):
        return value
    if f.fmt == "currency":
        return f"${value:,.2f}"
    if f.fmt == "percent":
        return f"{value:g}%"
    return value
