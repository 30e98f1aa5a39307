"""Running the gateway on uvicorn: one configuration (keep-alive, connection guards) for `saasgym serve`,
tests and benchmarks, and a start-up that reports readiness only once the socket accepts connections."""

from __future__ import annotations

import errno
import resource
import socket
from collections.abc import Callable
from typing import Any

import uvicorn

from mcp_gateway.connections import ConnectionGuard
from mcp_gateway.settings import Settings

# Agents keep connections open between calls: a short keep-alive races with clients reusing sockets.
KEEP_ALIVE_S = 75


class PortInUseError(OSError):
    """The address is taken by another process (or not ours to bind)."""


def uvicorn_config(app: Any, settings: Settings, *, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration for the gateway app with the settings' connection limits."""
    max_connections = min(settings.max_connections, descriptor_budget())
    guard = ConnectionGuard(
        deadline_s=settings.request_deadline_s,
        max_connections=max_connections,
        max_pending_per_client=settings.max_pending_per_client,
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        lifespan="on",
        timeout_keep_alive=KEEP_ALIVE_S,
        http=guard.protocol(),
        limit_concurrency=max_connections,
        ssl_certfile=settings.tls_certfile,
        ssl_keyfile=settings.tls_keyfile,
    )


def descriptor_budget(reserve: int = 64) -> int:
    """How many connections this process can hold: its file-descriptor limit less a reserve for the
    ledger, logs and the listening socket."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, soft - reserve) if soft != resource.RLIM_INFINITY else 1_000_000


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or PortInUseError with a one-line reason."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        reason = "already in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc)).lower()
        raise PortInUseError(f"cannot listen on {host}:{port}: {reason}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class ReadyServer(uvicorn.Server):
    """A uvicorn server that calls `on_ready` once start-up has finished and connections are served."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[], None] | None = None):
        super().__init__(config)
        self.on_ready = on_ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and self.on_ready is not None:
            self.on_ready()
