"""The gateway: the trusted side that serves every episode's MCP endpoints and UI behind capability URLs.

gateway = Gateway(Gym(), Settings.from_env(port=8000))
uvicorn.run(gateway.asgi(), ...)
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
import httpx

from apps.core.api import Episode, Gym
from apps.core.tool_runner import run_for
from mcp_gateway.episodes import EpisodeManager
from mcp_gateway.forwarding import OwnerForwarder, forward
from mcp_gateway.harness import build_harness_app
from mcp_gateway.ledger import ACTIVE, Ledger
from mcp_gateway.limits import BodyLimit, HostOriginGuard, RateLimiter, default_allowed_hosts
from mcp_gateway.mcp_stack import McpStack
from mcp_gateway.performer_guard import PerformerCredentialGuard
from mcp_gateway.product_routes import ProductRoutes
from mcp_gateway.responses import with_security_headers
from mcp_gateway.routing import EpisodeDispatcher
from mcp_gateway.settings import Settings

log = logging.getLogger("saasgym.gateway")


@dataclass(frozen=True)
class EpisodeUrls:
    """The performer URLs of one episode."""

    base: str
    token: str
    launch: str
    apps: tuple[str, ...]

    def mcp(self, app: str | None = None) -> str:
        return f"{self.base}/e/{self.token}/{app}/mcp" if app else f"{self.base}/e/{self.token}/mcp"

    def ui(self, app: str | None = None) -> str:
        """The one-time browser launch URL (to the app, or to the app launcher)."""
        return f"{self.base}/e/{self.launch}/{app}/" if app else f"{self.base}/e/{self.launch}/"

    @property
    def cli(self) -> str:
        return f"{self.base}/e/{self.token}"

    def instance(self, app: str) -> str:
        """The instance URL to give a vendor's SDK for `app`'s product API (the token is its access token)."""
        return f"{self.base}/e/{self.token}/{app}"


class LazyApp:
    """An ASGI app built on its first request (a web UI nobody opens costs nothing at start-up)."""

    def __init__(self, build: Callable[[], Any]):
        self._build, self._app = build, None

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if self._app is None:
            self._app = self._build()
        await self._app(scope, receive, send)


class Gateway:
    """Owns the ledger and the episode manager, and builds the ASGI app serving them."""

    def __init__(
        self,
        gym: Gym,
        settings: Settings | None = None,
        *,
        host: str | None = None,
        port: int | None = None,
        ledger: Ledger | None = None,
    ):
        self.settings = settings or Settings.from_env()
        if host is not None:
            self.settings.host = host
        if port is not None:
            self.settings.port = port
        self.gym = gym
        gym.tool_timeout_s = self.settings.tool_timeout_s
        gym.quotas = self.settings.episode_quotas()
        gym.observe = self.settings.observations
        self.ledger = ledger or Ledger(self.settings.ledger_path, worker=self.settings.worker)
        self.lost_at_start = self.ledger.reconcile()
        self.manager = EpisodeManager(gym, self.ledger, self.settings)
        # durable episodes come back from their checkpoints (same ids and URLs); those that cannot, void
        self.restored_at_start, self.unrestorable_at_start = self.manager.restore_durable()
        self.limiter = RateLimiter(self.settings.rate_per_s, self.settings.rate_burst)
        self.mcp: McpStack | None = None  # built by asgi()
        self.pinned: str | None = None  # sidecar mode: the performer token served under /task/
        self._relay_client: httpx.AsyncClient | None = None

    def restart_lines(self) -> list[str]:
        """What start-up did with the durable episodes it found (one line each)."""
        return [f"saasgym: restored durable episode {e}" for e in self.restored_at_start] + [
            f"saasgym: durable episode {e} could not be restored and is void"
            for e in self.unrestorable_at_start
        ]

    def pin(self, urls: EpisodeUrls) -> None:
        """Sidecar mode: also serve this episode's MCP at the predictable `/task/mcp` (before `asgi()`)."""
        self.pinned = urls.token

    @property
    def base(self) -> str:
        """Where this process's performer URLs point (its own port when it is one of several workers)."""
        s = self.settings
        scheme = "https" if s.tls_certfile else "http"
        return s.url_base or f"{scheme}://{s.host}:{s.url_port or s.port}"

    def create(self, world: str = "acme", **kwargs: Any) -> tuple[Episode, EpisodeUrls]:
        """Provision an episode through the ledger (capacity first) and return it with its URLs."""
        p = self.manager.create(world=world, **kwargs)
        return p.episode, EpisodeUrls(self.base, p.performer_token, p.launch_token, tuple(p.row.apps))

    def episode_of(self, episode_id: str) -> Episode | None:
        try:
            episode = self.gym.episode(episode_id)
        except KeyError:
            return None
        return None if episode.closed else episode

    async def _record_performer_attempt(self, episode_id: str, scope: dict) -> None:
        """Log a performer credential seen on `/v1` in its episode: here, or relayed to the worker that
        holds the episode (whose guard refuses the same request and records it there)."""
        episode = self.episode_of(episode_id)
        if episode is not None:
            reason = "a performer credential was presented to the harness API"
            await run_for(episode, episode.record_forbidden, "harness_api", reason)
            return
        owner = self.ledger.owner(episode_id)
        if self.settings.worker is None or owner is None or owner[1] not in ACTIVE:
            return
        base = self.ledger.worker_base(owner[0]) if owner[0] != self.settings.worker else None
        if base is not None:
            self._relay_client = self._relay_client or httpx.AsyncClient(timeout=30.0, trust_env=False)
            try:
                await forward(self._relay_client, base, scope, b"")  # the body is never read there
            except httpx.HTTPError:
                log.warning("could not relay a performer credential attempt to worker %s", owner[0])

    def asgi(self) -> Any:
        """The ASGI application: guards, then the dispatcher over MCP, UI and control apps."""
        from apps.core.ui_kit import build_ui_app

        s = self.settings
        hosts = s.allowed_hosts or default_allowed_hosts(s.host, s.port)
        if s.url_port and not s.allowed_hosts:
            hosts = sorted(set(hosts) | set(default_allowed_hosts(s.host, s.url_port)))
        specs = list(self.gym.apps.values())
        mcp = self.mcp = McpStack(specs, hosts=hosts, host=s.host, max_body_bytes=s.max_body_bytes)
        control = build_harness_app(self.manager, s.keys)
        if s.worker:  # one of several workers: harness calls about another's episode go to it
            control = OwnerForwarder(control, self.ledger, self.ledger.worker_base)
        dispatcher = EpisodeDispatcher(
            ledger=self.ledger,
            episode_of=self.episode_of,
            combined_mcp=mcp.app(),
            app_mcp={spec.name: mcp.app(spec.name) for spec in specs},
            app_ui={spec.name: LazyApp(functools.partial(build_ui_app, spec)) for spec in specs},
            control=PerformerCredentialGuard(control, self.ledger, self._record_performer_attempt),
            lifespans=[mcp.running],
            limiter=self.limiter,
            background=[self._sweeper],
            pinned=self.pinned,
            product_apis=ProductRoutes.of(specs, lambda spec: LazyApp(spec.api.build)),
        )
        return HostOriginGuard(BodyLimit(with_security_headers(dispatcher), s.max_body_bytes), hosts)

    @asynccontextmanager
    async def _sweeper(self):
        async def loop() -> None:
            while True:
                await asyncio.sleep(self.settings.sweep_interval_s)
                # Closing takes each episode's lock: on a thread, so a call in progress never stalls the loop.
                for episode_id in await anyio.to_thread.run_sync(self.manager.sweep):
                    self.limiter.forget(episode_id)

        task = asyncio.create_task(loop())
        try:
            yield
        finally:
            task.cancel()
