"""Computing a report definition (run_report's arguments) over an episode's current rows: the checks a
definition must pass, the filtered rows, their groups and totals, and the detail rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.models import Account, User
from apps.crm.services.report_engine import (
    AGGREGATES,
    detail_rows,
    field_of,
    group_rows,
    matches,
    parse_filters,
    summarize,
)
from apps.crm.services.report_types import NUMBER, REF, REPORT_TYPES, ReportType

DETAIL_LIMIT = 2000  # rows a run returns at most, as Salesforce's Reports API (all_data false beyond)


class ReportGroup(BaseModel):
    """One group of rows: its value, display label, record count, summary and subgroups."""

    value: str | None
    label: str
    count: int
    summary: float | None = None
    groups: list[ReportGroup] = []


class ReportRow(BaseModel):
    """One detail row: the record it is (an opportunity product's row also names its opportunity) and its
    columns' values (owners and accounts by name, as the report shows them)."""

    id: str
    opportunity_id: str | None = None
    values: dict[str, Any]


class ReportResult(BaseModel):
    """A report run: its definition, the groups with subtotals, the grand total, and (with
    include_details) the detail rows with their columns."""

    report_id: str | None = None
    report_name: str | None = None
    report_type: str
    report_type_label: str
    filters: list[str]
    scope: str
    date_field: str
    date_from: date | None = None
    date_to: date | None = None
    group_by: list[str]
    group_labels: list[str]
    aggregate: str | None = None
    summary_field: str | None = None
    summary_label: str | None = None
    groups: list[ReportGroup]
    total_count: int
    total_summary: float | None = None
    columns: list[str] = []
    column_labels: list[str] = []
    sort_by: str | None = None
    descending: bool = False
    rows: list[ReportRow] = []
    all_data: bool = True


@dataclass
class Definition:
    """What a report is (run_report's arguments), as save_report stores it."""

    report_type: str = "opportunities"
    filters: list[str] = field(default_factory=list)
    scope: str = "all"
    date_from: date | None = None
    date_to: date | None = None
    group_by: list[str] = field(default_factory=list)
    aggregate: str | None = None
    summary_field: str | None = None
    columns: list[str] = field(default_factory=list)
    include_details: bool = False
    sort_by: str | None = None
    descending: bool = False

    def stored(self) -> dict[str, Any]:
        """The definition as JSON-ready data (dates as ISO text)."""
        data = dict(self.__dict__)
        data["dates"] = [d.isoformat() if d else None for d in (self.date_from, self.date_to)]
        del data["date_from"], data["date_to"]
        return data

    @classmethod
    def of(cls, data: dict[str, Any]) -> Definition:
        """A stored definition (a report saved before columns existed gets the defaults)."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        dates = data.get("dates") or (None, None)
        first, last = (date.fromisoformat(d) if isinstance(d, str) else d for d in dates)
        return cls(**known, date_from=first, date_to=last)


def check(rtype: ReportType, d: Definition) -> None:
    """Refuse groupings, a summary, columns, a sort or a date range that the report type cannot have."""
    if len(d.group_by) > 2 or len(set(d.group_by)) != len(d.group_by):
        raise ActionError(
            "invalid grouping: group rows by at most two different fields",
            field="group_by",
            code="INVALID_GROUPING",
        )
    for name in d.group_by:
        field_of(rtype, name, "group_by")
    if d.aggregate and not d.summary_field:
        raise ActionError(
            f"summary field missing: {d.aggregate} needs a numeric summary_field, e.g. amount",
            field="summary_field",
            code="REQUIRED_FIELD_MISSING",
        )
    if d.summary_field:
        label, kind = field_of(rtype, d.summary_field, "summary_field")
        if kind != NUMBER:
            numeric = [n for n, (_, k) in rtype.fields.items() if k == NUMBER]
            raise ActionError(
                f"invalid summary field: {d.summary_field} ({label}) is not numeric; "
                f"choose one of: {', '.join(numeric)}",
                field="summary_field",
                code="INVALID_SUMMARY_FIELD",
            )
    for name in d.columns:
        field_of(rtype, name, "columns")
    if d.sort_by:
        field_of(rtype, d.sort_by, "sort_by")
    if d.date_from and d.date_to and d.date_from > d.date_to:
        raise ActionError(
            f"invalid date range: date_from {d.date_from} is after date_to {d.date_to}",
            field="date_from",
            code="INVALID_DATE_RANGE",
        )


def _names(ctx: Ctx) -> dict[str, str]:
    """Display names of users and accounts by id (for owner and account groupings and columns)."""
    names = {u.id: u.name for u in ctx.db.exec(select(User)).all()}
    names.update({a.id: a.name for a in ctx.db.exec(select(Account)).all()})
    return names


def _in_range(day: Any, d: Definition) -> bool:
    day = day.date() if hasattr(day, "date") else day
    return not (
        (d.date_from and (day is None or day < d.date_from))
        or (d.date_to and (day is None or day > d.date_to))
    )


def compute(ctx: Ctx, d: Definition) -> ReportResult:
    """The report `d` over the episode's current rows."""
    rtype = REPORT_TYPES[d.report_type]
    aggregate = d.aggregate or ("sum" if d.summary_field else None)
    check(rtype, d)
    filters = parse_filters(rtype, d.filters)
    owner = ctx.user_id if d.scope == "mine" else None
    rows = [
        r
        for r in rtype.rows(ctx, owner)
        if _in_range(r[rtype.date_field], d) and all(matches(r, f) for f in filters)
    ]
    columns = list(d.columns or rtype.columns)
    names = _names(ctx) if d.group_by or d.include_details else {}
    details = []
    if d.include_details:
        references = {n for n, (_, kind) in rtype.fields.items() if kind == REF}
        details = detail_rows(
            rows,
            columns,
            group_by=d.group_by,
            sort_by=d.sort_by,
            descending=d.descending,
            names=names,
            references=references,
        )
    summary = rtype.fields[d.summary_field][0] if d.summary_field else None
    return ReportResult(
        report_type=rtype.name,
        report_type_label=rtype.label,
        filters=list(d.filters),
        scope=d.scope or "all",
        date_field=rtype.date_field,
        date_from=d.date_from,
        date_to=d.date_to,
        group_by=list(d.group_by),
        group_labels=[rtype.fields[g][0] for g in d.group_by],
        aggregate=aggregate,
        summary_field=d.summary_field,
        summary_label=f"{AGGREGATES[aggregate]} of {summary}" if aggregate and summary else None,
        groups=group_rows(rows, d.group_by, aggregate=aggregate, summary_field=d.summary_field, names=names),
        total_count=len(rows),
        total_summary=summarize(rows, aggregate, d.summary_field),
        columns=columns,
        column_labels=[rtype.fields[c][0] for c in columns],
        sort_by=d.sort_by,
        descending=d.descending,
        rows=details[:DETAIL_LIMIT],
        all_data=len(details) <= DETAIL_LIMIT,
    )
