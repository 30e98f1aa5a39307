"""`saasgym serve --ray`: join a Ray cluster, start the gateway actors (`ray_cluster`), and serve the router
(`ray_front`) that places episodes on them."""

from __future__ import annotations

from typing import Any

from mcp_gateway.ray_cluster import RayPool, RayUnavailable
from mcp_gateway.ray_front import RayFront
from mcp_gateway.server import ReadyServer, bind, uvicorn_config
from mcp_gateway.settings import Settings

__all__ = ["RayUnavailable", "serve_on_ray"]


def serve_on_ray(
    settings: Settings,
    address: str,
    workers: int | None,
    cpus: float,
    memory_gib: float | None,
    capacity: int | None,
    echo: Any = print,
) -> int:
    """`saasgym serve --ray`: connect to the cluster, start the actors, serve the router until stopped."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--ray needs Ray: pip install 'saasgym[ray]'") from None

    sock = bind(settings.host, settings.port)
    try:
        ray.init(address=None if address == "local" else address, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        sock.close()
        raise RayUnavailable(f"cannot join the Ray cluster at {address!r}: {exc}") from None
    pool = RayPool(settings, workers, cpus, memory_gib, capacity)
    front = RayFront(pool, settings, echo=echo)
    base = f"http://{settings.host}:{settings.port}"

    def ready() -> None:
        echo(f"saasgym: Ray cluster {address!r}, {len(pool.members)} gateway workers")
        for m in pool.members.values():
            echo(f"  worker {m.name}: node {m.node[:12]}, {m.base}")
        echo(f"  harness API: {base}/v1  (POST /v1/episodes places an episode on the least-loaded worker)")

    ReadyServer(uvicorn_config(front, settings, host=settings.host, port=settings.port), on_ready=ready).run(
        sockets=[sock]
    )
    ray.shutdown()
    return 0
