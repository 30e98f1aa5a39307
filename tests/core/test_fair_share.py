"""Fair episodes: the per-episode server-time budget, and each episode's calls in one ordered queue."""

from __future__ import annotations

import anyio
from mcp.client import Client

from apps.core.tool_runner import FairShare


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
