"""Excel for the web in real Chromium: click a cell and type, Enter / Tab / arrows / Escape, the formula
bar, a number format, all without a page reload, each commit through update_cell; openpyxl reads the
exported workbook. The data room's 10,153-row ledger opens in the same grid, read by range, read-only."""

from __future__ import annotations

import base64
import io
import re

import openpyxl
import pytest
from playwright.sync_api import expect

BOOK = "Commission calculator.xlsx"
LEDGER = "GL Detail FY2026.xlsx"


def cell(page, address):
    return page.get_by_role("gridcell", name=re.compile(rf"^{address}\b"))


def settle(page):
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")


@pytest.fixture
def excel(live_server, browser):
    """(episode, page, open) on a fresh tiny episode; open(name) opens a workbook from Files."""
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)  # the first commit may wait for the engine to compile
    page.goto(urls.ui("office"))

    def open_book(name):
        page.get_by_role("navigation", name="Office tabs").get_by_role("link", name="OneDrive").click()
        page.get_by_role("link", name=re.compile(re.escape(name))).first.click()
        return page.url.split("/sheets/", 1)[1].split("?")[0]

    yield episode, page, open_book
    context.close()
    live_server.gateway.manager.close(episode.id)


def test_type_move_cancel_format_and_export(excel):
    episode, page, open_book = excel
    item = open_book(BOOK)
    page.evaluate("window.notReloaded = true")
    name_box, bar = page.get_by_label("Name Box", exact=True), page.get_by_label("Formula Bar", exact=True)
    cell(page, "B1").click()
    expect(name_box).to_have_value("B1")
    expect(cell(page, "B1")).to_have_attribute("aria-selected", "true")
    page.keyboard.type("100000")
    page.keyboard.press("Enter")
    expect(name_box).to_have_value("B2")
    settle(page)
    expect(cell(page, "B1")).to_have_text("100000")
    page.keyboard.press("ArrowRight")
    page.keyboard.type("scratch")
    page.keyboard.press("Escape")
    expect(name_box).to_have_value("C2")
    expect(cell(page, "C2")).to_have_text("")
    cell(page, "A7").click()
    page.keyboard.type("Double quota")
    page.keyboard.press("Tab")
    expect(name_box).to_have_value("B7")
    page.keyboard.type("=B1*2")
    page.keyboard.press("Enter")
    settle(page)
    expect(cell(page, "B7")).to_have_text("200000")
    page.keyboard.press("ArrowUp")
    expect(name_box).to_have_value("B7")
    expect(bar).to_have_value("=B1*2")
    page.get_by_label("Number format").select_option(label="Currency")
    settle(page)
    expect(cell(page, "B7")).to_have_text("$200,000.00")
    name_box.fill("D3")
    name_box.press("Enter")
    bar.fill("=B7/4")
    bar.press("Enter")
    settle(page)
    expect(cell(page, "D3")).to_have_text("50000")
    assert page.evaluate("window.notReloaded") is True
    writes = [e for e in episode.events() if e.kind == "action" and e.name == "update_cell"]
    assert len(writes) == 5 and all(e.surface == "ui" and e.outcome == "ok" for e in writes)
    assert any(
        e.kind == "browser" and e.parent == writes[0].seq and e.name == "key" for e in episode.events()
    )
    exported = episode.call("office_export_workbook", item_id=item)
    book = openpyxl.load_workbook(io.BytesIO(base64.b64decode(exported["content_base64"])))
    sheet = book.worksheets[0]
    assert sheet["B1"].value == 100000 and sheet["A7"].value == "Double quota"
    assert sheet["B7"].value == "=B1*2" and sheet["B7"].number_format == "$#,##0.00"
    assert sheet["D3"].value == "=B7/4" and sheet["C2"].value is None


def test_a_formula_that_does_not_parse_is_refused_and_changes_nothing(excel):
    episode, page, open_book = excel
    open_book(BOOK)
    before = [e for e in episode.events() if e.kind == "action" and e.name == "update_cell"]
    cell(page, "C1").click()
    page.keyboard.type("=SUM(B1:B2")
    page.keyboard.press("Enter")
    settle(page)
    expect(page.get_by_role("status")).to_contain_text("problem with the formula")
    expect(cell(page, "C1")).to_have_text("")
    refused = [e for e in episode.events() if e.kind == "action" and e.name == "update_cell"]
    assert len(refused) == len(before) + 1 and refused[-1].outcome != "ok"


@pytest.fixture
def ledger(live_server, browser):
    """(episode, page, item): the data room's GL export open in the grid of a fresh acme episode."""
    episode, urls = live_server.new_episode("acme", task="xoffice-portal-outage-ortiz")
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.set_default_timeout(20_000)
    page.goto(urls.ui("office"))
    item = episode.db.execute_raw("SELECT id FROM office_drive_item WHERE name = ?", (LEDGER,))[0][0]
    page.goto(page.url.split("/s/office")[0] + f"/s/office/sheets/{item}")
    yield episode, page, item
    page.context.close()
    live_server.gateway.manager.close(episode.id)


def test_the_ledger_opens_by_range_and_read_only(ledger):
    episode, page, item = ledger
    used = episode.call("office_get_used_range", item_id=item)
    grid = page.get_by_role("grid")
    expect(grid).to_have_attribute("aria-readonly", "true")
    # a message bar says so above the grid; the grid's own description says it to assistive technology
    expect(page.get_by_text("This workbook is read-only.")).to_be_visible()
    expect(grid).to_have_accessible_description("Read-only: you can select and copy, not change.")
    assert _hidden_visually(page.get_by_text("Read-only: you can select and copy, not change."))
    assert int(grid.get_attribute("aria-rowcount")) == used["row_count"] + 1
    assert page.get_by_role("gridcell").count() <= 60 * used["column_count"]  # a window, not 160k cells
    name_box = page.get_by_label("Name Box", exact=True)
    name_box.fill("C10000")
    name_box.press("Enter")
    settle(page)
    want = episode.call("office_get_range", item_id=item, address="C10000")["values"][0][0]
    expect(cell(page, "C10000")).to_be_visible()
    assert cell(page, "C10000").inner_text().strip() != "" or want is None
    assert page.get_by_role("gridcell").count() <= 60 * used["column_count"]
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    assert not [e for e in episode.events() if e.kind == "action" and e.name == "update_cell"]
    expect(page.get_by_label("Formula Bar", exact=True)).not_to_be_editable()


def test_an_auditor_works_the_ledger_with_find_ctrl_keys_and_a_frozen_header(ledger):
    """Find (Ctrl+F: next, next, previous, nothing found), Ctrl+Home / Ctrl+End / Ctrl+Down to the
    edges of the data, and a frozen top row that stays on screen 7,000 rows down — all by range reads."""
    episode, page, item = ledger
    refs = episode.call("office_get_range", item_id=item, address="J1:J10151")["values"]
    name_box = page.get_by_label("Name Box", exact=True)
    status = page.get_by_role("status")

    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="View", exact=True).click()
    freeze = page.get_by_role("button", name="Freeze Top Row")
    freeze.click()
    settle(page)
    expect(freeze).to_have_attribute("aria-pressed", "true")
    cell(page, "J1").click()
    page.keyboard.press("Control+ArrowDown")
    settle(page)
    below = next(i for i, (v,) in enumerate(refs) if i > 0 and v) + 1
    expect(name_box).to_have_value(f"J{below}")
    page.keyboard.press("Control+End")
    settle(page)
    expect(name_box).to_have_value("P10151")
    expect(cell(page, "A1")).to_be_visible()  # the frozen header row, 10,000 rows down
    expect(cell(page, "A1")).to_have_text("Journal No")
    page.keyboard.press("Control+Home")
    settle(page)
    expect(name_box).to_have_value("A1")

    find = page.get_by_role("searchbox", name="Find what")
    expect(find).to_be_hidden()
    page.keyboard.press("Control+f")
    expect(find).to_be_focused()
    rows = [i + 1 for i, (v,) in enumerate(refs) if v == "0065g000000008vAAA"]
    find.fill("0065G000000008VAAA")  # any case
    for want in (rows[0], rows[1], rows[2]):
        find.press("Enter")
        settle(page)
        expect(name_box).to_have_value(f"J{want}")
        expect(cell(page, f"J{want}")).to_have_attribute("aria-selected", "true")
    find.press("Shift+Enter")
    settle(page)
    expect(name_box).to_have_value(f"J{rows[1]}")
    expect(status).to_contain_text(f"J{rows[1]}")
    find.fill("no such reference")
    page.get_by_role("button", name="Find Next").click()
    settle(page)
    expect(status).to_contain_text("couldn't find")
    expect(name_box).to_have_value(f"J{rows[1]}")
    find.press("Escape")
    expect(find).to_be_hidden()
    expect(cell(page, f"J{rows[1]}")).to_be_focused()
    # rows arriving for a scroll keep what is being typed into the Name Box
    cell(page, f"J{rows[1]}").hover()
    page.mouse.wheel(0, 4800)
    name_box.fill("J9000")
    page.wait_for_timeout(300)  # past the scroll's debounce: its rows are read and drawn
    settle(page)
    expect(name_box).to_have_value("J9000")
    name_box.press("Enter")
    settle(page)
    expect(cell(page, "J9000")).to_be_focused()
    actions = {e.name for e in episode.events() if e.kind == "action"}
    assert "update_cell" not in actions and "get_range" in actions
    sheet_url = page.url.split("?")[0]
    for route, data, says in (
        ("find", {"text": "  ", "after": "A1"}, "Type what to find"),
        ("find", {"text": "x", "after": "A0"}, "Type what to find"),
        ("edge", {"address": "J7", "direction": "sideways"}, "direction"),
        ("edge", {"address": "Q1", "direction": "down"}, "outside the sheet"),
    ):
        refused = page.request.post(f"{sheet_url}/{route}", data=data)
        assert refused.status == 400 and says in refused.json()["error"], (route, data)


def _hidden_visually(locator) -> bool:  # noqa: ANN001
    """True when the element is in the page (for assistive technology) but takes no visible room."""
    box = locator.bounding_box()
    return box is not None and box["width"] <= 1 and box["height"] <= 1


def _header(page, text):  # noqa: ANN001, ANN202
    """The column letter or row number header with exactly `text`."""
    role = "columnheader" if text.isalpha() else "rowheader"
    return page.get_by_role(role, name=text, exact=True)


def test_status_bar_sums_a_selected_range_and_headers_follow_the_active_cell(excel):
    """Excel's status bar: Average, Count and Sum of a range selected with Shift+arrows or Shift+click, and
    the zoom; the active cell's row number and column letter are highlighted; the grid's instructions are
    its accessible description, not text on screen."""
    episode, page, open_book = excel
    open_book(BOOK)
    grid = page.get_by_role("grid")
    expect(grid).to_have_accessible_description(re.compile("^Select a cell and type; Enter moves down"))
    assert _hidden_visually(page.get_by_text("Select a cell and type", exact=False))
    bar = page.get_by_role("group", name="Status bar")
    expect(bar).to_contain_text("100%")
    cell(page, "H20").click()
    for value in ("10", "20.5", "note", "29.5"):
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    settle(page)
    expect(cell(page, "H23")).to_have_text("29.5")
    hl = re.compile(r"\bo-hl\b")
    expect(_header(page, "H")).to_have_class(hl)
    expect(_header(page, "24")).to_have_class(hl)  # Enter moved the active cell to H24
    expect(_header(page, "20")).not_to_have_class(hl)
    cell(page, "H20").click()
    expect(_header(page, "20")).to_have_class(hl)
    expect(_header(page, "24")).not_to_have_class(hl)
    page.keyboard.press("ArrowRight")
    expect(_header(page, "I")).to_have_class(hl)
    expect(_header(page, "H")).not_to_have_class(hl)
    cell(page, "H20").click()
    stats = bar.locator("#grid-stats")
    expect(stats).to_have_text("")  # one cell: nothing to sum
    for _ in range(3):
        page.keyboard.press("Shift+ArrowDown")
    expect(stats).to_have_text(re.compile(r"^Average: 20\s+Count: 4\s+Sum: 60$"))
    for row in ("21", "22", "23"):
        expect(_header(page, row)).to_have_class(hl)
    expect(page.get_by_label("Name Box", exact=True)).to_have_value("H20")  # the active cell stays
    cell(page, "H21").click(modifiers=["Shift"])  # Shift+click: H20:H21
    expect(stats).to_have_text(re.compile(r"^Average: 15.25\s+Count: 2\s+Sum: 30.5$"))
    expect(_header(page, "23")).not_to_have_class(hl)
    cell(page, "B5").click()
    expect(stats).to_have_text("")
