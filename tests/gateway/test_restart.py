"""Crash durability: after kill -9 and a restart, the ledger knows every episode and voids the lost ones."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import anyio
import httpx
from mcp.client import Client

from mcp_gateway.live import free_port

KEY = "restart-test-key"


def _serve(port: int, state_dir) -> subprocess.Popen:
    env = {**os.environ, "SAASGYM_STATE_DIR": str(state_dir), "SAASGYM_HARNESS_KEY": KEY}
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(port), "--world", "tiny"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def test_kill_9_then_restart_voids_lost_episodes(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    auth = {"Authorization": f"Bearer {KEY}"}
    proc = _serve(port, tmp_path)
    try:
        made = httpx.post(f"{base}/v1/episodes", json={"world": "tiny"}, headers=auth, timeout=120).json()

        async def write():
            async with Client(made["urls"]["crm_mcp"]) as client:
                return await client.call_tool("create_account", {"name": "Before the crash"})

        assert not anyio.run(write).is_error
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc = _serve(port, tmp_path)
    try:
        state = httpx.get(f"{base}/v1/episodes/{made['episode_id']}", headers=auth, timeout=120).json()
        assert state["state"] == "void" and "restarted" in state["reason"]
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        assert httpx.post(made["urls"]["crm_mcp"], json=body, timeout=120).status_code == 404
        again = httpx.post(f"{base}/v1/episodes", json={"world": "tiny"}, headers=auth, timeout=120)
        assert again.status_code == 201 and again.json()["episode_id"] != made["episode_id"]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_the_crash_rules_keep_only_live_durable_episodes_for_their_worker(tmp_path):
    """At start-up every active episode is void but a live durable one, which its worker restores; a
    single-process server adopts the durable episodes of workers it replaced."""
    from mcp_gateway.ledger import Ledger

    path = tmp_path / "ledger.db"
    w0, w1 = Ledger(path, worker="w0"), Ledger(path, worker="w1")
    made = {}
    for name, ledger, durable in [("plain", w0, False), ("kept", w0, True), ("other", w1, True)]:
        made[name] = ledger.reserve(world="tiny", apps=["crm"], task=None, seed=None, ttl_s=60, capacity=9,
                                    durable=durable)  # fmt: skip
        ledger.set_state(made[name], "live")
    reserved = w0.reserve(
        world="tiny", apps=["crm"], task=None, seed=None, ttl_s=60, capacity=9, durable=True
    )
    assert sorted(w0.reconcile()) == sorted([made["plain"], reserved])  # a reserved one never lived
    assert [r.id for r in w0.durable_to_restore()] == [made["kept"]]
    assert w0.get(made["kept"]).durable and w0.get(made["kept"]).public()["durable"] is True
    single = Ledger(path)  # a restart with one process: no worker names
    assert single.reconcile() == []
    assert sorted(r.id for r in single.durable_to_restore()) == sorted([made["kept"], made["other"]])
