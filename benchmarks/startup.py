"""Start-up: how long until `saasgym serve` answers HTTP and `saasgym mcp crm --stdio` answers `initialize`.

Both run as the user runs them, as a fresh `python -m mcp_gateway …` subprocess (bytecode cached, as
after `pip install`). The golden image
cache (apps/core/golden_cache.py) is warmed once, untimed, so the figures are a start on a machine
that has opened the world before; the cold start (cache turned off: the image is built) is reported
beside them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from typing import Any

import anyio
import httpx
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from apps.core.api import Gym
from benchmarks.runner import REPORT, Config, Figure, at_most, median
from mcp_gateway.live import free_port

READY_TIMEOUT_S = 120


def _env(cache: bool) -> dict[str, str]:
    env = {**os.environ, "SAASGYM_STATE_DIR": tempfile.mkdtemp(prefix="saasgym-bench-")}
    # As installed (pip compiles every module once): a PYTHONDONTWRITEBYTECODE environment would make
    # every start compile the project's modules from source again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not cache:
        env["SAASGYM_CACHE_DIR"] = ""
    return env


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) process `pid` has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve_ready_s(world: str = "acme", *, cache: bool = True, cpu: list[float] | None = None) -> float:
    """Seconds from spawning `saasgym serve` to its first answered `GET /healthz` (CPU seconds to `cpu`)."""
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(port), "--world", world],
        env=_env(cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.perf_counter() - t0 < READY_TIMEOUT_S:
            if proc.poll() is not None:
                raise RuntimeError(f"saasgym serve exited with {proc.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=0.5).status_code == 200:
                    elapsed = time.perf_counter() - t0
                    if cpu is not None:
                        cpu.append(_cpu_s(proc.pid))
                    return elapsed
            except httpx.HTTPError:
                time.sleep(0.02)
        raise RuntimeError("saasgym serve did not answer in time")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def stdio_initialize_s(world: str = "acme", *, cache: bool = True) -> float:
    """Seconds from spawning `saasgym mcp crm --stdio` to its answer to `initialize`."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mcp_gateway", "mcp", "crm", "--stdio", "--world", world],
        env=_env(cache),
    )

    async def go() -> float:
        t0 = time.perf_counter()
        async with Client(params):
            return time.perf_counter() - t0

    return anyio.run(go)


def run(gym: Gym, cfg: Config) -> list[Figure]:
    reps = cfg.reps(5, 2)
    serve_ready_s(), stdio_initialize_s()  # warm the image cache (and the OS file cache), untimed
    cpu: list[float] = []
    serve = [serve_ready_s(cpu=cpu) for _ in range(reps)]
    stdio = [stdio_initialize_s() for _ in range(reps)]
    extra: dict[str, Any] = {"samples": reps, "world": "acme"}
    serve_extra = {**extra, "cpu_s": median(cpu), "load_average": os.getloadavg()[0]}
    figures = [
        Figure(
            "`saasgym serve` ready (acme, image cached)",
            "s",
            median(serve),
            at_most(3.0, "≤ 3 s"),
            extra=serve_extra,
        ),
        Figure(
            "`saasgym mcp crm --stdio` answers initialize (acme)",
            "s",
            median(stdio),
            at_most(3.0, "≤ 3 s"),
            extra=extra,
        ),
    ]
    cold = [serve_ready_s(cache=False) for _ in range(cfg.reps(2, 1))]
    figures.append(
        Figure("`saasgym serve` ready (acme, cold: image built)", "s", median(cold), REPORT, extra=extra)
    )
    return figures
