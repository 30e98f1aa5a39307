"""Excel for the web's sheet tabs in real Chromium: "+" adds Sheet<n> and opens it, Rename sheet renames
the active tab (formulas that point at it follow), a refused name is shown and changes nothing."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def _new_workbook(page, ui, name):
    page.set_default_timeout(30_000)  # the first commit may wait for the engine to compile
    page.goto(ui("/files?new=workbook"))
    page.get_by_label("Name", exact=True).fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Create", exact=True).click()
    return page.url.split("/sheets/", 1)[1].split("?")[0]


def _type(page, address, text):
    page.get_by_label("Name Box", exact=True).fill(address)
    page.keyboard.press("Enter")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.get_by_role("status").filter(has_text="Saved")).to_have_text(f"Saved {address}.")


def _rename(page, name):
    page.get_by_role("button", name="Rename sheet").click()
    box = page.get_by_label("Sheet name", exact=True)
    expect(box).to_be_focused()
    page.keyboard.type(name)  # the current name is selected: typing replaces it
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_add_and_rename_sheets_formulas_follow(office):
    episode, page, ui = office
    item = _new_workbook(page, ui, "Tabs")
    tabs = page.get_by_role("navigation", name="Sheet tabs")
    expect(tabs.get_by_role("link")).to_have_text(["Sheet1"])
    with page.expect_navigation():
        page.get_by_role("button", name="New sheet").click()
    expect(tabs.get_by_role("link")).to_have_text(["Sheet1", "Sheet2"])
    expect(tabs.get_by_role("link", name="Sheet2")).to_have_attribute("aria-current", "page")
    _rename(page, "Incidents")
    expect(page.get_by_role("grid", name="Incidents")).to_be_visible()
    _type(page, "A1", "High")
    _type(page, "A2", "High")
    with page.expect_navigation():
        tabs.get_by_role("link", name="Sheet1").click()
    _type(page, "B1", '=COUNTIF(Incidents!A1:A5,"High")')
    _rename(page, "By priority")
    expect(tabs.get_by_role("link")).to_have_text(["By priority", "Incidents"])
    with page.expect_navigation():
        tabs.get_by_role("link", name="Incidents").click()
    _rename(page, "Open incidents")  # the formula on By priority follows the rename
    sheet = episode.call("office_get_worksheet", item_id=item, worksheet="By priority")
    (b1,) = [c for c in sheet["cells"] if c["address"] == "B1"]
    assert b1["formula"] == "=COUNTIF('Open incidents'!A1:A5,\"High\")" and b1["value"] == 2
    renames = [e for e in episode.events() if e.kind == "action" and e.name == "rename_worksheet"]
    assert [(e.surface, e.outcome) for e in renames] == [("ui", "ok")] * 3


def test_a_refused_sheet_name_is_shown_and_changes_nothing(office):
    episode, page, ui = office
    _new_workbook(page, ui, "Refusals")
    with page.expect_navigation():
        page.get_by_role("button", name="New sheet").click()
    before = episode.state_hash()
    _rename(page, "Sheet1")
    expect(page.get_by_role("alert")).to_contain_text("already has a sheet named 'Sheet1'")
    expect(page.get_by_label("Sheet name", exact=True)).to_have_attribute("aria-invalid", "true")
    _rename_box = page.get_by_label("Sheet name", exact=True)
    _rename_box.fill("Q4/2026")
    with page.expect_navigation():
        page.get_by_role("button", name="Rename", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text(re.compile(r"at most 31 characters and none of"))
    assert episode.state_hash() == before
    tabs = page.get_by_role("navigation", name="Sheet tabs")
    expect(tabs.locator("a")).to_have_text(["Sheet1", "Sheet2"])  # the current tab's name box stays open
    expect(tabs.get_by_label("Sheet name", exact=True)).to_be_focused()


def test_the_current_tab_is_renamed_in_place_by_double_click_and_number_formats_from_the_ribbon(office):
    """Excel's own ways: a double-click on the current sheet's tab turns it into its name box (Escape gives
    the tab back); Home's Currency and Increase decimal (pointer and keyboard) format the active cell, which
    then shows its value formatted."""
    episode, page, ui = office
    item = _new_workbook(page, ui, "Formats")
    _type(page, "A1", "1234.5")
    tabs = page.get_by_role("navigation", name="Sheet tabs")
    tab = tabs.get_by_role("link", name="Sheet1", exact=True)
    tab.dblclick()
    box = tabs.get_by_label("Sheet name", exact=True)
    expect(box).to_be_focused()
    assert tabs.bounding_box()["y"] <= box.bounding_box()["y"] <= tabs.bounding_box()["y"] + 40  # on the tab
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    expect(tabs.get_by_role("link", name="Sheet1", exact=True)).to_be_visible()
    tabs.get_by_role("link", name="Sheet1", exact=True).dblclick()
    page.keyboard.type("Budget")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(tabs.get_by_role("link", name="Budget", exact=True)).to_have_attribute("aria-current", "page")

    page.get_by_label("Name Box", exact=True).fill("A1")
    page.keyboard.press("Enter")
    home = page.get_by_role("toolbar", name="Home")
    home.get_by_role("button", name="Currency").click()
    cell = page.get_by_role("gridcell", name=re.compile(r"^A1 "))
    expect(cell).to_have_text("$1,234.50", timeout=30_000)  # the first format may wait for the engine
    home.get_by_role("button", name="Increase decimal").focus()
    page.keyboard.press("Enter")
    expect(cell).to_have_text("$1,234.500")
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    stored = episode.call("office_get_worksheet", item_id=item, worksheet="Budget")["cells"]
    (a1,) = [c for c in stored if c["address"] == "A1"]
    assert (a1["value"], a1["number_format"]) == (1234.5, "$#,##0.000")
