"""Fair episodes: the per-episode server-time budget, and each episode's calls in one ordered queue."""

from __future__ import annotations

import threading
import time

import anyio
import pytest
from mcp.client import Client

from apps.core.episode_lock import EpisodeLock, LoopBlockedError
from apps.core.tool_runner import FairShare, run_for, yield_point


class Ep:  # any hashable, weak-referenceable object stands for an episode
    pass


def test_an_episode_over_its_share_waits_only_while_others_are_active():
    fair = FairShare(share=0.4, window_s=1.0)
    heavy, light = Ep(), Ep()
    fair.charge(heavy, 0.9)  # 0.9 s of server time within the window: over 0.4
    assert fair.wait_s(heavy) == 0.0  # alone, never held back
    fair.charge(light, 0.001)
    wait = fair.wait_s(heavy)
    assert 0.0 < wait <= 1.0  # until its usage decays back to 0.4 s (ln(0.9 / 0.4) ≈ 0.81 s)
    assert fair.wait_s(light) == 0.0  # the light episode is within its share


def test_one_episodes_concurrent_calls_all_run_in_order(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])

    async def burst():
        async with Client(urls.mcp("crm")) as client:
            results = []

            async def create(i: int) -> None:
                results.append(await client.call_tool("create_account", {"name": f"Burst {i}"}))

            async with anyio.create_task_group() as tg:
                for i in range(12):
                    tg.start_soon(create, i)
            return results

    results = anyio.run(burst)
    assert len(results) == 12 and not any(r.is_error for r in results)
    seqs = [e.seq for e in episode.events() if e.name == "create_account"]
    assert len(seqs) == 12 and seqs == sorted(seqs) and len(set(seqs)) == 12
    names = {r.structured_content["name"] for r in results}
    assert names == {f"Burst {i}" for i in range(12)}


def test_activity_of_others_is_tracked_across_many_episodes():
    fair = FairShare(share=0.4, window_s=1.0)
    episodes = [Ep() for _ in range(50)]
    for ep in episodes:
        fair.charge(ep, 0.001)
    heavy = episodes[-1]
    fair.charge(heavy, 0.9)  # the latest call is the heavy episode's own; the one before it is another's
    assert fair.wait_s(heavy) > 0.0
    fair.charge(episodes[0], 0.001)
    assert fair.wait_s(heavy) > 0.0 and fair.wait_s(episodes[0]) == 0.0


def test_a_long_call_pauses_in_slices_and_is_charged_to_its_own_episode():
    """A call that keeps working yields the loop every slice: another episode's call runs in between,
    and the long call's server time is booked to its own episode."""
    fair = FairShare(share=0.4, window_s=1.0, slice_s=0.002)
    heavy, light = Ep(), Ep()
    light_done_at: list[float] = []

    def long_work() -> int:
        end = time.perf_counter() + 0.3
        n = 0
        while time.perf_counter() < end:
            n += 1
            yield_point()
        return n

    async def light_call() -> None:
        await anyio.sleep(0.05)
        t0 = time.perf_counter()
        await fair.run(light, lambda: None)
        light_done_at.append(time.perf_counter() - t0)

    async def main() -> int:
        async with anyio.create_task_group() as tg:
            tg.start_soon(light_call)
            result = await fair.run(heavy, long_work)
        return result

    assert anyio.run(main) > 0
    assert light_done_at and light_done_at[0] < 0.1  # ran during the 0.3 s call, not after it
    assert fair._meter(heavy, time.monotonic()).used_s > 0.2  # the slices were charged to the heavy one


def test_a_call_waits_for_its_episodes_lock_without_blocking_the_loop():
    """A verify on a worker thread holds the episode's lock: the episode's call pauses, the loop runs."""
    fair = FairShare()
    episode, other = Ep(), Ep()
    lock = EpisodeLock()
    held, release = threading.Event(), threading.Event()
    order: list[str] = []

    def holder() -> None:
        with lock:
            held.set()
            release.wait(5)
            order.append("verify done")

    def guarded() -> str:
        with lock:
            order.append("call ran")
        return "ok"

    async def main() -> str:
        thread = threading.Thread(target=holder)
        thread.start()
        held.wait(5)
        async with anyio.create_task_group() as tg:

            async def others() -> None:
                await fair.run(other, lambda: order.append("other episode ran"))
                release.set()

            tg.start_soon(others)
            result = await fair.run(episode, guarded)
        thread.join()
        return result

    assert anyio.run(main) == "ok"
    assert order == ["other episode ran", "verify done", "call ran"]


def test_waiting_for_an_episode_lock_on_the_loop_outside_the_runner_is_refused():
    fair_loop_lock = EpisodeLock()
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with fair_loop_lock:
            held.set()
            release.wait(5)

    async def main() -> None:
        await run_for(Ep(), lambda: None)  # this loop now serves episodes' calls
        thread = threading.Thread(target=holder)
        thread.start()
        held.wait(5)
        try:
            with pytest.raises(LoopBlockedError):
                fair_loop_lock.acquire()
        finally:
            release.set()
            thread.join()

    anyio.run(main)


def test_a_started_call_runs_to_its_end_when_its_request_is_cancelled():
    fair = FairShare(slice_s=0.001)
    episode = Ep()
    lock = EpisodeLock()
    finished: list[bool] = []

    def work() -> None:
        with lock:
            end = time.perf_counter() + 0.1
            while time.perf_counter() < end:
                yield_point()
            finished.append(True)

    async def main() -> None:
        with anyio.move_on_after(0.02):
            await fair.run(episode, work)
        assert finished == [True] and lock.acquire(blocking=False)  # done, and the lock was let go
        lock.release()

    anyio.run(main)
