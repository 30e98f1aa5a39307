"""Keyboard models in real Chromium: the one search combobox every app shares (apps/core/static/combobox.js,
WAI-ARIA 1.2 editable combobox with list autocomplete) on each app's own field, and Outlook's message list
as one tab stop moved through with the arrow keys."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

# app: (page fixture, form, combobox name, text matching several records, a choice becomes a token)
COMBOBOXES = {
    "crm": ("crm", "/opportunities/new", "Account Name", "Group", False),
    "office": ("office", "/mail/compose", "To", "Johnson", True),
    "ticketing": ("desk", "/incidents/new", "Assignment group", "Support", False),
}


@pytest.mark.parametrize("app", list(COMBOBOXES))
def test_search_combobox_keyboard(app, request):
    fixture, path, name, text, token = COMBOBOXES[app]
    _, page, ui = request.getfixturevalue(fixture)
    page.goto(ui(path))
    box = page.get_by_role("combobox", name=name, exact=True)
    expect(box).to_have_attribute("aria-expanded", "false")
    box.press_sequentially(text, delay=20)
    expect(box).to_have_attribute("aria-expanded", "true")
    listbox = page.get_by_role("listbox")  # the one shown: hidden popups are not in the tree
    assert listbox.get_attribute("id") == box.get_attribute("aria-controls")
    options = listbox.get_by_role("option")
    expect(options.nth(1)).to_be_visible()
    last = options.count() - 1
    any_active = re.compile(".")
    labelled = "o => document.getElementById(o.getAttribute('aria-labelledby')).textContent"

    def active(i: int) -> None:
        expect(box).to_have_attribute("aria-activedescendant", options.nth(i).get_attribute("id") or "")
        expect(listbox.get_by_role("option", selected=True)).to_have_count(1)
        expect(options.nth(i)).to_have_attribute("aria-selected", "true")

    for key, at in (("ArrowDown", 0), ("ArrowDown", 1), ("ArrowUp", 0), ("ArrowUp", last), ("ArrowDown", 0)):
        box.press(key)
        active(at)
    for key, caret in (("Home", 0), ("End", len(text))):  # back to editing the text, the popup still open
        box.press("ArrowDown")
        box.press(key)
        expect(box).not_to_have_attribute("aria-activedescendant", any_active)
        assert box.evaluate("e => e.selectionStart") == caret
        expect(listbox).to_be_visible()
    box.press("Escape")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_value(text)
    box.press("ArrowDown")  # a closed box opens on its first option
    active(0)
    label = options.nth(0).evaluate(labelled)
    box.press("Enter")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).not_to_have_attribute("aria-activedescendant", any_active)
    if token:  # Outlook's picker: the person becomes a token, the box is emptied for the next
        expect(page.get_by_role("list", name=f"{name} recipients").get_by_role("listitem")).to_have_count(1)
        expect(box).to_have_value("")
    else:
        expect(box).to_have_value(label)


def test_message_list_arrow_keys_home_end_and_enter(office):
    _, page, ui = office
    page.goto(ui("/mail"))
    grid = page.get_by_role("grid", name="Messages")
    rows = grid.get_by_role("link")
    assert rows.count() >= 4
    expect(grid.get_by_role("row", selected=True)).to_have_count(0)
    rows.nth(1).focus()
    page.keyboard.press("Tab")  # one tab stop: Tab leaves the list, Shift+Tab comes back to the same row
    assert not grid.evaluate("g => g.contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    expect(rows.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(rows.last).to_be_focused()
    page.keyboard.press("Home")
    expect(rows.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    third = rows.nth(2)
    expect(third).to_be_focused()
    assert third.evaluate("e => e.matches(':focus-visible') && getComputedStyle(e).outlineStyle !== 'none'")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    subject = third.locator(".o-subject").inner_text()
    page.keyboard.press("Enter")
    expect(page.get_by_role("article", name="Reading pane").get_by_role("heading", level=2)).to_have_text(
        subject
    )
    selected = grid.get_by_role("row", selected=True)
    expect(selected).to_have_count(1)
    expect(selected.get_by_role("link")).to_contain_text(subject)
    assert selected.get_by_role("link").get_attribute("tabindex") == "0"  # the list's one tab stop
