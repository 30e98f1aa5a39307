"""Every task is calibrated (Python surface here; `saasgym tasks check` in CI adds MCP, CLI and the UI),
and no truth canary ever reaches a performer surface during full oracle runs."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
from mcp.client import Client

from apps.core.api import Gym
from apps.core.worlds import list_worlds, load_world
from mcp_gateway.taskcheck.checking import format_problems
from tasks.calibration import EXPECTED, NA, mutants, score_steps
from tasks.oracle import resolve_args
from tasks.store import task_ids, tasks_of
from tests.support.sampling import sampled

TASKS = [(w, t) for w in list_worlds() for t in task_ids(load_world(w))]
# `saasgym tasks check` (beside the suite in CI) calibrates every task on every surface; here a seeded fifth
CALIBRATED = sampled(TASKS, 1 / 10, "calibration")  # `tasks check` beside the suite calibrates every task


@pytest.fixture(scope="module")
def calib_gym():
    return Gym()


def test_there_are_tasks():
    assert len(TASKS) >= 2


@pytest.mark.parametrize(("world", "task_id"), CALIBRATED, ids=[t for _, t in CALIBRATED])
def test_task_is_calibrated(calib_gym, world, task_id):
    task = tasks_of(load_world(world))[task_id]
    assert format_problems(calib_gym, task, {}) == []
    results = {
        "oracle_python": score_steps(calib_gym, task, list(task.truth.oracle)),
        **mutants(calib_gym, task),
    }
    wrong = {k: v for k, v in results.items() if v != NA and v != EXPECTED[k]}
    assert not wrong, f"{task_id} miscalibrated: {wrong}"


def test_no_canary_reaches_a_performer_surface(live_server):
    canaries = {t.truth.canary for w in list_worlds() for t in tasks_of(load_world(w)).values()}
    seen: list[str] = []

    async def run(url: str, steps) -> None:
        results = []
        async with Client(url) as client:
            seen.append(json.dumps([t.model_dump() for t in (await client.list_tools()).tools]))
            for step in steps:
                result = await client.call_tool(step.tool, resolve_args(step.args, results))
                seen.append(result.model_dump_json())
                results.append(result.structured_content)
            bad = await client.call_tool("crm_get_account", {"account_id": "no-such-id"})
            seen.append(bad.model_dump_json())

    for world, task_id in sampled(TASKS, 1 / 3, "canary-tasks"):  # every task under SAASGYM_FULL_TESTS=1
        task = tasks_of(load_world(world))[task_id]
        episode, urls = live_server.gateway.create(world, task=task_id)
        anyio.run(run, urls.mcp(), task.truth.oracle)
        with httpx.Client(follow_redirects=True) as browser:
            for path in ("", "_task", "opportunities", "accounts"):
                page = browser.get(urls.ui("crm") + path if path else urls.ui("crm"))
                seen.append(page.text)
                urls = urls.__class__(
                    urls.base, urls.token, live_server.gateway.manager.launch_token(episode.id), urls.apps
                )
        seen.append(episode.events_jsonl())
        live_server.gateway.manager.close(episode.id)
    everything = "\n".join(seen)
    assert len(everything) > 10_000
    leaked = [c for c in canaries if c in everything]
    assert not leaked
