"""Fair episodes: episode A's light call while episode B runs heavy searches, against A alone.

Both episodes are served by one real gateway (`start_live_server`); B is driven by several clients
at once, each calling `search_records` (a scan of four tables) back to back, so B always has calls
waiting. A makes sequential `get_current_user` calls (one primary-key read). The figure is A's p50
under B's load over A's p50 alone, in the same run; B's throughput is reported beside it.
"""

from __future__ import annotations

import time
from contextlib import AsyncExitStack
from typing import Any

import anyio
from mcp.client import Client

from apps.core.api import Gym
from benchmarks.runner import Config, Figure, percentile, ratio_at_most
from mcp_gateway.live import start_live_server

LIGHT = ("get_current_user", {})
HEAVY = ("search_records", {"query": "an", "limit": 50})
HEAVY_CLIENTS = 4


async def _light_calls(url: str, n: int) -> list[float]:
    out = []
    async with Client(url) as client:
        for _ in range(3):
            await client.call_tool(*LIGHT)
        for _ in range(n):
            t0 = time.perf_counter_ns()
            result = await client.call_tool(*LIGHT)
            out.append((time.perf_counter_ns() - t0) / 1e6)
            if result.is_error:
                raise RuntimeError(f"{LIGHT[0]} failed: {result.content}")
    return out


async def _under_load(light_url: str, heavy_url: str, n: int) -> tuple[list[float], int, float]:
    """A's samples while B's clients search; (samples, B's calls, seconds)."""
    done = anyio.Event()
    heavy_calls = 0

    async def heavy(client: Client) -> None:
        nonlocal heavy_calls
        while not done.is_set():
            await client.call_tool(*HEAVY)
            heavy_calls += 1

    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(heavy_url)) for _ in range(HEAVY_CLIENTS)]
        async with anyio.create_task_group() as tg:
            for client in clients:
                tg.start_soon(heavy, client)
            await anyio.sleep(0.2)  # B is busy before A starts
            t0 = time.perf_counter()
            samples = await _light_calls(light_url, n)
            seconds = time.perf_counter() - t0
            done.set()
    return samples, heavy_calls, seconds


def run(gym: Gym, cfg: Config) -> list[Figure]:
    live = start_live_server(gym, rate_per_s=1e9, rate_burst=10**9, capacity=1_000)
    try:
        a, a_urls = live.new_episode("acme", apps=["crm"])
        b, b_urls = live.new_episode("acme", apps=["crm"])
        n = cfg.reps(300, 60)
        alone: list[float] = []
        loaded: list[float] = []
        heavy_rates: list[float] = []
        for _ in range(cfg.reps(3, 1)):  # A alone and A under B's load, interleaved
            alone += anyio.run(_light_calls, a_urls.mcp("crm"), n)
            samples, calls, seconds = anyio.run(_under_load, a_urls.mcp("crm"), b_urls.mcp("crm"), n)
            loaded += samples
            heavy_rates.append(calls / seconds)
        extra: dict[str, Any] = {
            "calls": len(loaded),
            "heavy_clients": HEAVY_CLIENTS,
            "heavy_calls_per_s": sorted(heavy_rates)[len(heavy_rates) // 2],
            "p99_ratio": percentile(loaded, 99) / percentile(alone, 99),
        }
        for episode in (a, b):
            live.gateway.manager.close(episode.id)
    finally:
        live.stop()
    return [
        Figure(
            "light call of episode A while episode B runs heavy searches (p50)",
            "ms",
            percentile(loaded, 50),
            ratio_at_most(1.5),
            baseline=percentile(alone, 50),
            baseline_name="A alone p50 (ms)",
            extra=extra,
        )
    ]
