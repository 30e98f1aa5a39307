"""Word's and Excel's chrome in real Chromium, one page for the module's Word test and one for its Excel test:
Word's status bar (Page 1 of N, the word count as you type, the zoom), Review > Word Count, the Font boxes
following the paragraph's style, Undo on the ribbon and Redo by Ctrl+Y after AutoSave (each saved), File >
Download a copy; Excel's number formats picked from Home's list shown in the grid and stored with the cell,
as openpyxl reads the workbook that File > Download a copy gives."""

from __future__ import annotations

import io
from urllib.parse import urljoin

import docx
import openpyxl
from playwright.sync_api import expect

from tests.ui.test_office_editor import blocks, saved
from tests.ui.test_office_editor import word as word  # noqa: F401 - the fixture
from tests.ui.test_office_sheet_tabs import _new_workbook, _type

WORDS = 28  # the kickoff notes: 3 + 7 + 1 + 5 + 6 + 6 ("Negotiation/Review" is one word)


def test_word_status_bar_word_count_zoom_undo_and_download(word):  # noqa: F811
    episode, page, item = word
    bar = page.get_by_role("group", name="Status bar")
    expect(bar).to_contain_text("Page 1 of 1")
    expect(bar).to_contain_text(f"{WORDS} words")
    expect(bar).to_contain_text("English (U.S.)")
    expect(bar.get_by_role("button", name="Give Feedback to Microsoft")).to_be_disabled()

    body = page.get_by_role("textbox", name="Document body")
    toolbar = page.get_by_role("toolbar", name="Formatting")
    body.get_by_text("Q4 kickoff notes").click()
    expect(toolbar.get_by_role("textbox", name="Font", exact=True)).to_have_value("Aptos Display (Headings)")
    expect(toolbar.get_by_role("textbox", name="Font size")).to_have_value("20")
    body.get_by_text("Focus on expansion deals").click()
    expect(toolbar.get_by_role("textbox", name="Font", exact=True)).to_have_value("Aptos (Body)")
    page.keyboard.press("End")
    page.keyboard.type(" Hire two")
    expect(bar).to_contain_text(f"{WORDS + 2} words")
    saved(page)
    assert any(t.endswith("accounts. Hire two") for _, t, _ in blocks(episode, item))

    undo, redo = (toolbar.get_by_role("button", name=n, exact=True) for n in ("Undo", "Redo"))
    expect(redo).to_be_disabled()
    undo.click()  # after AutoSave redrew the page (which ends the browser's own undo history)
    expect(bar).to_contain_text(f"{WORDS} words")
    saved(page)
    assert "Focus on expansion deals in existing accounts." in [t for _, t, _ in blocks(episode, item)]
    expect(undo).to_be_disabled()
    body.press("Control+y")
    expect(bar).to_contain_text(f"{WORDS + 2} words")
    saved(page)
    assert any(t.endswith("accounts. Hire two") for _, t, _ in blocks(episode, item))

    bar.get_by_role("button", name="Zoom in").click()
    expect(bar).to_contain_text("110%")
    assert body.evaluate("el => getComputedStyle(el).zoom") == "1.1"

    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Review", exact=True).click()
    toolbar.get_by_role("button", name="Word Count").click()
    dialog = page.get_by_role("dialog", name="Word Count")
    expect(dialog).to_contain_text(f"Words{WORDS + 2}")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="File", exact=True).click()
    href = toolbar.get_by_role("link", name="Download a copy").get_attribute("href")
    got = page.request.get(urljoin(page.url, href))
    assert got.ok and "Q4 kickoff notes" in got.headers["content-disposition"]
    assert docx.Document(io.BytesIO(got.body())).paragraphs[0].text == "Q4 kickoff notes"


FORMATS = {  # Home > Number format: label, what the cell shows, the code stored
    "A1": ("Long Date", "Tuesday, December 9, 2025", "dddd, mmmm d, yyyy"),
    "A2": ("Scientific", "1.23E+05", "0.00E+00"),
    "A3": ("Fraction", "2 1/2", "# ?/?"),
    "A4": ("Accounting", "$(1,234.50)", '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)'),
    "A5": ("Time", "6:00:00 PM", "h:mm:ss AM/PM"),
}


def test_excel_number_formats_show_and_reach_the_xlsx(office):
    _, page, ui = office
    _new_workbook(page, ui, "Formats")
    for address, text in zip(FORMATS, ("46000", "123456", "2.5", "-1234.5", "0.75"), strict=True):
        _type(page, address, text)
    picker = page.get_by_role("combobox", name="Number format")
    for address, (label, shown, _) in FORMATS.items():
        page.get_by_label("Name Box", exact=True).fill(address)
        page.keyboard.press("Enter")
        picker.select_option(label=label)
        page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
        expect(page.locator(f'td[data-a="{address}"]')).to_have_text(shown)
    # a code that is none of the list's: the list says Custom
    page.get_by_label("Name Box", exact=True).fill("A2")
    page.keyboard.press("Enter")
    page.get_by_role("toolbar", name="Home").get_by_role("button", name="Increase decimal").click()
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.locator('td[data-a="A2"]')).to_have_text("1.235E+05")
    expect(picker.locator("option:checked")).to_have_text("Custom")

    # Text on an empty cell, then typing: what is typed stays text (leading zeros and all)
    page.get_by_label("Name Box", exact=True).fill("B1")
    page.keyboard.press("Enter")
    picker.select_option(label="Text")
    page.locator('td[data-a="B1"]').click()  # back to the grid
    page.keyboard.type("00123")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.locator('td[data-a="B1"]')).to_have_text("00123")

    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="File", exact=True).click()
    download = page.get_by_role("toolbar", name="File").get_by_role("link", name="Download a copy")
    href = download.get_attribute("href")
    sheet = openpyxl.load_workbook(io.BytesIO(page.request.get(urljoin(page.url, href)).body())).worksheets[0]
    for address, (_, _, code) in FORMATS.items():
        if address != "A2":
            assert sheet[address].number_format == code, address
    assert sheet["A2"].number_format == "0.000E+00" and sheet["A2"].value == 123456
    assert sheet["B1"].value == "00123" and sheet["B1"].number_format == "@"
