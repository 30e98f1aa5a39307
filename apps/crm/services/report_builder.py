"""The report builder: run a report over Opportunities, Accounts or Leads (filters, groupings,
a summary of a numeric field, a grand total), save it in a folder, list and re-run saved reports."""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.models import Account, Report, User
from apps.crm.params import RecordId
from apps.crm.services.common import actions, load, require_text, stamp_new
from apps.crm.services.report_engine import (
    AGGREGATES,
    NUMBER,
    REPORT_TYPES,
    ReportType,
    field_of,
    group_rows,
    matches,
    parse_filters,
    summarize,
)

ReportTypeName = Literal["opportunities", "accounts", "leads"]
Aggregate = Literal["sum", "average", "min", "max"]
Scope = Literal["mine", "all"]
NAME_LIMIT, FOLDER_LIMIT = 40, 80


class ReportGroup(BaseModel):
    """One group of rows: its value, display label, record count, summary and subgroups."""

    value: str | None
    label: str
    count: int
    summary: float | None = None
    groups: list[ReportGroup] = []


class ReportResult(BaseModel):
    """A report run: its definition, the groups with subtotals, and the grand total."""

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


class SavedReport(BaseModel):
    """A saved report and its definition."""

    id: str
    name: str
    folder: str
    description: str | None = None
    report_type: str
    definition: dict[str, Any]
    owner_id: str


class SavedReportList(BaseModel):
    records: list[SavedReport]


def _check_definition(
    rtype: ReportType,
    group_by: list[str],
    aggregate: str | None,
    summary_field: str | None,
    date_from: date | None,
    date_to: date | None,
) -> None:
    """Refuse groupings, a summary or a date range that the report type cannot have."""
    if len(group_by) > 2 or len(set(group_by)) != len(group_by):
        raise ActionError(
            "invalid grouping: group rows by at most two different fields",
            field="group_by",
            code="INVALID_GROUPING",
        )
    for name in group_by:
        field_of(rtype, name, "group_by")
    if aggregate and not summary_field:
        raise ActionError(
            f"summary field missing: {aggregate} needs a numeric summary_field, e.g. amount",
            field="summary_field",
            code="REQUIRED_FIELD_MISSING",
        )
    if summary_field:
        label, kind = field_of(rtype, summary_field, "summary_field")
        if kind != NUMBER:
            numeric = [n for n, (_, k) in rtype.fields.items() if k == NUMBER]
            raise ActionError(
                f"invalid summary field: {summary_field} ({label}) is not numeric; "
                f"choose one of: {', '.join(numeric)}",
                field="summary_field",
                code="INVALID_SUMMARY_FIELD",
            )
    if date_from and date_to and date_from > date_to:
        raise ActionError(
            f"invalid date range: date_from {date_from} is after date_to {date_to}",
            field="date_from",
            code="INVALID_DATE_RANGE",
        )


def _names(ctx: Ctx) -> dict[str, str]:
    """Display names of users and accounts by id (for owner and account groupings)."""
    names = {u.id: u.name for u in ctx.db.exec(select(User)).all()}
    names.update({a.id: a.name for a in ctx.db.exec(select(Account)).all()})
    return names


def _run(ctx: Ctx, definition: dict[str, Any]) -> ReportResult:
    """Compute the report `definition` (run_report's arguments) over the episode's current rows."""
    rtype = REPORT_TYPES[definition["report_type"]]
    group_by = list(definition.get("group_by") or [])
    aggregate, summary_field = definition.get("aggregate"), definition.get("summary_field") or None
    aggregate = aggregate or ("sum" if summary_field else None)
    date_from, date_to = (date.fromisoformat(d) if isinstance(d, str) else d for d in definition["dates"])
    _check_definition(rtype, group_by, aggregate, summary_field, date_from, date_to)
    filters = parse_filters(rtype, definition.get("filters") or [])
    stmt = select(rtype.model).order_by(col(rtype.model.id))
    if definition.get("scope") == "mine":
        stmt = stmt.where(rtype.model.owner_id == ctx.user_id)
    rows = []
    for record in ctx.db.exec(stmt).all():
        row = record.model_dump()
        day = row[rtype.date_field]
        day = day.date() if hasattr(day, "date") else day
        if (date_from and (day is None or day < date_from)) or (date_to and (day is None or day > date_to)):
            continue
        if all(matches(row, f) for f in filters):
            rows.append(row)
    names = _names(ctx) if group_by else {}
    return ReportResult(
        report_type=rtype.name,
        report_type_label=rtype.label,
        filters=list(definition.get("filters") or []),
        scope=definition.get("scope") or "all",
        date_field=rtype.date_field,
        date_from=date_from,
        date_to=date_to,
        group_by=group_by,
        group_labels=[rtype.fields[g][0] for g in group_by],
        aggregate=aggregate,
        summary_field=summary_field,
        summary_label=f"{AGGREGATES[aggregate]} of {rtype.fields[summary_field][0]}"
        if summary_field
        else None,
        groups=group_rows(rows, group_by, aggregate=aggregate, summary_field=summary_field, names=names),
        total_count=len(rows),
        total_summary=summarize(rows, aggregate, summary_field),
    )


def _definition(report_type, filters, scope, date_from, date_to, group_by, aggregate, summary_field) -> dict:
    return {
        "report_type": report_type,
        "filters": list(filters or []),
        "scope": scope,
        "dates": (date_from, date_to),
        "group_by": list(group_by or []),
        "aggregate": aggregate,
        "summary_field": summary_field,
    }


@actions.read
def run_report(
    ctx: Ctx,
    *,
    report_type: ReportTypeName = "opportunities",
    filters: list[str] | None = None,
    scope: Scope = "all",
    date_from: date | None = None,
    date_to: date | None = None,
    group_by: list[str] | None = None,
    aggregate: Aggregate | None = None,
    summary_field: str | None = None,
) -> ReportResult:
    """Run a report: the records of a report type that pass every filter, grouped by up to two fields
    with each group's record count and summary, and the grand total.

    Blank values are ignored by a summary (a group with none has summary null). Groups come in
    ascending order (stages in sales-process order), the blank group ("-") last.

    Args:
        report_type: opportunities, accounts or leads.
        filters: each "field operator value", all must hold; operators equals, not_equal, less_than,
            greater_than, less_or_equal, greater_or_equal, contains, not_contains, starts_with; an empty
            value means blank. E.g. "amount greater_than 50000", "stage_name equals Prospecting".
        scope: mine (records you own) or all.
        date_from: the standard date filter's start, inclusive (Close Date of opportunities, Created
            Date of accounts and leads).
        date_to: the standard date filter's end, inclusive.
        group_by: up to two fields to group rows by, outermost first (e.g. stage_name, owner_id).
        aggregate: sum, average, min or max of summary_field (sum when only summary_field is given).
        summary_field: the numeric field to summarize (e.g. amount).
    """
    args = (report_type, filters, scope, date_from, date_to, group_by, aggregate, summary_field)
    return _run(ctx, _definition(*args))


def _saved(report: Report) -> SavedReport:
    return SavedReport(
        id=report.id,
        name=report.name,
        folder=report.folder,
        description=report.description,
        report_type=report.report_type,
        definition=json.loads(report.definition),
        owner_id=report.owner_id,
    )


@actions.write
def save_report(
    ctx: Ctx,
    *,
    name: str,
    folder: str = "Private Reports",
    description: str | None = None,
    report_type: ReportTypeName = "opportunities",
    filters: list[str] | None = None,
    scope: Scope = "all",
    date_from: date | None = None,
    date_to: date | None = None,
    group_by: list[str] | None = None,
    aggregate: Aggregate | None = None,
    summary_field: str | None = None,
) -> SavedReport:
    """Save a report definition under a name in a folder; you own it. The definition is checked
    exactly as run_report checks it; running the saved report recomputes from the data of that moment.

    Args:
        name: the report's name (required, at most 40 characters).
        folder: the folder (at most 80 characters); Private Reports (only you see it) by default.
        description: what the report shows (at most 255 characters).
        report_type: opportunities, accounts or leads.
        filters: as in run_report.
        scope: mine or all.
        date_from: the standard date filter's start, inclusive.
        date_to: the standard date filter's end, inclusive.
        group_by: up to two grouping fields.
        aggregate: sum, average, min or max.
        summary_field: the numeric field to summarize.
    """
    for value, field, limit in (
        (name, "name", NAME_LIMIT),
        (folder, "folder", FOLDER_LIMIT),
        (description, "description", 255),
    ):
        if value and len(value) > limit:
            raise ActionError(
                f"data value too large: {field} has {len(value)} characters (at most {limit})",
                field=field,
                code="STRING_TOO_LONG",
            )
    definition = _definition(
        report_type, filters, scope, date_from, date_to, group_by, aggregate, summary_field
    )
    _run(ctx, definition)  # refuses a bad definition before anything is written
    stored = {**definition, "dates": [d.isoformat() if d else None for d in (date_from, date_to)]}
    report = Report(
        id=ctx.new_id("Report"),
        name=require_text(name, "name", "a report name"),
        folder=require_text(folder, "folder", "a folder"),
        description=description or None,
        report_type=report_type,
        definition=json.dumps(stored, sort_keys=True),
        owner_id=ctx.user_id,
    )
    stamp_new(ctx, report)
    ctx.db.add(report)
    return _saved(report)


@actions.read
def list_reports(ctx: Ctx, *, folder: str | None = None) -> SavedReportList:
    """The saved reports you can see (yours, and other users' outside Private Reports), by folder then name.

    Args:
        folder: only the reports in this folder.
    """
    stmt = select(Report).order_by(col(Report.folder), col(Report.name), col(Report.id))
    if folder:
        stmt = stmt.where(Report.folder == folder)
    rows = ctx.db.exec(stmt).all()
    return SavedReportList(
        records=[_saved(r) for r in rows if r.owner_id == ctx.user_id or r.folder != "Private Reports"]
    )


@actions.read
def run_saved_report(ctx: Ctx, *, report_id: RecordId) -> ReportResult:
    """Run a saved report over the current data.

    Args:
        report_id: the saved report (id starting 00O).
    """
    report = load(ctx, Report, report_id, label="report", field="report_id")
    if report.folder == "Private Reports" and report.owner_id != ctx.user_id:
        raise ActionError(
            f"insufficient access: the report {report.id} is in another user's Private Reports",
            field="report_id",
            code="INSUFFICIENT_ACCESS",
        )
    result = _run(ctx, json.loads(report.definition))
    return result.model_copy(update={"report_id": report.id, "report_name": report.name})
