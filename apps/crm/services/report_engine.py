"""The report builder's engine: filter parsing, grouping, summaries and detail rows (report types and
their fields are in `report_types`).

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
from apps.crm.services.report_types import BOOL, DATE, NUMBER, REF, TEXT, ReportType

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


def shown_filter(rtype: ReportType, text: str) -> str:
    """A filter as a report's header shows it: the field's label and the operator in words ("Discount greater
    than 20", "Stage equals Prospecting"; a blank value as "(blank)").

    Args:
        rtype: the report type the field belongs to.
        text: the filter as given, "field operator value".
    """
    parts = text.strip().split(maxsplit=2)
    if len(parts) < 2:
        return text
    name, op, raw = parts[0], parts[1], parts[2] if len(parts) == 3 else ""
    label = rtype.fields[name][0] if name in rtype.fields else name.replace("_", " ").capitalize()
    return f"{label} {OPERATORS.get(op, op.replace('_', ' '))} {raw or '(blank)'}"


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
    return [
        {
            "value": None if value is None else str(value),
            "label": _label(value, names),
            "count": len(buckets[value]),
            "summary": summarize(buckets[value], aggregate, summary_field),
            "groups": group_rows(
                buckets[value], rest, aggregate=aggregate, summary_field=summary_field, names=names
            ),
        }
        for value in sorted(buckets, key=lambda v: _order(field, v, names))
    ]


def _sortable(value: Any) -> Any:
    value = _day(value)
    return value.lower() if isinstance(value, str) else value


def _label(value: Any, names: Mapping[str, str]) -> str:
    """A value as a report shows it: a referenced record by its name, blank as "-"."""
    return "-" if value is None else str(names.get(value, value) if isinstance(value, str) else value)


def _order(field: str, value: Any, names: Mapping[str, str]) -> tuple:
    """Ascending report order of one value of `field`: picklist order (stages), then label; blank last."""
    order = _PICKLIST_ORDER.get(field, {})
    return (value is None, order.get(value, len(order)), _label(value, names).lower(), str(value))


def detail_rows(
    rows: list[Mapping[str, Any]],
    columns: list[str],
    *,
    group_by: list[str],
    sort_by: str | None,
    descending: bool,
    names: Mapping[str, str],
    references: set[str],
) -> list[dict[str, Any]]:
    """The report's detail rows, in the order a report lists them: by its groups (as `group_rows` orders
    them), within a group by `sort_by` (blanks last, `descending` for high to low), then by record id.

    Each row: `id` (the record), `opportunity_id` when the row is an opportunity's product, and `values`
    ({column: value}; a reference column holds the referenced record's name, as the report shows it).
    """
    ordered = sorted(rows, key=lambda r: str(r["id"]))
    if sort_by:
        present = [r for r in ordered if r[sort_by] is not None]
        present.sort(key=lambda r: _sortable(r[sort_by]), reverse=descending)
        ordered = present + [r for r in ordered if r[sort_by] is None]
    for field in reversed(group_by):  # stable sorts: the outermost grouping decides first
        ordered.sort(key=lambda r, f=field: _order(f, _day(r[f]), names))
    return [
        {
            "id": r["id"],
            "opportunity_id": r.get("opportunity_id"),
            "values": {
                c: names.get(r[c], r[c]) if c in references and r[c] is not None else _day(r[c])
                for c in columns
            },
        }
        for r in ordered
    ]
