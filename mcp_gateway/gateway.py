"""The gateway: mounts every app's MCP endpoint and UI per episode behind capability URLs."""

from __future__ import annotations

import hashlib
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from mcp.server.transport_security import TransportSecuritySettings

from apps.core.api import Episode, Gym
from apps.core.mcp_adapter import build_mcp_server
from mcp_gateway.routing import EpisodeDispatcher


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class EpisodeUrls:
    token: str
    base: str

    def mcp(self, app: str | None = None) -> str:
        return f"{self.base}/e/{self.token}/{app}/mcp" if app else f"{self.base}/e/{self.token}/mcp"

    def ui(self, app: str) -> str:
        return f"{self.base}/e/{self.token}/{app}/"


def security_settings(host: str, port: int | None) -> TransportSecuritySettings:
    """Host/Origin allow-list for the address we serve on (always on, not only on loopback)."""
    hosts = (
        {"127.0.0.1", "localhost", "[::1]"} if host in ("127.0.0.1", "localhost", "::1", "0.0.0.0") else set()
    )
    hosts.add(host if ":" not in host or host.startswith("[") else f"[{host}]")
    allowed_hosts = [f"{h}:*" for h in sorted(hosts)] + sorted(hosts)
    allowed_origins = [f"http://{h}:*" for h in sorted(hosts)] + [f"http://{h}" for h in sorted(hosts)]
    return TransportSecuritySettings(allowed_hosts=allowed_hosts, allowed_origins=allowed_origins)


class Gateway:
    """Holds the capability tokens of live episodes and builds the ASGI app serving them."""

    def __init__(self, gym: Gym, *, host: str = "127.0.0.1", port: int = 8000):
        self.gym, self.host, self.port = gym, host, port
        self._tokens: dict[str, str] = {}  # sha256(token) -> episode id
        self._lock = threading.Lock()

    def issue(self, episode: Episode) -> EpisodeUrls:
        """A new capability token for `episode` (only its hash is kept)."""
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._tokens[_digest(token)] = episode.id
        return EpisodeUrls(token, f"http://{self.host}:{self.port}")

    def revoke_episode(self, episode_id: str) -> None:
        with self._lock:
            for digest in [d for d, e in self._tokens.items() if e == episode_id]:
                del self._tokens[digest]

    def resolve(self, token: str) -> Episode | None:
        """The live episode a token opens, or None."""
        if not token:
            return None
        episode_id = self._tokens.get(_digest(token))
        if episode_id is None:
            return None
        try:
            episode = self.gym.episode(episode_id)
        except KeyError:
            return None
        return None if episode.closed else episode

    def asgi(self) -> Any:
        """The ASGI application: control routes plus every episode's MCP and UI endpoints."""
        from apps.core.ui_kit import build_ui_app

        security = security_settings(self.host, self.port)
        specs = list(self.gym.apps.values())
        servers = {
            spec.name: build_mcp_server([spec], name=f"saasgym-{spec.name}", prefix=False) for spec in specs
        }
        combined = build_mcp_server(specs, name="saasgym", prefix=True)
        mcp_apps = {
            name: s.streamable_http_app(transport_security=security, host=self.host)
            for name, s in servers.items()
        }
        combined_app = combined.streamable_http_app(transport_security=security, host=self.host)
        ui_apps = {spec.name: build_ui_app(spec) for spec in specs if spec.ui_router is not None}
        for spec in specs:
            ui_apps.setdefault(spec.name, _no_ui_app(spec.name))
        lifespans = [s.session_manager.run for s in [*servers.values(), combined]]
        return EpisodeDispatcher(
            resolve=self.resolve,
            combined_mcp=combined_app,
            app_mcp=mcp_apps,
            app_ui=ui_apps,
            control=self._control_app(),
            lifespans=lifespans,
        )

    def _control_app(self) -> FastAPI:
        control = FastAPI(title="saasgym gateway", docs_url=None, redoc_url=None)

        @control.get("/healthz")
        def healthz() -> dict[str, Any]:
            return {"ok": True, "episodes": len(self.gym.episodes()), "apps": list(self.gym.apps)}

        return control


def _no_ui_app(name: str) -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)

    @app.get("/")
    def index() -> dict[str, str]:
        return {"app": name, "ui": "this app has no browser UI"}

    return app
