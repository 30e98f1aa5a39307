"""The office app over real surfaces: MCP through the SDK client over HTTP, the CLI as a subprocess; what
Outlook's forms send over MCP (Bcc on a reply and a forward, an event's categories)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import anyio
from mcp.client import Client

from apps.office.services.workbook import wait_until_warm


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "160"}
    env.pop("SAASGYM_URL", None)
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "office", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_mcp_client_over_http(live_server):
    episode, urls = live_server.new_episode("tiny")
    colleague = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1")[0][0]

    async def session():
        async with Client(urls.mcp("office")) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            sent = await client.call_tool(
                "send_mail", {"to": [colleague], "subject": "Via MCP", "body": "hello"}
            )
            bad = await client.call_tool("send_mail", {"to": ["nobody"], "subject": "x", "body": "y"})
            bounced = await client.call_tool(
                "send_mail", {"to": ["nobody@acme.example"], "subject": "Typo", "body": "y"}
            )
            inbox = await client.call_tool("list_messages", {"folder": "inbox", "limit": 1})
            listed = await client.call_tool("list_messages", {"folder": "sentitems", "limit": 2})
            return tools, sent, bad, bounced, inbox, listed

    tools, sent, bad, bounced, inbox, listed = anyio.run(session)
    assert len(tools) >= 30 and tools["list_messages"].annotations.read_only_hint
    assert tools["delete_message"].annotations.destructive_hint
    assert "from:" in tools["search_messages"].description
    assert not sent.is_error and sent.structured_content["subject"] == "Via MCP"
    assert bad.is_error and "not a valid e-mail" in bad.content[0].text
    assert not bounced.is_error and bounced.structured_content["to_recipients"] == ["nobody@acme.example"]
    ndr = inbox.structured_content["records"][0]
    assert ndr["subject"] == "Undeliverable: Typo" and ndr["from_name"] == "Microsoft Outlook"
    assert ndr["in_reply_to_id"] == bounced.structured_content["id"]
    assert [r["id"] for r in listed.structured_content["records"]][1] == sent.structured_content["id"]
    assert [e.surface for e in episode.events() if e.name == "send_mail"] == ["mcp"] * 3


def test_cli_subprocess(live_server):
    episode, urls = live_server.new_episode("tiny")
    wait_until_warm()  # the formula engine's one-time compilation is not part of a tool's deadline
    base = f"{urls.base}/e/{urls.token}"
    out = _cli("get-my-profile", "--url", base, "--json")
    assert out.returncode == 0, out.stderr
    me = json.loads(out.stdout)
    made = _cli("create-workbook", "--name", "CLI book", "--url", base, "--json")
    item_id = json.loads(made.stdout)["item"]["id"]
    _cli("update-cell", "--item-id", item_id, "--address", "A1", "--value", "20", "--url", base, "--json")
    out = _cli(
        "update-cell", "--item-id", item_id, "--address", "A2", "--value", "=A1*2+1", "--url", base, "--json"
    )
    cells = {c["address"]: c["value"] for c in json.loads(out.stdout)["cells"]}
    assert cells == {"A1": 20, "A2": 41}
    fmt = ("format-range", "--item-id", item_id, "--address", "A1:A2", "--url", base, "--json")
    out = _cli(*fmt, "--bold", "--fill-color", "#ffff00", "--horizontal-alignment", "center")
    assert [c["style"] for c in json.loads(out.stdout)["cells"]] == [
        {"bold": True, "fill_color": "#FFFF00", "horizontal": "center"}
    ] * 2
    refused = _cli(*fmt, "--font-color", "red")
    assert refused.returncode == 1 and "#RRGGBB" in refused.stderr and "Traceback" not in refused.stderr
    before = episode.state_hash()
    bad = _cli("send-mail", "--to", "ghost@", "--subject", "x", "--body", "y", "--url", base)
    assert bad.returncode == 1 and "not a valid e-mail" in bad.stderr and "Traceback" not in bad.stderr
    assert episode.state_hash() == before
    mid = episode.db.execute_raw(
        "SELECT m.id FROM office_message m JOIN office_user u ON u.id = m.owner_id "
        f"WHERE u.mail = '{me['mail']}' AND m.sent_date_time IS NOT NULL AND m.is_draft = 0 LIMIT 1"
    )[0][0]
    low = ("--body", "Low key", "--importance", "low")
    out = _cli("reply-to-message", "--message-id", mid, *low, "--url", base, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["importance"] == "low"  # a reply's importance from the CLI
    assert me["mail"].endswith("@acme.example")
    assert {e.surface for e in episode.events() if e.name == "update_cell"} == {"cli"}


def test_bad_input_leaves_state_unchanged(office):
    cases = [
        ("list_messages", "folder", {"folder": "spam"}),
        ("list_messages", "limit", {"limit": 0}),
        ("get_message", "message_id", {"message_id": "nope"}),
        ("update_message", "flag_status", {"message_id": "x", "flag_status": "maybe"}),
        (
            "create_event",
            "time_zone",
            {
                "subject": "x",
                "start": "2026-12-01T10:00:00",
                "end": "2026-12-01T11:00:00",
                "time_zone": "Mars/Base",
            },
        ),
        ("create_event", "start", {"subject": "x", "start": "tomorrow", "end": "2026-12-01T11:00:00"}),
        (
            "create_event",
            "rooms",
            {
                "subject": "x",
                "start": "2026-12-01T10:00:00",
                "end": "2026-12-01T11:00:00",
                "rooms": [office.colleague_without_persona()],
            },
        ),
        ("list_events", "end", {"start": "2026-12-01T00:00:00Z", "end": "2026-11-01T00:00:00Z"}),
        ("wait_for_replies", "minutes", {"minutes": 0}),
        ("get_worksheet", "item_id", {"item_id": "nope"}),
        ("create_folder", "name", {"name": "a/b"}),
        ("send_mail", "surprise", {"to": ["a@b.com"], "subject": "x", "body": "y", "surprise": 1}),
    ]
    for action, field, args in cases:
        office.refused(action, field, **args)


def test_office_id_counters_are_namespaced(office):
    names = [r[0] for r in office.sql("SELECT object FROM _idseq")]
    office_names = [n for n in names if n.startswith("office.")]
    assert "office.Event" in office_names and "office.Message" in office_names
    assert "crm.Event" in names and "office.Event" != "crm.Event"


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
                "forward_message",
                {
                    "message_id": mid,
                    "to": [mails[1]],
                    "bcc": [mails[0]],
                    "comment": "FYI",
                    "importance": "high",
                },
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
    assert fwd.structured_content["importance"] == "high"  # Outlook's High importance, on a forward too
    theirs = episode.db.execute_raw(
        "SELECT m.importance FROM office_message m JOIN office_user u ON u.id = m.owner_id "
        f"WHERE u.mail = '{mails[1]}' AND m.internet_message_id = "
        f"(SELECT internet_message_id FROM office_message WHERE id = '{fwd.structured_content['id']}')"
    )
    assert [r[0] for r in theirs] == ["high"]  # the recipient's copy is marked too
    assert "importance" in tools["reply_to_message"].input_schema["properties"]
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
