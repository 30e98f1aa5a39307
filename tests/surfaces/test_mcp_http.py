"""MCP over streamable HTTP against a real uvicorn server, with the SDK client in both modes."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
from mcp.client import Client

MODES = ["auto", "legacy"]


def run(coro_fn, *args):
    return anyio.run(coro_fn, *args)


async def _list_and_call(url: str, mode: str):
    async with Client(url, mode=mode) as client:
        tools = (await client.list_tools()).tools
        created = await client.call_tool("create_account", {"name": f"MCP {mode}", "industry": "Banking"})
        listed = await client.call_tool("list_accounts", {"search": f"MCP {mode}"})
        return tools, created, listed


@pytest.mark.parametrize("mode", MODES)
def test_tools_list_and_call_in_both_protocol_modes(live_server, mode):
    episode, urls = live_server.new_episode()
    tools, created, listed = run(_list_and_call, urls.mcp("crm"), mode)
    by_name = {t.name: t for t in tools}
    assert len(tools) >= 20
    create = by_name["create_account"]
    assert create.input_schema["required"] == ["name"]
    result_schema, error_schema = create.output_schema["anyOf"]  # the result, or Salesforce's error body
    assert create.output_schema["type"] == "object" and "id" in result_schema["properties"]
    assert error_schema["properties"]["errors"]["items"]["required"] == ["errorCode", "message", "fields"]
    # optional fields are `anyOf: [T, null]` in both schemas, never a type array (which clients mapping
    # onto one `type` reject); the client validated every structured result below against them
    nullable = {"anyOf": [{"type": "string", "maxLength": 40}, {"type": "null"}]}
    assert create.input_schema["properties"]["phone"].items() >= nullable.items()
    assert result_schema["properties"]["phone"]["anyOf"][1] == {"type": "null"}
    assert '"type": ["' not in json.dumps([t.input_schema for t in tools] + [t.output_schema for t in tools])
    assert create.annotations.read_only_hint is False and by_name["list_accounts"].annotations.read_only_hint
    assert "Create an account" in create.description
    assert not created.is_error and created.structured_content["industry"] == "Banking"
    assert listed.structured_content["total"] == 1
    row = episode.call("crm_get_account", account_id=created.structured_content["id"])["account"]
    assert row["name"] == f"MCP {mode}"
    assert [e.surface for e in episode.events() if e.name == "create_account"] == ["mcp"]


async def _call(url: str, tool: str, args: dict, mode: str = "auto"):
    async with Client(url, mode=mode) as client:
        return await client.call_tool(tool, args)


def test_combined_endpoint_prefixes_tool_names(live_server):
    episode, urls = live_server.new_episode()

    async def names():
        async with Client(urls.mcp()) as client:
            return [t.name for t in (await client.list_tools()).tools]

    tool_names = run(names)
    assert "crm_create_account" in tool_names and all("_" in n for n in tool_names)
    result = run(_call, urls.mcp(), "crm_create_account", {"name": "Combined"})
    assert not result.is_error


def test_rule_violation_is_an_error_result_and_writes_nothing(live_server):
    episode, urls = live_server.new_episode()
    before = episode.diff()
    result = run(_call, urls.mcp("crm"), "create_account", {"name": "Bad", "industry": "Wizardry"})
    assert result.is_error
    text = result.content[0].text
    assert "industry" in text and "choose one of" in text and "Traceback" not in text
    assert episode.diff() == before


def test_episodes_are_isolated_by_url(live_server):
    ep_a, urls_a = live_server.new_episode()
    ep_b, urls_b = live_server.new_episode()
    run(_call, urls_a.mcp("crm"), "create_account", {"name": "Only A"})
    assert any(c.table == "crm_account" for c in ep_a.diff())
    assert ep_b.diff() == []


def test_unknown_token_and_closed_episode_get_404(live_server):
    episode, urls = live_server.new_episode()
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    bad = urls.mcp("crm").replace(urls.token, urls.token[:-1] + ("A" if urls.token[-1] != "A" else "B"))
    assert httpx.post(bad, json=body).status_code == 404
    episode.close()
    assert httpx.post(urls.mcp("crm"), json=body).status_code == 404
    assert httpx.get(urls.ui("crm")).status_code == 404


def test_foreign_origin_and_host_are_refused(live_server):
    _, urls = live_server.new_episode()
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    evil = httpx.post(urls.mcp("crm"), json=body, headers={**headers, "origin": "http://evil.example"})
    assert evil.status_code == 403
    host = httpx.post(urls.mcp("crm"), json=body, headers={**headers, "host": "evil.example"})
    assert host.status_code in (403, 421)
