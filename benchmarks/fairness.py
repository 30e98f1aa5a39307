"""Fair episodes: episode A's light call while episode B runs heavy searches, against A alone.

Both episodes are served by one real gateway (`start_live_server`); B is driven by several clients
at once from another process (so their CPU is not the server's), each calling `search_records` (a
scan of four tables) back to back while it is switched on, so B always has calls waiting. A makes
sequential `get_current_user` calls (one primary-key read) in blocks, alternately with B off and on;
the figure is A's p50 under B's load over A's p50 alone; B's throughput is reported beside it.
"""

from __future__ import annotations

import multiprocessing
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


async def _light_calls(client: Client, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter_ns()
        result = await client.call_tool(*LIGHT)
        out.append((time.perf_counter_ns() - t0) / 1e6)
        if result.is_error:
            raise RuntimeError(f"{LIGHT[0]} failed: {result.content}")
    return out


async def _search_while(url: str, go: Any, stop: Any) -> int:
    """B's load: HEAVY_CLIENTS clients searching back to back while `go` is set; returns the calls made."""
    calls = 0

    async def heavy(client: Client) -> None:
        nonlocal calls
        while not stop.is_set():
            if go.is_set():
                await client.call_tool(*HEAVY)
                calls += 1
            else:
                await anyio.sleep(0.005)

    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(url)) for _ in range(HEAVY_CLIENTS)]
        async with anyio.create_task_group() as tg:
            for client in clients:
                tg.start_soon(heavy, client)
    return calls


def _load_process(url: str, go: Any, stop: Any, out: Any) -> None:
    out.put(anyio.run(_search_while, url, go, stop))


async def _alternate(
    url: str, go: Any, blocks: int, per_block: int
) -> tuple[list[float], list[float], float]:
    """A's samples alone and under B's load, in alternating blocks; and the seconds B was loaded."""
    alone: list[float] = []
    loaded: list[float] = []
    loaded_s = 0.0
    async with Client(url) as client:
        await _light_calls(client, 5)
        for _ in range(blocks):
            go.clear()
            await anyio.sleep(0.3)  # B's calls in flight have finished
            alone += await _light_calls(client, per_block)
            go.set()
            await anyio.sleep(0.3)  # B is busy before A calls
            t0 = time.perf_counter()
            loaded += await _light_calls(client, per_block)
            loaded_s += time.perf_counter() - t0 + 0.3
    go.clear()
    return alone, loaded, loaded_s


def run(gym: Gym, cfg: Config) -> list[Figure]:
    live = start_live_server(gym, rate_per_s=1e9, rate_burst=10**9, capacity=1_000)
    ctx = multiprocessing.get_context(
        "spawn"
    )  # B's clients in another process: their CPU is not the server's
    go, stop, out = ctx.Event(), ctx.Event(), ctx.Queue()
    try:
        a, a_urls = live.new_episode("acme", apps=["crm"])
        b, b_urls = live.new_episode("acme", apps=["crm"])
        proc = ctx.Process(target=_load_process, args=(b_urls.mcp("crm"), go, stop, out))
        proc.start()
        try:
            time.sleep(2.0)  # the load process has connected
            blocks = cfg.reps(15, 4)
            alone, loaded, loaded_s = anyio.run(_alternate, a_urls.mcp("crm"), go, blocks, 20)
        finally:
            stop.set()
            heavy_calls = out.get(timeout=120)
            proc.join(timeout=60)
        extra: dict[str, Any] = {
            "calls": len(loaded),
            "heavy_clients": HEAVY_CLIENTS,
            "heavy_calls_per_s": heavy_calls / loaded_s,
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
