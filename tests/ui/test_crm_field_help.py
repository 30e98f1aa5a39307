"""Salesforce's field-level help in real Chromium: the (i) beside a label is a button reached with Tab, its
tooltip shows on focus (and on hover), Escape hides it, and the page stays axe-clean with it open."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def test_field_help_tooltip_by_keyboard_and_pointer(crm):
    _, page, ui = crm
    page.goto(ui("/contacts/new"))
    field = page.locator(".slds-form-element").filter(has=page.get_by_label("Account Name", exact=True))
    button = field.get_by_role("button", name="Help")
    tip = field.get_by_role("tooltip")
    expect(tip).to_be_hidden()
    page.get_by_label("Account Name", exact=True).focus()
    page.keyboard.press("Shift+Tab")  # the (i) sits between the label and the input in the tab order
    expect(button).to_be_focused()
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Search for the account.")
    expect(button).to_have_accessible_description("Search for the account.")
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(button).to_be_focused()
    page.keyboard.press("Tab")
    expect(tip).to_be_hidden()

    page.mouse.move(0, 0)
    button.hover()
    expect(tip).to_be_visible()
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()
    button.click()  # a click shows it too
    expect(tip).to_be_visible()
