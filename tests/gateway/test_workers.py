"""`saasgym serve --workers 2` as a real process: episodes on both workers, MCP straight to the owner,
the harness API from any worker, one ledger (capacity atomic across workers), and a worker killed with
SIGKILL voiding only its own episodes before it comes back."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
from mcp.client import Client

from mcp_gateway.live import free_port

TASK = "crm-close-won-villanueva"
CAPACITY = 9


class Served:
    """The supervisor process and what it printed."""

    def __init__(self, proc: subprocess.Popen):
        self.proc, self.lines = proc, []
        self._new_line = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            with self._new_line:
                self.lines.append(line)
                self._new_line.notify_all()

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match:
        deadline = time.time() + timeout
        with self._new_line:
            while True:
                for line in self.lines:
                    if found := re.search(pattern, line):
                        return found
                assert time.time() < deadline and self.proc.poll() is None, "".join(self.lines)
                self._new_line.wait(0.5)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    state = tmp_path_factory.mktemp("workers")
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mcp_gateway",
            "serve",
            "--port",
            str(port),
            "--world",
            "tiny",
            "--workers",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "SAASGYM_STATE_DIR": str(state),
            "SAASGYM_CAPACITY": str(CAPACITY),
        },
    )
    out = Served(proc)
    try:
        workers = {}
        for name in ("w0", "w1"):
            found = out.wait_for(rf"worker {name}: pid (\d+), (http://\S+)")
            workers[name] = {"pid": int(found.group(1)), "base": found.group(2)}
        key = (state / "harness.key").read_text().strip()
        yield {"out": out, "public": f"http://127.0.0.1:{port}", "workers": workers, "key": key}
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    assert proc.returncode == 0, "".join(out.lines)


def _api(served, base: str | None = None) -> httpx.Client:
    return httpx.Client(
        base_url=base or served["public"], headers={"Authorization": f"Bearer {served['key']}"}
    )


def _create(api: httpx.Client) -> dict:
    reply = api.post("/v1/episodes", json={"task": TASK, "apps": ["crm"]}, timeout=120)
    assert reply.status_code == 201, reply.text
    return reply.json()


async def _mcp(url: str) -> dict:
    async with Client(url) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert "list_accounts" in tools
        result = await client.call_tool("list_accounts", {"limit": 2})
        assert not result.is_error, result
        return result.structured_content


def test_each_worker_answers_the_harness_api_and_owns_what_it_creates(served):
    made = {}
    # w0 holds the start-up episode: asked first, w1 keeps its new episode (it holds fewest); then w0
    # keeps its own (a tie stays where it was asked).
    for name in ("w1", "w0"):
        worker = served["workers"][name]
        with _api(served, worker["base"]) as api:
            assert api.get("/healthz").json()["worker"] == name
            made[name] = _create(api)
        # The performer URLs name the worker that holds the episode: MCP reaches it without a hop.
        assert made[name]["urls"]["mcp"].startswith(worker["base"] + "/e/")
    for name, episode in made.items():
        assert anyio.run(_mcp, episode["urls"]["crm_mcp"])["total"] > 0
        other = next(w for n, w in served["workers"].items() if n != name)
        with _api(served, other["base"]) as api:  # asked of the other worker, answered by the owner
            status = api.get(f"/v1/episodes/{episode['episode_id']}").json()
            assert status["state"] == "live" and len(status["state_hash"]) == 64
            verdict = api.post(f"/v1/episodes/{episode['episode_id']}/verify", timeout=60).json()
            assert verdict["outcome"] in ("pass", "fail") and verdict["task_id"] == TASK
    served["made"] = made


def test_new_episodes_go_to_the_worker_holding_fewest(served):
    """One keep-alive connection to the public port reaches one worker; the episodes still spread."""
    ports = {w["base"]: name for name, w in served["workers"].items()}
    with _api(served) as api:
        made = [api.post("/v1/episodes", json={"world": "tiny", "apps": ["crm"]}) for _ in range(4)]
        owners = [ports[m.json()["urls"]["mcp"].split("/e/")[0]] for m in made]
        assert set(owners) == {"w0", "w1"}, owners
        # w0 held the start-up episode and one task episode, w1 one: after four more, 4 and 3
        assert abs(2 + owners.count("w0") - 1 - owners.count("w1")) <= 1, owners
        for m in made:
            assert api.delete(f"/v1/episodes/{m.json()['episode_id']}").status_code == 200


def test_capacity_holds_across_workers_under_concurrent_creates(served):
    bases = [w["base"] for w in served["workers"].values()] + [served["public"]]
    with _api(served) as api:
        active = len(api.get("/v1/episodes").json())

    def create(i: int) -> int:
        with _api(served, bases[i % len(bases)]) as api:
            return api.post("/v1/episodes", json={"world": "tiny", "apps": ["crm"]}, timeout=120).status_code

    with ThreadPoolExecutor(12) as pool:
        codes = list(pool.map(create, range(12)))
    assert codes.count(201) == CAPACITY - active, codes
    assert set(codes) == {201, 503}, codes  # 503 + Retry-After: capacity exhausted
    with _api(served) as api:
        episodes = api.get("/v1/episodes").json()
        assert len(episodes) == CAPACITY
        for row in episodes:  # free the slots the next test needs
            if row["world"] == "tiny" and row["episode_id"] not in {
                e["episode_id"] for e in served["made"].values()
            }:
                assert api.delete(f"/v1/episodes/{row['episode_id']}").status_code == 200


def test_a_performer_credential_on_the_other_workers_api_is_recorded_on_its_episode(served):
    """A token or UI session cookie sent to the `/v1` of the worker that does not hold its episode is
    refused there and recorded in the episode (relayed to its owner): the verdict is `invalid`."""
    with _api(served) as api:
        episode = _create(api)
    owner = next(n for n, w in served["workers"].items() if episode["urls"]["mcp"].startswith(w["base"]))
    other = next(w["base"] for n, w in served["workers"].items() if n != owner)
    token = episode["urls"]["mcp"].split("/e/")[1].split("/")[0]
    launched = httpx.get(episode["urls"]["crm_ui"], follow_redirects=False)
    assert launched.status_code == 303
    cookie = launched.cookies["saasgym_session"]
    refused = [
        httpx.get(f"{other}/v1/episodes", headers={"Authorization": f"Bearer {token}"}),
        httpx.get(f"{other}/v1/tasks", cookies={"saasgym_session": cookie}),
    ]
    assert [r.status_code for r in refused] == [401, 401]
    with _api(served, other) as api:
        verdict = api.post(f"/v1/episodes/{episode['episode_id']}/verify", timeout=60).json()
        events = api.get(f"/v1/episodes/{episode['episode_id']}/events").text
    assert verdict["outcome"] == "invalid" and "gate:no_forbidden_calls" in verdict["reason_codes"]
    assert events.count('"kind": "forbidden"') == 2
    with _api(served) as api:
        assert api.delete(f"/v1/episodes/{episode['episode_id']}").status_code == 200


def test_a_killed_worker_voids_only_its_episodes_and_comes_back(served):
    made, w1 = served["made"], served["workers"]["w1"]
    os.kill(w1["pid"], signal.SIGKILL)
    served["out"].wait_for(r"worker w1 \(pid \d+\) exited with -9; \d+ of its episodes are void")
    new_pid = int(served["out"].wait_for(r"worker w1 restarted \(pid (\d+)\)").group(1))
    assert new_pid != w1["pid"]
    with _api(served) as api:
        lost = api.get(f"/v1/episodes/{made['w1']['episode_id']}").json()
        assert lost["state"] == "void" and "worker" in lost["reason"]
        verdict = api.post(f"/v1/episodes/{made['w1']['episode_id']}/verify").json()
        assert verdict["outcome"] == "void" and verdict["reward"] is None  # never a reward of 0
        kept = api.get(f"/v1/episodes/{made['w0']['episode_id']}").json()
        assert kept["state"] == "live"
    assert anyio.run(_mcp, made["w0"]["urls"]["crm_mcp"])["total"] > 0  # the other worker never noticed
    assert httpx.post(made["w1"]["urls"]["crm_mcp"], json={}).status_code == 404  # its URLs are dead
    with _api(served, w1["base"]) as api:  # the restarted worker serves new episodes on the same port
        assert api.get("/healthz").json()["worker"] == "w1"
        fresh = _create(api)
    assert fresh["urls"]["mcp"].startswith(w1["base"])
    assert anyio.run(_mcp, fresh["urls"]["crm_mcp"])["total"] > 0
