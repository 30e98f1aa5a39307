"""The report builder's engine: report types and their fields, filter parsing, grouping and summaries.

Pure functions over plain rows (dicts of column values): `report_builder` loads the rows and turns
the result into the action's output. Field names are the snake_case column names the other tools use
(stage_name, close_date, owner_id ...).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from apps.core.errors import ActionError
from apps.crm import picklists as pl
from apps.crm.models import Account, Lead, Opportunity

TEXT, NUMBER, DATE, BOOL, REF = "text", "number", "date", "boolean", "reference"


@dataclass(frozen=True)
class ReportType:
    """One report type: its object, its fields ({column: (label, kind)}) and its standard date filter."""

    name: str
    label: str
    model: type
    fields: dict[str, tuple[str, str]]
    date_field: str


_OPP_FIELDS = {
    "name": ("Opportunity Name", TEXT),
    "account_id": ("Account Name", REF),
    "stage_name": ("Stage", TEXT),
    "amount": ("Amount", NUMBER),
    "probability": ("Probability (%)", NUMBER),
    "close_date": ("Close Date", DATE),
    "type": ("Type", TEXT),
    "lead_source": ("Lead Source", TEXT),
    "forecast_category": ("Forecast Category", TEXT),
    "is_closed": ("Closed", BOOL),
    "is_won": ("Won", BOOL),
    "owner_id": ("Opportunity Owner", REF),
}
_ACCOUNT_FIELDS = {
    "name": ("Account Name", TEXT),
    "type": ("Type", TEXT),
    "industry": ("Industry", TEXT),
    "rating": ("Rating", TEXT),
    "annual_revenue": ("Annual Revenue", NUMBER),
    "number_of_employees": ("Employees", NUMBER),
    "billing_state": ("Billing State/Province", TEXT),
    "billing_country": ("Billing Country", TEXT),
    "created_date": ("Created Date", DATE),
    "owner_id": ("Account Owner", REF),
}
_LEAD_FIELDS = {
    "company": ("Company / Account", TEXT),
    "status": ("Lead Status", TEXT),
    "lead_source": ("Lead Source", TEXT),
    "industry": ("Industry", TEXT),
    "rating": ("Rating", TEXT),
    "annual_revenue": ("Annual Revenue", NUMBER),
    "number_of_employees": ("No. of Employees", NUMBER),
    "country": ("Country", TEXT),
    "is_converted": ("Converted", BOOL),
    "created_date": ("Created Date", DATE),
    "owner_id": ("Lead Owner", REF),
}
REPORT_TYPES = {
    "opportunities": ReportType("opportunities", "Opportunities", Opportunity, _OPP_FIELDS, "close_date"),
    "accounts": ReportType("accounts", "Accounts", Account, _ACCOUNT_FIELDS, "created_date"),
    "leads": ReportType("leads", "Leads", Lead, _LEAD_FIELDS, "created_date"),
}

OPERATORS = {
    "equals": "equals",
    "not_equal": "not equal to",
    "less_than": "less than",
    "greater_than": "greater than",
    "less_or_equal": "less or equal",
    "greater_or_equal": "greater or equal",
    "contains": "contains",
    "not_contains": "does not contain",
    "starts_with": "starts with",
}
_TEXT_ONLY = {"contains", "not_contains", "starts_with"}
AGGREGATES = {"sum": "Sum", "average": "Average", "min": "Min", "max": "Max"}
_PICKLIST_ORDER = {"stage_name": {s.name: i for i, s in enumerate(pl.OPPORTUNITY_STAGES)}}


@dataclass(frozen=True)
class Filter:
    """One parsed filter: `field operator value` with the value converted to the field's type."""

    field: str
    operator: str
    value: Any


def field_of(rtype: ReportType, name: str, arg: str) -> tuple[str, str]:
    """The (label, kind) of field `name` of `rtype`; an unknown field is refused listing the valid ones."""
    if name not in rtype.fields:
        raise ActionError(
            f"invalid field: {name!r} is not a field of the {rtype.label} report type; "
            f"choose one of: {', '.join(rtype.fields)}",
            field=arg,
            code="INVALID_FIELD",
        )
    return rtype.fields[name]


def _convert(raw: str, kind: str, arg: str) -> Any:
    """`raw` as a value of a `kind` field ("" is blank); refused when it is not one."""
    if raw == "":
        return None
    try:
        if kind == NUMBER:
            return float(raw.replace(",", ""))
        if kind == DATE:
            return date.fromisoformat(raw)
    except ValueError:
        what = "a number, e.g. 50000" if kind == NUMBER else "a date as YYYY-MM-DD"
        raise ActionError(
            f"invalid filter value: {raw!r} is not {what}", field=arg, code="INVALID_FILTER_VALUE"
        ) from None
    if kind == BOOL:
        if raw.lower() not in ("true", "false"):
            raise ActionError(
                f"invalid filter value: {raw!r} is not true or false", field=arg, code="INVALID_FILTER_VALUE"
            )
        return raw.lower() == "true"
    return raw


def parse_filters(rtype: ReportType, filters: Iterable[str]) -> list[Filter]:
    """Parse each "field operator value" filter (the value may hold spaces or be empty for blank).

    Args:
        rtype: the report type the fields belong to.
        filters: the filters, e.g. "amount greater_than 50000", "stage_name equals Prospecting".
    """
    parsed = []
    for i, text in enumerate(filters):
        arg = f"filters[{i}]"
        parts = text.strip().split(maxsplit=2)
        if len(parts) < 2:
            raise ActionError(
                f"invalid filter: {text!r}; write it as 'field operator value', "
                "e.g. 'amount greater_than 50000'",
                field=arg,
                code="INVALID_FILTER",
            )
        name, op, raw = parts[0], parts[1], parts[2] if len(parts) == 3 else ""
        _, kind = field_of(rtype, name, arg)
        if op not in OPERATORS:
            raise ActionError(
                f"invalid filter operator: {op!r}; choose one of: {', '.join(OPERATORS)}",
                field=arg,
                code="INVALID_FILTER_OPERATOR",
            )
        if op in _TEXT_ONLY and kind not in (TEXT, REF):
            raise ActionError(
                f"invalid filter operator: {op!r} applies to text fields only, and {name} is a {kind} field",
                field=arg,
                code="INVALID_FILTER_OPERATOR",
            )
        parsed.append(Filter(name, op, _convert(raw, TEXT if op in _TEXT_ONLY else kind, arg)))
    return parsed


def _day(value: Any) -> Any:
    return value.date() if isinstance(value, datetime) else value


def matches(row: Mapping[str, Any], flt: Filter) -> bool:
    """Whether `row` passes `flt`. Text compares without regard to case; a blank value only passes
    equals-blank, not-equal and does-not-contain (as in Salesforce)."""
    value, wanted = _day(row[flt.field]), flt.value
    if isinstance(value, str) and isinstance(wanted, str):
        value, wanted = value.lower(), wanted.lower()
    if flt.operator == "equals":
        return value == wanted
    if flt.operator == "not_equal":
        return value != wanted
    if value is None or wanted is None:
        return flt.operator == "not_contains" and value is None
    if flt.operator in _TEXT_ONLY:
        value, wanted = str(value).lower(), str(wanted).lower()
        if flt.operator == "starts_with":
            return value.startswith(wanted)
        return (wanted in value) == (flt.operator == "contains")
    compare: dict[str, Callable[[Any, Any], bool]] = {
        "less_than": lambda a, b: a < b,
        "greater_than": lambda a, b: a > b,
        "less_or_equal": lambda a, b: a <= b,
        "greater_or_equal": lambda a, b: a >= b,
    }
    return compare[flt.operator](value, wanted)


def summarize(rows: list[Mapping[str, Any]], aggregate: str | None, field: str | None) -> float | None:
    """The Sum / Average / Min / Max of `field` over `rows`, ignoring blanks (None when none has a value)."""
    if not aggregate or not field:
        return None
    values = [row[field] for row in rows if row[field] is not None]
    if not values:
        return None
    result = {"sum": sum, "average": lambda v: sum(v) / len(v), "min": min, "max": max}[aggregate](values)
    return round(result, 2)


def group_rows(
    rows: list[Mapping[str, Any]],
    fields: list[str],
    *,
    aggregate: str | None,
    summary_field: str | None,
    names: Mapping[str, str],
) -> list[dict[str, Any]]:
    """Nested groups of `rows` by `fields` (each group: value, label, count, summary, groups).

    Groups come in ascending order of their label (stages in their sales-process order), the blank
    group last.

    Args:
        rows: the filtered rows.
        fields: the grouping fields, outermost first (empty gives no groups).
        aggregate: sum, average, min or max (None: counts only).
        summary_field: the numeric field summarized.
        names: display names of referenced records (owners, accounts) by id.
    """
    if not fields:
        return []
    field, rest = fields[0], fields[1:]
    buckets: dict[Any, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        buckets[_day(row[field])].append(row)
    order = _PICKLIST_ORDER.get(field, {})

    def label(value: Any) -> str:
        return "-" if value is None else str(names.get(value, value) if isinstance(value, str) else value)

    def key(value: Any) -> tuple:
        return (value is None, order.get(value, len(order)), label(value).lower(), str(value))

    return [
        {
            "value": None if value is None else str(value),
            "label": label(value),
            "count": len(buckets[value]),
            "summary": summarize(buckets[value], aggregate, summary_field),
            "groups": group_rows(
                buckets[value], rest, aggregate=aggregate, summary_field=summary_field, names=names
            ),
        }
        for value in sorted(buckets, key=key)
    ]
