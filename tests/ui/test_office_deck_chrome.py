"""PowerPoint for the web's editor chrome in real Chromium: the notes pane saves itself (one debounced
update_slide_notes, no Save button), the Slide Sorter moves a slide by Ctrl+Arrow and by drag and hides
one from its right-click menu, the table Layout tab inserts a row at the cell you are in (the cell typed on
the slide saved first), Insert > Chart inserts a chart whose Chart Data pane (open as it is inserted) applies
each cell as it is left; these states are axe-clean."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations
from tests.ui.test_office_decks import slides, ui_actions


@pytest.fixture
def deck(office):
    """(episode, page, ui, deck id) with a three-slide deck open in the editor."""
    episode, page, ui = office
    item = episode.call("office_create_presentation", name="Chrome")["item"]["id"]
    for title in ("Agenda", "Numbers"):
        episode.call("office_add_slide", item_id=item, title=title, text="First point")
    page.goto(ui(f"/decks/{item}"))
    return episode, page, ui, item


def test_notes_save_themselves_once_typing_stops(deck):
    episode, page, ui, item = deck
    page.get_by_role("link", name="Slide 2: Agenda").click()
    expect(page.get_by_role("button", name="Save notes")).to_have_count(0)
    notes = page.get_by_label("Notes", exact=True)
    notes.click()
    page.keyboard.type("Open with the renewal numbers.")
    expect(page.get_by_role("status")).to_have_text("Saved")
    assert slides(episode, item)[1]["notes"] == "Open with the renewal numbers."
    saves = ui_actions(episode, "update_slide_notes")
    assert len(saves) == 1  # debounced: one call for the whole sentence
    assert any(e.kind == "browser" and e.parent == saves[0].seq for e in episode.events())
    page.reload()
    expect(page.get_by_label("Notes", exact=True)).to_have_value("Open with the renewal numbers.")
    font = page.evaluate("getComputedStyle(document.getElementById('notes')).fontFamily")
    assert "mono" not in font.lower()  # a proportional font, as PowerPoint's notes pane
    bad = page.request.post(
        ui(f"/decks/{item}/notes"), data="{}", headers={"Content-Type": "application/json"}
    )
    assert bad.status == 400 and bad.json()["error"] == 'send {"slide_id", "notes"}'
    gone = page.request.post(ui(f"/decks/{item}/notes"), data={"slide_id": "nope", "notes": "x"})
    assert gone.status == 422 and gone.json()["error"].startswith("Not saved: ")


def test_slide_sorter_moves_by_keyboard_and_drag_and_hides_from_the_context_menu(deck):
    episode, page, ui, item = deck
    page.get_by_role("tab", name="View", exact=True).click()
    page.get_by_role("link", name="Slide Sorter", exact=True).click()
    sorter = page.get_by_role("region", name="Slide Sorter")
    expect(sorter.get_by_role("button", name="Hide slide slide 1")).to_have_count(0)  # no text buttons
    sorter.get_by_role("link", name="Open slide 2: Agenda").focus()
    page.keyboard.press("Control+ArrowRight")
    expect(sorter.get_by_role("link", name="Open slide 3: Agenda")).to_have_attribute("aria-current", "page")
    assert [s["title"] for s in slides(episode, item)] == ["", "Numbers", "Agenda"]
    sorter = page.get_by_role("region", name="Slide Sorter")
    sorter.get_by_role("link", name="Open slide 1").click(button="right")
    menu = page.get_by_role("menu", name="More options for slide 1")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Move later slide 1")).to_be_focused()  # its first entry
    expect(menu.get_by_role("menuitem", name="Move earlier slide 1")).to_have_count(0)  # the first slide
    assert not _violations(page)
    menu.get_by_role("menuitem", name="Hide slide slide 1").click()
    expect(page.get_by_role("link", name="Open slide 1 (hidden)")).to_be_visible()
    assert [s["hidden"] for s in slides(episode, item)] == [True, False, False]
    sorter = page.get_by_role("region", name="Slide Sorter")
    sorter.get_by_role("link", name="Open slide 3: Agenda").drag_to(
        sorter.get_by_role("link", name="Open slide 1")
    )
    expect(page.get_by_role("link", name="Open slide 1: Agenda")).to_have_attribute("aria-current", "page")
    assert [s["title"] for s in slides(episode, item)] == ["Agenda", "", "Numbers"]
    edits = [e.name for e in episode.events() if e.kind == "action" and e.surface == "ui"]
    assert [n for n in edits if n in ("move_slide", "set_slide_hidden")] == [
        "move_slide",
        "set_slide_hidden",
        "move_slide",
    ]


def test_table_layout_inserts_a_row_below_the_cell_you_are_in(deck):
    episode, page, ui, item = deck
    slide = slides(episode, item)[2]
    episode.call(
        "office_add_table", item_id=item, slide_id=slide["id"], rows=[["Deal", "Amount"], ["Acme", "10"]]
    )
    table = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
        if s["kind"] == "table"
    )
    page.goto(ui(f"/decks/{item}?slide=3&shape={table['id']}"))
    grid = page.locator("#d-canvas").get_by_role("table", name=table["name"])
    grid.get_by_label("Row 2, column 2").fill("$12,000")  # typed on the slide
    page.get_by_role("tab", name="Layout").click()
    assert not _violations(page)
    page.get_by_role("button", name="Insert Row Above").focus()  # the cell is left: the ribbon acts at it
    page.get_by_role("button", name="Insert Row Below").click()
    expect(page.get_by_role("tab", name="Layout")).to_have_attribute("aria-selected", "true")
    shape = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
        if s["kind"] == "table"
    )
    assert shape["table_rows"] == [["Deal", "Amount"], ["Acme", "$12,000"], ["", ""]]
    grid = page.locator("#d-canvas").get_by_role("table", name=table["name"])
    grid.get_by_label("Row 1, column 1").click()
    page.get_by_role("button", name="Insert Column Left").click()
    shape = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
        if s["kind"] == "table"
    )
    assert [r[:2] for r in shape["table_rows"]] == [["", "Deal"], ["", "Acme"], ["", ""]]
    assert [e.name for e in episode.events() if e.kind == "action" and e.surface == "ui" and
            e.name.startswith(("update_table", "insert_table"))] == [
        "update_table_cells", "insert_table_rows", "insert_table_columns"]  # fmt: skip


def test_insert_chart_from_the_chart_menu_then_its_chart_data_pane(deck):
    episode, page, ui, item = deck
    page.get_by_role("link", name="Slide 3: Numbers").click()
    page.get_by_role("tab", name="Insert").click()
    page.get_by_role("button", name="Chart").click()
    page.get_by_role("menuitem", name="Line").click()  # inserted at once with PowerPoint's sample data
    pane = page.get_by_role("complementary", name="Panes")
    expect(pane.get_by_role("heading", name="Chart Data")).to_be_visible()  # its own pane, as PowerPoint's
    expect(pane.get_by_role("heading", name="Format Chart 3")).to_be_hidden()  # behind Size & Position
    expect(page.locator(".d-handles").first).to_be_attached()
    expect(page.locator(".d-handles .d-rot")).to_have_count(0)  # a chart has no rotation handle
    expect(pane.get_by_label("Chart data B2", exact=True)).to_have_value("4.3")
    sheet = [
        ["", "2025", "2026", ""],
        ["Q1", "10", "12", ""],
        ["Q2", "11", "15", ""],
        ["Q3", "9", "14", ""],
        ["Q4", "13", "18", ""],
    ]
    for r, row in enumerate(sheet, start=1):
        for c, text in enumerate(row):
            pane.get_by_label(f"Chart data {'ABCD'[c]}{r}", exact=True).fill(text)
    pane.get_by_role("button", name="Add row").click()
    expect(pane.get_by_label("Chart data A6", exact=True)).to_be_focused()
    page.keyboard.type("Q5")
    pane.get_by_label("Chart data B6", exact=True).fill("7")
    pane.get_by_role("button", name="Add column").click()
    pane.get_by_label("Chart data E1", exact=True).fill("Plan")
    pane.get_by_label("Chart data E2", exact=True).fill("20")
    page.keyboard.press("Enter")  # each cell applied as it was left: no Update step
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    assert not _violations(page)
    expect(pane.get_by_role("button", name="Update chart")).to_have_count(0)
    # the title: Chart Design > Chart Title, the Format pane's Chart Title, applied on Enter
    page.get_by_role("tab", name="Chart Design").click()
    page.get_by_role("button", name="Chart Title").click()
    page.get_by_role("textbox", name="Chart title", exact=True).fill("Bookings")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    chart = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
        if s["kind"] == "chart"
    )["chart"]
    assert chart["chart_type"] == "line" and chart["title"] == "Bookings"
    assert chart["categories"] == ["Q1", "Q2", "Q3", "Q4", "Q5"]
    assert chart["series"] == [
        {"name": "2025", "values": [10, 11, 9, 13, 7]},
        {"name": "2026", "values": [12, 15, 14, 18, None]},
        {"name": "Plan", "values": [20, None, None, None, None]},
    ]
    # a refusal keeps what was typed in the grid (the pane open again for its chart after the reload)
    pane = page.get_by_role("complementary", name="Panes")
    pane.get_by_label("Chart data B2", exact=True).fill("lots")
    page.keyboard.press("Tab")
    expect(pane.get_by_role("alert")).to_contain_text("'lots' in the 2025 column is not a number")
    expect(page.get_by_label("Chart data B2", exact=True)).to_have_value("lots")
    # a pie chart gets a single series
    page.get_by_role("tab", name="Insert").click()
    page.get_by_role("button", name="Chart", exact=True).click()
    page.get_by_role("menuitem", name="Pie").click()
    shapes = episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
    pie = [s["chart"] for s in shapes if s["kind"] == "chart" and s["chart"]["chart_type"] == "pie"]
    assert pie and [s["name"] for s in pie[0]["series"]] == ["Sales"]


def test_title_bar_and_icon_ribbon_keep_their_names(deck):
    episode, page, ui, item = deck
    header = page.get_by_role("banner")  # one header row: the file's name and Search in the suite header
    expect(header.get_by_role("heading", level=1)).to_have_text("Chrome.pptx")
    expect(header.get_by_role("combobox", name="Search (Alt+Q)")).to_be_visible()
    expect(page.get_by_role("button", name="Present", exact=True)).to_be_visible()
    present = page.get_by_role("button", name="Present", exact=True).bounding_box()
    home_tab = page.get_by_role("tab", name="Home", exact=True).bounding_box()
    middle = present["y"] + present["height"] / 2
    assert abs(middle - home_tab["y"] - home_tab["height"] / 2) < 8  # on the tabs' row
    expect(page.get_by_role("link", name="Share")).to_be_visible()
    home = page.get_by_role("tabpanel", name="Home")
    for name in (
        "New Slide",
        "Layout",
        "Delete Slide",
        "Duplicate Slide",
        "Hide Slide",
        "Bold",
        "Italic",
        "Replace",
    ):
        expect(home.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert home.locator("button.d-cmd svg").count() >= 8  # icon buttons
    page.get_by_role("button", name="Present", exact=True).click()
    show = page.get_by_role("dialog", name="Slide Show")
    expect(show).to_contain_text("Slide 1 of 3")
    page.keyboard.press("ArrowRight")
    expect(show).to_contain_text("Slide 2 of 3")
    page.keyboard.press("Escape")
    expect(show).to_be_hidden()
    assert not _violations(page)
    page.get_by_role("link", name="Share").click()  # OneDrive's Share dialog of this file
    expect(page.get_by_role("dialog", name="Share “Chrome.pptx”")).to_be_visible()
