"""Presentations over the real surfaces: the MCP SDK client over HTTP (schemas, structured results, the
Graph error body) and the CLI as a subprocess (structured arguments given as JSON)."""

from __future__ import annotations

import json

import anyio
from mcp.client import Client

from tests.office.test_surfaces import _cli


def test_deck_tools_over_mcp(live_server):
    episode, urls = live_server.new_episode("tiny")

    async def session():
        async with Client(urls.mcp("office")) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            made = await client.call_tool("create_presentation", {"name": "Via MCP"})
            item = made.structured_content["item"]["id"]
            slide = await client.call_tool(
                "add_slide",
                {"item_id": item, "layout": "Title and Content", "title": "Plan", "text": "One\n\tTwo"},
            )
            table = await client.call_tool(
                "add_table",
                {
                    "item_id": item,
                    "slide_id": slide.structured_content["id"],
                    "rows": [["A", "B"], ["1", "2"]],
                },
            )
            bad = await client.call_tool("add_slide", {"item_id": item, "layout": "Picture with Caption"})
            missing = await client.call_tool(
                "get_presentation", {"item_id": "0b5ad7e1-5d6e-4f3c-9a43-6a1c3c1f0000"}
            )
            return tools, made, table, bad, missing

    tools, made, table, bad, missing = anyio.run(session)
    schema = tools["set_shape_text"].input_schema
    paragraph = schema["$defs"]["ParagraphIn"]["properties"]
    assert all(p.get("description") for p in paragraph.values()), "every field of a paragraph is described"
    assert paragraph["level"]["maximum"] == 8 and "pattern" in json.dumps(paragraph["color"])
    assert tools["add_slide"].input_schema["properties"]["layout"]["enum"][0] == "Title Slide"
    assert (
        tools["delete_slide"].annotations.destructive_hint and tools["get_slide"].annotations.read_only_hint
    )
    assert not made.is_error and made.structured_content["slides"][0]["layout"] == "Title Slide"
    assert [s["table_rows"] for s in table.structured_content["shapes"] if s["kind"] == "table"] == [
        [["A", "B"], ["1", "2"]]
    ]
    assert (
        bad.is_error and "ErrorInvalidRequest" in bad.content[0].text and "Title Slide" in bad.content[0].text
    )
    assert missing.is_error and "ErrorItemNotFound" in missing.content[0].text
    assert {e.surface for e in episode.events() if e.name == "add_table"} == {"mcp"}


def test_deck_tools_from_the_cli(live_server):
    episode, urls = live_server.new_episode("tiny")
    base = f"{urls.base}/e/{urls.token}"
    made = _cli("create-presentation", "--name", "CLI deck", "--url", base, "--json")
    assert made.returncode == 0, made.stderr
    item = json.loads(made.stdout)["item"]["id"]
    slide = json.loads(
        _cli("add-slide", "--item-id", item, "--title", "Numbers", "--url", base, "--json").stdout
    )
    body = next(s["id"] for s in slide["shapes"] if s["placeholder"] == "body")
    out = _cli(
        "set-shape-text", "--item-id", item, "--slide-id", slide["id"], "--shape-id", body,
        "--paragraphs", '{"text": "Won", "bold": true}', "--paragraphs", '{"text": "Lost", "level": 1}',
        "--url", base, "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    shape = next(s for s in json.loads(out.stdout)["shapes"] if s["id"] == body)
    assert [(p["level"], p["runs"][0]["text"], p["runs"][0]["bold"]) for p in shape["paragraphs"]] == [
        (0, "Won", True),
        (1, "Lost", False),
    ]
    before = episode.state_hash()
    bad = _cli(
        "set-shape-text",
        "--item-id",
        item,
        "--slide-id",
        slide["id"],
        "--shape-id",
        body,
        "--paragraphs",
        "{oops",
        "--url",
        base,
    )
    assert bad.returncode == 2 and "not valid JSON" in bad.stderr and "Traceback" not in bad.stderr
    assert episode.state_hash() == before
    assert {e.surface for e in episode.events() if e.name == "set_shape_text"} == {"cli"}
