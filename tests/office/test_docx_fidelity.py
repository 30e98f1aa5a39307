""".docx export read back by python-docx: Word comments, real bold/italic runs, heading and list styles.
Through a real MCP client."""

from __future__ import annotations

import base64
import io

import anyio
import docx
from mcp.client import Client

CONTENT = """# Renewal **plan**
The deal is **at risk** and *needs* a ***decision*** by `Friday`; see file_name_v2 notes.
## Next steps
- call **Acme** legal
- send the _revised_ quote
1. agree the price
| Item | **Owner** |
|---|---|
| Quote | *Amber* |"""


def _export_over_mcp(live_server) -> tuple[dict, bytes]:
    _, urls = live_server.new_episode("tiny")

    async def session():
        async with Client(urls.mcp("office")) as client:
            made = (
                await client.call_tool("create_document", {"name": "Plan", "content": CONTENT})
            ).structured_content
            item_id, blocks = made["item"]["id"], made["blocks"]
            first = await client.call_tool(
                "add_document_comment",
                {"item_id": item_id, "content": "Which risk?", "block_id": blocks[1]["id"]},
            )
            await client.call_tool(
                "add_document_comment",
                {
                    "item_id": item_id,
                    "content": "Legal is booked",
                    "reply_to_id": first.structured_content["id"],
                },
            )
            await client.call_tool(
                "add_document_comment",
                {"item_id": item_id, "content": "Owner?", "block_id": blocks[-1]["id"]},
            )
            me = (await client.call_tool("get_my_profile", {})).structured_content
            exported = await client.call_tool("export_document", {"item_id": item_id})
            return me, base64.b64decode(exported.structured_content["content_base64"])

    return anyio.run(session)


def test_docx_has_word_comments_runs_and_styles(live_server):
    me, data = _export_over_mcp(live_server)
    word = docx.Document(io.BytesIO(data))
    paragraphs = word.paragraphs
    assert all("**" not in p.text and "`" not in p.text for p in paragraphs)
    title, body = paragraphs[0], paragraphs[1]
    assert title.style.name == "Heading 1" and title.text == "Renewal plan"
    assert [(r.text, bool(r.bold)) for r in title.runs if r.text] == [("Renewal ", False), ("plan", True)]
    runs = {r.text: r for r in body.runs}
    assert runs["at risk"].bold and not runs["at risk"].italic
    assert runs["needs"].italic and not runs["needs"].bold
    assert runs["decision"].bold and runs["decision"].italic
    assert runs["Friday"].font.name == "Consolas"
    assert "file_name_v2" in body.text  # underscores inside a word are not emphasis
    styles = [(p.style.name, p.text) for p in paragraphs[2:]]
    assert styles == [
        ("Heading 2", "Next steps"),
        ("List Bullet", "call Acme legal"),
        ("List Bullet", "send the revised quote"),
        ("List Number", "agree the price"),
    ]
    assert [r.text for r in paragraphs[3].runs if r.bold] == ["Acme"]
    cell = word.tables[0].cell(1, 1).paragraphs[0]
    assert cell.text == "Amber" and cell.runs[0].italic
    comments = list(word.comments)
    assert [c.text for c in comments] == ["Which risk?", "Legal is booked", "Owner?"]
    assert {c.author for c in comments} == {me["display_name"]}
    assert all(c.initials for c in comments)
    xml = word.element.body.xml
    assert xml.count("commentRangeStart") == 3 and xml.count("commentReference") == 3
    header = word.tables[0].cell(0, 0).paragraphs[0]  # a table comment anchors on its first cell
    assert body._p.xml.count("commentRangeStart") == 2 and "commentRangeStart" in header._p.xml
