"""The products' own REST APIs (Salesforce REST, the ServiceNow Table API, Microsoft Graph): what an app
declares to serve one, and what its routes share.

An app declares `AppSpec.api = ProductApi(prefixes, build)` (`apps/core/spec.py`): the paths its
product's API lives under (`/services/` for Salesforce, `/api/now/` for ServiceNow, `/v1.0/` for
Graph) and a factory of the ASGI app serving them. The gateway finds the episode (from the capability
token sent as the bearer token, or from the episode's URL) and hands the request on with the episode in
the ASGI scope; a request without a valid credential arrives without one, and the app answers 401 in its
product's shape.

Every route runs the app's actions (`invoke`: the same service functions as MCP, CLI, UI and Python) on
the surface `api`, in the episode's fair queue, so its calls are journaled and verified like any other.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from apps.core.error_shapes import Refusal
from apps.core.errors import ActionError
from apps.core.runtime import Outcome
from apps.core.scope_keys import EPISODE_SCOPE_KEY
from apps.core.tool_runner import run_for

SURFACE = "api"


def episode_of(request: Request) -> Any:
    """The request's episode (None when the gateway found no valid credential)."""
    return request.scope.get(EPISODE_SCOPE_KEY)


async def invoke(request: Request, app: str, name: str, arguments: dict[str, Any]) -> Outcome:
    """Run the action `app.name` for the request's episode on the `api` surface, in its fair queue."""
    episode = episode_of(request)
    return await run_for(episode, _invoke, episode, app, name, arguments)


def _invoke(episode: Any, app: str, name: str, arguments: dict[str, Any]) -> Outcome:
    try:
        return episode.invoke(app, name, arguments, surface=SURFACE)
    except ActionError as exc:  # the episode was closed meanwhile
        return Outcome(seq=0, ok=False, error=exc.message, field=exc.field, code=exc.code)


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """Strict JSON (no NaN), UTF-8, as the products send it."""
    return JSONResponse(body, status_code=status, headers=headers)


async def json_body(request: Request) -> tuple[Any, str | None]:
    """The request's JSON body, or (None, why it cannot be read)."""
    raw = await request.body()
    if not raw.strip():
        return {}, None
    try:
        return json.loads(raw), None
    except (ValueError, UnicodeDecodeError) as exc:
        return None, f"the body is not JSON: {exc}"


def refusal(outcome: Outcome) -> Refusal:
    """A refused action's error, to render in the product's shape (`AppSpec.error_shape.payload`)."""
    entries = tuple(Refusal.of(f) for f in outcome.failures)
    return Refusal(outcome.error or "failed", code=outcome.code, field=outcome.field, entries=entries)


def refusal_of(exc: ActionError) -> Refusal:
    return Refusal.of(exc)
