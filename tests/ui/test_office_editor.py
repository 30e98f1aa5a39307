"""Word for the web in real Chromium: click into a paragraph, select a word with the keyboard, Bold, type
a new paragraph, make it a heading, Save — and the document over MCP holds exactly that; what the model
cannot hold (underline) is refused with a message and changes nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

DOC = "Q4 kickoff notes.docx"


@pytest.fixture
def word(office):
    """(episode, page, document id) with the kickoff notes open in the editor."""
    episode, page, _ = office
    page.get_by_role("navigation", name="Office tabs").get_by_role("link", name="Files").click()
    page.get_by_role("link", name=DOC).first.click()
    item = page.url.split("/docs/", 1)[1].split("?")[0]
    return episode, page, item


def blocks(episode, item):
    return [
        (b["block_type"], b["text"], b["id"])
        for b in episode.call("office_get_document", item_id=item)["blocks"]
    ]


def test_bold_a_word_add_a_heading_and_save(word):
    episode, page, item = word
    before = blocks(episode, item)
    body = page.get_by_role("textbox", name="Document body")
    toolbar = page.get_by_role("toolbar", name="Formatting")
    body.get_by_text("Focus on expansion deals").click()
    page.keyboard.press("Home")
    for _ in range(len("Focus on ")):
        page.keyboard.press("ArrowRight")
    for _ in range(len("expansion")):
        page.keyboard.press("Shift+ArrowRight")
    toolbar.get_by_role("button", name="Bold").click()
    expect(toolbar.get_by_role("button", name="Bold")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("Renewals first")
    toolbar.get_by_role("button", name="Heading 2").click()
    expect(toolbar.get_by_role("button", name="Heading 2")).to_have_attribute("aria-pressed", "true")
    toolbar.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    after = blocks(episode, item)
    assert after[1] == ("paragraph", "Focus on **expansion** deals in existing accounts.", before[1][2])
    assert after[2][:2] == ("heading2", "Renewals first") and after[2][2] not in {b[2] for b in before}
    assert [b for i, b in enumerate(after) if i not in (1, 2)] == [b for i, b in enumerate(before) if i != 1]
    expect(body.get_by_role("heading", name="Renewals first", level=3)).to_be_visible()
    saves = [
        e for e in episode.events() if e.kind == "action" and e.surface == "ui" and e.name.endswith("_block")
    ]
    assert [e.name for e in saves] == ["update_document_block", "insert_document_block"]
    assert any(e.kind == "browser" and e.parent == saves[0].seq and e.name == "key" for e in episode.events())


def test_a_list_item_becomes_numbered_and_underline_is_refused(word):
    episode, page, item = word
    before = blocks(episode, item)
    body = page.get_by_role("textbox", name="Document body")
    toolbar = page.get_by_role("toolbar", name="Formatting")
    body.get_by_text("Keep the CRM current").click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Control+u")  # Chromium's own underline: the model has no underline
    toolbar.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("underline is not part of a document here")
    assert blocks(episode, item) == before
    page.keyboard.press("Control+u")
    toolbar.get_by_role("button", name="Numbered list").click()
    toolbar.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    after = blocks(episode, item)
    assert after[5] == ("numbered", "Keep the CRM current every Friday", before[5][2])
    assert after[:5] == before[:5]
