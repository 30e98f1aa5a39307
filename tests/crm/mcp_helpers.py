"""Calling CRM tools through a real MCP client over HTTP, and checking a refusal wrote nothing."""

from __future__ import annotations

import json
from typing import Any

import anyio
from mcp.client import Client


async def _call(url: str, tool: str, args: dict[str, Any]):
    async with Client(url) as client:
        return await client.call_tool(tool, args)


def call(url: str, tool: str, **args: Any):
    """One tool call over MCP (streamable HTTP); returns the SDK's CallToolResult."""
    return anyio.run(_call, url, tool, args)


def ok(url: str, tool: str, **args: Any) -> dict:
    result = call(url, tool, **args)
    assert not result.is_error, result.content[0].text
    return result.structured_content


def refused(episode: Any, url: str, tool: str, code: str, *fragments: str, **args: Any) -> str:
    """Call `tool` over MCP expecting a refusal in Salesforce's REST error shape (`[{"errorCode", "message",
    "fields"}]`) with `code`, every fragment in it ("name:" names a field of `fields`), and that changed
    nothing; the same call through the Python API carries the same code."""
    before = episode.state_hash()
    result = call(url, tool, **args)
    text = result.content[0].text
    assert result.is_error, f"{tool} should have been refused: {text}"
    body = json.loads(text)
    assert isinstance(body, list) and body[0]["errorCode"] == code, text
    for fragment in fragments:
        if fragment.endswith(":"):
            assert fragment[:-1] in body[0]["fields"], f"{fragment[:-1]!r} not in the fields of {text!r}"
        else:
            assert fragment in text, f"{fragment!r} not in {text!r}"
    assert "Traceback" not in text
    assert episode.state_hash() == before, "a refused call changed the state"
    outcome = episode.invoke("crm", tool, args)
    assert (outcome.ok, outcome.code) == (False, code), outcome.error
    assert episode.state_hash() == before
    return text
