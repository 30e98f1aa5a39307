"""PowerPoint for the web's contextual chart tabs in real Chromium: Chart Design and Format appear only while
a chart is selected (no disabled commands in them); Edit Data opens the Chart Data pane at its first value;
Change Chart Type applies a type (one update_chart) and the page comes back on Chart Design; Chart Title
opens the Format pane at the chart's title, applied as it is left; Format's Shape Height resizes the chart;
the Selection pane stays open (the deck oracles select shapes there); the tabs are axe-clean."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations
from tests.ui.test_office_decks import deck, slide_two_chart, ui_actions  # noqa: F401  (the fixture)


def test_chart_design_and_format_tabs_act_on_the_selected_chart(deck):  # noqa: F811
    episode, page, ui, item = deck
    chart = slide_two_chart(episode, item)
    page.goto(ui(f"/decks/{item}?slide=2"))
    tabs = page.get_by_role("tablist", name="Ribbon")
    expect(tabs.get_by_role("tab", name="Chart Design")).to_have_count(0)  # nothing selected: no chart tabs
    expect(page.get_by_role("link", name=f"Select {chart['name']}")).to_be_visible()  # the Selection pane
    page.goto(ui(f"/decks/{item}?slide=2&shape={chart['id']}"))
    expect(tabs.get_by_role("tab", name="Home")).to_have_attribute("aria-selected", "true")
    tabs.get_by_role("tab", name="Chart Design").click()
    panel = page.get_by_role("tabpanel", name="Chart Design")
    expect(panel.locator("button[disabled], [aria-disabled=true]")).to_have_count(0)
    assert not _violations(page)
    panel.get_by_role("button", name="Edit Data").click()
    expect(page.get_by_label("Chart data B2", exact=True)).to_be_focused()
    # a chart's Format pane waits behind Chart Title or Size & Position
    expect(page.get_by_role("heading", name=f"Format {chart['name']}")).to_be_hidden()
    panel.get_by_role("button", name="Change Chart Type").click()
    expect(page.get_by_role("menuitemradio", name="Column")).to_have_attribute("aria-checked", "true")
    page.get_by_role("menuitemradio", name="Line").click()
    expect(tabs.get_by_role("tab", name="Chart Design")).to_have_attribute("aria-selected", "true")
    assert slide_two_chart(episode, item, None)["chart"]["chart_type"] == "line"
    assert len(ui_actions(episode, "update_chart")) == 1
    panel = page.get_by_role("tabpanel", name="Chart Design")
    panel.get_by_role("button", name="Chart Title").click()
    expect(page.get_by_role("textbox", name="Chart title", exact=True)).to_be_focused()
    page.keyboard.type("Wins by region")
    with page.expect_navigation():
        page.keyboard.press("Tab")
    assert slide_two_chart(episode, item, None)["chart"]["title"] == "Wins by region"
    assert slide_two_chart(episode, item, None)["chart"]["chart_type"] == "line"  # the type kept
    assert len(ui_actions(episode, "update_chart")) == 2
    tabs.get_by_role("tab", name="Format", exact=True).click()
    panel = page.get_by_role("tabpanel", name="Format")
    expect(panel.locator("button[disabled], [aria-disabled=true]")).to_have_count(0)
    height = panel.get_by_role("spinbutton", name="Shape Height")
    height.fill("3")
    height.press("Tab")
    expect(tabs.get_by_role("tab", name="Format", exact=True)).to_have_attribute("aria-selected", "true")
    expect(page.locator("#pos-height")).to_have_value("3.00")  # the Format pane's Size & Position
    format_pane = page.get_by_role("heading", name=f"Format {chart['name']}")
    expect(format_pane).to_be_visible()  # opened by Chart Title, open again after each reload
    panel.get_by_role("button", name="Size & Position").click()
    expect(page.locator("#pos-x")).to_be_focused()
    assert slide_two_chart(episode, item, None)["cy"] == 3 * 914400
