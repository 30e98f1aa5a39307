"""Create and edit forms as Lightning modals over the page they came from.

Lightning opens New Account, Edit <record>, New Task, Change Owner … as a modal dialog over the list or
record page underneath, and a direct visit to such a URL shows the same: the page underneath, dimmed by the
backdrop, with the modal over it. Here the page underneath is rendered by its own route (found by path among
the app's routes), server-side, with the modal's HTML handed to its frame (crm_base.html) through the request
scope; the page underneath is inert and hidden from assistive technology while the modal is open.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from weakref import WeakKeyDictionary

from fastapi import Request
from fastapi.responses import Response
from markupsafe import Markup
from starlette.routing import Match

from apps.core.ui_kit import ActionFailed, UiKit

MODAL_SCOPE_KEY = "crm_modal"  # the request scope's slot for the modal a page frame shows over its content
_PAGES: WeakKeyDictionary[Any, list[Any]] = WeakKeyDictionary()  # a kit's Jinja env -> its page routes


def register_pages(kit: UiKit, routes: Iterable[Any]) -> None:
    """The app's page routes a modal can open over (each sub-router's routes, before they are included)."""
    _PAGES.setdefault(kit.env, []).extend(routes)


async def render_over(
    kit: UiKit, request: Request, under: str, modal_html: str, title: str, status: int = 200
) -> Response:
    """The page at app path `under` (its query kept) with `modal_html` over it, titled `title`; a page
    underneath that cannot be rendered (no route, or its record is gone) leaves the modal over a blank
    page."""
    modal = {"html": Markup(modal_html), "title": title}
    path, _, query = under.partition("?")
    root = kit.root(request)
    scope: dict[str, Any] = {
        **request.scope,
        "path": root + path,
        "raw_path": (root + path).encode(),
        "query_string": query.encode(),
        "method": "GET",
        "path_params": {},
        MODAL_SCOPE_KEY: modal,
    }
    response = None
    endpoint, params = _endpoint(_PAGES.get(kit.env, []), scope)
    if endpoint is not None:
        scope["path_params"] = params
        try:
            response = await endpoint(request=Request(scope, request.receive), **params)
        except ActionFailed:
            response = None
    if response is None or response.status_code >= 300:
        response = kit.render(Request(scope, request.receive), "modal_page.html", {"title": title})
    response.status_code = status
    return response


def _endpoint(routes: list[Any], scope: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The page route that serves `scope`'s path with a GET, and its path parameters."""
    for route in routes:
        match, child = route.matches(scope)
        if match == Match.FULL:
            return route.endpoint, child.get("path_params", {})
    return None, {}


def modal_of(request: Request) -> dict[str, Any] | None:
    """The modal this request's page shows over its content (None for a plain page)."""
    return request.scope.get(MODAL_SCOPE_KEY)
