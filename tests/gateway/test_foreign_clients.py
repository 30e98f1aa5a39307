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
    """A refusal reaches the TypeScript SDK 1.x client as a result, with the product's error body as its
    text and as its structuredContent: that client validates an error's structuredContent against the
    tool's output schema (it threw -32602 while the schema described only the result), and every output
    schema lists the error body as the alternative."""
    _, urls = live_server.new_episode("tiny", apps=["crm", "ticketing", "office"])
    calls = [
        ("office", "get_message", {"message_id": "nope"}),
        ("crm", "get_account", {"account_id": "001nope"}),
        ("ticketing", "get_incident", {"incident_id": "INC9999999"}),
    ]
    bodies = {}
    for app, tool, args in calls:
        out = _run("node", "ts_client.mjs", urls.mcp(app), tool, json.dumps(args))
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        result = data["result"]
        assert result["isError"] is True, result
        body = json.loads(result["content"][0]["text"])
        assert result["structuredContent"] == ({"errors": body} if app == "crm" else body)
        bodies[app] = body
    assert (
        bodies["office"]["error"]["code"] == "ErrorInvalidIdMalformed"
        and "nope" in bodies["office"]["error"]["message"]
    )
    assert [e["errorCode"] for e in bodies["crm"]] == ["MALFORMED_ID"] and bodies["crm"][0]["fields"] == [
        "account_id"
    ]
    assert (
        bodies["ticketing"]["error"]["message"] == "No Record found"
        and bodies["ticketing"]["status"] == "failure"
    )
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


def test_mcp_inspector_finds_no_portability_problem_in_any_tool_schema(live_server):
    """The Inspector's schema lint (`--strict`: every finding in full) on every app's endpoint and the
    combined one: no type array, no untyped schema, no remote reference — 0 errors, 0 warnings."""
    _, urls = live_server.new_episode("tiny", apps=["crm", "ticketing", "office"])
    for url in (urls.mcp("crm"), urls.mcp("ticketing"), urls.mcp("office"), urls.mcp()):
        listed = _run(str(INSPECTOR), "--cli", url, "--method", "tools/list", "--strict")
        assert listed.returncode == 0, listed.stderr
        assert len(json.loads(listed.stdout)["tools"]) >= 40
        assert "Warning:" not in listed.stderr and "Error:" not in listed.stderr, listed.stderr[:3000]
        assert "portability" not in listed.stderr, listed.stderr[:3000]
