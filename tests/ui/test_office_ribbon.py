"""Word's and Excel's ribbon in real Chromium: tabs (Word: File, Home, Insert, Layout, References, Review,
View; Excel: File, Home, Insert, Formulas, Data, Review, View; Home selected) show one tab's commands at a
time, by pointer and by the arrow keys; the commands that work work (Insert > Table opens its dialog, View >
Freeze Top Row freezes), the rest are disabled, and the caret stays in the document when a tab is clicked."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_office_editor import DOC
from tests.ui.test_office_sheet_tabs import _new_workbook


def test_word_ribbon_tabs_by_pointer_and_keyboard(office):
    _, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("link", name=DOC).first.click()
    ribbon = page.get_by_role("tablist", name="Ribbon")
    home, insert = (ribbon.get_by_role("tab", name=n, exact=True) for n in ("Home", "Insert"))
    expect(home).to_have_attribute("aria-selected", "true")
    bar = page.get_by_role("toolbar", name="Formatting")
    expect(bar.get_by_role("button", name="Bold")).to_be_visible()
    expect(bar.get_by_role("button", name="Insert table")).to_be_hidden()

    body = page.get_by_role("textbox", name="Document body")
    body.get_by_text("Focus on expansion deals").click()
    insert.click()
    expect(insert).to_have_attribute("aria-selected", "true")
    expect(bar.get_by_role("button", name="Bold")).to_be_hidden()
    expect(body).to_be_focused()  # the caret stays where it was
    bar.get_by_role("button", name="Insert table").click()
    expect(page.get_by_role("dialog", name="Insert table")).to_be_visible()
    page.keyboard.press("Escape")

    insert.focus()
    page.keyboard.press("ArrowLeft")
    expect(home).to_be_focused()
    expect(home).to_have_attribute("aria-selected", "true")
    expect(bar.get_by_role("button", name="Bold")).to_be_visible()
    page.keyboard.press("End")
    expect(ribbon.get_by_role("tab", name="View", exact=True)).to_have_attribute("aria-selected", "true")
    tabs = ribbon.get_by_role("tab")
    assert [tabs.nth(i).inner_text() for i in range(tabs.count())] == [
        "File",
        "Home",
        "Insert",
        "Layout",
        "References",
        "Review",
        "View",
    ]
    ribbon.get_by_role("tab", name="Layout", exact=True).click()
    expect(bar.get_by_role("button", name="Margins")).to_be_disabled()


def test_excel_ribbon_view_tab_freezes_the_top_row(office):
    _, page, ui = office
    _new_workbook(page, ui, "Ribbon")
    ribbon = page.get_by_role("tablist", name="Ribbon")
    expect(page.get_by_role("toolbar", name="Home").get_by_role("button", name="Find")).to_be_visible()
    freeze = page.get_by_role("button", name="Freeze Top Row")
    expect(freeze).to_be_hidden()
    ribbon.get_by_role("tab", name="View", exact=True).click()
    expect(page.get_by_role("toolbar", name="Home")).to_be_hidden()
    freeze.click()
    expect(freeze).to_have_attribute("aria-pressed", "true")
    ribbon.get_by_role("tab", name="Home", exact=True).press("ArrowRight")  # from Home (not selected) on
    expect(ribbon.get_by_role("tab", name="Insert", exact=True)).to_be_focused()
    pivot = page.get_by_role("toolbar", name="Insert").get_by_role("button", name="PivotTable")
    expect(pivot).to_be_disabled()
