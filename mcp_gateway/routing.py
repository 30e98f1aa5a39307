"""The performer URL space, as a plain ASGI dispatcher in front of the sub-apps.

- `/e/{token}/mcp` and `/e/{token}/{app}/mcp`: MCP, `token` a performer capability.
- `/e/{launch}/` and `/e/{launch}/{app}/…`: a one-time browser launch: redeemed into an HttpOnly,
  SameSite=Strict session cookie, then a 303 to the same page under `/s/` (no token in the URL).
- `/s/` (app launcher) and `/s/{app}/…`: the web UI, the episode taken from the session cookie.
- `/e/{token}/{app}/<product API path>` and `/<product API path>` with the token as the bearer credential:
  the product's own REST API (`/services/data/…` Salesforce, `/api/now/…` ServiceNow, `/v1.0/…` Graph),
  what vendors' SDKs and the MCP servers built on them call (`mcp_gateway/product_routes.py`).
- `/task/mcp` and `/task/{app}/mcp`: only in sidecar mode (`saasgym serve --task`), the one episode's
  MCP at a predictable address (the gateway then serves that episode alone, inside the task's network).
- anything else: the control app (healthz and the harness API).

Unknown, expired, revoked or already-redeemed tokens all get the same 404, which never says
whether an episode existed. The episode is put into the ASGI scope for the sub-app; sub-apps get
`root_path` set so their links stay inside the episode.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from http.cookies import SimpleCookie
from typing import Any

from apps.core.api import Episode
from apps.core.scope_keys import EPISODE_SCOPE_KEY
from apps.core.tool_runner import FAIR
from mcp_gateway.launcher import company_name, launcher_page
from mcp_gateway.ledger import Ledger
from mcp_gateway.limits import RateLimiter, retry_after_header
from mcp_gateway.product_routes import ProductRoutes, credential
from mcp_gateway.responses import send_json, send_redirect

ASGIApp = Callable[..., Any]
SESSION_COOKIE = "saasgym_session"
NOT_FOUND = {"error": "not found: unknown, expired or revoked URL"}
NO_STORE = (b"cache-control", b"no-store")
PREFETCH_HEADERS = (b"sec-purpose", b"purpose", b"x-moz", b"x-purpose")
PINNED_PREFIX = "/task"


class EpisodeDispatcher:
    """Routes performer requests to the MCP and UI sub-apps of the token's episode."""

    def __init__(
        self,
        *,
        ledger: Ledger,
        episode_of: Callable[[str], Episode | None],
        combined_mcp: ASGIApp,
        app_mcp: dict[str, ASGIApp],
        app_ui: dict[str, ASGIApp],
        control: ASGIApp,
        lifespans: list[Callable[[], Any]],
        limiter: RateLimiter,
        background: list[Callable[[], Any]] | None = None,
        pinned: str | None = None,
        product_apis: ProductRoutes | None = None,
    ):
        self.ledger = ledger
        self.episode_of = episode_of
        self.combined_mcp = combined_mcp
        self.app_mcp = app_mcp
        self.app_ui = app_ui
        self.control = control
        self.lifespans = lifespans
        self.limiter = limiter
        self.background = background or []
        self.pinned = pinned  # the sidecar episode's performer token, served under /task/
        self.product_apis = product_apis or ProductRoutes({}, {})

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        path: str = scope.get("path", "")
        if scope["type"] != "http":
            await self.control(scope, receive, send)
        elif path.startswith("/e/"):
            await self._token_path(scope, receive, send, path)
        elif self.pinned and path.startswith(PINNED_PREFIX + "/"):
            path = f"/e/{self.pinned}{path[len(PINNED_PREFIX) :]}"
            await self._token_path(dict(scope, path=path, raw_path=path.encode()), receive, send, path)
        elif path == "/s" or path.startswith("/s/"):
            await self._session_path(scope, receive, send, path)
        elif self.product_apis.app_for(path):
            await self._bearer_path(scope, receive, send, path)
        else:
            await self.control(scope, receive, send)

    # -- /e/{token}/… -------------------------------------------------------------------------
    def _valid(self, token: str, kinds: tuple[str, ...]) -> tuple[str, str] | None:
        row = self.ledger.token(token) if token else None
        if row is None or row.kind not in kinds or row.revoked_at or row.expires_at <= time.time():
            return None
        return row.episode_id, row.kind

    async def _token_path(self, scope: dict, receive: Callable, send: Callable, path: str) -> None:
        parts = path.split("/", 4)  # ["", "e", token, head, rest]
        token = parts[2]
        head = parts[3] if len(parts) > 3 else ""
        rest = parts[4] if len(parts) > 4 else ""
        found = self._valid(token, ("performer", "launch"))
        episode = self.episode_of(found[0]) if found else None
        if episode is None:
            await send_json(send, 404, NOT_FOUND)
            return
        kind = found[1]
        if kind == "launch":
            await self._launch(scope, send, token, episode, head, rest)
            return
        if head == "mcp" and len(parts) == 4:
            target, prefix = self.combined_mcp, f"/e/{token}"
        elif head in episode.apps and rest == "mcp":
            target, prefix = self.app_mcp[head], f"/e/{token}/{head}"
        elif head in episode.apps and self.product_apis.app_for("/" + rest) == head:
            # The episode's URL is the product's instance URL; a bearer credential, when sent, must be it.
            sent = credential(scope)
            found = episode if sent in (None, token) else None
            target, prefix = self.product_apis.apps[head], f"/e/{token}/{head}"
            if found is not None and await self._rate_limited(send, episode):
                return
            await self._forward(target, scope, receive, send, prefix, found)
            return
        elif rest == "mcp" and head:  # a valid performer URL: saying which apps it has leaks nothing
            apps = sorted(episode.apps)
            error = f"no app {head!r} in this episode; its apps: {', '.join(apps)}"
            await send_json(send, 404, {"error": error, "apps": apps})
            return
        else:
            await send_json(send, 404, NOT_FOUND)
            return
        if await self._rate_limited(send, episode):
            return
        await self._forward(target, scope, receive, send, prefix, episode)

    async def _launch(
        self, scope: dict, send: Callable, token: str, episode: Episode, head: str, rest: str
    ) -> None:
        if scope.get("method") not in ("GET", "HEAD") or (head and head not in episode.apps):
            await send_json(send, 404, NOT_FOUND)
            return
        if scope.get("method") == "HEAD" or _is_prefetch(scope):
            # A link preview or prefetch must not burn the one-time link: only a real GET redeems it.
            await send_json(send, 200, {"detail": "one-time launch link: open it with GET"}, [NO_STORE])
            return
        if not self.ledger.redeem(token):
            await send_json(send, 404, NOT_FOUND)
            return
        row = self.ledger.get(episode.id)
        session = self.ledger.issue_token(episode.id, "ui_session", row.expires_at)
        query = scope.get("query_string", b"").decode("latin-1")
        target = f"/s/{head}/{rest}" if head else "/s/"
        if query:
            target += "?" + query
        cookie = (
            f"{SESSION_COOKIE}={session}; Path=/s; HttpOnly; SameSite=Strict; "
            f"Max-Age={max(1, int(row.expires_at - time.time()))}"
        )
        await send_redirect(send, target, [(b"set-cookie", cookie.encode())])

    # -- /s/… ------------------------------------------------------------------------------------
    async def _session_path(self, scope: dict, receive: Callable, send: Callable, path: str) -> None:
        cookie_header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"cookie"), "")
        jar = SimpleCookie()
        try:
            jar.load(cookie_header)
        except Exception:
            jar = SimpleCookie()
        session = jar[SESSION_COOKIE].value if SESSION_COOKIE in jar else ""
        found = self._valid(session, ("ui_session",))
        episode = self.episode_of(found[0]) if found else None
        if episode is None:
            await send_json(send, 401, {"error": "no episode session: open your episode's launch URL first"})
            return
        parts = path.split("/", 3)  # ["", "s", app, rest]
        app = parts[2] if len(parts) > 2 else ""
        if not app:
            await _launcher(send, episode)
            return
        if app not in episode.apps:
            await send_json(send, 404, NOT_FOUND)
            return
        if len(parts) == 3:
            await send_redirect(send, f"/s/{app}/")
            return
        if await self._rate_limited(send, episode):
            return
        await self._forward(self.app_ui[app], scope, receive, send, f"/s/{app}", episode)

    # -- /<product API path> with the capability as the bearer token ----------------------------------
    async def _bearer_path(self, scope: dict, receive: Callable, send: Callable, path: str) -> None:
        """A vendor SDK pointed at the gateway as its instance: the episode from the credential it sends.
        Without a valid one the request reaches the product's API without an episode (its 401)."""
        app = self.product_apis.app_for(path)
        found = self._valid(credential(scope) or "", ("performer",))
        episode = self.episode_of(found[0]) if found else None
        if episode is not None and app not in episode.apps:
            episode = None
        if episode is not None and await self._rate_limited(send, episode):
            return
        await self._forward(self.product_apis.apps[app], scope, receive, send, "", episode)

    async def _rate_limited(self, send: Callable, episode: Episode) -> bool:
        """Answer 429 (with Retry-After) when the episode's token bucket is empty."""
        wait = self.limiter.take(episode.id)
        if wait:
            await send_json(
                send,
                429,
                {"error": "rate limit: too many requests for this episode"},
                [retry_after_header(wait)],
            )
        return bool(wait)

    async def _forward(
        self,
        target: ASGIApp,
        scope: dict,
        receive: Callable,
        send: Callable,
        prefix: str,
        episode: Episode | None,
    ) -> None:
        child = dict(scope)
        child["root_path"] = scope.get("root_path", "") + prefix
        if episode is None:  # a product API request on the plain address: its token names the episode
            await target(child, receive, send)
            return
        child[EPISODE_SCOPE_KEY] = episode
        if scope.get("method") == "GET" and prefix.startswith("/e/"):  # an MCP event stream: it stays open
            await target(child, receive, send)
            return
        async with FAIR.request(episode):  # another episode's long call lets this request go first
            await target(child, receive, send)

    # -- lifespan ----------------------------------------------------------------------------------
    async def _lifespan(self, receive: Callable, send: Callable) -> None:
        stack = AsyncExitStack()
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    for enter in [*self.lifespans, *self.background]:
                        await stack.enter_async_context(enter())
                except Exception as exc:
                    await send({"type": "lifespan.startup.failed", "message": str(exc)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await stack.aclose()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _is_prefetch(scope: dict) -> bool:
    """True for speculative loads (`Sec-Purpose: prefetch`, `Purpose: prefetch`, `X-Moz: prefetch`)."""
    return any(
        name.lower() in PREFETCH_HEADERS and b"prefetch" in value.lower()
        for name, value in scope.get("headers", [])
    )


async def _launcher(send: Callable, episode: Episode) -> None:
    body = launcher_page(episode.apps, company_name(episode.world.manifest))
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"referrer-policy", b"no-referrer")],
        }
    )
    await send({"type": "http.response.body", "body": body})
