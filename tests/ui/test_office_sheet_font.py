"""Excel's Home > Font and Alignment in real Chromium: a selected range made bold (Ctrl+B), filled, coloured,
centred and wrapped by pointer; the grid draws it, the buttons show the active cell's state, the workbook
over MCP holds it and the downloaded .xlsx carries it (openpyxl)."""

from __future__ import annotations

import base64
import io
import re

import openpyxl
from playwright.sync_api import expect

from tests.ui.test_office_sheet_tabs import _new_workbook, _type


def _formatted(page, address):  # noqa: ANN001, ANN202
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.get_by_role("status")).to_have_text(f"Formatted {address}.")


def test_font_and_alignment_format_the_selection(office):
    episode, page, ui = office
    item = _new_workbook(page, ui, "Styled by hand")
    home = page.get_by_role("toolbar", name="Home")
    _type(page, "A1", "Region")
    _type(page, "B1", "Q3")
    page.get_by_label("Name Box", exact=True).fill("A1")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Control+b")
    _formatted(page, "A1:B1")
    home.get_by_role("button", name="Center", exact=True).click()
    _formatted(page, "A1:B1")
    home.get_by_role("button", name="Fill Color options").click()
    page.get_by_role("menu", name="Fill Color").get_by_role("menuitem", name="Light Green").click()
    _formatted(page, "A1:B1")
    home.get_by_role("button", name="Font Color", exact=True).click()  # Red, the bar's colour
    _formatted(page, "A1:B1")
    home.get_by_label("Font size", exact=True).select_option("14")
    _formatted(page, "A1:B1")
    bold = home.get_by_role("button", name="Bold", exact=True)
    expect(bold).to_have_attribute("aria-pressed", "true")
    expect(home.get_by_role("button", name="Center", exact=True)).to_have_attribute("aria-pressed", "true")
    b1 = page.locator('td[data-a="B1"]')
    assert b1.evaluate("td => [getComputedStyle(td).fontWeight, getComputedStyle(td).textAlign]") == [
        "700",
        "center",
    ]
    assert b1.evaluate("td => [getComputedStyle(td).backgroundColor, getComputedStyle(td).color]") == [
        "rgb(146, 208, 80)",
        "rgb(255, 0, 0)",
    ]
    page.get_by_label("Name Box", exact=True).fill("A2")
    page.keyboard.press("Enter")
    expect(bold).to_have_attribute("aria-pressed", "false")  # an unformatted cell
    expect(home.get_by_label("Font size", exact=True)).to_have_value("11")
    home.get_by_role("button", name="Wrap Text", exact=True).click()
    _formatted(page, "A2")
    cells = {c["address"]: c["style"] for c in episode.call("office_get_worksheet", item_id=item)["cells"]}
    assert cells["B1"] == {
        "font_size": 14,
        "bold": True,
        "font_color": "#FF0000",
        "fill_color": "#92D050",
        "horizontal": "center",
    }
    assert cells["A2"] == {"wrap": True}
    exported = episode.call("office_export_workbook", item_id=item)
    ws = openpyxl.load_workbook(io.BytesIO(base64.b64decode(exported["content_base64"])))["Sheet1"]
    assert (
        ws["A1"].font.b
        and ws["A1"].fill.fgColor.rgb == "FF92D050"
        and ws["A1"].alignment.horizontal == "center"
    )
    assert ws["A2"].alignment.wrap_text and ws["B1"].font.sz == 14
    # the sheet opened on a range (?cell=A1:B2): its first cell active, the range selected, its columns'
    # letters highlighted and the status bar's Count of it
    page.goto(ui(f"/sheets/{item}?cell=A1:B2"))
    expect(page.get_by_label("Name Box", exact=True)).to_have_value("A1")
    expect(page.locator("#grid-stats")).to_have_text("Count: 2")
    expect(page.locator("thead th.o-hl")).to_have_text(["A", "B"])
    expect(page.locator('td[data-a="B1"]')).to_have_attribute("style", re.compile("font-weight:700"))
