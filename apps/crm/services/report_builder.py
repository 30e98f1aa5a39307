"""The report builder: run a report of a standard report type (Opportunities, Opportunities with Products,
Accounts, Leads: filters, groupings, a summary of a numeric field, a grand total, the detail rows with
their columns), save it in a folder, list and re-run saved reports."""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.models import Report
from apps.crm.params import RecordId
from apps.crm.services.common import actions, load, require_text, stamp_new
from apps.crm.services.report_compute import Definition, ReportGroup, ReportResult, ReportRow, compute

__all__ = ["ReportGroup", "ReportResult", "ReportRow"]  # the run's output models, with the actions below

ReportTypeName = Literal["opportunities", "opportunity_products", "accounts", "leads"]
Aggregate = Literal["sum", "average", "min", "max"]
Scope = Literal["mine", "all"]
NAME_LIMIT, FOLDER_LIMIT = 40, 80


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
    include_details: bool = False,
    columns: list[str] | None = None,
    sort_by: str | None = None,
    descending: bool = False,
) -> ReportResult:
    """Run a report: the records of a report type that pass every filter, grouped by up to two fields
    with each group's record count and summary, the grand total and, with include_details, the detail rows.

    Report types, as Salesforce's standard ones: opportunities; opportunity_products ("Opportunities with
    Products": one row per product on an opportunity, with the opportunity's fields beside the product's:
    product_name, product_code, product_family, quantity, unit_price (Sales Price), list_price, discount
    (%), subtotal, total_price, service_date, line_description; an opportunity without products is not in
    it); accounts; leads. Blank values are ignored by a summary (a group with none has summary null).
    Groups come in ascending order (stages in sales-process order), the blank group ("-") last; detail rows
    in group order, then by sort_by. At most 2,000 detail rows are returned (all_data is false beyond).

    Args:
        report_type: opportunities, opportunity_products, accounts or leads.
        filters: each "field operator value", all must hold; operators equals, not_equal, less_than,
            greater_than, less_or_equal, greater_or_equal, contains, not_contains, starts_with; an empty
            value means blank. E.g. "amount greater_than 50000", "stage_name equals Prospecting",
            "discount greater_than 10".
        scope: mine (records you own; an opportunity product: its opportunity's owner) or all.
        date_from: the standard date filter's start, inclusive (Close Date of opportunities and of
            opportunity products, Created Date of accounts and leads).
        date_to: the standard date filter's end, inclusive.
        group_by: up to two fields to group rows by, outermost first (e.g. stage_name, owner_id).
        aggregate: sum, average, min or max of summary_field (sum when only summary_field is given).
        summary_field: the numeric field to summarize (e.g. amount, total_price, discount).
        include_details: also return the detail rows (each: the record's id, its opportunity_id for an
            opportunity product, and the columns' values; owners and accounts by name).
        columns: the detail columns, fields of the report type (default: the type's standard columns).
        sort_by: the field detail rows are sorted by within their group (default: record id).
        descending: sort detail rows high to low.
    """
    return compute(ctx, _definition(locals()))


def _definition(args: dict[str, Any]) -> Definition:
    """run_report's or save_report's arguments as a report definition."""
    fields = {k: v for k, v in args.items() if k in Definition.__dataclass_fields__}
    for listed in ("filters", "group_by", "columns"):
        fields[listed] = list(fields.get(listed) or [])
    return Definition(**fields)


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
    include_details: bool = False,
    columns: list[str] | None = None,
    sort_by: str | None = None,
    descending: bool = False,
) -> SavedReport:
    """Save a report definition under a name in a folder; you own it. The definition is checked
    exactly as run_report checks it; running the saved report recomputes from the data of that moment.

    Args:
        name: the report's name (required, at most 40 characters).
        folder: the folder (at most 80 characters); Private Reports (only you see it) by default.
        description: what the report shows (at most 255 characters).
        report_type: opportunities, opportunity_products, accounts or leads.
        filters: as in run_report.
        scope: mine or all.
        date_from: the standard date filter's start, inclusive.
        date_to: the standard date filter's end, inclusive.
        group_by: up to two grouping fields.
        aggregate: sum, average, min or max.
        summary_field: the numeric field to summarize.
        include_details: show the detail rows when the report runs.
        columns: the detail columns (default: the type's standard columns).
        sort_by: the field detail rows are sorted by.
        descending: sort detail rows high to low.
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
    definition = _definition(locals())
    compute(ctx, definition)  # refuses a bad definition before anything is written
    report = Report(
        id=ctx.new_id("Report"),
        name=require_text(name, "name", "a report name"),
        folder=require_text(folder, "folder", "a folder"),
        description=description or None,
        report_type=report_type,
        definition=json.dumps(definition.stored(), sort_keys=True),
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
    result = compute(ctx, Definition.of(json.loads(report.definition)))
    return result.model_copy(update={"report_id": report.id, "report_name": report.name})
