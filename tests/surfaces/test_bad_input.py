"""Bad input on every tool surface: a clear error, never a stack trace, and an unchanged state hash."""

from __future__ import annotations

import anyio
import pytest
from mcp.client import Client

BIG = "x" * 1_000_000
CASES = [
    ("create_account", {"name": 12345}),  # wrong type
    ("create_account", {"name": "ok", "annual_revenue": "lots"}),  # wrong type
    ("create_account", {"name": "ok", "surprise": 1}),  # unknown argument
    ("get_account", {"account_id": "001000000000000AAA"}),  # unknown id
    ("update_account", {"account_id": "' OR 1=1--", "name": "x"}),  # SQL-like id
    ("create_account", {"name": BIG}),  # 1 MB string
    ("list_accounts", {"limit": 10_000}),  # out of range
]


@pytest.mark.parametrize(("tool", "args"), CASES, ids=[f"{t}-{i}" for i, (t, _) in enumerate(CASES)])
def test_python_surface_bad_input(episode, tool, args):
    before = episode.state_hash()
    out = episode.invoke("crm", tool, args)
    assert not out.ok and out.error and "Traceback" not in out.error
    assert len(out.error) < 2_000
    assert episode.state_hash() == before


def test_sql_like_text_is_stored_literally(episode):
    name = "Robert'); DROP TABLE crm_account;--"
    acc = episode.call("crm_create_account", name=name)
    assert episode.call("crm_get_account", account_id=acc["id"])["account"]["name"] == name
    found = episode.call("crm_list_accounts", search="' OR 1=1--")
    assert found["total"] == 0
    assert episode.call("crm_list_accounts", search="%")["total"] == 0


def test_mcp_surface_bad_input(live_server):
    episode, urls = live_server.new_episode()
    hash_before = episode.state_hash()

    async def go():
        results = []
        async with Client(urls.mcp("crm")) as client:
            for tool, args in CASES:
                results.append(await client.call_tool(tool, args))
        return results

    for result in anyio.run(go):
        assert result.is_error
        text = " ".join(getattr(c, "text", "") for c in result.content)
        assert text and "Traceback" not in text and len(text) < 4_000
    assert episode.state_hash() == hash_before
