"""Instances on every surface: the CLI (subprocess), the harness API (paging, provisioning, verifying) and
rollouts; no instance truth reaches a performer surface."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys

import anyio
import httpx
import pytest
from mcp.client import Client

from mcp_gateway.taskcheck.family_checking import is_long_horizon, is_scenario
from tasks.families.instances import instance, instance_ids, parse_id, sample, summary
from tasks.families.registry import families
from tasks.oracle import resolve_args
from tests.support.sampling import sampled

KEY = {"Authorization": "Bearer test-harness-key"}
FAMILY = "ticketing.incident-note"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=os.environ,
    )


@pytest.fixture
def api(live_server):
    with httpx.Client(base_url=live_server.base, headers=KEY, timeout=120) as client:
        yield client


def test_cli_families_sample_show_stats():
    listed = cli("tasks", "families", "--json", "--probe", "1")
    assert listed.returncode == 0, listed.stderr
    rows = {r["family"]: r for r in json.loads(listed.stdout)}
    assert set(rows) == set(families()) and rows[FAMILY]["instances"] == families()[FAMILY].size
    picked = cli(
        "tasks", "sample", "--family", FAMILY, "--split", "test", "--n", "3", *("--seed", "40", "--json")
    )
    assert picked.returncode == 0, picked.stderr
    publics = [json.loads(line) for line in picked.stdout.splitlines()]
    assert [p["id"] for p in publics] == [t.id for t in sample("acme", FAMILY, "test", 3, 40)]
    assert all(p["split"] == "test" and "canary" not in json.dumps(p).lower() for p in publics)
    shown = cli("tasks", "show", publics[0]["id"])
    assert shown.returncode == 0 and "truth" not in json.loads(shown.stdout)
    truth = json.loads(cli("tasks", "show", publics[0]["id"], "--truth").stdout)["truth"]
    assert truth["canary"].startswith("SAASGYM-CANARY-") and truth["measures"]["writes"] == 1
    # One family's statistics (the whole catalog's take minutes; its hard share is checked in test_instances)
    stats = cli("tasks", "stats", "--family", FAMILY, "--json")
    assert stats.returncode == 0, stats.stderr
    per = json.loads(stats.stdout)
    assert set(per) == set(families()[FAMILY].splits)
    drawn = len(list(instance_ids("acme", family=FAMILY)))
    assert sum(sum(v["refusal"].values()) for v in per.values()) == drawn
    bad = cli("tasks", "sample", "--family", "nope.nothing")
    assert bad.returncode == 2 and "unknown family" in bad.stderr and "Traceback" not in bad.stderr
    bad = cli("tasks", "show", "ticketing.no-such-family@3")
    assert bad.returncode != 0 and "no task" in bad.stderr


def test_api_pages_over_instances(api):
    first = api.get("/v1/tasks", params={"family": FAMILY, "split": "train", "limit": 7})
    assert first.status_code == 200
    total = int(first.headers["X-Total-Count"])
    expected = list(instance_ids("acme", family=FAMILY, split="train"))
    assert total == len(expected) and [t["id"] for t in first.json()] == expected[:7]
    assert 'rel="next"' in first.headers["Link"]
    second = api.get("/v1/tasks", params={"family": FAMILY, "split": "train", "limit": 7, "offset": 7})
    assert [t["id"] for t in second.json()] == expected[7:14]
    query = {"app": "ticketing", "difficulty": "hard", "kind": "instance", "limit": 5}
    hard = api.get("/v1/tasks", params=query)
    assert hard.json() and all(t["difficulty"] == "hard" and t["family"] for t in hard.json())
    ids = instance_ids("acme", app="ticketing")
    hard_ones = sum(summary("acme", *parse_id(i)).difficulty == "hard" for i in ids)
    assert int(hard.headers["X-Total-Count"]) == hard_ones
    handwritten = api.get("/v1/tasks").json()
    assert "crm-close-won-villanueva" in {t["id"] for t in handwritten}
    assert all("@" not in t["id"] for t in handwritten)
    assert "canary" not in (first.text + hard.text).lower() and "oracle" not in first.text
    assert api.get("/v1/tasks", params={"family": "nope.x"}).status_code == 422
    assert api.get("/v1/tasks", params={"limit": 0}).status_code == 422


def test_instance_episode_is_provisioned_and_verified(api):
    task = sample("acme", FAMILY, "dev", 1)[0]
    made = api.post("/v1/episodes", json={"task": task.id})
    assert made.status_code == 201, made.text
    body = made.json()
    assert api.post(f"/v1/episodes/{body['episode_id']}/verify").json()["outcome"] == "fail"

    async def solve() -> None:
        results = []
        async with Client(body["urls"]["mcp"]) as client:
            for s in task.truth.oracle:
                result = await client.call_tool(s.tool, resolve_args(s.args, results))
                results.append(result.structured_content)

    anyio.run(solve)
    verdict = api.post(f"/v1/episodes/{body['episode_id']}/verify").json()
    assert verdict["outcome"] == "pass" and verdict["task_id"] == task.id
    assert api.post("/v1/episodes", json={"task": f"{FAMILY}@1000000000"}).status_code == 422


def test_no_instance_canary_reaches_a_performer_surface(live_server):
    # Every family, but of the long-horizon ones (the same tools, 17-265 calls each) one of each kind.
    # (a seeded third of the families in CI; SAASGYM_FULL_TESTS=1 plays them all)
    names = sampled([n for n in families() if not is_long_horizon(n)], 1 / 3, "canary-families")
    names += [min(n for n in families() if is_scenario(n)), "long.account-service-health"]
    tasks = [sample("acme", name, families()[name].splits[-1], 1, 11)[0] for name in names]
    canaries = {t.truth.canary for t in tasks}
    seen: list[str] = []

    async def run(url: str, steps) -> None:
        results = []
        async with Client(url) as client:
            seen.append(json.dumps([t.model_dump() for t in (await client.list_tools()).tools]))
            for s in steps:
                result = await client.call_tool(s.tool, resolve_args(s.args, results))
                seen.append(result.model_dump_json())
                results.append(result.structured_content)

    for task in tasks:
        episode, urls = live_server.gateway.create("acme", task=task.id)
        anyio.run(run, urls.mcp(), task.truth.oracle)
        with httpx.Client(follow_redirects=True) as browser:
            seen.append(browser.get(urls.ui(task.public.apps[0])).text)
            seen.append(browser.get(f"{urls.base}/s/{task.public.apps[0]}/_task").text)
        seen.append(episode.events_jsonl())
        live_server.gateway.manager.close(episode.id)
    everything = html.unescape("\n".join(seen))
    assert all(t.public.prompt[:30] in everything for t in tasks)  # the task page shows the prompt
    assert not [c for c in canaries if c in everything]


def test_rollout_samples_family_instances():
    out = cli("rollout", "--family", FAMILY, "--split", "test", "--n", "2", "--k", "2", "--json")
    assert out.returncode == 0, out.stderr
    metrics = json.loads(out.stdout)
    assert metrics["overall"]["n"] == 4 and metrics["overall"]["pass@1"] == 1.0
    assert set(metrics["tasks"]) == {t.id for t in sample("acme", FAMILY, "test", 2)}
    splits = {instance("acme", FAMILY, int(t.split("@")[1])).public.split for t in metrics["tasks"]}
    assert splits == {"test"}
