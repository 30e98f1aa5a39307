"""Reset and verify after 50 writes, on `acme` and on a world scaled up with the generator.

Both should cost what the performer did (50 writes), not what the world holds: the scaled world's
row carries the `acme` figure as its baseline, so its ratio shows how the cost grows with the world.
Three costs that do grow with the world are reported beside them: creating an episode (a copy of
the image), a record read through its indexes, and a global search (substring matches scan).
"""

from __future__ import annotations

from typing import Any

from apps.core.api import Gym
from apps.core.worlds import World
from benchmarks.runner import REPORT, Config, Figure, at_most, median, time_once
from benchmarks.workload import account_ids, fifty_writes, reference_task, scaled_world
from tasks.verifier import verify


def _measure(gym: Gym, world: str | World, reps: int) -> dict[str, Any]:
    """Wall and CPU ms samples of reset and verify over `reps` rounds of 50 writes, and the last outcome."""
    task = reference_task()
    ep = gym.create_episode(world)
    ep.task = task.public
    ids = account_ids(ep)
    out: dict[str, Any] = {"reset": [], "verify": [], "reset_cpu": [], "verify_cpu": [], "outcome": ""}
    try:
        for _ in range(reps):
            fifty_writes(ep, ids, task_write=True)
            elapsed, verdict = time_once(lambda: verify(ep, task), out["verify_cpu"])
            out["verify"].append(elapsed)
            out["outcome"] = verdict.outcome
            out["reset"].append(time_once(ep.reset, out["reset_cpu"])[0])
    finally:
        ep.close()
    return out


def _growth(gym: Gym, world: str | World, reps: int) -> dict[str, list[float]]:
    """Wall ms samples of create+close, `get_account` and a global search in `world`."""
    out: dict[str, list[float]] = {"create": [], "read": [], "search": []}
    gym.create_episode(world).close()  # builds the golden image outside the measurement
    for _ in range(reps):
        out["create"].append(time_once(lambda: gym.create_episode(world).close())[0])
    ep = gym.create_episode(world)
    try:
        account = account_ids(ep, 1)[0]
        for _ in range(reps):
            out["read"].append(time_once(lambda: ep.call("crm_get_account", account_id=account))[0])
            out["search"].append(time_once(lambda: ep.call("crm_search_records", query="Villanueva"))[0])
    finally:
        ep.close()
    return out


GROWTH = (
    ("create", "create + close an episode"),
    ("read", "get_account, in process"),
    ("search", "search_records, in process"),
)


def run(gym: Gym, cfg: Config) -> list[Figure]:
    reps = cfg.reps(30, 8)
    worlds: list[tuple[str, str | World]] = [("acme", "acme")]
    if cfg.scale and cfg.scale != 1:
        worlds.append((f"acme ×{cfg.scale:g}", scaled_world(cfg.scale, cfg.log)))
    figures: list[Figure] = []
    base: dict[str, float] = {}
    for label, world in worlds:
        got = _measure(gym, world, reps)
        for key, kind, target in (
            ("reset", "reset after 50 writes", at_most(1.0, "≤ 1 ms, flat")),
            ("verify", "verify after 50 writes", at_most(5.0, "≤ 5 ms, flat")),
        ):
            xs = got[key]
            extra = {"samples": len(xs), "cpu_ms": median(got[f"{key}_cpu"])}
            fig = Figure(f"{kind} ({label})", "ms", median(xs), target, extra=extra)
            if key == "verify":
                fig.extra["outcome"] = got["outcome"]
            if label == "acme":
                base[kind] = fig.median
            else:
                fig.baseline, fig.baseline_name = base[kind], f"{kind} on acme (ms)"
            figures.append(fig)
        grown = _growth(gym, world, reps)
        for key, kind in GROWTH:
            fig = Figure(f"{kind} ({label})", "ms", median(grown[key]), REPORT, extra={"samples": reps})
            if label == "acme":
                base[kind] = fig.median
            else:
                fig.baseline, fig.baseline_name = base[kind], f"{kind} on acme (ms)"
            figures.append(fig)
    return figures
