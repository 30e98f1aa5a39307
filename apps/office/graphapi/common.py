"""What the Graph routes share: the signed-in mailbox (`/me` or `/users/{id}`, which must be you),
running an action on the `api` surface, Graph's error bodies and statuses, and OData paging."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from apps.core.error_shapes import Refusal
from apps.core.product_api import episode_of, invoke, json_body, json_response, refusal
from apps.office.error_shape import SHAPE

BASE = "https://graph.microsoft.com/v1.0"
STATUS = {
    "ErrorItemNotFound": 404, "itemNotFound": 404, "ErrorAccessDenied": 403, "accessDenied": 403,
    "nameAlreadyExists": 409, "ErrorFolderExists": 409, "ErrorInternalServerError": 500,
    "RequestEntityTooLarge": 413, "InvalidAuthenticationToken": 401, "notSupported": 501,
}  # fmt: skip


def error(code: str, message: str, status: int | None = None) -> Response:
    body = SHAPE.payload(Refusal(message, code=code))
    return json_response(body, status or STATUS.get(code, 400))


def refused(outcome: Any) -> Response:
    body = SHAPE.payload(refusal(outcome))
    return json_response(body, STATUS.get(body["error"]["code"], 400))


async def run(request: Request, name: str, args: dict[str, Any]) -> tuple[Any, Response | None]:
    """Run an office action; (its data, None) or (None, Graph's error response)."""
    outcome = await invoke(request, "office", name, args)
    return (outcome.data(), None) if outcome.ok else (None, refused(outcome))


async def body_of(request: Request) -> tuple[dict, Response | None]:
    """The JSON body; an action's parameters are matched without case, as Graph does (the SDK sends
    `{"Message": …, "SaveToSentItems": …}` to sendMail), so they are given with a lower-case first letter."""
    body, problem = await json_body(request)
    if problem or not isinstance(body, dict):
        return {}, error("BadRequest", problem or "the request body must be a JSON object")
    return {k[:1].lower() + k[1:]: v for k, v in body.items()}, None


def guard(handler: Any) -> Any:
    """Signed in, and `/users/{id}` names the signed-in user (another mailbox is ErrorAccessDenied)."""

    async def endpoint(request: Request) -> Response:
        if episode_of(request) is None:
            return error("InvalidAuthenticationToken", "Access token is empty.", 401)
        who = request.path_params.get("user")
        if who is not None:
            profile, failed = await run(request, "get_my_profile", {})
            if failed:
                return failed
            if who.lower() not in (profile["id"].lower(), profile["mail"].lower()):
                return error("ErrorAccessDenied", "Access is denied. Check credentials and try again.", 403)
        return await handler(request)

    return endpoint


def odata_int(request: Request, name: str, default: int) -> int | None:
    value = request.query_params.get(name)
    if value is None:
        return default
    return int(value) if value.isdigit() else None


def select(items: list[dict], request: Request) -> list[dict]:
    """`$select`: the named properties (and the id) of each resource."""
    wanted = [s.strip() for s in request.query_params.get("$select", "").split(",") if s.strip()]
    if not wanted:
        return items
    return [{k: v for k, v in item.items() if k in wanted or k == "id"} for item in items]


def collection(
    request: Request, items: list[dict], *, top: int, skip: int, total: int | None, count: bool
) -> dict:
    """A Graph collection page with `@odata.context`, `@odata.count` and `@odata.nextLink`."""
    out: dict[str, Any] = {"@odata.context": f"{BASE}/$metadata#{request.url.path.rsplit('/', 1)[-1]}"}
    if count and total is not None:
        out["@odata.count"] = total
    out["value"] = select(items, request)
    if total is not None and skip + len(items) < total:
        kept = {k: v for k, v in request.query_params.items() if k not in ("$skip", "$top")}
        query = urlencode({**kept, "$top": top, "$skip": skip + len(items)})
        out["@odata.nextLink"] = f"{request.url.scheme}://{request.url.netloc}{request.url.path}?{query}"
    return out


def page(request: Request, items: list[dict]) -> tuple[list[dict], int, int, int]:
    """$top/$skip over a full list: (the page, top, skip, total)."""
    top = odata_int(request, "$top", 10) or 10
    skip = odata_int(request, "$skip", 0) or 0
    return items[skip : skip + top], top, skip, len(items)


__all__ = ["body_of", "collection", "error", "guard", "json_response", "page", "refused", "run", "select"]
