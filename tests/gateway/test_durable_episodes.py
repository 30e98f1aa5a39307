"""Durable episodes survive restarts of `saasgym serve` (issue 36, item 8).

A restart (SIGTERM, upgrade, crash) voided every live episode, and snapshots did not survive it. A
durable episode is checkpointed to the state dir at every action boundary: after a SIGTERM and after a
kill -9 of the server (two workers, the supervisor killed), it is back with the same URL, state hash and
clock, continues to the same end hash as an uninterrupted run, and its snapshot restores; an episode
that is not durable is still void; a corrupted checkpoint is refused with a clear reason, never
half-loaded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from mcp.client import Client

from apps.core.api import Gym
from apps.core.checkpoint_files import CorruptCheckpoint
from mcp_gateway.live import free_port
from tests.gateway.test_workers import Served

WORLD, APPS = "tiny", ["crm"]


def _batch(tag: str) -> list[tuple[str, dict]]:
    """Calls of one stretch of work: writes, a read, a refused call (each moves the clock)."""
    return [
        ("create_account", {"name": f"Durable {tag}", "industry": "Energy", "annual_revenue": 1.25e6}),
        ("create_account", {"name": f"Second {tag}", "description": "line one\nline\ttwo"}),
        ("list_accounts", {"limit": 3}),
        ("update_account", {"account_id": "001000000000000AAA", "name": "nobody"}),  # refused: no such id
    ]


BATCHES = {"A": _batch("A"), "B": _batch("B"), "C": _batch("C")}


def _reference() -> tuple[str, str]:
    """The end state hash and logical time of the same calls in one uninterrupted episode."""
    ep = Gym().create_episode(WORLD, apps=APPS)
    for calls in BATCHES.values():
        for name, args in calls:
            ep.invoke("crm", name, args)
    return ep.state_hash(), ep.now.isoformat()


class Server:
    """`saasgym serve --workers 2` on a fixed port and state dir, started and stopped at will."""

    def __init__(self, state: Path):
        self.state, self.port = state, free_port()
        self.proc: subprocess.Popen | None = None

    def start(self) -> Served:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(self.port), "--world", WORLD,
             "--workers", "2"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "SAASGYM_STATE_DIR": str(self.state)},
        )  # fmt: skip
        served = Served(self.proc)
        served.wait_for(r"worker w1: pid \d+", timeout=120)
        return served

    @property
    def api(self) -> httpx.Client:
        key = (self.state / "harness.key").read_text().strip()
        return httpx.Client(
            base_url=f"http://127.0.0.1:{self.port}", headers={"Authorization": f"Bearer {key}"}, timeout=120
        )

    def stop(self, sig: int) -> int:
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=60)


def _run(url: str, calls: list[tuple[str, dict]]) -> list:
    async def go() -> list:
        async with Client(url) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(go)


def _status(server: Server, episode_id: str) -> dict:
    with server.api as api:
        return api.get(f"/v1/episodes/{episode_id}").json()


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path / "state")
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop(signal.SIGKILL)


def test_a_durable_episode_survives_sigterm_and_kill_9_to_the_same_end(server):
    end_hash, end_time = _reference()
    server.start()
    with server.api as api:
        made = api.post("/v1/episodes", json={"world": WORLD, "apps": APPS, "durable": True}).json()
        plain = api.post("/v1/episodes", json={"world": WORLD, "apps": APPS}).json()
        victim = api.post("/v1/episodes", json={"world": WORLD, "apps": APPS, "durable": True}).json()
    episode, url = made["episode_id"], made["urls"]["crm_mcp"]
    assert _status(server, episode)["durable"] is True
    _run(url, BATCHES["A"])
    _run(victim["urls"]["crm_mcp"], BATCHES["A"])
    after_a = _status(server, episode)
    with server.api as api:
        snapshot = api.post(f"/v1/episodes/{episode}/snapshot").json()["snapshot_id"]

    assert server.stop(signal.SIGTERM) == 0  # a graceful stop
    served = server.start()
    served.wait_for(rf"restored durable episode {episode}")
    back = _status(server, episode)
    assert back["state"] == "live"
    assert (back["state_hash"], back["logical_time"]) == (after_a["state_hash"], after_a["logical_time"])
    assert _status(server, plain["episode_id"])["state"] == "void"  # not durable: voided, as before
    results = _run(url, BATCHES["B"])  # the same URL
    assert [r.is_error for r in results] == [False, False, False, True]
    after_b = _status(server, episode)

    server.stop(signal.SIGKILL)  # a crash: the supervisor killed, its workers die with it
    folder = server.state / "episodes" / victim["episode_id"]
    log = bytearray((folder / "log.ckpt").read_bytes())
    log[len(log) // 2] ^= 0xFF  # a flipped byte inside a checkpoint frame
    (folder / "log.ckpt").write_bytes(bytes(log))
    server.start()
    back = _status(server, episode)
    assert (back["state_hash"], back["logical_time"]) == (after_b["state_hash"], after_b["logical_time"])
    _run(url, BATCHES["C"])
    end = _status(server, episode)
    assert (end["state_hash"], end["logical_time"][:19]) == (end_hash, end_time[:19])  # as if never stopped

    refused = _status(server, victim["episode_id"])
    assert refused["state"] == "void" and "could not be restored" in refused["reason"]
    assert "checksum" in refused["reason"]
    with server.api as api:
        verdict = api.post(f"/v1/episodes/{victim['episode_id']}/verify").json()
        restored = api.post(f"/v1/episodes/{episode}/restore", json={"snapshot_id": snapshot}).json()
        assert restored["state_hash"] == after_a["state_hash"]  # the snapshot survived both restarts
        fresh = api.post(f"/v1/episodes/{episode}/urls").json()["urls"]["crm_mcp"]
    assert verdict["detail"].endswith("has no task to verify") or verdict["outcome"] == "void"
    assert httpx.post(url, json={}).status_code == 404  # the old URL was revoked
    assert not _run(fresh, [("list_accounts", {"limit": 1})])[0].is_error


def _frames(data: bytes) -> list[bytes]:
    """The frames of a checkpoint file, as written."""
    from apps.core.checkpoint_files import HEAD

    out, at = [], 0
    while at < len(data):
        length = HEAD.unpack_from(data, at)[2]
        out.append(data[at : at + HEAD.size + length])
        at += HEAD.size + length
    return out


def test_a_damaged_checkpoint_is_refused_whole_and_a_torn_last_frame_is_left_out(tmp_path):
    gym, folder = Gym(), tmp_path / "ep"
    ep = gym.create_episode(WORLD, apps=APPS, episode_id="durable-1")
    ep.make_durable(folder)
    hashes = []
    for name, args in BATCHES["A"]:
        ep.invoke("crm", name, args)
        hashes.append(ep.state_hash())
    pristine = {name: (folder / name).read_bytes() for name in ("meta.json", "base.ckpt", "log.ckpt")}

    def restored(**damage: bytes) -> str:
        for name, data in {**pristine, **damage}.items():
            (folder / name).write_bytes(data)
        episode = Gym().restore_episode(folder)
        assert episode.gym.episode("durable-1") is episode  # back under its own id
        episode.durable = None  # close it without deleting the checkpoint
        state = episode.state_hash()
        episode.close()
        return state

    assert restored() == hashes[-1]
    log = pristine["log.ckpt"]
    frames = _frames(log)
    assert restored(**{"log.ckpt": log[:-5]}) == hashes[-2]  # a last write cut short: never answered
    flipped = bytearray(log)
    flipped[len(frames[0]) + 60] ^= 0x01
    base = bytearray(pristine["base.ckpt"])
    base[-1] ^= 0x01
    meta = pristine["meta.json"].replace(b'"image_sha256": "', b'"image_sha256": "0')
    for damage, reason in [
        ({"log.ckpt": bytes(flipped)}, "does not match its checksum"),
        ({"base.ckpt": bytes(base)}, "does not match its checksum"),
        ({"log.ckpt": b"".join([frames[0], *frames[2:]])}, "do not follow each other"),
        ({"log.ckpt": b"garbage" + log}, "bad magic"),
        ({"meta.json": meta}, "another golden image"),
        ({"meta.json": b"{"}, "meta.json is not readable"),
    ]:
        other = Gym()
        with pytest.raises(CorruptCheckpoint, match=reason):
            for name, data in {**pristine, **damage}.items():
                (folder / name).write_bytes(data)
            other.restore_episode(folder)
        assert other.episodes() == []  # nothing half-loaded
