"""The ServiceNow Table API and Aggregate API under `/api/now/` (also `/api/now/v1/`, `/api/now/v2/`),
over the desk's actions (surface `api`).

    GET    /api/now/table/{table}?sysparm_query=…&sysparm_fields=…&sysparm_limit=…&sysparm_offset=…
           &sysparm_display_value=true|false|all&sysparm_exclude_reference_link=true
           → {"result": [...]}, X-Total-Count and a Link header (first, prev, next, last)
    GET    /api/now/table/{table}/{sys_id}       → {"result": {...}}
    POST   /api/now/table/{table}                → 201 {"result": {...}}
    PATCH  /api/now/table/{table}/{sys_id}       (PUT alike) → {"result": {...}}
    DELETE /api/now/table/{table}/{sys_id}       → 403: the desk's roles delete nothing
    GET    /api/now/stats/{table}?sysparm_count=true&sysparm_group_by=…&sysparm_avg_fields=…

Errors are ServiceNow's body, `{"error": {"message", "detail"}, "status": "failure"}`: 401 "User Not
Authenticated", 404 "No Record found", 400 "Invalid table …", 403 for an ACL refusal, 400 otherwise.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router

from apps.core.errors import ErrorKind
from apps.core.product_api import episode_of, invoke, json_body, json_response, refusal
from apps.core.runtime import Outcome
from apps.ticketing.error_shape import SHAPE
from apps.ticketing.tableapi.tables import table

DEFAULT_LIMIT = 10000
STATUS = {ErrorKind.NOT_FOUND: 404, ErrorKind.ACCESS_DENIED: 403}


def _error(status: int, message: str, detail: str | None) -> Response:
    return json_response({"error": {"message": message, "detail": detail}, "status": "failure"}, status)


def _refused(outcome: Outcome) -> Response:
    return json_response(SHAPE.payload(refusal(outcome)), STATUS.get(outcome.code or "", 400))


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "false").lower() == "true"


def _list(request: Request, name: str) -> list[str]:
    return [f.strip() for f in request.query_params.get(name, "").split(",") if f.strip()]


def _base(request: Request) -> str:
    """The instance URL the client used (reference links point there)."""
    return f"{request.url.scheme}://{request.url.netloc}{request.scope.get('root_path', '')}"


def _guard(handler: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        if episode_of(request) is None:
            return _error(401, "User Not Authenticated", "Required to provide Auth information")
        name = request.path_params.get("table")
        if name is not None and table(name) is None:
            return _error(400, f"Invalid table {name}", None)
        return await handler(request)

    return endpoint


def _display(request: Request) -> str:
    value = request.query_params.get("sysparm_display_value", "false").lower()
    return value if value in ("true", "false", "all") else "false"


def _paging_links(request: Request, offset: int, limit: int, total: int) -> str:
    url = f"{_base(request)}/api/now/table/{request.path_params['table']}"
    kept = {k: v for k, v in request.query_params.items() if k not in ("sysparm_offset", "sysparm_limit")}

    def link(rel: str, at: int) -> str:
        return f'<{url}?{urlencode({**kept, "sysparm_offset": at, "sysparm_limit": limit})}>;rel="{rel}"'

    last = max((total - 1) // limit * limit, 0)
    links = [link("first", 0)]
    if offset > 0:
        links.append(link("prev", max(offset - limit, 0)))
    if offset + limit < total:
        links.append(link("next", offset + limit))
    links.append(link("last", last))
    return ",".join(links)


async def collection(request: Request) -> Response:
    name = request.path_params["table"]
    if request.method == "POST":
        body, problem = await json_body(request)
        if problem or not isinstance(body, dict):
            return _error(400, "Exception while reading request", problem or "the body must be a JSON object")
        outcome = await invoke(
            request,
            "ticketing",
            "table_insert",
            {"table": name, "fields": body, "instance_url": _base(request)},
        )
        return (
            _refused(outcome) if not outcome.ok else json_response({"result": outcome.data()["result"]}, 201)
        )
    try:
        limit = max(1, min(int(request.query_params.get("sysparm_limit", DEFAULT_LIMIT)), DEFAULT_LIMIT))
        offset = max(0, int(request.query_params.get("sysparm_offset", 0)))
    except ValueError:
        return _error(400, "Exception while reading request", "sysparm_limit and sysparm_offset take numbers")
    args = {
        "table": name,
        "query": request.query_params.get("sysparm_query", ""),
        "fields": _list(request, "sysparm_fields") or None,
        "limit": limit,
        "offset": offset,
        "display_value": _display(request),
        "exclude_reference_link": _flag(request, "sysparm_exclude_reference_link"),
        "instance_url": _base(request),
    }
    outcome = await invoke(request, "ticketing", "table_query", args)
    if not outcome.ok:
        return _refused(outcome)
    data = outcome.data()
    headers = {"X-Total-Count": str(data["total"])}
    if not _flag(request, "sysparm_suppress_pagination_header"):
        headers["Link"] = _paging_links(request, offset, limit, data["total"])
    return json_response({"result": data["result"]}, headers=headers)


async def record(request: Request) -> Response:
    name, sys_id = request.path_params["table"], request.path_params["sys_id"]
    if request.method == "DELETE":
        found = await invoke(
            request, "ticketing", "table_get", {"table": name, "sys_id": sys_id, "fields": ["sys_id"]}
        )
        if not found.ok:
            return _refused(found)
        return _error(403, "Operation Failed", "ACL Exception Delete Failed due to security constraints")
    if request.method in ("PATCH", "PUT"):
        body, problem = await json_body(request)
        if problem or not isinstance(body, dict):
            return _error(400, "Exception while reading request", problem or "the body must be a JSON object")
        args = {"table": name, "sys_id": sys_id, "fields": body, "instance_url": _base(request)}
        outcome = await invoke(request, "ticketing", "table_update", args)
        return _refused(outcome) if not outcome.ok else json_response({"result": outcome.data()["result"]})
    args = {
        "table": name,
        "sys_id": sys_id,
        "fields": _list(request, "sysparm_fields") or None,
        "display_value": _display(request),
        "exclude_reference_link": _flag(request, "sysparm_exclude_reference_link"),
        "instance_url": _base(request),
    }
    outcome = await invoke(request, "ticketing", "table_get", args)
    return _refused(outcome) if not outcome.ok else json_response({"result": outcome.data()["result"]})


async def stats(request: Request) -> Response:
    args = {
        "table": request.path_params["table"],
        "query": request.query_params.get("sysparm_query", ""),
        "count": _flag(request, "sysparm_count"),
        "group_by": _list(request, "sysparm_group_by") or None,
        "avg_fields": _list(request, "sysparm_avg_fields") or None,
        "sum_fields": _list(request, "sysparm_sum_fields") or None,
        "min_fields": _list(request, "sysparm_min_fields") or None,
        "max_fields": _list(request, "sysparm_max_fields") or None,
        "having": request.query_params.get("sysparm_having", ""),
        "display_value": _flag(request, "sysparm_display_value"),
    }
    outcome = await invoke(request, "ticketing", "table_stats", args)
    return _refused(outcome) if not outcome.ok else json_response({"result": outcome.data()["result"]})


async def not_found(request: Request) -> Response:
    if episode_of(request) is None:
        return _error(401, "User Not Authenticated", "Required to provide Auth information")
    return _error(400, "Requested URI does not represent any resource", None)


def build() -> Router:
    routes = []
    for prefix in ("/api/now", "/api/now/v1", "/api/now/v2"):
        routes += [
            Route(f"{prefix}/table/{{table}}", _guard(collection), methods=["GET", "POST"]),
            Route(
                f"{prefix}/table/{{table}}/{{sys_id}}",
                _guard(record),
                methods=["GET", "PATCH", "PUT", "DELETE"],
            ),
            Route(f"{prefix}/stats/{{table}}", _guard(stats), methods=["GET"]),
        ]
    routes.append(Route("/{rest:path}", not_found, methods=["GET", "POST", "PATCH", "PUT", "DELETE"]))
    return Router(routes=routes, redirect_slashes=False)
