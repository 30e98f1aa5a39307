"""The ticketing tools over real surfaces: MCP over HTTP with a real client, and the CLI as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import anyio
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client


def _mcp(url: str, calls: list[tuple[str, dict]]):
    async def run():
        async with Client(streamable_http_client(url)) as client:
            tools = (await client.list_tools()).tools
            results = [await client.call_tool(name, args) for name, args in calls]
            return tools, results

    with ThreadPoolExecutor(1) as pool:  # its own thread: safe even beside Playwright's event loop
        return pool.submit(anyio.run, run).result()


def test_mcp_over_http(live_server):
    episode, urls = live_server.new_episode("tiny")
    caller = episode.call("ticketing_list_users", department="Sales", limit=1)["records"][0]["sys_id"]
    before = episode.state_hash()
    tools, (bad, good) = _mcp(
        urls.mcp("ticketing"),
        [
            ("resolve_incident", {"incident_id": "INC0010001", "close_code": "Nope", "close_notes": "x"}),
            (
                "create_incident",
                {"caller_id": caller, "short_description": "Printer offline", "impact": 2, "urgency": 1},
            ),
        ],
    )
    names = {t.name for t in tools}
    assert len(names) >= 25 and {"create_incident", "approve_change", "order_catalog_item"} <= names
    assert bad.is_error
    created = good.structured_content
    assert created["priority"] == 2 and created["state_label"] == "New"
    inserted = [c for c in episode.diff() if c.table == "ticketing_incident"]
    assert [c.pk for c in inserted] == [created["sys_id"]]
    assert episode.state_hash() != before
    assert any(e.surface == "mcp" and e.name == "create_incident" for e in episode.events())


def _cli(urls, *args):
    cmd = [sys.executable, "-m", "mcp_gateway", "ticketing", *args, "--url", urls.cli, "--json"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def test_cli_subprocess(live_server):
    episode, urls = live_server.new_episode("tiny")
    number = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    before = episode.state_hash()
    refused = _cli(urls, "put-incident-on-hold", "--incident-id", number, "--hold-reason", "Lunch")
    assert refused.returncode != 0 and episode.state_hash() == before
    out = _cli(urls, "add-work-note", "--record-id", number, "--text", "checked from the CLI")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["element"] == "work_notes"
    listed = _cli(urls, "list-incidents", "--state", "1", "--state", "2", "--priority", "5")
    assert listed.returncode == 0, listed.stderr
    assert all(r["state"] in (1, 2) and r["priority"] == 5 for r in json.loads(listed.stdout)["records"])
    assert any(e.surface == "cli" for e in episode.events())
