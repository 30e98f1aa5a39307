"""The client's view of the catalogue and of episode lifetimes, from the built wheel in a clean venv.

Catalogue: every id the server lists (hand-written tasks and family instances), the hand-written tasks'
public parts, and the named families' instances streamed page by page (every instance of the catalogue when
the job says `full`). Lifetimes: an episode is closed on every path — an error inside `with`, a harness
dropped without closing, a cancelled async rollout — and the verdict keeps every field the server sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

from common import emit, load_job
from saasgym_client import AsyncHarness, Harness

job = load_job()
out: dict = {}


def live(gym: Harness) -> set[str]:
    return {e.episode_id for e in gym.episodes() if e.state == "live"}


with Harness(job["base"], key=job["key"]) as gym:
    start = time.monotonic()
    out["ids"] = gym.task_ids(kind="all", page_size=5000)
    out["ids_s"] = round(time.monotonic() - start, 2)
    out["handwritten"] = sorted(t.id for t in gym.tasks())
    streamed = {}
    for family in job["families"]:
        found = list(gym.iter_tasks(family=family, page_size=40))
        streamed[family] = [[t.id, t.family, t.version is not None, bool(t.prompt)] for t in found]
    out["streamed"] = streamed
    out["by_id"] = [[t.id, t.family] for t in gym.tasks(ids=job["sample"])]
    out["dev_instances"] = len(gym.task_ids(kind="instance", split="dev"))
    if job.get("full"):
        start = time.monotonic()
        out["full"] = [t.id for t in gym.iter_tasks(kind="all", page_size=500)]
        out["full_s"] = round(time.monotonic() - start, 1)

    checkpointed = gym.create_episode(task=job["checkpointed"])
    verdict = checkpointed.verify()
    out["verdict"] = {
        "id": verdict.verdict_id,
        "task": verdict.task_id,
        "progress": verdict.progress,
        "checkpoints": len(verdict.checkpoints),
        "extra": sorted(verdict.extra),
    }
    checkpointed.close()

    before = live(gym)
    try:
        with gym.create_episode(world="tiny", apps=["crm"]) as ep:
            failed_id = ep.id
            raise RuntimeError("the agent crashed")
    except RuntimeError:
        pass
    out["with_error_closed"] = gym.episode(failed_id).state

dropped = Harness(job["base"], key=job["key"])
dropped_id = dropped.create_episode(world="tiny", apps=["crm"]).id
del dropped
gc.collect()


async def cancelled() -> str:
    async with AsyncHarness(job["base"], key=job["key"], keep_episodes=True) as gym:
        ep = await gym.create_episode(world="tiny", apps=["crm"])

        async def rollout() -> None:
            async with ep:
                await asyncio.sleep(30)  # the agent's turn, cut short by a timeout

        with contextlib.suppress(TimeoutError):  # the driver runs on Python 3.11: one TimeoutError
            await asyncio.wait_for(rollout(), timeout=0.5)
        return ep.id


cancelled_id = asyncio.run(cancelled())

with Harness(job["base"], key=job["key"]) as gym:
    out["dropped_closed"] = gym.episode(dropped_id).state
    out["cancelled_closed"] = gym.episode(cancelled_id).state
    kept = Harness(job["base"], key=job["key"], keep_episodes=True)
    kept_id = kept.create_episode(world="tiny", apps=["crm"]).id
    kept.close()
    out["kept_state"] = gym.episode(kept_id).state
    gym.close_episode(kept_id)
    out["live_after"] = sorted(live(gym) - before)
emit(out)
