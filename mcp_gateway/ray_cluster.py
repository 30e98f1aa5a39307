"""Episode workers as Ray actors across a Ray cluster (`saasgym serve --ray ADDRESS`).

Each `GatewayWorker` actor is a whole gateway (its own in-memory episodes, its own ledger in a node-local
folder, the same harness key) serving HTTP on its node's address; the performer URLs of its episodes
point at it, so MCP and UI traffic goes straight from the agent to the node holding the episode. The
router in the driver process (`mcp_gateway/ray_front.py`) keeps the harness API: it places each new
episode on the least-loaded live actor and relays harness calls to the episode's owner. `RayPool` starts
the actors (spread over the nodes, CPUs/memory/episodes per actor configurable), measures their load and
notices a lost actor (its node gone): the router then voids that actor's episodes and keeps the rest.

`ray` is an optional extra: `pip install 'saasgym[ray]'`.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_gateway.settings import Settings

START_TIMEOUT_S = 120.0
PING_TIMEOUT_S = 10.0


def rss_bytes() -> int:
    """This process's resident memory."""
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def available_bytes() -> int:
    """Memory the node can still give (MemAvailable)."""
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


class RayUnavailable(Exception):
    """Ray is not installed, or the cluster cannot be joined; the message says what to do."""


class GatewayWorker:
    """One gateway on one Ray node (made a Ray actor by `RayPool`): episodes live in its memory."""

    def __init__(self, name: str, settings: Settings):
        import ray
        import uvicorn

        from apps.core.api import Gym
        from mcp_gateway.gateway import Gateway
        from mcp_gateway.server import bind, uvicorn_config

        ip = ray.util.get_node_ip_address()
        sock = bind(ip, 0)
        port = sock.getsockname()[1]
        host = f"[{ip}]" if ":" in ip else ip
        settings = dataclasses.replace(
            settings,
            host=ip,
            port=port,
            url_base=f"http://{host}:{port}",
            state_dir=Path(tempfile.mkdtemp(prefix=f"saasgym-{name}-")),
            allowed_hosts=[],
            keys=dict(settings.keys),
        )
        self.name, self.node, self.settings = name, ray.get_runtime_context().get_node_id(), settings
        self.gateway = Gateway(Gym(), settings)
        self.server = uvicorn.Server(uvicorn_config(self.gateway.asgi(), settings, host=ip, port=port))
        thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.time() + START_TIMEOUT_S
        while not self.server.started:
            if time.time() > deadline or not thread.is_alive():
                raise RuntimeError(f"worker {name}: the gateway did not start")
            time.sleep(0.02)

    def describe(self) -> dict[str, Any]:
        """Name, node id and base URL."""
        return {"name": self.name, "node": self.node, "base": self.settings.url_base}

    def load(self) -> dict[str, Any]:
        """Live episodes, capacity, this actor's memory and what its node has left."""
        live = len(self.gateway.ledger.list())
        return {
            "live": live,
            "capacity": self.settings.capacity,
            "rss": rss_bytes(),
            "available": available_bytes(),
        }

    def ping(self) -> bool:
        return True


@dataclass
class Member:
    """One actor as the router sees it."""

    name: str
    actor: Any
    node: str
    base: str
    alive: bool = True


class RayPool:
    """The gateway actors of one `serve --ray`: started spread over the nodes, placed on, watched."""

    def __init__(
        self,
        settings: Settings,
        workers: int | None = None,
        cpus: float = 1.0,
        memory_gib: float | None = None,
        capacity: int | None = None,
    ):
        import ray

        nodes = [n for n in ray.nodes() if n.get("Alive")]
        count = workers or len(nodes)
        options: dict[str, Any] = {"num_cpus": cpus, "scheduling_strategy": "SPREAD", "max_restarts": 0}
        if memory_gib:
            options["memory"] = int(memory_gib * 2**30)
        remote = ray.remote(GatewayWorker).options(**options)
        actor_settings = dataclasses.replace(settings, capacity=capacity or settings.capacity)
        actors = [remote.remote(f"r{i}", actor_settings) for i in range(count)]
        described = ray.get([a.describe.remote() for a in actors], timeout=START_TIMEOUT_S)
        self.members = {
            d["name"]: Member(d["name"], a, d["node"], d["base"])
            for d, a in zip(described, actors, strict=True)
        }
        self._watching = threading.Lock()

    def alive(self) -> list[Member]:
        return [m for m in self.members.values() if m.alive]

    def choose(self, exclude: set[str] = frozenset()) -> Member | None:
        """The live actor with the most room: lowest share of its capacity in use, then the node with the
        most memory available per episode it already holds; None when every actor is full."""
        import ray

        candidates = [m for m in self.alive() if m.name not in exclude]
        loads = []
        for member in candidates:
            try:
                loads.append((member, ray.get(member.actor.load.remote(), timeout=PING_TIMEOUT_S)))
            except ray.exceptions.RayActorError:
                member.alive = False
            except ray.exceptions.GetTimeoutError:
                continue
        free = [(m, x) for m, x in loads if x["live"] < x["capacity"]]
        if not free:
            return None
        return min(free, key=lambda mx: (mx[1]["live"] / mx[1]["capacity"], -mx[1]["available"]))[0]

    def lost(self) -> list[Member]:
        """Actors that stopped answering because they died (their node was lost); marked not alive."""
        gone: list[Member] = []
        with self._watching:
            return self._lost(gone)

    def _lost(self, gone: list[Member]) -> list[Member]:
        import ray

        for member in self.alive():
            try:
                ray.get(member.actor.ping.remote(), timeout=PING_TIMEOUT_S)
            except ray.exceptions.RayActorError:
                member.alive = False
                gone.append(member)
            except ray.exceptions.GetTimeoutError:
                continue  # busy or slow, not dead
        return gone
