"""`saasgym bench` runs as a command and writes valid JSON (structure, not timings: those are measured)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def _quick_bench(tmp_path: Path, *families: str) -> tuple[str, dict[str, Any]]:
    """Run `saasgym bench --quick --only …` as a subprocess; (its table, its JSON document)."""
    out = tmp_path / "bench.json"
    only = [arg for family in families for arg in ("--only", family)]
    env = {**os.environ, "SAASGYM_BENCH_DIR": str(tmp_path / "worlds")}
    done = subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "bench", "--quick", *only, "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads(out.read_text())


def _by_name(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["name"]: f for f in doc["figures"]}


def test_quick_bench_writes_every_figure_with_value_baseline_and_ratio(tmp_path):
    table, doc = _quick_bench(tmp_path, "store", "scaling")
    assert "create an acme episode" in table
    assert doc["quick"] is True and doc["machine"]["cpus"] >= 1
    figures = _by_name(doc)
    assert {"create an acme episode", "fork (after 50 writes)", "snapshot (after 50 writes)", "restore",
            "live acme episodes in 24 GiB (crm+office+ticketing)", "live acme episodes in 24 GiB (crm)",
            "reset after 50 writes (acme)", "verify after 50 writes (acme)"} <= set(figures)  # fmt: skip
    # an episode of the CRM alone holds only the CRM's tables, so it costs less than one of every app
    per_episode = {f["extra"]["apps"][-1]: f["extra"]["mib_per_episode"] for f in doc["figures"]
                   if f["name"].startswith("live acme episodes")}  # fmt: skip
    assert per_episode["crm"] < per_episode["ticketing"]
    for fig in figures.values():
        assert math.isfinite(fig["median"]) and fig["median"] > 0, fig
        assert fig["target"] and fig["met"] in (True, False, None)
        if fig["baseline"] is not None:
            assert fig["baseline"] > 0 and fig["ratio_of"] == "baseline"
            assert math.isclose(fig["ratio"], fig["median"] / fig["baseline"])
        if fig["target"] != "report":
            assert fig["ratio"] is not None and fig["met"] is not None, fig
    assert figures["create an acme episode"]["baseline"] is not None


def test_quick_scripted_bench_runs_episodes_in_one_process_and_across_the_machine(tmp_path):
    figures = _by_name(_quick_bench(tmp_path, "scripted")[1])
    single = figures["scripted episodes/s, one process (create → 10 calls → verify → close)"]
    assert single["extra"]["outcome"] == "pass" and single["median"] > 0
    machine = next(f for name, f in figures.items() if name.startswith("scripted episodes/s, this machine"))
    extra = machine["extra"]
    assert extra["workers"] == (os.cpu_count() or 1) and extra["episodes"] >= 40 * extra["workers"]
    assert extra["passed"] == extra["episodes"]  # every worker's episodes were scored, and all passed
    assert machine["target"] == "≥ 50 /s" and machine["met"] in (True, False)


def test_quick_mcp_bench_calls_real_tools_through_the_gateway_without_errors(tmp_path):
    figures = _by_name(_quick_bench(tmp_path, "mcp")[1])
    timed = (
        "MCP call p50, sequential: get_account",
        "MCP call p99, sequential: update_account",
        "MCP calls/s, 16 clients (get_account)",
        "MCP calls/s, 64 clients (get_account)",
    )
    for name in timed:
        fig = figures[name]
        assert fig["extra"]["errors"] == 0, fig  # every timed call reached a real tool and succeeded
        assert fig["baseline"] > 0 and fig["target"] in ("≤ 1.5×", "≤ 1.4×", "≥ 0.8×")
    lightest = figures["MCP call p50, sequential: get_current_user (the lightest real tool)"]
    assert lightest["target"] == "≤ 1.15×" and lightest["baseline"] > 0
    loaded = figures["MCP call p99 at 64 clients vs idle p50 (get_account, 1 worker)"]
    assert (
        loaded["extra"]["errors"] == 0
        and loaded["extra"]["calls"] == 64 * loaded["extra"]["calls_per_client"]
    )


def test_quick_start_fairness_and_durable_benches_measure_real_processes(tmp_path):
    figures = _by_name(_quick_bench(tmp_path, "start", "fair", "durable")[1])
    per_call = figures["durable episode: server CPU per call (update, create, read; vs not durable)"]
    assert per_call["baseline"] > 0 and per_call["target"] == "≤ 1.5×"
    assert per_call["extra"]["checkpoint_bytes_per_call"] > 0  # every call's boundary reached the disk
    restart = next(f for name, f in figures.items() if name.startswith("durable episode restored"))
    assert restart["median"] > 0 and restart["target"] == "≤ 2 s"
    serve = figures["`saasgym serve` ready (acme, image cached)"]
    assert serve["target"] == "≤ 3 s" and serve["median"] > 0 and serve["extra"]["cpu_s"] > 0
    assert figures["`saasgym mcp crm --stdio` answers initialize (acme)"]["median"] > 0
    fair = figures["light call of episode A while episode B runs heavy searches (p50)"]
    assert fair["baseline"] > 0 and fair["target"] == "≤ 1.5×"
    assert fair["extra"]["heavy_calls_per_s"] > 0  # B's load process really searched meanwhile


def test_quick_workers_bench_spreads_episodes_and_every_call_succeeds(tmp_path):
    figures = _by_name(_quick_bench(tmp_path, "workers")[1])
    scaling = figures["MCP calls/s, 64 clients, serve --workers 2 vs --workers 1 (get_account)"]
    extra = scaling["extra"]
    assert extra["errors"] == 0 and scaling["median"] > 0 and scaling["baseline"] > 0
    assert sum(extra["episodes_per_worker"]) == 64 and min(extra["episodes_per_worker"]) > 0  # both workers
    tail = figures["MCP call p99 at 64 clients vs idle p50 (get_account, 2 workers)"]
    assert tail["extra"]["calls"] == 64 * tail["extra"]["calls_per_client"] and tail["target"] == "≤ 10×"
