"""Capability URLs: forged, expired, revoked, reused and cross-episode tokens are all refused."""

from __future__ import annotations

import time

import anyio
import httpx
from mcp.client import Client

LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def _flip(token: str) -> str:
    return token[:-1] + ("A" if token[-1] != "A" else "B")


def _tools(url: str):
    async def go():
        async with Client(url) as client:
            return (await client.list_tools()).tools

    return anyio.run(go)


def test_tokens_are_long_random_and_stored_hashed(live_server):
    _, urls = live_server.new_episode()
    assert len(urls.token) >= 43 and urls.token != urls.launch
    stored = live_server.gateway.ledger._conn.execute("SELECT digest FROM tokens").fetchall()
    assert all(urls.token not in row[0] for row in stored)


def test_forged_token_is_refused(live_server):
    _, urls = live_server.new_episode()
    forged = urls.mcp("crm").replace(urls.token, _flip(urls.token))
    response = httpx.post(forged, json=LIST, headers=MCP_HEADERS)
    assert response.status_code == 404 and "episode" not in response.text.lower().replace("unknown", "")


def test_expired_token_is_refused_and_swept(live_server):
    episode, urls = live_server.new_episode(ttl_s=4)  # long enough to list tools on a loaded machine
    assert _tools(urls.mcp("crm"))
    expires_at = live_server.gateway.ledger.get(episode.id).expires_at
    time.sleep(max(0.0, expires_at - time.time()) + 0.2)
    assert httpx.post(urls.mcp("crm"), json=LIST, headers=MCP_HEADERS).status_code == 404
    live_server.gateway.manager.sweep()
    assert live_server.gateway.ledger.get(episode.id).state == "expired"
    assert episode.closed


def test_a_token_opens_only_its_own_episode(live_server):
    ep_a, urls_a = live_server.new_episode()
    ep_b, urls_b = live_server.new_episode()
    mixed = f"{urls_b.base}/e/{urls_a.token}/crm/mcp"

    async def go():
        async with Client(mixed) as client:
            await client.call_tool("create_account", {"name": "Written with A's token"})

    anyio.run(go)
    assert any(c.table == "crm_account" for c in ep_a.diff()) and ep_b.diff() == []


def test_launch_url_is_redeemed_once_into_a_cookie(live_server):
    _, urls = live_server.new_episode()
    with httpx.Client() as browser:
        first = browser.get(urls.ui("crm"))
        assert first.status_code == 303 and first.headers["location"] == "/s/crm/"
        cookie = first.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert first.headers["referrer-policy"] == "no-referrer"
        page = browser.get(f"{urls.base}/s/crm/")
        assert page.status_code == 200 and page.headers["referrer-policy"] == "no-referrer"
        assert browser.get(urls.ui("crm")).status_code == 404
    assert httpx.get(f"{urls.base}/s/crm/").status_code == 401  # no cookie, no page


def test_performer_token_cannot_open_the_ui_nor_launch_the_mcp(live_server):
    _, urls = live_server.new_episode()
    assert httpx.get(f"{urls.base}/e/{urls.token}/crm/").status_code == 404
    assert (
        httpx.post(f"{urls.base}/e/{urls.launch}/crm/mcp", json=LIST, headers=MCP_HEADERS).status_code == 404
    )


def test_closed_episode_urls_die(live_server):
    episode, urls = live_server.new_episode()
    assert _tools(urls.mcp())  # the token has been used (the gateway now holds its row in memory)
    live_server.gateway.manager.close(episode.id)
    assert httpx.post(urls.mcp(), json=LIST, headers=MCP_HEADERS).status_code == 404
    assert httpx.get(urls.ui()).status_code == 404


def test_apps_outside_the_episode_are_not_served(live_server):
    _, urls = live_server.new_episode()
    assert httpx.post(f"{urls.cli}/erp/mcp", json=LIST, headers=MCP_HEADERS).status_code == 404
    _, crm_only = live_server.new_episode(apps=["crm"])
    other = next((a for a in live_server.gym.apps if a != "crm"), "erp")
    assert httpx.post(f"{crm_only.cli}/{other}/mcp", json=LIST, headers=MCP_HEADERS).status_code == 404


def test_a_used_token_stops_working_the_moment_it_is_revoked(live_server):
    """Token rows are cached after first use; every ledger write empties that cache."""
    episode, urls = live_server.new_episode()
    for _ in range(3):
        assert _tools(urls.mcp("crm"))
    live_server.gateway.ledger.revoke_tokens(episode.id, ("performer",))
    assert httpx.post(urls.mcp("crm"), json=LIST, headers=MCP_HEADERS).status_code == 404
    live_server.gateway.manager.close(episode.id)
