"""The browser-UI plumbing every app shares: rendering, the episode of a request, running actions,
recording browser events, static assets.

The gateway calls `build_ui_app(spec)` once per app and serves the result under
`/e/{token}/{app}` (the ASGI `root_path`), with the episode in the request scope. An app's router
(`spec.ui_router(kit)`) holds only page routes: every read and write goes through `kit.read` /
`kit.run`, i.e. `episode.invoke(..., surface="ui")`, the same service functions the MCP tools run.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.middleware.gzip import GZipMiddleware

from apps.core.api import Episode
from apps.core.runtime import Outcome
from apps.core.scope_keys import EPISODE_SCOPE_KEY
from apps.core.spec import AppSpec
from apps.core.tool_runner import run_for
from apps.core.ui_assets import Source, add_static_route, asset_url_function, folder_lookup
from apps.core.ui_templates import make_env
from apps.core.ui_trace import TRACE_FIELD, parse_trace

CORE_DIR = Path(__file__).parent
CORE_STATIC = {  # the shared files at /static/{name}
    "trace.js": "application/javascript",
    "launcher.js": "application/javascript",
    "combobox.js": "application/javascript",
    "picklist.js": "application/javascript",
    "lightning.css": "text/css",
    "simulation.css": "text/css",
    "field_help.css": "text/css",
}
MAX_EVENTS_BODY = 256_000


class ActionFailed(Exception):
    """A read a page depends on failed (e.g. no record with that id): shown as an error page."""

    def __init__(self, outcome: Outcome, status: int = 404):
        super().__init__(outcome.error)
        self.outcome, self.status = outcome, status


@dataclass
class NavItem:
    label: str
    path: str


WAITS = ((60, "1 hour"), (240, "4 hours"), (480, "8 hours"), (1440, "1 day"))


@dataclass(frozen=True)
class TimeControls:
    """An app's controls for letting simulated time pass, shown in the simulation strip above every page of
    the app (they are the simulator's, not the product's): a "Let time pass" form whose "Wait for" choice is
    posted as `minutes` to `path` (with `fields`), one-click buttons (label, fields) posting to `path`, and
    optionally a simulation page with more choices (`page`, linked as `page_label`; on that page the strip
    leaves the form to it)."""

    path: str
    fields: tuple[tuple[str, str], ...] = ()
    quick: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    waits: tuple[tuple[int, str], ...] = WAITS
    page: str | None = None
    page_label: str = ""


@dataclass
class UiKit:
    """Generic UI services handed to an app's router builder."""

    spec: AppSpec
    env: jinja2.Environment
    nav: list[NavItem] = field(default_factory=list)
    search_path: str | None = None
    search_placeholder: str = "Search"
    home_path: str = "/"
    # one-time cookies a page shows once (a toast after a redirect): the page that renders one expires it
    flash_cookies: tuple[str, ...] = ()
    time_controls: TimeControls | None = None
    # where the static files under each URL prefix come from (/static, /_assets, /_<design system>)
    static_sources: dict[str, Source] = field(default_factory=dict)
    _me: dict[str, str] = field(default_factory=dict)  # episode id -> the signed-in person's name

    # -- episode and actions -------------------------------------------------------------------
    @staticmethod
    def episode(request: Request) -> Episode:
        episode = request.scope.get(EPISODE_SCOPE_KEY)
        if episode is None:
            raise RuntimeError("no episode in the request scope (serve this app through the gateway)")
        return episode

    async def run(
        self,
        request: Request,
        action: str,
        args: dict[str, Any],
        trace: Sequence[dict[str, Any]] = (),
        caused_by: int | None = None,
    ) -> Outcome:
        """Run one of the app's actions on the request's episode (surface "ui"), with the browser trace,
        in the episode's fair queue like an MCP call; a later call of the same submit passes the step that
        caused the first (`Outcome.cause_seq`)."""
        episode = self.episode(request)
        call = functools.partial(
            episode.invoke,
            self.spec.name,
            action,
            args,
            surface="ui",
            browser_events=list(trace),
            caused_by=caused_by,
        )
        return await run_for(episode, call)

    async def now(self, request: Request) -> datetime:
        """The request's episode's logical time."""
        episode = self.episode(request)
        return await run_for(episode, lambda: episode.now)

    async def read(self, request: Request, action: str, args: dict[str, Any] | None = None) -> Any:
        """Run a read action and return its plain data; an error becomes an error page (ActionFailed)."""
        outcome = await self.run(request, action, args or {})
        if not outcome.ok:
            raise ActionFailed(outcome)
        return outcome.data()

    async def record_events(self, request: Request, events: Sequence[dict[str, Any]]) -> bool:
        """Log browser events that led to no action (e.g. a form refused before any action ran); False
        when the episode's quota of them is used up and they were dropped."""
        if not events:
            return True
        episode = self.episode(request)
        return bool(await run_for(episode, episode.record_browser_events, self.spec.name, list(events)))

    def has_action(self, name: str) -> bool:
        return name in self.spec.actions.actions

    def params(self, action: str) -> set[str]:
        """The argument names an action accepts (empty if the app has no such action)."""
        act = self.spec.actions.actions.get(action)
        return {p.name for p in act.params} if act else set()

    # -- forms ---------------------------------------------------------------------------------
    @staticmethod
    async def form(request: Request) -> tuple[dict[str, str], list[dict[str, Any]]]:
        """The submitted form as {name: value} (last value wins) and its browser trace."""
        data = await request.form()
        values = {k: v for k, v in data.items() if isinstance(v, str) and k != TRACE_FIELD}
        return values, parse_trace(data.get(TRACE_FIELD))

    # -- urls and responses --------------------------------------------------------------------
    @staticmethod
    def root(request: Request) -> str:
        return request.scope.get("root_path", "").rstrip("/")

    def url(self, request: Request, path: str, **query: Any) -> str:
        """`path` (relative to the app, starting with "/") under this episode's root, with a query."""
        clean = {k: v for k, v in query.items() if v not in (None, "", False)}
        return self.root(request) + path + ("?" + urlencode(clean, doseq=True) if clean else "")

    def redirect(self, request: Request, path: str, **query: Any) -> RedirectResponse:
        return RedirectResponse(self.url(request, path, **query), status_code=303)

    def render(
        self, request: Request, template: str, context: dict[str, Any], status: int = 200
    ) -> HTMLResponse:
        """Render `template` (app templates first, then core) with the page helpers."""
        root = self.root(request)
        page = {
            "request": request,
            "root": root,
            "u": lambda path, **q: self.url(request, path, **q),
            "asset_url": asset_url_function(self.static_sources, lambda path: self.url(request, path)),
            "app_title": self.spec.title,
            "app_name": self.spec.name,
            "nav": self.nav,
            "current_path": request.url.path[len(root) :] or "/",
            "search_path": self.search_path,
            "search_placeholder": self.search_placeholder,
            "home_path": self.home_path,
            "query_args": dict(request.query_params),
            "task": getattr(request.scope.get(EPISODE_SCOPE_KEY), "task", None),
            "simulation": self.simulation(request, root),
            "launcher_apps": launcher_apps(request.scope.get(EPISODE_SCOPE_KEY), root, self.spec.name),
            "app_url": lambda app, path="/": app_url(request.scope.get(EPISODE_SCOPE_KEY), root, app, path),
        }
        html = self.env.get_template(template).render({**page, **context})
        response = HTMLResponse(html, status_code=status)
        for name in self.flash_cookies:
            if name in request.cookies:  # shown on this page: a reload must not show it again
                response.delete_cookie(name, path=root or "/", samesite="strict")
        return response

    def signed_in_name(self, request: Request, action: str, key: str) -> str:
        """The signed-in person's name, read once per episode with the app's own read `action` (its `key`);
        "" when it fails. The header's avatar shows it."""
        episode = self.episode(request)
        if episode.id not in self._me:
            outcome = episode.invoke(self.spec.name, action, {}, surface="ui")
            self._me[episode.id] = str(outcome.data().get(key) or "") if outcome.ok else ""
        return self._me[episode.id]

    def simulation(self, request: Request, root: str) -> dict[str, Any] | None:
        """What the simulation strip shows: the episode's logical time and the app's time controls."""
        episode = request.scope.get(EPISODE_SCOPE_KEY)
        if episode is None:
            return None
        here = request.url.path[len(root) :] or "/"
        controls = self.time_controls
        return {
            "now": episode.now,
            "controls": controls,
            "form": controls is not None and here != controls.page,
        }

    def error_page(self, request: Request, message: str, status: int = 404) -> HTMLResponse:
        return self.render(
            request, "error.html", {"title": "Error", "message": message, "status": status}, status=status
        )


def _sibling_root(root: str, other: str) -> str:
    """The root of app `other` next to this app's root (`/s/crm` → `/s/ticketing`)."""
    return root.rsplit("/", 1)[0] + "/" + other


def launcher_apps(episode: Episode | None, root: str, app: str) -> list[dict[str, Any]]:
    """The App Launcher's entries: every app of the episode as {name, title, url, current}."""
    if episode is None:
        return []
    return [
        {"name": n, "title": s.title, "url": _sibling_root(root, n) + "/", "current": n == app}
        for n, s in episode.apps.items()
    ]


def app_url(episode: Episode | None, root: str, app: str, path: str = "/") -> str | None:
    """A link to `path` in another app of the same episode (None when the episode lacks that app)."""
    if episode is None or app not in episode.apps:
        return None
    return _sibling_root(root, app) + path


def pager(total: int, page: int, size: int, shown: int, url_with: Any) -> dict[str, Any]:
    """The pager of a list page: the rows shown (`first`-`last` of `total`) and the links to the
    first, previous, next and last pages (`url_with(page=N)` builds one; None where there is none)."""
    first = (page - 1) * size
    pages = max(1, -(-total // size))
    more = first + shown < total
    return {
        "total": total,
        "first": first + 1,
        "last": first + shown,
        "first_url": url_with(page=1) if page > 1 else None,
        "prev_url": url_with(page=page - 1) if page > 1 else None,
        "next_url": url_with(page=page + 1) if more else None,
        "last_url": url_with(page=pages) if more else None,
    }


def build_ui_app(spec: AppSpec) -> FastAPI:
    """The browser UI of one app: its page router, static assets, the event beacon and error pages."""
    app = FastAPI(title=f"{spec.title} UI", docs_url=None, redoc_url=None, openapi_url=None)
    kit = UiKit(spec=spec, env=make_env(spec))
    kit.static_sources["/static"] = Source(folder_lookup(CORE_DIR / "static", CORE_STATIC))
    assets = APIRouter()
    add_static_route(assets, "/static", kit.static_sources["/static"])
    app.include_router(assets)
    # pages and JSON gzip-compressed (static files come compressed already: ui_assets)
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)

    @app.post("/_events", include_in_schema=False)
    async def record_events(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_EVENTS_BODY:
            return Response(status_code=413)
        if not await kit.record_events(request, parse_trace(body.decode("utf-8", "replace"))):
            quota = kit.episode(request).gym.quotas.browser_events
            message = (
                f"this episode's event log, or its quota of {quota:,} browser events, is full: "
                "nothing was recorded"
            )
            return JSONResponse({"error": message}, status_code=507)  # 507 Insufficient Storage
        return Response(status_code=204)

    @app.get("/_task", include_in_schema=False)
    async def task_page(request: Request) -> HTMLResponse:
        episode = kit.episode(request)
        done, answer = await run_for(episode, lambda: episode.completed)
        return kit.render(request, "task.html", {"title": "Your task", "done": done, "answer": answer})

    @app.post("/_complete", include_in_schema=False)
    async def complete(request: Request) -> Response:
        fields, trace = await kit.form(request)
        episode = kit.episode(request)

        def complete() -> tuple[Outcome, bool]:
            outcome = episode.complete_task(fields.get("answer") or None, surface="ui", browser_events=trace)
            if outcome.seq == 0 and trace:  # refused before it was logged: the steps stay in the log
                episode.record_browser_events(spec.name, trace)
            return outcome, episode.completed[0]

        outcome, done = await run_for(episode, complete)
        if not outcome.ok:
            return kit.render(
                request,
                "task.html",
                {"title": "Your task", "done": done, "answer": None, "error": outcome.error},
                status=409,
            )
        return kit.redirect(request, "/_task")

    @app.middleware("http")
    async def page_views(request: Request, call_next: Any) -> Response:
        path = request.url.path[len(kit.root(request)) :] or "/"
        if (
            request.method == "GET"
            and not path.startswith(("/static/", "/_"))
            and EPISODE_SCOPE_KEY in request.scope
        ):
            url = path + (f"?{request.url.query}" if request.url.query else "")
            await kit.record_events(request, [{"type": "navigate", "url": url}])
        response = await call_next(request)
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.exception_handler(ActionFailed)
    async def action_failed(request: Request, exc: ActionFailed) -> HTMLResponse:
        return kit.error_page(request, exc.outcome.error or "Something went wrong.", status=exc.status)

    if spec.ui_router is not None:
        app.include_router(spec.ui_router(kit))
    return app
