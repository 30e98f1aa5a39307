"""Regressions found by the third reliability round (issue 36, item 7).

- A lone surrogate in a tool argument answered an internal error and the refused call was not logged:
  the argument error quoted the value, and the event row could not be stored as UTF-8.
- `advance_time` accepted negative minutes when the hours were large, against its own description.
- A 256,000-character mail body was refused as "must be text" without naming the limit.
"""

from __future__ import annotations

from datetime import timedelta

import httpx

from apps.core.api import Gym

MCP_HEADERS = {
    "accept": "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
}
META = (
    '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
    '"io.modelcontextprotocol/clientCapabilities":{}}'
)


def test_a_lone_surrogate_is_refused_cleanly_and_logged_over_mcp(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    before = episode.state_hash()
    # JSON may spell a lone surrogate as an escape; no client library will send one, so the body is raw.
    body = (
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_account",'
        '"arguments":{"name":"Bad \\ud800 name"},' + META + "}}"
    )
    reply = httpx.post(
        urls.mcp("crm"), content=body.encode(), headers={**MCP_HEADERS, "mcp-name": "create_account"}
    )
    assert reply.status_code == 200
    result = reply.json()["result"]
    text = result["content"][0]["text"]
    assert result["isError"] is True
    assert "unpaired surrogate (U+D800)" in text and "internal" not in text.lower()
    [event] = [e for e in episode.events() if e.name == "create_account"]
    assert event.outcome == "error" and "unpaired surrogate" in event.error
    assert event.args["name"] == "Bad \ud800 name"  # what was sent, kept (as an escape in the log's JSON)
    assert episode.state_hash() == before
    live_server.gateway.manager.close(episode.id)


def test_a_lone_surrogate_inside_a_list_is_refused_and_logged(gym: Gym):
    ep = gym.create_episode("tiny", apps=["office"])
    out = ep.invoke("office", "send_mail", {"to": ["x\udc00@acme.example"], "subject": "s", "body": "b"})
    assert not out.ok and "unpaired surrogate (U+DC00)" in out.error
    assert ep.events()[-1].outcome == "error"
    ep.close()


def test_advance_time_refuses_negative_minutes_however_many_hours(gym: Gym):
    ep = gym.create_episode("tiny", apps=["ticketing"])
    before, start = ep.state_hash(), ep.now
    out = ep.invoke("ticketing", "advance_time", {"hours": 5, "minutes": -30})
    assert not out.ok and out.field == "minutes" and "0 or more" in out.error
    assert ep.state_hash() == before and ep.now - start <= timedelta(seconds=1)  # one refused call
    schema = ep.action("ticketing", "advance_time")[1].input_schema["properties"]
    assert schema["minutes"]["minimum"] == 0 and schema["hours"]["minimum"] == 0
    assert ep.call("ticketing_advance_time", hours=5, minutes=30)["waited_seconds"] == 5 * 3600 + 1800
    ep.close()


def test_an_oversized_mail_body_is_refused_naming_the_limit(gym: Gym):
    ep = gym.create_episode("tiny", apps=["office"])
    to = ep.call("office_find_people", query="a")["colleagues"][0]["mail"]
    out = ep.invoke("office", "send_mail", {"to": [to], "subject": "s", "body": "a" * 256_000})
    assert not out.ok and out.field == "body"
    assert "at most 200,000 characters" in out.error and "256,000" in out.error
    ep.close()
