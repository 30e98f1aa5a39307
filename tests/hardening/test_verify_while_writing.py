"""Defect: a verify taken while the agent writes could hang the gateway or come out `invalid`.

Every reader of an episode holds the episode's lock, so a verdict is the verdict of the state at an
action boundary: no hang (watchdog), no spurious `invalid`.
"""

from __future__ import annotations

import threading
import time

import anyio
import httpx
from mcp.client import Client

from apps.core.api import Gym
from tasks.store import find_task
from tasks.verifier import verify

TASK = "crm-myers-rating-employees"
KEY = {"Authorization": "Bearer test-harness-key"}
WATCHDOG_S = 120


def _run_with_watchdog(*targets) -> None:
    threads = [threading.Thread(target=t, daemon=True) for t in targets]
    for t in threads:
        t.start()
    deadline = time.monotonic() + WATCHDOG_S
    for t in threads:
        t.join(timeout=max(0.1, deadline - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "a reader and a writer of one episode deadlocked"


def test_verify_in_process_while_writing_never_hangs_nor_voids(gym: Gym):
    task = find_task(TASK, ["acme"])
    gym.tool_timeout_s = 10.0
    ep = gym.create_episode("acme", apps=["crm"])
    ep.task = task.public
    account = ep.call("crm_list_accounts", limit=1)["records"][0]["id"]
    outcomes: list[str] = []
    errors: list[str] = []

    def writer() -> None:
        for i in range(1500):
            out = ep.invoke("crm", "update_account", {"account_id": account, "description": f"d{i}"})
            if not out.ok:
                errors.append(out.error or "")

    def reader() -> None:
        for _ in range(150):
            outcomes.append(verify(ep, task).outcome)
            ep.diff()
            ep.state_hash()

    try:
        _run_with_watchdog(writer, reader)
    finally:
        gym.tool_timeout_s = None
    assert not errors
    assert len(outcomes) == 150
    assert "invalid" not in outcomes and "void" not in outcomes, sorted(set(outcomes))
    ep.close()


def test_verify_over_http_while_writing_keeps_the_gateway_alive(live_server):
    task = find_task(TASK, ["acme"])
    episode, urls = live_server.new_episode("acme", apps=["crm"], task=task.public.id)
    account = episode.call("crm_list_accounts", limit=1)["records"][0]["id"]
    base = live_server.base
    outcomes: list[str] = []
    health: list[int] = []
    write_errors: list[str] = []

    def writer() -> None:
        async def go() -> None:
            async with Client(urls.mcp("crm")) as client:
                for i in range(400):
                    r = await client.call_tool(
                        "update_account", {"account_id": account, "description": f"x{i}"}
                    )
                    if r.is_error:
                        write_errors.append(str(r.content))

        anyio.run(go)

    def reader() -> None:
        with httpx.Client(base_url=base, headers=KEY, timeout=30) as http:
            for _ in range(60):
                r = http.post(f"/v1/episodes/{episode.id}/verify")
                assert r.status_code == 200, r.text
                outcomes.append(r.json()["outcome"])
                health.append(http.get("/healthz").status_code)

    _run_with_watchdog(writer, reader)
    assert not write_errors
    assert len(outcomes) == 60 and set(health) == {200}
    assert "invalid" not in outcomes and "void" not in outcomes, sorted(set(outcomes))
    live_server.gateway.manager.close(episode.id)
