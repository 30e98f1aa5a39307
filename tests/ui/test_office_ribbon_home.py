"""Word's Home tab in real Chromium: its groups as Word names them (Undo, Clipboard, Font, Paragraph, Styles,
Editing, then Dictate, Editor and Designer), the commands this document model cannot hold shown disabled;
Copy and Paste by pointer, Cut from the keyboard, and Clear formatting, each stored by AutoSave as the
document over MCP shows."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.ui.test_office_editor import blocks, saved
from tests.ui.test_office_editor import word as word  # noqa: F401 - the fixture

LINE = "Focus on expansion deals"


def _select(page, text: str) -> None:  # noqa: ANN001
    """Select `text` in the document body, as a double-click or Shift+arrows would."""
    page.get_by_role("textbox", name="Document body").get_by_text(text, exact=False).first.click()
    page.evaluate(
        """text => {
          const body = document.getElementById('doc-body');
          const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const at = n.textContent.indexOf(text);
            if (at >= 0) { window.getSelection().setBaseAndExtent(n, at, n, at + text.length); return; }
          }
        }""",
        text,
    )


@pytest.fixture
def clipboard(word):  # noqa: F811
    """The Word fixture with the page allowed to read and write the clipboard."""
    word[1].context.grant_permissions(["clipboard-read", "clipboard-write"])
    return word


def test_home_has_words_groups_and_disables_what_the_model_cannot_hold(word):  # noqa: F811
    _, page, _ = word
    toolbar = page.get_by_role("toolbar", name="Formatting")
    groups = toolbar.get_by_role("group")
    expect(groups).to_have_count(7)  # Home's (the other tabs' are hidden)
    names = [groups.nth(i).get_attribute("aria-label") for i in range(7)]
    voice = "Voice, Editor and Designer"
    assert names == ["Undo", "Clipboard", "Font", "Paragraph", "Styles", "Editing", voice]
    expect(toolbar.get_by_role("group", name="Clipboard").get_by_role("button")).to_have_text(
        ["Paste", "", ""]
    )
    for name in ("Paste", "Cut", "Copy", "Bold", "Italic", "Clear formatting", "Bulleted list"):
        expect(toolbar.get_by_role("button", name=name, exact=True)).to_be_enabled()
    for name in ("Undo", "Redo"):  # nothing done yet
        expect(toolbar.get_by_role("button", name=name, exact=True)).to_be_disabled()
    expect(toolbar.get_by_role("button", name="Heading 1")).to_be_enabled()
    for off in ("Underline", "Font Color", "Text Highlight Color", "Increase Indent", "Dictate", "Designer"):
        expect(toolbar.get_by_role("button", name=off, exact=True)).to_be_disabled()
    expect(toolbar.get_by_label("Font size")).to_be_disabled()
    expect(toolbar.get_by_role("textbox", name="Font", exact=True)).to_have_value("Aptos (Body)")


def test_copy_and_paste_by_pointer_is_saved(clipboard):
    episode, page, item = clipboard
    toolbar = page.get_by_role("toolbar", name="Formatting")
    _select(page, "expansion")
    toolbar.get_by_role("button", name="Copy", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Copied")).to_be_visible()
    page.get_by_role("textbox", name="Document body").get_by_text(LINE).click()
    page.keyboard.press("End")
    page.keyboard.type(" and ")
    toolbar.get_by_role("button", name="Paste", exact=True).click()
    saved(page)
    texts = [t for _, t, _ in blocks(episode, item)]
    assert any(t.startswith(LINE) and t.endswith("accounts. and expansion") for t in texts), texts


def test_cut_from_the_keyboard_removes_the_text_and_saves(clipboard):
    episode, page, item = clipboard
    _select(page, "expansion ")
    cut = page.get_by_role("toolbar", name="Formatting").get_by_role("button", name="Cut", exact=True)
    cut.focus()
    page.keyboard.press("Enter")
    saved(page)
    texts = [t for _, t, _ in blocks(episode, item)]
    assert "Focus on deals in existing accounts." in texts, texts


def test_paste_without_clipboard_access_or_anything_copied_says_use_ctrl_v(word):  # noqa: F811
    episode, page, item = word
    before = blocks(episode, item)
    page.get_by_role("textbox", name="Document body").get_by_text(LINE).click()
    page.get_by_role("toolbar", name="Formatting").get_by_role("button", name="Paste", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Ctrl+V")).to_be_visible()
    assert blocks(episode, item) == before


def test_clear_formatting_removes_bold(word):  # noqa: F811
    episode, page, item = word
    toolbar = page.get_by_role("toolbar", name="Formatting")
    _select(page, "expansion")
    page.keyboard.press("Control+B")
    saved(page)
    assert any("**expansion**" in t for _, t, _ in blocks(episode, item))
    _select(page, "expansion")
    expect(toolbar.get_by_role("button", name="Bold")).to_have_attribute("aria-pressed", "true")
    toolbar.get_by_role("button", name="Clear formatting").click()
    expect(toolbar.get_by_role("button", name="Bold")).to_have_attribute("aria-pressed", "false")
    saved(page)
    assert "Focus on expansion deals in existing accounts." in [t for _, t, _ in blocks(episode, item)]
