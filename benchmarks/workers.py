"""Workers per core: MCP calls/s at 64 clients against `saasgym serve --workers 2` vs `--workers 1`.

Both servers run as the user runs them (`python -m mcp_gateway serve` subprocesses, rate limits lifted
as for the other throughput figures), side by side in the same run, measured in alternation
(1, 2, 1, 2, …). Each serves 64 `tiny` CRM episodes made through its public `/v1` (so the 2-worker
server places them 32/32); one MCP session per episode calls `get_account` through the episode's own
URL. The clients run in this process, on the same cores as the workers: a plain JSON-RPC client over
aiohttp (~0.8 ms of CPU per call here, against ~7 ms for httpx) so that on a 2-core machine they take
only a small share of the CPU the second worker uses; the ratio is still a floor, not what 2 idle
cores give.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from typing import Any

import aiohttp
import anyio
import httpx

from apps.core.api import Gym
from benchmarks.runner import Config, Figure, median, percentile, ratio_at_least, ratio_at_most
from mcp_gateway.live import free_port

KEY = "bench-workers-key"
CLIENTS = 64


class Served:
    """One `saasgym serve --workers N` subprocess with CLIENTS episodes."""

    def __init__(self, workers: int):
        self.port = free_port()
        env = {
            **os.environ,
            "SAASGYM_STATE_DIR": tempfile.mkdtemp(prefix="saasgym-bench-workers-"),
            "SAASGYM_HARNESS_KEY": KEY,
            "SAASGYM_RATE_PER_S": "1e9",
            "SAASGYM_RATE_BURST": "1000000000",
            "SAASGYM_MAX_PENDING_PER_CLIENT": "10000",
            "SAASGYM_CAPACITY": "10000",
        }
        cmd = [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(self.port), "--world", "tiny"]
        self.proc = subprocess.Popen(
            cmd + ["--workers", str(workers)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.api = httpx.Client(
            base_url=f"http://127.0.0.1:{self.port}", headers={"Authorization": f"Bearer {KEY}"}, timeout=120
        )
        self._wait(workers)
        made = [
            self.api.post("/v1/episodes", json={"world": "tiny", "apps": ["crm"]}) for _ in range(CLIENTS)
        ]
        self.urls = [m.json()["urls"]["crm_mcp"] for m in made]
        self.split = sorted(Counter(u.split("/e/")[0] for u in self.urls).values())

    def _wait(self, workers: int) -> None:
        """Until every worker has registered (before that, new episodes could not be spread)."""
        deadline = time.time() + 120
        while time.time() < deadline and self.proc.poll() is None:
            try:
                # one process names no workers (`workers` null); several count the ones started
                if (self.api.get("/healthz", timeout=2).json().get("workers") or 1) == workers:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"saasgym serve --workers {workers} did not start")

    def stop(self) -> None:
        self.api.close()
        self.proc.terminate()
        self.proc.wait(timeout=30)


HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def _result(content_type: str, body: bytes) -> dict[str, Any]:
    """The JSON-RPC message of a streamable-HTTP reply (plain JSON or one SSE `data:` line)."""
    if content_type.startswith("text/event-stream"):
        data = [line[5:] for line in body.decode().splitlines() if line.startswith("data:")]
        return json.loads(data[-1])
    return json.loads(body)


async def _post(http: aiohttp.ClientSession, url: str, message: dict, headers: dict[str, str]) -> Any:
    async with http.post(url, data=json.dumps(message), headers=headers) as reply:
        reply.raise_for_status()
        body = await reply.read()
        return reply.headers, (_result(reply.content_type, body) if body else {})


async def _session(http: aiohttp.ClientSession, url: str) -> dict[str, str]:
    """Initialize an MCP session on `url`; the headers every later request carries."""
    hello = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"},
        },
    }
    reply_headers, reply = await _post(http, url, hello, HEADERS)
    headers = dict(HEADERS)
    if "mcp-session-id" in reply_headers:
        headers["mcp-session-id"] = reply_headers["mcp-session-id"]
    headers["mcp-protocol-version"] = reply["result"]["protocolVersion"]
    await _post(http, url, {"jsonrpc": "2.0", "method": "notifications/initialized"}, headers)
    return headers


async def _call(
    http: aiohttp.ClientSession, url: str, headers: dict[str, str], tool: str, args: dict
) -> dict:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": args}}
    return (await _post(http, url, body, headers))[1]["result"]


def _client(connections: int) -> aiohttp.ClientSession:
    """The load generator's HTTP client. aiohttp, not httpx or the SDK's `Client`: the clients share the
    cores with the servers, so a call must cost the client far less than it costs a server (httpx
    spent ~7 ms of CPU per call here, as much as a worker, which hid the second worker's gain)."""
    connector = aiohttp.TCPConnector(limit=connections, force_close=False)
    return aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=120))


async def _throughput(
    urls: list[str], tool: str, args: dict[str, Any], calls: int, latencies: list[float] | None = None
) -> tuple[float, int]:
    """(calls/s, errors): one MCP session per URL, all calling at once."""
    errors = 0
    async with _client(len(urls) * 2) as http:
        sessions = [await _session(http, url) for url in urls]

        async def work(url: str, headers: dict[str, str]) -> None:
            nonlocal errors
            for _ in range(calls):
                t0 = time.perf_counter_ns()
                try:
                    errors += bool((await _call(http, url, headers, tool, args)).get("isError"))
                except (aiohttp.ClientError, KeyError, ValueError):
                    errors += 1
                if latencies is not None:
                    latencies.append((time.perf_counter_ns() - t0) / 1e6)

        t0 = time.perf_counter_ns()
        async with anyio.create_task_group() as tg:
            for url, headers in zip(urls, sessions, strict=True):
                tg.start_soon(work, url, headers)
        elapsed_s = (time.perf_counter_ns() - t0) / 1e9
    return len(urls) * calls / elapsed_s, errors


async def _account(url: str) -> str:
    async with _client(2) as http:
        headers = await _session(http, url)
        found = await _call(http, url, headers, "list_accounts", {"limit": 1})
        return found["structuredContent"]["records"][0]["id"]


async def _idle_p50(url: str, args: dict[str, Any], n: int) -> float:
    async with _client(2) as http:
        headers = await _session(http, url)
        samples = []
        for _ in range(n):
            t0 = time.perf_counter_ns()
            await _call(http, url, headers, "get_account", args)
            samples.append((time.perf_counter_ns() - t0) / 1e6)
    return percentile(samples, 50)


def run(gym: Gym, cfg: Config) -> list[Figure]:
    one, two = Served(1), Served(2)
    try:
        args = {"account_id": anyio.run(_account, one.urls[0])}
        calls, rates, latencies, errors = cfg.reps(30, 6), {1: [], 2: []}, [], 0
        idle = anyio.run(_idle_p50, two.urls[0], args, cfg.reps(200, 40))
        for _ in range(cfg.reps(3, 1)):
            for workers, served in ((1, one), (2, two)):
                rate, err = anyio.run(
                    _throughput, served.urls, "get_account", args, calls, latencies if workers == 2 else None
                )
                rates[workers].append(rate)
                errors += err
        extra = {
            "calls_per_client": calls,
            "errors": errors,
            "episodes_per_worker": two.split,
            "cores": os.cpu_count(),
        }
        return [
            Figure(
                f"MCP calls/s, {CLIENTS} clients, serve --workers 2 vs --workers 1 (get_account)",
                "calls/s",
                median(rates[2]),
                ratio_at_least(1.6),
                baseline=median(rates[1]),
                baseline_name="serve --workers 1, same clients (calls/s)",
                extra=extra,
            ),
            Figure(
                f"MCP call p99 at {CLIENTS} clients vs idle p50 (get_account, 2 workers)",
                "ms",
                percentile(latencies, 99),
                ratio_at_most(10),
                baseline=idle,
                baseline_name="get_account p50, one client, 2 workers (ms)",
                extra={**extra, "calls": len(latencies)},
            ),
        ]
    finally:
        one.stop()
        two.stop()
