"""Limits and errors: Host/Origin, body size, rate limit, capacity, tool timeout, JSON-RPC error codes."""

from __future__ import annotations

import anyio
import httpx
import pytest
from mcp.client import Client

from apps.core.api import Gym
from mcp_gateway.live import start_live_server

MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
KEY = {"Authorization": "Bearer test-harness-key"}


@pytest.fixture(scope="module")
def tight():
    server = start_live_server(
        Gym(), capacity=2, rate_per_s=2, rate_burst=6, max_body_bytes=64_000, tool_timeout_s=0.000001
    )
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _free_capacity(request):
    """The tight server holds only two episodes: close every episode before each test."""
    if "tight" in request.fixturenames:
        server = request.getfixturevalue("tight")
        for row in server.gateway.ledger.list():
            server.gateway.manager.close(row.id)


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"origin": "http://evil.example"}, 403),
        ({"origin": "null"}, 403),
        ({"host": "evil.example"}, 421),
        ({"host": "evil.example", "origin": "http://evil.example"}, 421),
    ],
)
def test_foreign_host_or_origin_is_refused_everywhere(live_server, headers, status):
    _, urls = live_server.new_episode()
    for url in (urls.mcp("crm"), f"{urls.base}/healthz", urls.ui("crm")):
        assert httpx.post(url, json=LIST, headers={**MCP_HEADERS, **headers}).status_code == status


def test_same_origin_is_accepted(live_server):
    _, urls = live_server.new_episode()
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async def go():
        http = create_mcp_http_client(headers={"origin": urls.base})
        async with http, Client(streamable_http_client(urls.mcp("crm"), http_client=http)) as client:
            return (await client.list_tools()).tools

    assert anyio.run(go)


def test_oversize_body_gets_413(tight):
    _, urls = tight.new_episode()
    big = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "create_account", "arguments": {"name": "x" * 100_000}},
    }
    assert httpx.post(urls.mcp("crm"), json=big, headers=MCP_HEADERS).status_code == 413

    def chunks():
        yield b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"pad": "'
        for _ in range(100):
            yield b"x" * 1000
        yield b'"}}'

    assert httpx.post(urls.mcp("crm"), content=chunks(), headers=MCP_HEADERS).status_code == 413


@pytest.fixture(scope="module")
def metered():
    """A bucket of 6 requests refilled at one per 20 s: 25 requests overrun it however slow the machine."""
    server = start_live_server(Gym(), capacity=2, rate_per_s=0.05, rate_burst=6)
    yield server
    server.stop()


def test_rate_limit_is_per_episode(metered):
    _, noisy = metered.new_episode()
    _, quiet = metered.new_episode()
    statuses = [httpx.post(noisy.mcp("crm"), json=LIST, headers=MCP_HEADERS).status_code for _ in range(25)]
    assert 429 in statuses
    limited = httpx.post(noisy.mcp("crm"), json=LIST, headers=MCP_HEADERS)
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert httpx.post(quiet.mcp("crm"), json=LIST, headers=MCP_HEADERS).status_code != 429


def test_capacity_exhaustion_then_release(tight):
    with httpx.Client(base_url=tight.base, headers=KEY) as api:
        first = api.post("/v1/episodes", json={"world": "tiny"})
        second = api.post("/v1/episodes", json={"world": "tiny"})
        assert first.status_code == second.status_code == 201
        live_before = len(tight.gym.episodes())
        full = api.post("/v1/episodes", json={"world": "tiny"})
        assert full.status_code == 503 and int(full.headers["retry-after"]) >= 1
        assert len(tight.gym.episodes()) == live_before  # nothing half-created
        assert api.delete(f"/v1/episodes/{first.json()['episode_id']}").status_code == 200
        assert api.post("/v1/episodes", json={"world": "tiny"}).status_code == 201


def test_tool_timeout_is_an_error_result(tight):
    episode, urls = tight.new_episode("acme")
    before = episode.state_hash()

    async def go():
        async with Client(urls.mcp("crm")) as client:
            return await client.call_tool("search_records", {"query": "no such text anywhere"})

    result = anyio.run(go)
    assert result.is_error and "timed out" in result.content[0].text
    assert episode.state_hash() == before


def test_json_rpc_error_codes(live_server):
    _, urls = live_server.new_episode()
    url = urls.mcp("crm")
    proto = {**MCP_HEADERS, "mcp-protocol-version": "2026-07-28"}

    def code(method: str = "tools/list", **kwargs) -> int:
        response = httpx.post(url, headers={**proto, "mcp-method": method}, **kwargs)
        return response.json()["error"]["code"]

    assert code(content=b"{not json") == -32700
    assert code(json={"jsonrpc": "2.0", "id": 1}) in (-32600, -32602)
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }
    assert code(json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}) == -32602
    unknown = {"jsonrpc": "2.0", "id": 1, "method": "no/such/method", "params": {"_meta": meta}}
    assert code("no/such/method", json=unknown) == -32601
