"""Durable episodes (apps/core/durable.py): what checkpointing costs per call, and how long a restart takes.

Per call: the server CPU (this thread) of the same mixed calls — an account update, a new task, an
account read — on a durable and on a plain all-apps `acme` episode, in alternation, the median over the
calls (the durable one also writes its boundary's frame to the state dir: the frame's size is reported).
Restart: `Gym.restore_episode` of a durable episode after 200 calls, in a new Gym whose golden image is
already built (a restarted worker builds it before restoring), median of repeated restores.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from apps.core.api import Episode, Gym
from benchmarks.runner import Config, Figure, at_most, median, ratio_at_most
from benchmarks.workload import account_ids

APPS = ["crm", "office", "ticketing"]


def _calls(ep: Episode, account: str, i: int) -> None:
    ep.call("crm_update_account", account_id=account, phone=f"(555) 555-{i:04d}")
    ep.call("crm_create_task", subject=f"Durable follow-up {i}", what_id=account)
    ep.call("crm_get_account", account_id=account)


def run(gym: Gym, cfg: Config) -> list[Figure]:
    folder = Path(tempfile.mkdtemp(prefix="saasgym-bench-durable-"))
    try:
        durable = gym.create_episode("acme", apps=APPS)
        durable.make_durable(folder / "episode")
        plain = gym.create_episode("acme", apps=APPS)
        accounts = account_ids(plain)
        account_ids(durable)  # the same calls on both, so both clocks and states stay in step
        rounds = cfg.reps(300, 40)
        durable_cpu, plain_cpu = [], []
        for i in range(rounds):
            for ep, samples in ((durable, durable_cpu), (plain, plain_cpu)):
                c0 = time.thread_time_ns()
                _calls(ep, accounts[i % len(accounts)], i)
                samples.append((time.thread_time_ns() - c0) / 3e6)  # ms per call
        log_bytes = (folder / "episode" / "log.ckpt").stat().st_size
        assert durable.state_hash() == plain.state_hash(), "a durable episode diverged from a plain one"
        for ep in (durable, plain):
            ep.durable = None  # keep the checkpoint for the restart figure
            ep.close()
        restarts = []
        for _ in range(cfg.reps(5, 2)):
            restarted = Gym()
            restarted.store.golden(
                durable.world, [restarted.apps[a] for a in APPS]
            )  # built before, as a worker
            copy = folder / f"restore-{len(restarts)}"
            shutil.copytree(folder / "episode", copy)
            t0 = time.perf_counter()
            ep = restarted.restore_episode(copy)
            restarts.append((time.perf_counter() - t0) * 1000)
            ep.close()
        return [
            Figure(
                "durable episode: server CPU per call (update, create, read; vs not durable)",
                "ms",
                median(durable_cpu),
                ratio_at_most(1.5),
                baseline=median(plain_cpu),
                baseline_name="the same calls on a plain episode (ms CPU)",
                extra={"calls": 3 * rounds, "checkpoint_bytes_per_call": log_bytes / (3 * rounds)},
            ),
            Figure(
                f"durable episode restored after a restart ({3 * rounds} calls, all apps, acme)",
                "ms",
                median(restarts),
                at_most(2000, "≤ 2 s"),
                extra={"restores": len(restarts)},
            ),
        ]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
