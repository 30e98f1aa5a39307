"""Keyboard models in real Chromium: the one search combobox every app shares (apps/core/static/combobox.js,
WAI-ARIA 1.2 editable combobox with list autocomplete) on each app's own field."""

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
