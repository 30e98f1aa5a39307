"""A real uvicorn server running the gateway in a background thread (tests, calibration, benchmarks)."""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from apps.core.api import Episode, Gym
from mcp_gateway.gateway import EpisodeUrls, Gateway
from mcp_gateway.server import uvicorn_config
from mcp_gateway.settings import Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LiveServer:
    gym: Gym
    gateway: Gateway
    base: str
    server: uvicorn.Server
    thread: threading.Thread

    def new_episode(self, world: str = "tiny", **kwargs) -> tuple[Episode, EpisodeUrls]:
        """A fresh episode of `world`, provisioned through the gateway, and its capability URLs."""
        return self.gateway.create(world, **kwargs)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def serve_in_thread(app, port: int | None = None, settings: Settings | None = None):  # noqa: ANN001, ANN201
    """Run an ASGI app on uvicorn (loopback) in a daemon thread; returns once it accepts requests."""
    port = port or free_port()
    config = uvicorn_config(app, settings or Settings(), host="127.0.0.1", port=port)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    return server, thread, port


def start_live_server(gym: Gym | None = None, state_dir: Path | None = None, **settings) -> LiveServer:
    gym = gym or Gym()
    port = free_port()
    state_dir = state_dir or Path(tempfile.mkdtemp(prefix="saasgym-test-"))
    config = Settings(host="127.0.0.1", port=port, state_dir=state_dir, keys={"harness": "test-harness-key"})
    for name, value in settings.items():
        setattr(config, name, value)
    gateway = Gateway(gym, config)
    server, thread, _ = serve_in_thread(gateway.asgi(), port, config)
    if not gateway.mcp.wait_built(60):  # callers get a gateway whose MCP endpoints answer at once
        raise RuntimeError("the gateway's MCP servers were not built in time")
    return LiveServer(gym, gateway, gateway.base, server, thread)
