"""PowerPoint for the web's Chart Data pane in real Chromium: selecting a chart does not open it; Chart
Design's Edit Data does, at the first value; a cell is applied when you leave it (Enter, Tab or a click
elsewhere) — one update_chart per committed cell, no Update button — and the chart on the slide is drawn
again with the new data; a value that is not a number is refused in the pane; the pane stays open for its
chart across a reload until its X closes it; the chart's right-click menu has Edit Data too; the open pane
is axe-clean."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations
from tests.ui.test_office_decks import deck, slide_two_chart, ui_actions  # noqa: F401  (the fixture)

NOT_BUSY = "() => !document.querySelector('[aria-busy=true]')"


def test_edit_data_opens_the_pane_and_each_committed_cell_changes_the_chart(deck):  # noqa: F811
    episode, page, ui, item = deck
    chart = slide_two_chart(episode, item)
    page.goto(ui(f"/decks/{item}?slide=2&shape={chart['id']}"))
    heading = page.get_by_role("heading", name="Chart Data")
    expect(page.get_by_role("group", name=chart["name"])).to_be_visible()  # selected on the canvas
    expect(heading).to_be_hidden()  # selecting a chart does not open its data
    expect(page.get_by_role("button", name="Update chart")).to_have_count(0)
    page.get_by_role("tab", name="Chart Design").click()
    page.get_by_role("tabpanel", name="Chart Design").get_by_role("button", name="Edit Data").click()
    expect(heading).to_be_visible()
    pane = page.get_by_role("region", name="Chart Data")
    expect(pane.get_by_label("Chart data B2", exact=True)).to_be_focused()
    expect(page.get_by_role("button", name="Update chart")).to_have_count(0)  # nothing to apply by hand
    assert not _violations(page)

    # keyboard: type over the first value, Enter applies it and goes to the cell below
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    expect(pane.get_by_label("Chart data B3", exact=True)).to_be_focused()
    page.wait_for_function(NOT_BUSY)
    assert slide_two_chart(episode, item, None)["chart"]["series"] == [{"name": "Wins", "values": [30, 7]}]
    drawn = page.locator(f"[data-chart-id='{chart['id']}']")
    expect(drawn.locator("table td").first).to_have_text("30.0")  # the chart's data as drawn on the slide
    expect(drawn.locator("svg text").filter(has_text="50")).to_have_count(1)  # its value axis grew to 50
    assert len(ui_actions(episode, "update_chart")) == 1

    # pointer: click a category, type a new name, click another cell — leaving it applies it
    category = pane.get_by_label("Chart data A3", exact=True)
    category.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("North")
    pane.get_by_label("Chart data B2", exact=True).click()
    page.wait_for_function(NOT_BUSY)
    assert slide_two_chart(episode, item, None)["chart"]["categories"] == ["East", "North"]
    expect(drawn.locator("svg text").filter(has_text="North")).to_have_count(1)
    thumb = page.locator(".d-thumbs a[aria-current=page] svg text").filter(has_text="North")
    expect(thumb).to_have_count(1)  # the slide's thumbnail too
    assert len(ui_actions(episode, "update_chart")) == 2
    pane.get_by_label("Chart data B2", exact=True).press("Tab")  # left unchanged: no call
    page.wait_for_function(NOT_BUSY)
    assert len(ui_actions(episode, "update_chart")) == 2

    # a value that is not a number: said in the pane, the chart keeps its data
    pane.get_by_label("Chart data B3", exact=True).fill("lots")
    page.keyboard.press("Tab")
    page.wait_for_function(NOT_BUSY)
    expect(pane.get_by_role("alert")).to_contain_text("'lots' in the Wins column is not a number")
    assert slide_two_chart(episode, item, None)["chart"]["series"] == [{"name": "Wins", "values": [30, 7]}]
    pane.get_by_label("Chart data B3", exact=True).fill("9")
    page.keyboard.press("Tab")
    page.wait_for_function(NOT_BUSY)
    expect(pane.get_by_role("alert")).to_have_text("")
    assert slide_two_chart(episode, item, None)["chart"]["series"] == [{"name": "Wins", "values": [30, 9]}]
    assert len(ui_actions(episode, "update_chart")) == 3

    # the pane stays open for its chart across a reload; its X closes it
    page.reload()
    expect(heading).to_be_visible()
    expect(pane.get_by_label("Chart data B3", exact=True)).to_have_value("9")
    pane.get_by_role("button", name="Close Chart Data pane").click()
    expect(heading).to_be_hidden()
    page.reload()
    expect(heading).to_be_hidden()
    assert len(ui_actions(episode, "update_chart")) == 3


def test_the_chart_menu_opens_edit_data_and_a_new_row_grows_the_chart(deck):  # noqa: F811
    """Right-click (or Shift+F10) on the chart > Edit Data; Add row, then Tab across the new row: its
    category is applied as it is left, then its value."""
    episode, page, ui, item = deck
    chart = slide_two_chart(episode, item, "bar")
    page.goto(ui(f"/decks/{item}?slide=2&shape={chart['id']}"))
    menu = page.get_by_role("menu", name="Chart")
    page.get_by_role("group", name=chart["name"]).click(button="right")  # the chart's right-click menu
    expect(menu).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    page.keyboard.press("Shift+F10")  # back on the chart: its menu from the keyboard
    expect(menu.get_by_role("menuitem", name="Edit Data")).to_be_focused()
    page.keyboard.press("Enter")
    pane = page.get_by_role("region", name="Chart Data")
    expect(pane.get_by_label("Chart data B2", exact=True)).to_be_focused()
    expect(menu).to_be_hidden()
    pane.get_by_role("button", name="Add row").click()
    expect(pane.get_by_label("Chart data A4", exact=True)).to_be_focused()
    page.keyboard.type("South")
    page.keyboard.press("Tab")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    page.wait_for_function(NOT_BUSY)
    found = slide_two_chart(episode, item, None)["chart"]
    assert found["categories"] == ["East", "West", "South"]
    assert found["series"] == [{"name": "Wins", "values": [12, 7, 4]}]
    drawn = page.locator(f"[data-chart-id='{chart['id']}'] svg text").filter(has_text="South")
    expect(drawn).to_have_count(1)
    assert len(ui_actions(episode, "update_chart")) == 2  # the category, then its value
