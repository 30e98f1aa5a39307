"""List views (ServiceNow-like): the filter conditions as a breadcrumb, sortable columns, paging."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.core.ui_kit import pager as ui_pager
from apps.ticketing import choices as ch
from apps.ticketing import ui_conditions as cq
from apps.ticketing.ui_list_actions import ROW_ACTIONS

PAGE = 20
APPROVALS = ch.APPROVAL_LABELS


@dataclass(frozen=True)
class Col:
    label: str
    key: str
    sort: str | None = None
    link: bool = False
    label_of: dict[str, str] | None = None  # a choice column: stored value -> label
    find: str | None = None  # the filter its column search (the magnifier's row under the headers) runs


@dataclass(frozen=True)
class Filter:
    arg: str  # action argument (and query parameter)
    label: str  # breadcrumb label
    kind: str = "text"  # text | bool | list
    choices: dict[int, str] = field(default_factory=dict)  # a list filter's choice labels


@dataclass(frozen=True)
class ListDef:
    path: str
    action: str
    title: str
    columns: tuple[Col, ...]
    filters: tuple[Filter, ...]
    record_path: str
    key: str = "number"
    default_sort: str | None = None
    new_path: str | None = None  # the New form's path (a "New" button in the list header)
    fixed_sort: str | None = None  # the column key a service without sort_by orders by, newest first


LISTS = (
    ListDef(
        "/incidents",
        "list_incidents",
        "Incidents",
        (
            Col("Number", "number", "number", True, find="search"),
            Col("Opened", "opened_at", "opened_at"),
            Col("Short description", "short_description", "short_description", find="search"),
            Col("Caller", "caller_name", find="caller_id"),
            Col("Priority", "priority_label", "priority", find="priority"),
            Col("State", "state_label", "state", find="state"),
            Col("Assignment group", "assignment_group_name", find="assignment_group"),
            Col("Assigned to", "assigned_to_name"),
        ),
        (
            Filter("active", "Active", "bool"),
            Filter("state", "State", "list", ch.INCIDENT_STATES),
            Filter("priority", "Priority", "list", ch.PRIORITIES),
            Filter("assigned_to_me", "Assigned to me", "bool"),
            Filter("unassigned", "Unassigned", "bool"),
            Filter("assignment_group", "Assignment group"),
            Filter("sla_breached", "SLA breached", "bool"),
            Filter("category", "Category"),
            Filter("search", "Keywords"),
            Filter("caller_id", "Caller"),  # sys_id, user name or e-mail (the CRM contact page links here)
            Filter("opened_after", "Opened on or after"),  # ISO date or date-time (UTC)
            Filter("opened_before", "Opened before"),
        ),
        "/incidents/",
        default_sort="number",
        new_path="/incidents/new",
    ),
    ListDef(
        "/problems",
        "list_problems",
        "Problems",
        (
            Col("Number", "number", None, True, find="search"),
            Col("Short description", "short_description", find="search"),
            Col("State", "state_label"),
            Col("Known error", "known_error"),
            Col("Priority", "priority_label"),
            Col("Assigned to", "assigned_to_name"),
        ),
        (
            Filter("active", "Active", "bool"),
            Filter("known_error", "Known error", "bool"),
            Filter("search", "Keywords"),
        ),
        "/problems/",
        new_path="/problems/new",
        fixed_sort="number",
    ),
    ListDef(
        "/changes",
        "list_changes",
        "Change Requests",
        (
            Col("Number", "number", "number", True, find="search"),
            Col("Short description", "short_description", find="search"),
            Col("Type", "type", label_of={t: t.capitalize() for t in ch.CHANGE_TYPES}, find="type"),
            Col("State", "state_label", "state", find="state"),
            Col("Approval", "approval", label_of=APPROVALS),
            Col("Risk", "risk_label", "risk"),
            Col("Configuration item", "cmdb_ci_name"),
            Col("Planned start", "start_date", "start_date"),
            Col("Planned end", "end_date"),
        ),
        (
            Filter("state", "State", "list", ch.CHANGE_STATES),
            Filter("type", "Type"),
            Filter("approval", "Approval"),
            Filter("search", "Keywords"),
        ),
        "/changes/",
        default_sort="number",
        new_path="/changes/new",
    ),
    ListDef(
        "/requests",
        "list_requested_items",
        "Requested Items",
        (
            Col("Number", "number", None, True),
            Col("Item", "cat_item_name"),
            Col("Request", "request_number"),
            Col("Requested for", "requested_for_name"),
            Col("Stage", "stage", label_of=ch.RITM_STAGES),
            Col("Approval", "approval", label_of=APPROVALS),
            Col("State", "state_label"),
        ),
        (Filter("active", "Active", "bool"), Filter("stage", "Stage")),
        "/requests/",
        fixed_sort="number",
    ),
    ListDef(
        "/task_slas",
        "list_task_slas",
        "Task SLAs",
        (
            Col("Task", "task_number", None, True),
            Col("SLA definition", "sla_name"),
            Col("Stage", "stage"),
            Col("Start time", "start_time"),
            Col("Breach time", "planned_end_time"),
            Col("Has breached", "has_breached"),
            Col("Business elapsed (s)", "elapsed_seconds"),
        ),
        (
            Filter("assignment_group", "Task.Assignment group"),
            Filter("target", "SLA target"),  # response or resolution
            Filter("priority", "Task.Priority", "list", ch.PRIORITIES),
            Filter("started_after", "Start time on or after"),
            Filter("started_before", "Start time before"),
            Filter("breached", "Has breached", "bool"),
            Filter("stage", "Stage"),
        ),
        "/incidents/",
        key="task_number",
    ),
    ListDef(
        "/approvals",
        "list_approvals",
        "My Approvals",
        (
            Col("Approval for", "record_number", None, True),
            Col("Approver", "approver_name"),
            Col("State", "state", label_of=APPROVALS),
            Col("Created", "sys_created_on"),
        ),
        (Filter("state", "State"),),
        "/record/",
        key="record_number",
        fixed_sort="sys_created_on",
    ),
    ListDef(
        "/kb",
        "search_knowledge",
        "Knowledge",
        (
            Col("Number", "number", None, True, find="query"),
            Col("Title", "short_description", find="query"),
            Col("Version", "version"),
            Col("Workflow", "workflow_state", label_of=ch.KB_STATES),
            Col("Category", "kb_category"),
            Col("Views", "sys_view_count"),
        ),
        (Filter("query", "Keywords"), Filter("workflow_state", "Workflow")),
        "/kb/",
        new_path="/kb/new",
    ),
    ListDef(
        "/cmdb",
        "list_configuration_items",
        "Configuration Items",
        (
            Col("Name", "name", None, True, find="search"),
            Col("Class", "class_label"),
            Col("Operational status", "operational_status_label"),
            Col("Asset tag", "asset_tag"),
            Col("Assigned to", "assigned_to_name"),
            Col("IP Address", "ip_address"),
            Col("Support group", "support_group_name"),
        ),
        (Filter("sys_class_name", "Class"), Filter("search", "Keywords")),
        "/cmdb/",
        key="sys_id",
    ),
)


def _value(f: Filter, raw: list[str]) -> Any:
    if f.kind == "bool":
        return raw[-1] in ("true", "on", "1")
    if f.kind == "list":
        return [int(v) for v in raw if v.lstrip("-").isdigit()]
    return raw[-1]


def list_args(
    kit: UiKit, view: ListDef, request: Request
) -> tuple[dict[str, Any], list[dict[str, str]], str | None, bool, int, list[cq.Cond], str | None]:
    """(action args, breadcrumb, sort, descending, page, conditions, why they cannot run) from the query
    string: filter parameters in the order given, then the encoded query (sysparm_query)."""
    params = request.query_params
    accepted = kit.params(view.action)
    args: dict[str, Any] = {}
    crumbs = [{"label": "All", "url": kit.url(request, view.path)}]
    if view.action == "list_approvals":  # My Approvals' own condition, as UI16's breadcrumb shows it
        crumbs.append({"label": "Approver is (dynamic) Me", "url": kit.url(request, view.path)})
    kept: list[tuple[str, str]] = []
    for name in dict.fromkeys(k for k, _ in params.multi_items()):
        f = next((f for f in view.filters if f.arg == name), None)
        raw = [v for v in params.getlist(name) if v.strip()]
        if f is None or not raw or name not in accepted:
            continue
        args[name] = _value(f, raw)
        kept += [(name, v) for v in raw]
        shown = ", ".join(raw) if f.kind != "bool" else ("true" if args[name] else "false")
        crumbs.append(
            {
                "label": f"{f.label} = {shown}",
                "url": kit.root(request) + view.path + "?" + "&".join(f"{k}={v}" for k, v in kept),
            }
        )
    conds = cq.parse(params.get("sysparm_query", ""))
    problem = None
    try:
        args.update(cq.to_args(view.filters, conds, accepted))
    except ValueError as exc:
        problem = str(exc)
    by_arg = {f.arg: f for f in view.filters}
    for i, cond in enumerate(conds):
        f = by_arg.get(cond.field)
        label = cq.shown(f, cond) if f else cond.value
        if cond.join == "or" and crumbs and f:
            crumbs[-1] = {**crumbs[-1], "label": crumbs[-1]["label"] + " or " + cq.shown_value(f, cond)}
            crumbs[-1]["url"] = kit.url(request, view.path, sysparm_query=cq.encode(conds[: i + 1]))
            continue
        crumbs.append(
            {"label": label, "url": kit.url(request, view.path, sysparm_query=cq.encode(conds[: i + 1]))}
        )
    sort = params.get("sort") or view.default_sort
    desc = params.get("dir", "desc" if sort == view.default_sort else "asc") == "desc"
    if sort and "sort_by" in accepted:
        args.update(sort_by=sort, descending=desc)
    page = int(params.get("page", "1")) if params.get("page", "1").isdigit() else 1
    args.update(limit=PAGE, offset=(max(page, 1) - 1) * PAGE)
    if view.action == "list_approvals" and "state" not in args:
        args["state"] = "requested"
        crumbs.append({"label": "State = Requested", "url": kit.url(request, view.path, state="requested")})
    return args, crumbs, sort, desc, max(page, 1), conds, problem


def build_list_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    for view in LISTS:
        router.add_api_route(view.path, _handler(kit, view), methods=["GET"], include_in_schema=False)
    return router


def _handler(kit: UiKit, view: ListDef):  # noqa: ANN202
    async def handler(request: Request) -> Response:
        params = request.query_params
        if "run" in params:  # the condition builder's Run: its rows become the shareable encoded query
            conds = cq.normalized(view.filters, cq.from_rows(params))
            return kit.redirect(request, view.path, sysparm_query=cq.encode(conds))
        args, crumbs, sort, desc, page, conds, problem = list_args(kit, view, request)
        rows = cq.from_rows(params) if "add" in params else conds
        if "add" in params:
            rows = [*rows, cq.Cond("", "=", "", "or" if params["add"] == "or" else "and")]
        outcome = await kit.run(request, view.action, args) if problem is None else None
        data = outcome.data() if outcome is not None and outcome.ok else {"records": [], "total": 0}
        query = {k: request.query_params.getlist(k) for k in request.query_params}

        def url_with(**changes: Any) -> str:
            return kit.url(request, view.path, **{**query, **changes})

        sortable = "sort_by" in kit.params(view.action)
        filters = {f.arg: f for f in view.filters if f.arg in kit.params(view.action)}
        columns = [
            {
                "label": c.label,
                "key": c.key,
                "label_of": c.label_of,
                "link": c.link,
                "sorted": ("descending" if desc else "ascending")
                if c.sort and c.sort == sort
                else ("descending" if not sortable and c.key == view.fixed_sort else None),
                "url": url_with(sort=c.sort, dir="asc" if (c.sort == sort and desc) else "desc", page=None)
                if c.sort and sortable
                else None,
                "sort_urls": [url_with(sort=c.sort, dir=d, page=None) for d in ("asc", "desc")]
                if c.sort and sortable
                else None,
                "find": filters.get(c.find),
            }
            for c in view.columns
        ]
        pager = ui_pager(data.get("total", 0), page, PAGE, len(data["records"]), url_with)
        return kit.render(
            request,
            "sn_list.html",
            {
                "title": view.title,
                "view": view,
                "records": data["records"],
                "columns": columns,
                "crumbs": crumbs,
                "pager": pager,
                "page_size": PAGE,
                "error": problem or (None if outcome is None or outcome.ok else outcome.error),
                "conditions": rows or [cq.Cond("", "=", "")],
                "condition_fields": [f for f in view.filters if f.arg in kit.params(view.action)],
                "builder_open": bool(conds) or "add" in params or problem is not None,
                "ops": cq.OPS,
                "search_query": request.query_params.get("search"),
                "row_actions": ROW_ACTIONS.get(view.path, ()),
                "flash": params.get("saved"),
                "back": urlencode([(k, v) for k, v in params.multi_items() if k != "saved"]),
            },
        )

    handler.__name__ = f"list_{view.path.strip('/')}"
    return handler
