"""UI page server time: the CRM list view and a record page against a bare FastAPI route.

Pages are requested in-process through `httpx.ASGITransport` (no socket), so the figure is the
server's own time: routing, the action(s) behind the page, Jinja2 rendering. The episode is put in
the ASGI scope as the gateway's dispatcher does.
"""

from __future__ import annotations

import time
from typing import Any

import anyio
import httpx

from apps.core.api import Episode, Gym
from apps.core.scope_keys import EPISODE_SCOPE_KEY
from apps.core.ui_kit import build_ui_app
from benchmarks.runner import REPORT, Config, Figure, median
from benchmarks.servers import bare_fastapi_app
from benchmarks.workload import account_ids


def _with_episode(app: Any, episode: Episode) -> Any:
    async def bound(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            scope = {**scope, EPISODE_SCOPE_KEY: episode}
        await app(scope, receive, send)

    return bound


async def _time_pages(ui: Any, bare: Any, paths: dict[str, str], n: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {name: [] for name in [*paths, "bare"]}
    async with (
        httpx.AsyncClient(transport=httpx.ASGITransport(app=ui), base_url="http://ui") as ui_client,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=bare), base_url="http://bare") as bare_client,
    ):
        for _ in range(3):  # warm-up: template compilation, route caches
            for path in paths.values():
                await ui_client.get(path)
            await bare_client.get("/page")
        for _ in range(n):
            for name, path in paths.items():
                t0 = time.perf_counter_ns()
                response = await ui_client.get(path)
                out[name].append((time.perf_counter_ns() - t0) / 1e6)
                if response.status_code != 200:
                    raise RuntimeError(f"{path}: HTTP {response.status_code}")
            t0 = time.perf_counter_ns()
            await bare_client.get("/page")
            out["bare"].append((time.perf_counter_ns() - t0) / 1e6)
    return out


def run(gym: Gym, cfg: Config) -> list[Figure]:
    episode = gym.create_episode("acme")
    try:
        account = account_ids(episode, 1)[0]
        ui = _with_episode(build_ui_app(gym.apps["crm"]), episode)
        paths = {"list view (/accounts)": "/accounts", "record page (/accounts/{id})": f"/accounts/{account}"}
        samples = anyio.run(_time_pages, ui, bare_fastapi_app(), paths, cfg.reps(100, 20))
    finally:
        episode.close()
    return [
        Figure(
            f"UI page server time: {name}",
            "ms",
            median(samples[name]),
            REPORT,
            baseline=median(samples["bare"]),
            baseline_name="bare FastAPI route (ms)",
            extra={"samples": len(samples[name])},
        )
        for name in paths
    ]
