"""The episode-scoped URL space: /e/{token}/mcp, /e/{token}/{app}/mcp and /e/{token}/{app}/ (UI).

A plain ASGI dispatcher: it resolves the token to its episode (404 when unknown, closed or
expired), puts the episode into the ASGI scope and hands the request to the right sub-app with
`root_path` set, so sub-apps generate correct links. Everything else goes to the control app.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from apps.core.mcp_adapter import EPISODE_SCOPE_KEY

ASGIApp = Callable[..., Any]


async def _send_json(send: Callable, status: int, body: dict[str, Any]) -> None:
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"referrer-policy", b"no-referrer"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class EpisodeDispatcher:
    """ASGI app routing episode URLs to the per-app MCP and UI sub-apps."""

    def __init__(
        self,
        *,
        resolve: Callable[[str], Any],
        combined_mcp: ASGIApp,
        app_mcp: dict[str, ASGIApp],
        app_ui: dict[str, ASGIApp],
        control: ASGIApp,
        lifespans: list[Callable[[], Any]],
    ):
        self.resolve = resolve
        self.combined_mcp = combined_mcp
        self.app_mcp = app_mcp
        self.app_ui = app_ui
        self.control = control
        self.lifespans = lifespans

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if scope["type"] not in ("http", "websocket") or not path.startswith("/e/"):
            await self.control(scope, receive, send)
            return
        parts = path.split("/", 4)  # ["", "e", token, app-or-mcp, rest]
        token = parts[2] if len(parts) > 2 else ""
        episode = self.resolve(token)
        if episode is None:
            await _send_json(send, 404, {"error": "unknown or expired episode URL"})
            return
        head = parts[3] if len(parts) > 3 else ""
        prefix = f"/e/{token}"
        if head == "mcp":
            target = self.combined_mcp
        elif head in self.app_ui:
            prefix = f"{prefix}/{head}"
            rest = parts[4] if len(parts) > 4 else ""
            target = self.app_mcp[head] if rest == "mcp" else self.app_ui[head]
            if target is self.app_ui[head] and len(parts) == 4:  # /e/t/crm -> /e/t/crm/
                await send(
                    {
                        "type": "http.response.start",
                        "status": 307,
                        "headers": [
                            (b"location", (path + "/").encode()),
                            (b"referrer-policy", b"no-referrer"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b""})
                return
        else:
            await _send_json(send, 404, {"error": f"no app {head!r} in this episode"})
            return
        child = dict(scope)
        child["root_path"] = scope.get("root_path", "") + prefix
        child[EPISODE_SCOPE_KEY] = episode
        await target(child, receive, send)

    async def _lifespan(self, scope: dict, receive: Callable, send: Callable) -> None:
        stack = AsyncExitStack()
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    for enter in self.lifespans:
                        await stack.enter_async_context(enter())
                except Exception as exc:  # pragma: no cover - startup failure is reported to the server
                    await send({"type": "lifespan.startup.failed", "message": str(exc)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await stack.aclose()
                await send({"type": "lifespan.shutdown.complete"})
                return
