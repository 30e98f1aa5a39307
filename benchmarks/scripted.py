"""A full scripted episode through the Python API: create → 10 tool calls → verify → close.

The script solves the reference task the way an agent would: look the deal up, read around it,
make the one write, then the harness scores and closes the episode.

Two figures: one process running episodes back to back (1000 / the median episode's milliseconds),
and the whole machine, one worker process per core (a `Gym` each, as a lab runs parallel rollouts),
all starting together after their warm-up: episodes finished / wall seconds.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from typing import Any

from apps.core.api import Gym
from benchmarks.runner import REPORT, Config, Figure, at_least, median, time_once
from benchmarks.workload import reference_task
from tasks.arrivals import begin
from tasks.verifier import verify

OPPORTUNITY = "0065g00000000L5AAI"


def scripted_episode(gym: Gym, task: Any) -> str:
    """One episode end to end; returns the verdict's outcome."""
    ep = gym.create_episode(task.public.world, apps=list(task.public.apps))
    begin(ep, task)
    try:
        ep.call("crm_get_current_user")
        found = ep.call("crm_list_opportunities", search="Acme Wireless Access Point W6", limit=5)
        ep.call("crm_search_records", query="Villanueva", limit=5)
        deal = ep.call("crm_get_opportunity", opportunity_id=OPPORTUNITY)
        ep.call("crm_get_account", account_id=deal["opportunity"]["account_id"])
        ep.call("crm_list_activities", record_id=OPPORTUNITY)
        ep.call("crm_list_contacts", account_id=deal["opportunity"]["account_id"], limit=5)
        ep.call("crm_list_tasks", what_id=OPPORTUNITY)
        ep.call("crm_update_opportunity", opportunity_id=OPPORTUNITY, stage_name="Closed Won")
        ep.call("crm_get_opportunity", opportunity_id=OPPORTUNITY)
        assert found is not None
        return verify(ep, task).outcome
    finally:
        ep.close()


def _worker(barrier: Any, results: Any, episodes: int) -> None:
    gym, task = Gym(), reference_task()
    for _ in range(3):  # warm-up: golden image, compiled statements
        scripted_episode(gym, task)
    barrier.wait()
    start = time.perf_counter()
    outcomes = [scripted_episode(gym, task) for _ in range(episodes)]
    results.put((start, time.perf_counter(), outcomes.count("pass"), len(outcomes)))


def machine_rate(workers: int, episodes: int) -> tuple[float, int, int]:
    """(episodes per second, passed, run) with `workers` processes running `episodes` each at once."""
    ctx = mp.get_context("spawn")  # a clean interpreter each, as separate rollout workers would be
    barrier, results = ctx.Barrier(workers), ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(barrier, results, episodes)) for _ in range(workers)]
    for p in procs:
        p.start()
    rows = [results.get(timeout=600) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    wall = max(r[1] for r in rows) - min(r[0] for r in rows)
    return sum(r[3] for r in rows) / wall, sum(r[2] for r in rows), sum(r[3] for r in rows)


def run(gym: Gym, cfg: Config) -> list[Figure]:
    task = reference_task()
    outcome = scripted_episode(gym, task)  # warm-up (golden image, caches)
    samples: list[float] = []
    cpu: list[float] = []
    for _ in range(cfg.reps(60, 15)):
        elapsed, outcome = time_once(lambda: scripted_episode(gym, task), cpu)
        samples.append(elapsed)
    per_episode = median(samples)
    workers = os.cpu_count() or 1
    rates, passed, ran = [], 0, 0
    for _ in range(cfg.reps(3, 1)):
        rate, ok, n = machine_rate(workers, cfg.reps(150, 40))
        rates.append(rate)
        passed, ran = passed + ok, ran + n
    return [
        Figure(
            "scripted episodes/s, one process (create → 10 calls → verify → close)",
            "episodes/s",
            1000 / per_episode,
            REPORT,
            extra={
                "median_ms": per_episode,
                "cpu_ms": median(cpu),
                "samples": len(samples),
                "outcome": outcome,
            },
        ),
        Figure(
            f"scripted episodes/s, this machine ({workers} worker processes)",
            "episodes/s",
            median(rates),
            at_least(50, "≥ 50 /s"),
            extra={"workers": workers, "runs": len(rates), "passed": passed, "episodes": ran},
        ),
    ]
