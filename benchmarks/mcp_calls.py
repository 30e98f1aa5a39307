"""MCP tool calls through the real gateway against a trivial `MCPServer` tool over the same transport.

The gateway is `start_live_server` (uvicorn in a thread, the real dispatcher, capability URLs, rate
limiter, guards); the baseline is a one-line echo tool on its own uvicorn server. Clients are the
Python SDK's `Client` over streamable HTTP, in this process (so client CPU is in both figures alike).
"""

from __future__ import annotations

import time
from contextlib import AsyncExitStack
from typing import Any

import anyio
from mcp.client import Client

from apps.core.api import Gym
from benchmarks.runner import Config, Figure, median, percentile, ratio_at_least, ratio_at_most
from benchmarks.servers import serve, trivial_mcp_app
from benchmarks.workload import account_ids
from mcp_gateway.live import start_live_server

ECHO = ("echo", {"text": "ping"})


def _ms_since(t0: int) -> float:
    return (time.perf_counter_ns() - t0) / 1e6


async def _call(client: Client, tool: str, args: dict[str, Any]) -> bool:
    try:
        result = await client.call_tool(tool, args)
    except Exception:  # a transport failure counts as an error, not a crash of the benchmark
        return False
    return not result.is_error


async def _sequential(real_url: str, trivial_url: str, account: str, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {"read": [], "write": [], "lightest": [], "trivial": [], "errors": 0}
    read = ("get_account", {"account_id": account})
    lightest = ("get_current_user", {})  # one primary-key read: the floor of a real tool
    async with Client(real_url) as real, Client(trivial_url) as trivial:
        for _ in range(5):  # warm-up: first calls compile schemas and fill caches
            await _call(real, *read)
            await _call(trivial, *ECHO)
        for i in range(n):
            write = ("update_account", {"account_id": account, "phone": f"(555) 010-{i % 10000:04d}"})
            for key, client, (tool, args) in (
                ("read", real, read),
                ("trivial", trivial, ECHO),
                ("write", real, write),
                ("lightest", real, lightest),
            ):
                t0 = time.perf_counter_ns()
                ok = await _call(client, tool, args)
                out[key].append(_ms_since(t0))
                out["errors"] += not ok
    return out


async def _throughput(
    urls: list[str], tool: str, args: dict[str, Any], calls: int, latencies: list[float] | None = None
) -> tuple[float, int]:
    """(calls per second, errors), one client per URL, all calling at once (each call's ms to `latencies`)."""
    errors = 0
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(url)) for url in urls]
        for client in clients:
            await _call(client, tool, args)

        async def work(client: Client) -> None:
            nonlocal errors
            for _ in range(calls):
                t0 = time.perf_counter_ns()
                errors += not await _call(client, tool, args)
                if latencies is not None:
                    latencies.append(_ms_since(t0))

        t0 = time.perf_counter_ns()
        async with anyio.create_task_group() as tg:
            for client in clients:
                tg.start_soon(work, client)
        elapsed_s = _ms_since(t0) / 1000
    return len(urls) * calls / elapsed_s, errors


def _latency_figures(seq: dict[str, Any]) -> list[Figure]:
    figures = []
    for kind, label, limit in (("read", "get_account", 1.5), ("write", "update_account", 1.4)):
        for q in (50, 99):
            figures.append(
                Figure(
                    f"MCP call p{q}, sequential: {label}",
                    "ms",
                    percentile(seq[kind], q),
                    ratio_at_most(limit),
                    baseline=percentile(seq["trivial"], q),
                    baseline_name=f"trivial tool p{q} (ms)",
                    extra={"calls": len(seq[kind]), "errors": seq["errors"]},
                )
            )
    figures.append(
        Figure(
            "MCP call p50, sequential: get_current_user (the lightest real tool)",
            "ms",
            percentile(seq["lightest"], 50),
            ratio_at_most(1.15),
            baseline=percentile(seq["trivial"], 50),
            baseline_name="trivial tool p50 (ms)",
            extra={"calls": len(seq["lightest"])},
        )
    )
    return figures


def run(gym: Gym, cfg: Config) -> list[Figure]:
    # The clients stand for 64 agents but share one address: the per-client cap on unfinished requests
    # (a guard against one slow client) must not count them as one.
    live = start_live_server(
        gym, rate_per_s=1e9, rate_burst=10**9, capacity=10_000, max_pending_per_client=10_000
    )
    baseline = serve(trivial_mcp_app())
    trivial_url = f"{baseline.base}/mcp"
    opened: list[tuple[Any, Any]] = []
    try:
        opened.append(live.new_episode("acme"))
        account = account_ids(opened[0][0], 1)[0]
        seq = anyio.run(_sequential, opened[0][1].mcp("crm"), trivial_url, account, cfg.reps(400, 60))
        figures = _latency_figures(seq)
        idle_p50 = percentile(seq["read"], 50)
        for clients in (16, 64):
            while len(opened) < clients:  # one episode per client
                opened.append(live.new_episode("acme"))
            real_urls = [urls.mcp("crm") for _, urls in opened[:clients]]
            figures += _throughput_figures(real_urls, trivial_url, account, clients, cfg, idle_p50)
    finally:
        for episode, _ in opened:
            live.gateway.manager.close(episode.id)
        baseline.stop()
        live.stop()
    return figures


def _throughput_figures(
    real_urls: list[str], trivial_url: str, account: str, clients: int, cfg: Config, idle_p50: float
) -> list[Figure]:
    calls = cfg.reps(40, 8)
    real, trivial, errors, latencies = [], [], 0, []
    for _ in range(cfg.reps(3, 1)):
        rate, err = anyio.run(
            _throughput, real_urls, "get_account", {"account_id": account}, calls, latencies
        )
        real.append(rate)
        errors += err
        rate, err = anyio.run(_throughput, [trivial_url] * clients, *ECHO, calls)
        trivial.append(rate)
        errors += err
    extra = {"calls_per_client": calls, "errors": errors}
    figures = [
        Figure(
            f"MCP calls/s, {clients} clients (get_account)",
            "calls/s",
            median(real),
            ratio_at_least(0.8),
            baseline=median(trivial),
            baseline_name="trivial tool, same clients (calls/s)",
            extra=extra,
        )
    ]
    if clients == 64:
        figures.append(
            Figure(
                "MCP call p99 at 64 clients vs idle p50 (get_account, 1 worker)",
                "ms",
                percentile(latencies, 99),
                ratio_at_most(10),
                baseline=idle_p50,
                baseline_name="get_account p50, one client (ms)",
                extra={**extra, "calls": len(latencies)},
            )
        )
    return figures
