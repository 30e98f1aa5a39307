"""Excel's Home tab in real Chromium: its groups as Excel names them (Clipboard, Font, Alignment, Number,
Styles, Cells, Editing), what a cell here cannot hold (borders, merges) shown disabled; Copy and Paste by
pointer moving a formula's relative references (anchored ones stay), Cut and Paste from the keyboard moving a
cell, AutoSum by Alt+= and by pointer; the workbook over MCP holds each result."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.test_office_sheet_tabs import _new_workbook, _type

COPIED = re.compile(r"\bo-copied\b")  # the cell copied or cut, marked until pasted


def _cells(episode, item):  # noqa: ANN001, ANN202
    """{address: (formula or value as typed, value)} of the workbook's first sheet."""
    view = episode.call("office_get_worksheet", item_id=item)
    return {c["address"]: (c["formula"] or c["value"], c["value"]) for c in view["cells"]}


def _go(page, address):  # noqa: ANN001, ANN202
    page.get_by_label("Name Box", exact=True).fill(address)
    page.keyboard.press("Enter")


def _settled(page, address):  # noqa: ANN001, ANN202
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.get_by_role("status").filter(has_text="Saved")).to_have_text(f"Saved {address}.")


def test_home_has_excels_groups_and_disables_what_a_cell_cannot_hold(office):
    _, page, ui = office
    _new_workbook(page, ui, "Home groups")
    home = page.get_by_role("toolbar", name="Home")
    groups = home.get_by_role("group")
    assert [groups.nth(i).get_attribute("aria-label") for i in range(groups.count())] == [
        "Clipboard",
        "Font",
        "Alignment",
        "Number",
        "Styles",
        "Cells",
        "Editing",
    ]
    for name in (
        "Paste",
        "Cut",
        "Copy",
        "Bold",
        "Fill Color",
        "Center",
        "Wrap Text",
        "Currency",
        "AutoSum",
        "Find",
    ):
        expect(home.get_by_role("button", name=name, exact=True)).to_be_enabled()
    expect(home.get_by_role("combobox", name="Number format")).to_be_visible()
    for off in ("Borders", "Merge & Center", "Insert", "Conditional Formatting"):
        expect(home.get_by_role("button", name=off, exact=True)).to_be_disabled()


def test_copy_and_paste_by_pointer_moves_relative_references(office):
    episode, page, ui = office
    item = _new_workbook(page, ui, "Copy formulas")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    home = page.get_by_role("toolbar", name="Home")
    for address, text in (("A1", "5"), ("A2", "7"), ("B1", "=A1*2"), ("C1", "=$A$1+A1")):
        _type(page, address, text)
    for source, target in (("B1", "B2"), ("C1", "C2")):
        _go(page, source)
        home.get_by_role("button", name="Copy", exact=True).click()
        expect(page.locator(f'td[data-a="{source}"]')).to_have_class(COPIED)
        _go(page, target)
        home.get_by_role("button", name="Paste", exact=True).click()
        _settled(page, target)
    cells = _cells(episode, item)
    assert cells["B2"] == ("=A2*2", 14)
    assert cells["C2"] == ("=$A$1+A2", 12)
    assert cells["B1"] == ("=A1*2", 10)  # the source stays


def test_cut_and_paste_from_the_keyboard_moves_the_cell(office):
    episode, page, ui = office
    item = _new_workbook(page, ui, "Cut cells")
    _type(page, "A3", "42")
    _go(page, "A3")
    page.keyboard.press("Control+X")
    expect(page.locator('td[data-a="A3"]')).to_have_class(COPIED)
    _go(page, "C5")
    page.keyboard.press("Control+V")
    expect(page.locator('td[data-a="A3"]')).to_have_text("")
    _settled(page, "A3")
    cells = _cells(episode, item)
    assert cells.get("C5") == (42, 42) and "A3" not in cells, cells


def test_autosum_by_keyboard_and_by_pointer(office):
    episode, page, ui = office
    item = _new_workbook(page, ui, "Sums")
    for address, text in (("A1", "1"), ("A2", "2"), ("A3", "3"), ("C1", "4"), ("D1", "6")):
        _type(page, address, text)
    _go(page, "A4")
    page.keyboard.press("Alt+Equal")  # the numbers above
    _settled(page, "A4")
    _go(page, "E1")
    page.get_by_role("toolbar", name="Home").get_by_role("button", name="AutoSum").click()  # to the left
    _settled(page, "E1")
    _go(page, "G9")  # nothing to add up: said, nothing changed
    before = _cells(episode, item)
    page.get_by_role("toolbar", name="Home").get_by_role("button", name="AutoSum").click()
    expect(page.get_by_role("status").filter(has_text="AutoSum")).to_contain_text("there are none")
    cells = _cells(episode, item)
    assert cells == before
    assert cells["A4"] == ("=SUM(A1:A3)", 6)
    assert cells["E1"] == ("=SUM(C1:D1)", 10)
