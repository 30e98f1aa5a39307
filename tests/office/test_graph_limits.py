"""OneDrive's naming rules and the Teams message size, over a real MCP client and the CLI: each refusal
is Graph's error (invalidRequest, nameAlreadyExists, RequestEntityTooLarge) in text and structured content,
the tool schema says the limit (maxLength, pattern), and nothing changes."""

from __future__ import annotations

import json
import re

import anyio
import pytest
from mcp.client import Client

from apps.office.limits import MAX_MESSAGE_BYTES
from apps.office.services.drive_names import NAME_PATTERN
from tests.crm.mcp_helpers import call
from tests.schema_reading import plain_properties
from tests.surfaces.test_cli import saasgym


def graph_error(url: str, tool: str, **args) -> dict:
    result = call(url, tool, **args)
    assert result.is_error, result.content[0].text
    body = json.loads(result.content[0].text)
    assert result.structured_content == body and set(body["error"]) == {"code", "message", "innerError"}
    return body["error"]


@pytest.fixture
def office(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["office"])
    return episode, urls.mcp("office"), f"{urls.base}/e/{urls.token}"


@pytest.mark.parametrize(
    ("name", "wording"),
    [
        ("Q4: plan.txt", "cannot contain any illegal characters (:)"),
        ('a<b>"c".txt', 'cannot contain any illegal characters (" < >)'),
        (" notes.txt", "leading, or trailing, spaces"),
        ("notes.txt ", "leading, or trailing, spaces"),
        ("CON", "is reserved"),
        ("desktop.ini", "is reserved"),
        ("~$Budget.xlsx", "cannot start with ~$ or contain _vti_"),
        ("x" * 400, "path of the item is too long: 401 characters"),
    ],
)
def test_names_onedrive_refuses_are_graph_invalid_request(office, name, wording):
    episode, url, _ = office
    before = episode.state_hash()
    error = graph_error(url, "create_file", name=name, content="x")
    assert error["code"] == "invalidRequest" and wording in error["message"], error
    assert episode.state_hash() == before


def test_rename_and_move_keep_the_rules_and_the_unique_name(office):
    episode, url, _ = office
    folder = call(url, "create_folder", name="Deal room").structured_content
    first = call(url, "create_file", name="a.txt", content="1", parent_id=folder["id"]).structured_content
    call(url, "create_file", name="b.txt", content="2", parent_id=folder["id"])
    other = call(url, "create_file", name="a.txt", content="3").structured_content  # in the root: no clash
    before = episode.state_hash()
    taken = graph_error(url, "update_drive_item", item_id=first["id"], name="B.TXT")
    assert taken["code"] == "nameAlreadyExists" and "'B.TXT'" in taken["message"]
    moved_onto = graph_error(
        url, "update_drive_item", item_id=other["id"], parent_id=folder["id"], name="A.txt"
    )
    assert moved_onto["code"] == "nameAlreadyExists" and "already exists" in moved_onto["message"]
    bad = graph_error(url, "update_drive_item", item_id=first["id"], name="a|b.txt")
    assert bad["code"] == "invalidRequest" and "illegal characters (|)" in bad["message"]
    assert episode.state_hash() == before
    renamed = call(url, "update_drive_item", item_id=first["id"], name="A.txt").structured_content
    assert renamed["name"] == "A.txt"  # its own name in another case is no clash


async def _schemas(url: str) -> dict:
    async with Client(url) as client:
        return {t.name: plain_properties(t.input_schema) for t in (await client.list_tools()).tools}


def test_schemas_state_the_limits(office):
    _, url, _ = office
    props = anyio.run(_schemas, url)
    for tool in ("create_file", "create_folder", "create_document", "create_workbook", "update_drive_item"):
        name = props[tool]["name"]
        assert name["maxLength"] == 400 and name["pattern"] == NAME_PATTERN, (tool, name)
        assert "reserved name" in name["description"] or "naming rules" in name["description"], tool
    for tool in ("send_chat_message", "post_channel_message", "reply_to_channel_message"):
        assert props[tool]["content"]["maxLength"] == MAX_MESSAGE_BYTES
    pattern = re.compile(NAME_PATTERN)  # the schema's pattern refuses what the service refuses for characters
    assert pattern.match("Q4 plan.txt") and not pattern.match("Q4: plan.txt") and not pattern.match(" a")


def test_teams_message_over_28_kb_is_request_entity_too_large(office):
    episode, url, base = office
    chat = call(url, "list_chats").structured_content["records"][0]
    before = episode.state_hash()
    error = graph_error(
        url, "send_chat_message", chat_id=chat["id"], content="é" * (MAX_MESSAGE_BYTES // 2 + 1)
    )
    assert error["code"] == "RequestEntityTooLarge" and "Request Entity too large" in error["message"]
    assert f"{MAX_MESSAGE_BYTES + 2:,} bytes" in error["message"]
    assert episode.state_hash() == before
    assert not call(url, "send_chat_message", chat_id=chat["id"], content="a" * MAX_MESSAGE_BYTES).is_error
    # the CLI prints Graph's body and exits 1
    cli = saasgym("office", "create-file", "--name", "Q4: plan.txt", "--content", "x", url=base)
    assert cli.returncode == 1
    assert json.loads(cli.stderr)["error"]["code"] == "invalidRequest"
