"""The Salesforce REST API under `/services/data/`, over the CRM's actions (surface `api`).

    GET    /services/data/                          versions
    GET    /services/data/vNN.0/                    resources
    GET    /services/data/vNN.0/sobjects/           describeGlobal
    GET    /services/data/vNN.0/sobjects/{o}/       basic info       POST: create (201 {id, success, errors})
    GET    /services/data/vNN.0/sobjects/{o}/describe/               describeSObject
    GET    /services/data/vNN.0/sobjects/{o}/{id}?fields=a,b         PATCH: update (204) · DELETE (204)
    GET    /services/data/vNN.0/query/?q=SOQL       (and queryAll)   Sforce-Query-Options: batchSize=N
    GET    /services/data/vNN.0/query/{locator}     the next batch
    GET    /services/data/vNN.0/search/?q=SOSL

Errors are Salesforce's body (`[{"message", "errorCode", "fields"}]`) with its status: 401
INVALID_SESSION_ID without a valid token, 404 NOT_FOUND for an unknown resource or record, 400 otherwise.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router

from apps.core.product_api import episode_of, invoke, json_body, json_response, refusal
from apps.core.runtime import Outcome
from apps.crm.error_shape import SHAPE

VERSIONS = [("58.0", "Summer '23"), ("59.0", "Winter '24"), ("60.0", "Spring '24"), ("61.0", "Summer '24"),
            ("62.0", "Winter '25"), ("63.0", "Spring '25"), ("64.0", "Summer '25")]  # fmt: skip
VERSION = re.compile(r"^v(\d{2})\.0$")
STATUS = {"NOT_FOUND": 404, "INVALID_SESSION_ID": 401, "METHOD_NOT_ALLOWED": 405}


def _error(code: str, message: str, status: int | None = None) -> Response:
    body = [{"message": message, "errorCode": code, "fields": []}]
    return json_response(body, status or STATUS.get(code, 400))


def _refused(outcome: Outcome) -> Response:
    body = SHAPE.payload(refusal(outcome))
    return json_response(body, STATUS.get(body[0]["errorCode"], 400))


async def _run(request: Request, name: str, args: dict[str, Any], status: int = 200) -> Response:
    outcome = await invoke(request, "crm", name, args)
    if not outcome.ok:
        return _refused(outcome)
    if status == 204:
        return Response(status_code=204)
    data = outcome.data()
    if isinstance(data, dict) and "nextRecordsUrl" in data and data["nextRecordsUrl"] is None:
        data.pop("nextRecordsUrl")
    return json_response(data, status)


def _guard(handler: Any) -> Any:
    """Authenticated, with a known API version; anything else in Salesforce's words."""

    async def endpoint(request: Request) -> Response:
        if episode_of(request) is None:
            return _error("INVALID_SESSION_ID", "Session expired or invalid", 401)
        version = request.path_params.get("version")
        if version is not None and not VERSION.match(version):
            return _error("NOT_FOUND", "The requested resource does not exist")
        return await handler(request)

    return endpoint


async def versions(request: Request) -> Response:
    return json_response(
        [{"label": label, "url": f"/services/data/v{v}", "version": v} for v, label in VERSIONS]
    )


async def resources(request: Request) -> Response:
    base = f"/services/data/{request.path_params['version']}"
    names = ("sobjects", "query", "queryAll", "search")
    return json_response({name: f"{base}/{name}" for name in names})


async def sobjects(request: Request) -> Response:
    return await _run(request, "describe_global", {"api_version": request.path_params["version"]})


async def sobject(request: Request) -> Response:
    version, name = request.path_params["version"], request.path_params["sobject"]
    if request.method == "POST":
        body, problem = await json_body(request)
        if problem or not isinstance(body, dict):
            return _error("JSON_PARSER_ERROR", problem or "the body must be a JSON object of field values")
        allow = (
            "allowsave=true"
            in request.headers.get("sforce-duplicate-rule-header", "").replace(" ", "").lower()
        )
        args = {"sobject": name, "fields": body, "allow_duplicates": allow}
        return await _run(request, "create_record", args, 201)
    outcome = await invoke(request, "crm", "describe_global", {"api_version": version})
    entry = next((o for o in outcome.data()["sobjects"] if o["name"].lower() == name.lower()), None)
    if entry is None:
        return _error("NOT_FOUND", "The requested resource does not exist")
    return json_response({"objectDescribe": entry, "recentItems": []})


async def describe(request: Request) -> Response:
    p = request.path_params
    return await _run(request, "describe_sobject", {"sobject": p["sobject"], "api_version": p["version"]})


async def record(request: Request) -> Response:
    p = request.path_params
    ids = {"sobject": p["sobject"], "record_id": p["record_id"]}
    if request.method == "GET":
        fields = [f.strip() for f in request.query_params.get("fields", "").split(",") if f.strip()]
        return await _run(
            request, "get_record", {**ids, "fields": fields or None, "api_version": p["version"]}
        )
    if request.method == "DELETE":
        return await _run(request, "delete_record", ids, 204)
    body, problem = await json_body(request)
    if problem or not isinstance(body, dict):
        return _error("JSON_PARSER_ERROR", problem or "the body must be a JSON object of field values")
    return await _run(request, "update_record", {**ids, "fields": body}, 204)


def _batch_size(request: Request) -> int | None:
    options = request.headers.get("sforce-query-options", "")
    m = re.search(r"batchSize\s*=\s*(\d+)", options)
    return max(200, min(2000, int(m.group(1)))) if m else None


async def query(request: Request) -> Response:
    soql = request.query_params.get("q")
    if not soql:
        return _error("MALFORMED_QUERY", "A query string has to be specified")
    args: dict[str, Any] = {"soql": soql, "api_version": request.path_params["version"]}
    if size := _batch_size(request):
        args["batch_size"] = size
    return await _run(request, "query_soql", args)


async def query_more(request: Request) -> Response:
    p = request.path_params
    return await _run(request, "query_more", {"locator": p["locator"], "api_version": p["version"]})


async def search(request: Request) -> Response:
    sosl = request.query_params.get("q")
    if not sosl:
        return _error("MALFORMED_SEARCH", "A search string has to be specified")
    return await _run(request, "search_sosl", {"sosl": sosl, "api_version": request.path_params["version"]})


async def not_found(request: Request) -> Response:
    if episode_of(request) is None:
        return _error("INVALID_SESSION_ID", "Session expired or invalid", 401)
    return _error("NOT_FOUND", "The requested resource does not exist")


def _route(path: str, handler: Any, methods: list[str]) -> list[Route]:
    """The route with and without a trailing slash (clients differ)."""
    endpoint = _guard(handler)
    return [Route(path, endpoint, methods=methods), Route(path + "/", endpoint, methods=methods)]


def build() -> Router:
    v = "/services/data/{version}"
    routes = [
        *_route("/services/data", versions, ["GET"]),
        *_route(v, resources, ["GET"]),
        *_route(f"{v}/sobjects", sobjects, ["GET"]),
        *_route(f"{v}/sobjects/{{sobject}}", sobject, ["GET", "POST"]),
        *_route(f"{v}/sobjects/{{sobject}}/describe", describe, ["GET"]),
        *_route(f"{v}/sobjects/{{sobject}}/{{record_id}}", record, ["GET", "PATCH", "DELETE"]),
        *_route(f"{v}/query", query, ["GET"]),
        *_route(f"{v}/queryAll", query, ["GET"]),
        *_route(f"{v}/query/{{locator}}", query_more, ["GET"]),
        *_route(f"{v}/queryAll/{{locator}}", query_more, ["GET"]),
        *_route(f"{v}/search", search, ["GET"]),
        Route("/{rest:path}", not_found, methods=["GET", "POST", "PATCH", "PUT", "DELETE"]),
    ]
    return Router(routes=routes, redirect_slashes=False)
