"""A real uvicorn server running the gateway in a background thread, for tests over HTTP."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

import uvicorn

from apps.core.api import Episode, Gym
from mcp_gateway.gateway import EpisodeUrls, Gateway


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

    def new_episode(self, world: str = "tiny") -> tuple[Episode, EpisodeUrls]:
        """A fresh episode of `world` and its capability URLs."""
        episode = self.gym.create_episode(world)
        return episode, self.gateway.issue(episode)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def start_live_server(gym: Gym | None = None) -> LiveServer:
    gym = gym or Gym()
    port = free_port()
    gateway = Gateway(gym, host="127.0.0.1", port=port)
    config = uvicorn.Config(gateway.asgi(), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    return LiveServer(gym, gateway, f"http://127.0.0.1:{port}", server, thread)
