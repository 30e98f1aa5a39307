"""Word for the web in real Chromium: click into a paragraph, select a word with the keyboard, Bold, type
a new paragraph, make it a heading — Word saves by itself (AutoSave, no Save button) and the document over MCP
holds exactly that, each save's calls on the input that led to it; what the model cannot hold (underline) is
refused with a message and changes nothing. Insert > Table and New comment on a selected heading, with their
refusals."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

DOC = "Q4 kickoff notes.docx"


@pytest.fixture
def word(office):
    """(episode, page, document id) with the kickoff notes open in the editor."""
    episode, page, _ = office
    page.get_by_role("navigation", name="Office tabs").get_by_role("link", name="OneDrive").click()
    page.get_by_role("link", name=DOC).first.click()
    item = page.url.split("/docs/", 1)[1].split("?")[0]
    return episode, page, item


def saved(page):  # noqa: ANN001
    """AutoSave has stored every change: the status says so and the page is no longer busy."""
    expect(page.get_by_role("status").filter(has_text="Save")).to_have_text("Saved.")
    expect(page.get_by_role("textbox", name="Document body")).not_to_have_attribute("aria-busy", "true")


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
    expect(toolbar.get_by_role("button", name="Save")).to_have_count(0)  # Word saves by itself
    saved(page)
    after = blocks(episode, item)
    assert after[1] == ("paragraph", "Focus on **expansion** deals in existing accounts.", before[1][2])
    assert after[2][:2] == ("heading2", "Renewals first") and after[2][2] not in {b[2] for b in before}
    assert [b for i, b in enumerate(after) if i not in (1, 2)] == [b for i, b in enumerate(before) if i != 1]
    expect(body.get_by_role("heading", name="Renewals first", level=3)).to_be_visible()
    events = episode.events()
    saves = [e for e in events if e.kind == "action" and e.surface == "ui" and e.name.endswith("_block")]
    assert {"update_document_block", "insert_document_block"} <= {e.name for e in saves}
    steps = {e.seq: e for e in events if e.kind == "browser"}
    for call in saves:  # each save's first call points at the input that led to it; the others at that input
        cause = next((e for e in steps.values() if e.parent == call.seq), None) or steps.get(call.parent)
        assert cause is not None and cause.name in ("click", "key", "type"), call


def test_a_line_opened_by_enter_survives_the_save_before_it_is_typed_into(word):
    """Enter at the end of a bullet, a pause long enough for AutoSave (the server keeps no empty line), then
    typing: the text lands on the new line, a new block after that bullet, the bullet unchanged."""
    episode, page, item = word
    before = blocks(episode, item)
    body = page.get_by_role("textbox", name="Document body")
    body.get_by_text("Keep the CRM current").click()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    saved(page)
    assert blocks(episode, item) == before
    page.keyboard.type("Renew the Murphy contract")
    saved(page)
    after = blocks(episode, item)
    assert after[:-1] == before
    assert after[-1][:2] == ("bullet", "Renew the Murphy contract")
    assert after[-1][2] not in {b[2] for b in before}
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # an empty line above a filled one: the filled one keeps its id
    saved(page)
    page.keyboard.press("ArrowUp")
    page.keyboard.type("Call Carter")
    saved(page)
    final = blocks(episode, item)
    assert [b[1] for b in final[-3:]] == ["Keep the CRM current every Friday", "Call Carter", after[-1][1]]
    assert final[-1] == after[-1]


def test_a_list_item_becomes_numbered_and_underline_is_refused(word):
    episode, page, item = word
    before = blocks(episode, item)
    body = page.get_by_role("textbox", name="Document body")
    toolbar = page.get_by_role("toolbar", name="Formatting")
    body.get_by_text("Keep the CRM current").click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Control+u")  # Chromium's own underline: the model has no underline
    expect(page.get_by_role("status")).to_contain_text("underline is not part of a document here")
    assert blocks(episode, item) == before
    page.keyboard.press("Control+u")
    toolbar.get_by_role("button", name="Numbered list").click()
    saved(page)
    after = blocks(episode, item)
    assert after[5] == ("numbered", "Keep the CRM current every Friday", before[5][2])
    assert after[:5] == before[:5]


def test_insert_a_table_type_its_cells_and_save(word):
    """Insert > Table (2 columns × 2 rows) after the paragraph; Tab moves cell to cell, Tab in the last
    cell adds a row; AutoSave stores one table block with those rows (office_insert_document_block)."""
    episode, page, item = word
    before = blocks(episode, item)
    body = page.get_by_role("textbox", name="Document body")
    body.get_by_text("Focus on expansion deals").click()
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Insert", exact=True).click()
    opener = page.get_by_role("toolbar", name="Formatting").get_by_role("button", name="Insert table")
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    dialog = page.get_by_role("dialog", name="Insert table")
    dialog.get_by_label("Number of columns").fill("2")
    dialog.get_by_label("Number of rows").fill("2")
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_be_hidden()
    for i, text in enumerate(["Account", "Amount", "Knox", "100", "Lee", "250"]):
        if i:
            page.keyboard.press("Tab")
        page.keyboard.type(text)
    saved(page)
    document = episode.call("office_get_document", item_id=item)["blocks"]
    assert [b["block_type"] for b in document] == [b[0] for b in before[:2]] + ["table"] + [
        b[0] for b in before[2:]
    ]
    assert document[2]["rows"] == [["Account", "Amount"], ["Knox", "100"], ["Lee", "250"]]
    expect(body.get_by_role("columnheader", name="Account")).to_be_visible()
    body.get_by_role("cell", name="100").click()
    page.keyboard.type("0")
    saved(page)
    stored = episode.call("office_get_document", item_id=item)["blocks"][2]
    assert (stored["id"], stored["rows"][1]) == (document[2]["id"], ["Knox", "1000"])


def test_a_table_size_out_of_range_is_refused_in_the_dialog_and_changes_nothing(word):
    episode, page, item = word
    before = episode.state_hash()
    page.get_by_role("textbox", name="Document body").get_by_text("Focus on expansion deals").click()
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Insert", exact=True).click()
    page.get_by_role("button", name="Insert table").click()
    dialog = page.get_by_role("dialog", name="Insert table")
    dialog.get_by_label("Number of columns").fill("64")
    dialog.get_by_role("button", name="OK").click()
    expect(dialog.get_by_role("alert")).to_have_text("Number of columns: enter a whole number from 1 to 63.")
    expect(page.get_by_role("textbox", name="Document body").get_by_role("table")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(1200)  # longer than AutoSave waits: nothing changed, nothing is saved
    expect(page.get_by_role("status").filter(has_text="Save")).to_have_text("Saved")
    assert episode.state_hash() == before


def test_a_comment_on_the_selected_heading_is_anchored_to_it(word):
    """Select a heading's text → New comment → the comment is stored on that heading's block, as Word
    anchors a comment to the selected text, and the comment pane says what it is on."""
    episode, page, item = word
    heading = next(b for b in blocks(episode, item) if b[1] == "Priorities")
    page.get_by_role("heading", name="Priorities").dblclick()
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Insert", exact=True).click()
    page.get_by_role("button", name="New comment").click()
    box = page.get_by_role("textbox", name="Comment", exact=True)
    expect(box).to_be_focused()
    box.fill("Add the renewal targets here.")
    with page.expect_navigation():
        page.get_by_role("button", name="Post comment").click()
    comments = episode.call("office_get_document", item_id=item)["comments"]
    stored = [(c["block_id"], c["content"]) for c in comments]
    assert stored == [(heading[2], "Add the renewal targets here.")]
    expect(page.get_by_role("complementary", name="Comments")).to_contain_text("On “Priorities”")


def test_a_blank_anchored_comment_is_refused_and_changes_nothing(word):
    episode, page, item = word
    before = episode.state_hash()
    page.get_by_role("heading", name="Priorities").dblclick()
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Insert", exact=True).click()
    page.get_by_role("button", name="New comment").click()
    page.get_by_role("button", name="Post comment").click()
    expect(page.get_by_text("comment text").first).to_be_visible()
    assert episode.state_hash() == before
