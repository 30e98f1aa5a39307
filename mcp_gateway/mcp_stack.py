"""The gateway's MCP servers (one per app, plus one combined), built off the start-up path.

Importing the MCP SDK is 40 % of a gateway's start (its protocol types are ~950 pydantic models),
so `saasgym serve` would not accept a connection for seconds. Instead the servers are imported and
built on a worker thread once the gateway's lifespan starts; the socket accepts at once (health,
harness API and web UI are served meanwhile), and an MCP request that arrives before the servers
are ready waits for them (about a second after start) instead of failing.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
import anyio.to_thread

from apps.core.spec import AppSpec

log = logging.getLogger("saasgym.gateway")
ASGIApp = Callable[..., Any]
COMBINED = ""  # the key of the combined server


class McpStack:
    """Builds the MCP servers in the background and runs their session managers for the app's lifetime."""

    def __init__(self, specs: Sequence[AppSpec], *, hosts: list[str], host: str, max_body_bytes: int):
        self.specs, self.hosts, self.host, self.max_body_bytes = list(specs), hosts, host, max_body_bytes
        self._apps: dict[str, ASGIApp] = {}
        self._ready: anyio.Event | None = None
        self._built = threading.Event()  # the same moment, for threads outside the event loop
        self._failed: BaseException | None = None

    def _build(self) -> tuple[dict[str, ASGIApp], list[Any]]:
        from mcp.server.transport_security import TransportSecuritySettings

        from apps.core.mcp_adapter import build_mcp_server

        security = TransportSecuritySettings(
            allowed_hosts=self.hosts, allowed_origins=[f"http://{h}" for h in self.hosts]
        )
        servers = {s.name: build_mcp_server([s], name=f"saasgym-{s.name}", prefix=False) for s in self.specs}
        # One combined server for every set of apps: it lists and accepts only the episode's apps' tools.
        servers[COMBINED] = build_mcp_server(self.specs, name="saasgym", prefix=True, filtered=True)
        http = dict(transport_security=security, host=self.host, max_request_body_size=self.max_body_bytes)
        apps = {name: srv.streamable_http_app(**http) for name, srv in servers.items()}
        return apps, [srv.session_manager for srv in servers.values()]

    async def _serve(self, ready: anyio.Event) -> None:
        try:
            apps, managers = await anyio.to_thread.run_sync(self._build)
        except Exception as exc:  # requests then get a 503 naming the failure, never a hang
            log.exception("building the MCP servers failed")
            self._failed = exc
            ready.set()
            self._built.set()
            return
        async with AsyncExitStack() as stack:
            for manager in managers:
                await stack.enter_async_context(manager.run())
            self._apps = apps
            # What start-up built (the apps, the SDK's ~950 protocol models, the servers) lives as long as
            # the process: out of the collector's reach, a full collection walks only what calls leave
            # behind (measured: 0.3-1.8 s stop-the-world collections during another episode's mass mail).
            gc.freeze()
            ready.set()
            self._built.set()
            await anyio.sleep_forever()

    def wait_built(self, timeout_s: float) -> bool:
        """Block (outside the event loop) until the servers are built or failed; False on time-out."""
        return self._built.wait(timeout_s)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The lifespan part: start building now, stop the session managers at shutdown."""
        self._ready = anyio.Event()
        async with anyio.create_task_group() as tg:
            tg.start_soon(self._serve, self._ready)
            yield
            tg.cancel_scope.cancel()

    def app(self, name: str = COMBINED) -> ASGIApp:
        """The ASGI app of one server (`name` an app, or COMBINED): waits for the servers if need be."""

        async def forward(scope: dict, receive: Callable, send: Callable) -> None:
            if name not in self._apps:
                if self._ready is None:
                    raise RuntimeError("the gateway's lifespan has not started")
                await self._ready.wait()
            if self._failed is not None:
                from mcp_gateway.responses import send_json

                await send_json(send, 503, {"error": f"MCP servers failed to start: {self._failed!r}"})
                return
            await self._apps[name](scope, receive, send)

        return forward
