"""Foreign MCP clients: the TypeScript SDK (session protocol 2025-11-25) and the MCP Inspector CLI."""

from __future__ import annotations

import json
import subprocess
from importlib.metadata import version
from pathlib import Path

CLIENTS = Path(__file__).resolve().parents[1] / "foreign_clients"
INSPECTOR = CLIENTS / "node_modules" / ".bin" / "mcp-inspector"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120, cwd=CLIENTS)


def test_typescript_sdk_lists_and_calls(live_server):
    episode, urls = live_server.new_episode()
    out = _run(
        "node", "ts_client.mjs", urls.mcp("crm"), "create_account", json.dumps({"name": "From TypeScript"})
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["sessionId"]  # the 2025-11-25 session protocol, on the same URL as sessionless clients
    assert "convert_lead" in data["tools"]
    assert (
        not data["result"].get("isError") and data["result"]["structuredContent"]["name"] == "From TypeScript"
    )
    assert [e.surface for e in episode.events() if e.name == "create_account"] == ["mcp"]


def test_typescript_sdk_on_the_combined_endpoint(live_server):
    _, urls = live_server.new_episode()
    out = _run("node", "ts_client.mjs", urls.mcp(), "crm_list_accounts", json.dumps({"limit": 2}))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["result"]["structuredContent"]["total"] == 20


def test_typescript_sdk_receives_refusals_in_the_product_shape(live_server):
    """A refusal reaches the TypeScript client as a result (it would throw -32602 on a structuredContent
    that does not match the tool's output schema), with Graph's error body as its text."""
    _, urls = live_server.new_episode("tiny", apps=["office"])
    out = _run("node", "ts_client.mjs", urls.mcp("office"), "get_message", json.dumps({"message_id": "nope"}))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["result"]["isError"] is True and "structuredContent" not in data["result"]
    body = json.loads(data["result"]["content"][0]["text"])
    assert body["error"]["code"] == "ErrorItemNotFound" and "nope" in body["error"]["message"]
    assert data["server"]["version"] == version("saasgym")


def test_mcp_inspector_cli_lists_and_calls(live_server):
    episode, urls = live_server.new_episode()
    listed = _run(str(INSPECTOR), "--cli", urls.mcp("crm"), "--method", "tools/list")
    assert listed.returncode == 0, listed.stderr
    assert "create_account" in {t["name"] for t in json.loads(listed.stdout)["tools"]}
    called = _run(
        str(INSPECTOR),
        "--cli",
        urls.mcp("crm"),
        "--method",
        "tools/call",
        "--tool-name",
        "create_account",
        "--tool-arg",
        "name=Inspected Inc",
    )
    assert called.returncode == 0, called.stderr
    assert json.loads(called.stdout)["structuredContent"]["name"] == "Inspected Inc"
    assert any(c.table == "crm_account" for c in episode.diff())
