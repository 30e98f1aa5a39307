"""64 episodes at once, each writing and reading its own records over MCP: no leaks, no lost writes."""

from __future__ import annotations

import anyio
from mcp.client import Client

EPISODES = 64
WRITES = 3


def test_64_concurrent_episodes_stay_isolated(live_server):
    provisioned = [live_server.new_episode() for _ in range(EPISODES)]
    seen: dict[int, list[str]] = {}

    async def work(i: int, url: str) -> None:
        async with Client(url) as client:
            for n in range(WRITES):
                result = await client.call_tool("create_account", {"name": f"Episode {i} account {n}"})
                assert not result.is_error, result.content
            listed = await client.call_tool("list_accounts", {"search": "Episode ", "limit": 200})
            seen[i] = [r["name"] for r in listed.structured_content["records"]]

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            for i, (_, urls) in enumerate(provisioned):
                tg.start_soon(work, i, urls.mcp("crm"))

    anyio.run(main)
    for i, (episode, _) in enumerate(provisioned):
        assert sorted(seen[i]) == [f"Episode {i} account {n}" for n in range(WRITES)]
        inserted = [c for c in episode.diff() if c.table == "crm_account"]
        assert len(inserted) == WRITES
        live_server.gateway.manager.close(episode.id)
