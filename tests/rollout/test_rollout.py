"""The rollout runner: metrics, in-process and gateway modes, and the `saasgym rollout` command."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import anyio
import pytest

from apps.core.worlds import load_world
from mcp_gateway.rollout.agents import ScriptedAgent
from mcp_gateway.rollout.metrics import pass_at_k, pass_hat_k, summarize
from mcp_gateway.rollout.runner import report, run_rollouts
from tasks.store import tasks_of

CLOSE_WON = "crm-close-won-villanueva"


def test_pass_at_k_and_pass_hat_k():
    assert pass_at_k(10, 0, 1) == 0 and pass_at_k(10, 10, 5) == 1
    assert pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(4, 1, 2) == pytest.approx(1 - math.comb(3, 2) / math.comb(4, 2))
    assert pass_hat_k(4, 3, 2) == pytest.approx(math.comb(3, 2) / math.comb(4, 2))
    assert math.isnan(pass_at_k(2, 1, 3))
    summary = summarize(["pass", "fail", "void", "invalid", "pass"], [1, 2])
    assert (summary["n"], summary["passes"], summary["void"], summary["invalid"]) == (4, 2, 1, 1)
    assert summary["pass@1"] == pytest.approx(0.5)


@pytest.fixture(scope="module")
def catalog():
    return tasks_of(load_world("acme"))


def test_in_process_rollouts_of_the_oracle_all_pass(gym, catalog):
    tasks = [catalog[CLOSE_WON]]
    results = anyio.run(lambda: run_rollouts(tasks, ScriptedAgent(catalog), k=6, parallel=3, gym=gym))
    assert [r.outcome for r in results] == ["pass"] * 6
    metrics = report(results, 6)
    assert metrics["tasks"][CLOSE_WON]["pass@1"] == 1.0 and metrics["tasks"][CLOSE_WON]["pass^6"] == 1.0
    assert not gym.episodes() or all(e.id not in {r.episode_id for r in results} for e in gym.episodes())


def test_slipping_agent_is_deterministic_and_scored_honestly(gym, catalog):
    tasks = [catalog[CLOSE_WON]]
    agent = ScriptedAgent(catalog, slip=0.5, seed=3)
    first = anyio.run(lambda: run_rollouts(tasks, agent, k=8, parallel=4, gym=gym))
    second = anyio.run(lambda: run_rollouts(tasks, agent, k=8, parallel=4, gym=gym))
    assert [r.outcome for r in first] == [r.outcome for r in second]
    assert {"pass", "fail"} == {r.outcome for r in first}


def test_rollouts_against_a_gateway(live_server, catalog):
    tasks = [catalog[CLOSE_WON]]
    results = anyio.run(
        lambda: run_rollouts(
            tasks, ScriptedAgent(catalog), k=4, parallel=4, url=live_server.base, key="test-harness-key"
        )
    )
    assert [r.outcome for r in results] == ["pass"] * 4
    assert all(live_server.gateway.ledger.get(r.episode_id).state == "closed" for r in results)


def test_rollout_command(tmp_path):
    out = tmp_path / "results.jsonl"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp_gateway",
            "rollout",
            "--task",
            CLOSE_WON,
            "--k",
            "3",
            "--parallel",
            "3",
            "--out",
            str(out),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=os.environ.copy(),
    )
    assert run.returncode == 0, run.stderr
    metrics = json.loads(run.stdout)
    assert metrics["tasks"][CLOSE_WON]["pass@1"] == 1.0 and metrics["overall"]["void"] == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 3 and {x["outcome"] for x in lines} == {"pass"}
    bad = subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "rollout", "--task", "nope"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "unknown task" in bad.stderr
