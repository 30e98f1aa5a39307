"""One combined MCP server serves every set of apps: it lists and accepts only the episode's apps."""

from __future__ import annotations

import anyio
from mcp.client import Client


async def _list_and_call(url: str, tool: str, args: dict):
    async with Client(url) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        return names, await client.call_tool(tool, args)


def test_combined_endpoint_lists_and_accepts_only_the_episodes_apps(live_server):
    crm_only, urls = live_server.new_episode("tiny", apps=["crm"])
    names, refused = anyio.run(
        _list_and_call, urls.mcp(), "ticketing_create_incident", {"short_description": "x"}
    )
    assert "crm_create_account" in names and "complete_task" in names
    assert not any(n.startswith(("ticketing_", "office_")) for n in names)
    assert refused.is_error and "Unknown tool" in refused.content[0].text
    assert not [e for e in crm_only.events() if e.app == "ticketing"]  # nothing ran

    both, urls = live_server.new_episode("tiny", apps=["crm", "ticketing"])
    names, made = anyio.run(_list_and_call, urls.mcp(), "crm_create_account", {"name": "Two apps"})
    assert any(n.startswith("ticketing_") for n in names) and not any(n.startswith("office_") for n in names)
    assert not made.is_error and made.structured_content["name"] == "Two apps"


def test_a_call_on_an_episode_closed_meanwhile_is_an_error_result(gym):
    from apps.core.mcp_adapter import build_mcp_server

    episode = gym.create_episode("tiny", apps=["crm"])
    episode.close()
    server = build_mcp_server([gym.apps["crm"]], name="t", prefix=False, resolve=lambda ctx: episode)

    async def call():
        async with Client(server) as client:
            return await client.call_tool("get_current_user", {})

    result = anyio.run(call)
    assert result.is_error and "closed" in result.content[0].text
