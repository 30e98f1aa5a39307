"""What Outlook's forms send, through a real MCP client over HTTP: Bcc on a reply and a forward (the compose
form's Bcc line), the blind copy on the sent message; an event's categories (the event form's Category) on
create_event and update_event."""

from __future__ import annotations

import anyio
from mcp.client import Client


def test_reply_and_forward_carry_bcc_over_mcp(live_server):
    episode, urls = live_server.new_episode("tiny")
    mails = [r[0] for r in episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 2")]

    async def session():
        async with Client(urls.mcp("office")) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            inbox = await client.call_tool("list_messages", {"folder": "inbox", "limit": 1})
            mid = inbox.structured_content["records"][0]["id"]
            reply = await client.call_tool(
                "reply_to_message", {"message_id": mid, "body": "Ok", "bcc": [mails[0]]}
            )
            fwd = await client.call_tool(
                "forward_message", {"message_id": mid, "to": [mails[1]], "bcc": [mails[0]], "comment": "FYI"}
            )
            bad = await client.call_tool(
                "forward_message", {"message_id": mid, "to": [mails[1]], "bcc": ["nope"]}
            )
            return tools, reply, fwd, bad

    tools, reply, fwd, bad = anyio.run(session)
    for name in ("reply_to_message", "forward_message"):
        assert "bcc" in tools[name].input_schema["properties"]
    assert not reply.is_error and reply.structured_content["bcc_recipients"] == [mails[0]]
    assert not fwd.is_error and fwd.structured_content["bcc_recipients"] == [mails[0]]
    assert fwd.structured_content["to_recipients"] == [mails[1]]
    assert bad.is_error and "not a valid e-mail" in bad.content[0].text


def test_create_and_update_event_take_categories_over_mcp(live_server):
    episode, urls = live_server.new_episode("tiny")

    async def session():
        async with Client(urls.mcp("office")) as client:
            made = await client.call_tool(
                "create_event",
                {
                    "subject": "Tagged",
                    "start": "2026-11-20T10:00:00",
                    "end": "2026-11-20T10:30:00",
                    "categories": ["Red category", "Red category", "Budget"],
                },
            )
            eid = made.structured_content["id"]
            cleared = await client.call_tool("update_event", {"event_id": eid, "categories": []})
            return made, cleared

    made, cleared = anyio.run(session)
    assert not made.is_error and made.structured_content["categories"] == ["Red category", "Budget"]
    assert not cleared.is_error and cleared.structured_content["categories"] == []
