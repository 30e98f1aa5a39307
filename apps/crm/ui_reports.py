"""Reports tab: the list of reports, the report builder / run page (filters, groupings, summary,
grand total and a bar chart) and saved reports, over run_report, save_report, list_reports and
run_saved_report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm import ui_report_view as view
from apps.crm import ui_reports_home as home
from apps.crm.services.report_engine import AGGREGATES, OPERATORS
from apps.crm.services.report_types import NUMBER, REPORT_TYPES
from apps.crm.ui_common import current_user, users

FILTER_ROWS = 3
MONEY = {"amount", "unit_price", "list_price", "subtotal", "total_price", "annual_revenue"}
LINKS = {  # the detail column that opens the row's record, and the record's page
    "opportunities": ("name", "/opportunities/"),
    "opportunity_products": ("name", "/opportunities/"),
    "accounts": ("name", "/accounts/"),
    "leads": ("last_name", "/leads/"),
}
CHART_WIDTH = 420  # px of the longest bar


def definition_from(query: Mapping[str, str]) -> dict[str, Any]:
    """run_report's arguments from the builder form's fields (blank fields left out)."""
    filters = []
    for i in range(1, FILTER_ROWS + 1):
        field = (query.get(f"filter_field_{i}") or "").strip()
        if field:
            value = (query.get(f"filter_value_{i}") or "").strip()
            filters.append(f"{field} {query.get(f'filter_op_{i}') or 'equals'} {value}".strip())
    args: dict[str, Any] = {
        "report_type": query.get("report_type") or "opportunities",
        "scope": query.get("scope") or "all",
        "filters": filters,
        "group_by": [g for i in (1, 2) if (g := (query.get(f"group_by_{i}") or "").strip())],
    }
    for key in ("date_from", "date_to", "aggregate", "summary_field", "sort_by"):
        if value := (query.get(key) or "").strip():
            args[key] = value
    if "summary_field" not in args:
        args.pop("aggregate", None)  # the Summary menu only applies to a chosen field
    rtype = REPORT_TYPES.get(args["report_type"])
    same_type = query.get("columns_for") in (None, args["report_type"])  # columns ticked for this type
    columns = [n for n in (rtype.fields if rtype and same_type else ()) if query.get(f"column_{n}")]
    if rtype:
        columns = shown_columns(rtype, columns, args)
    if columns:
        args["columns"] = columns
    args["include_details"] = bool(query.get("include_details"))
    args["descending"] = bool(query.get("descending"))
    return args


def shown_columns(rtype: Any, chosen: list[str], args: Mapping[str, Any]) -> list[str]:
    """The detail columns a run shows, as Lightning's: the chosen ones (else the report type's defaults,
    then the filtered fields) and always the summarized field; a grouped field is the group's column instead.

    Args:
        rtype: the report type.
        chosen: the columns ticked in the builder (may be empty).
        args: run_report's arguments so far (filters, summary_field).
    """
    columns = list(chosen)
    if not columns:
        filtered = [f.split()[0] for f in args.get("filters") or []]
        columns = [*rtype.columns, *filtered]
    if args.get("summary_field"):
        columns.append(args["summary_field"])
    grouped = set(args.get("group_by") or ())  # a grouped field moves out of the detail columns
    return [
        c for i, c in enumerate(columns) if c in rtype.fields and c not in columns[:i] and c not in grouped
    ]


def form_values(definition: Mapping[str, Any]) -> dict[str, str]:
    """The builder form's field values of a report definition (the inverse of `definition_from`)."""
    keys = ("report_type", "scope", "aggregate", "summary_field", "sort_by")
    values = {k: str(definition.get(k) or "") for k in keys}
    values.update({k: "on" for k in ("include_details", "descending") if definition.get(k)})
    values.update({f"column_{name}": "on" for name in definition.get("columns") or []})
    dates = definition.get("dates") or (definition.get("date_from"), definition.get("date_to"))
    values.update(date_from=str(dates[0] or ""), date_to=str(dates[1] or ""))
    for i, name in enumerate(definition.get("group_by") or [], start=1):
        values[f"group_by_{i}"] = name
    for i, text in enumerate(definition.get("filters") or [], start=1):
        parts = text.split(maxsplit=2) + ["", ""]
        values.update(
            {f"filter_field_{i}": parts[0], f"filter_op_{i}": parts[1], f"filter_value_{i}": parts[2]}
        )
    return values


def chart_bars(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One bar per top-level group: its label, value (the summary, else the record count) and width."""
    use_summary = bool(report.get("summary_field"))
    values = [(g["label"], (g["summary"] or 0) if use_summary else g["count"]) for g in report["groups"]]
    top = max((abs(v) for _, v in values), default=0) or 1
    return [
        {"label": label, "value": v, "width": round(abs(v) / top * CHART_WIDTH, 1)} for label, v in values
    ]


def filter_pills(values: Mapping[str, str], rtype: Any) -> list[dict[str, Any]]:
    """The Filters panel's pills, as Lightning's: Show Me, the date range, then each field filter with the
    query that removes it (`remove`: the builder's values without that filter; None: not removable).

    Args:
        values: the builder form's values.
        rtype: the report type (its label, date field and field labels).
    """
    scope = "My " if values.get("scope") == "mine" else "All "
    start, end = values.get("date_from") or "", values.get("date_to") or ""
    span = f"{start or 'Any'} to {end or 'Any'}" if start or end else "All Time"
    pills = [
        {"label": "Show Me", "text": scope + rtype.label, "remove": None},
        {"label": rtype.fields[rtype.date_field][0], "text": span, "remove": None},
    ]
    for i in range(1, FILTER_ROWS + 1):
        field = values.get(f"filter_field_{i}") or ""
        if field not in rtype.fields:
            continue
        op = values.get(f"filter_op_{i}") or "equals"
        keys = {f"filter_field_{i}", f"filter_op_{i}", f"filter_value_{i}", "name", "folder", "description"}
        pills.append(
            {
                "label": rtype.fields[field][0],
                "text": f"{OPERATORS.get(op, op)} {values.get(f'filter_value_{i}') or ''}".strip(),
                "remove": {k: v for k, v in values.items() if k not in keys and v},
            }
        )
    return pills


async def render_report(
    kit: UiKit,
    request: Request,
    values: dict[str, str],
    outcome: Any,
    *,
    saved: dict | None = None,
    save_error: str | None = None,
) -> Response:
    """The report run page (or the Report Builder) of a run's outcome.

    Args:
        kit: the UI kit that renders the page.
        request: the request.
        values: the builder form's values of the report run.
        outcome: run_report's (or run_saved_report's) outcome.
        saved: the saved report shown (its name and folder), None for a new one.
        save_error: why Save failed, if it did.
    """
    report = outcome.data() if outcome.ok else None
    builder = view.builder_mode(request.url.path, values) and not saved
    values = view.shown_values(values)
    rtype = REPORT_TYPES.get(values.get("report_type") or "opportunities", REPORT_TYPES["opportunities"])
    bad = not outcome.ok or save_error
    shown = report["columns"] if report else rtype.columns
    numbers = {n for n, (_, kind) in rtype.fields.items() if kind == NUMBER}
    heading = "New Report" if builder and not values else f"New {rtype.label} Report"
    return kit.render(
        request,
        "report_run.html",
        {
            "title": saved["name"] if saved else heading,
            "report": report,
            "saved": saved,
            "error": None if outcome.ok else outcome.error,
            "save_error": save_error,
            "values": values,
            "rtype": rtype,
            "report_types": REPORT_TYPES,
            "operators": OPERATORS,
            "aggregates": AGGREGATES,
            "fields": [(n, label) for n, (label, _) in rtype.fields.items()],
            "numeric": [(n, label) for n, (label, kind) in rtype.fields.items() if kind == NUMBER],
            "shown": set(shown),
            "numbers": numbers,
            "heading": heading,
            "summarize": view.summarize_links(values, [n for n in shown if n in numbers]),
            "remove_groups": view.without_all(values, "group_by_"),
            "remove_columns": view.without_all(values, "column_"),
            "chart_on": bool(values.get("chart")),
            "chart_toggle": {k: v for k, v in values.items() if k != "chart"}
            | ({} if values.get("chart") else {"chart": "on"}),
            "money": MONEY,
            "link": LINKS[rtype.name],
            "filter_rows": range(1, FILTER_ROWS + 1),
            "bars": chart_bars(report) if report and report["groups"] else [],
            "chart_width": CHART_WIDTH,
            "pills": filter_pills(values, rtype),
            "builder": builder,
            "choosing_type": builder and not values,  # New Report: the report type not chosen yet
            "outline": view.outline_pills(values, rtype.fields, list(shown)),
            "nested": view.nested_details(report) if report and report["rows"] else [],
        },
        status=422 if bad else 200,
    )


def build_report_router(kit: UiKit) -> APIRouter:
    """/reports (the list), /reports/new (build, run and save), /reports/pipeline (the built-in pipeline
    report) and /reports/{id} (a saved report)."""
    router = APIRouter()

    @router.get("/reports", name="reports")
    async def reports(request: Request) -> Response:
        saved = (await kit.read(request, "list_reports", {}))["records"]
        view = request.query_params.get("view", "recent")
        view = view if view in home.LABELS else "recent"
        query = request.query_params.get("q", "")
        me = (await current_user(kit, request) or {}).get("id")
        folders = view in home.FOLDER_VIEWS
        return kit.render(
            request,
            "reports.html",
            {
                "title": "Reports",
                "view": view,
                "views": home.VIEWS,
                "view_label": home.LABELS[view],
                "query": query,
                "folders": folders,
                "rows": home.folder_rows(saved, view, me)
                if folders
                else home.report_rows(saved, view, me, query),
                "owners": dict(await users(kit, request)),
            },
        )

    @router.get("/reports/new", name="new_report")
    async def new_report(request: Request) -> Response:
        values = dict(request.query_params)
        rtype = REPORT_TYPES.get(values.get("report_type") or "", REPORT_TYPES["opportunities"])
        ticked = [n for n in rtype.fields if values.get(f"column_{n}")] or list(rtype.columns)
        view.take_additions(values, rtype.fields, ticked)
        if values.get("edit") and not values.get("run"):
            view.builder_details(values)
        outcome = await kit.run(request, "run_report", definition_from(values))
        return await render_report(kit, request, values, outcome)

    @router.post("/reports/new")
    async def save_report(request: Request) -> Response:
        values, trace = await kit.form(request)
        args = definition_from(values)
        extra = {k: v for k in ("name", "folder", "description") if (v := (values.get(k) or "").strip())}
        outcome = await kit.run(request, "save_report", {**args, **extra}, trace)
        if outcome.ok:
            return kit.redirect(request, f"/reports/{outcome.data()['id']}")
        ran = await kit.run(request, "run_report", args)
        return await render_report(kit, request, values, ran, save_error=outcome.error)

    @router.get("/reports/pipeline", name="pipeline_report")
    async def pipeline(request: Request) -> Response:
        values = view.pipeline_values(request.query_params)
        outcome = await kit.run(request, "run_report", definition_from(values))
        return await render_report(kit, request, values, outcome, saved=home.PIPELINE)

    @router.get("/reports/{report_id}", name="saved_report")
    async def saved_report(request: Request, report_id: str) -> Response:
        outcome = await kit.run(request, "run_saved_report", {"report_id": report_id})
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "No such report.", status=404)
        listed = await kit.read(request, "list_reports", {})
        saved = next(r for r in listed["records"] if r["id"] == outcome.data()["report_id"])
        return await render_report(kit, request, form_values(saved["definition"]), outcome, saved=saved)

    return router
