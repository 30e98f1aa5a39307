"""PowerPoint's Insert > Chart > Insert Chart… in real Chromium: the gallery (chart types, the chosen one
previewed), Next to the data sheet (the type's sample data, typed over), Insert — one add_chart with that
data; the exported .pptx carries the chart (python-pptx reads it)."""

from __future__ import annotations

import base64
import io

from playwright.sync_api import expect
from pptx import Presentation
from pptx.enum.chart import XL_CHART_TYPE

from tests.ui.test_office_decks import deck, ui_actions  # noqa: F401  (the fixture)


def test_gallery_then_data_sheet_inserts_the_typed_chart(deck):  # noqa: F811
    episode, page, ui, item = deck
    page.get_by_role("link", name="Slide 2: Highlights").click()
    page.get_by_role("tab", name="Insert").click()
    page.get_by_role("button", name="Chart").click()
    page.get_by_role("menuitem", name="Insert Chart…").click()
    dialog = page.get_by_role("dialog", name="Insert Chart")
    kinds = dialog.get_by_role("group", name="Chart type").get_by_role("radio")
    assert [kinds.nth(i).get_attribute("value") for i in range(kinds.count())] == [
        "column",
        "line",
        "pie",
        "bar",
    ]
    expect(dialog.get_by_role("radio", name="Clustered Column")).to_be_checked()
    dialog.get_by_text("Clustered Bar", exact=True).first.click()
    expect(dialog.get_by_role("figure")).to_have_accessible_name("Clustered Bar")  # its preview
    dialog.get_by_text("Pie", exact=True).first.click()
    dialog.get_by_role("button", name="Next").click()
    expect(dialog.get_by_label("Data B1", exact=True)).to_have_value("Sales")  # the pie's sample data
    expect(dialog.get_by_label("Data A2", exact=True)).to_have_value("1st Qtr")
    dialog.get_by_label("Data B2", exact=True).fill("lots")  # refused: reopened at the data, as typed
    dialog.get_by_role("button", name="Insert").click()
    expect(dialog.get_by_role("alert")).to_contain_text("'lots' in the Sales column is not a number")
    expect(dialog.get_by_label("Data B2", exact=True)).to_have_value("lots")
    expect(dialog.get_by_role("radio", name="Pie", include_hidden=True)).to_be_checked()
    assert not ui_actions(episode, "add_chart")
    dialog.get_by_label("Chart title").fill("Wins by region")
    typed = {
        "B1": "Wins",
        "A2": "East",
        "B2": "12",
        "A3": "West",
        "B3": "7",
        "A4": "",
        "B4": "",
        "A5": "",
        "B5": "",
    }
    for address, text in typed.items():
        dialog.get_by_label(f"Data {address}", exact=True).fill(text)
    dialog.get_by_role("button", name="Insert").click()
    expect(page.get_by_role("dialog", name="Insert Chart")).to_be_hidden()
    assert len(ui_actions(episode, "add_chart")) == 1
    chart = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=2)["shapes"]
        if s["kind"] == "chart"
    )
    assert chart["chart"]["chart_type"] == "pie" and chart["chart"]["title"] == "Wins by region"
    assert (chart["chart"]["categories"], chart["chart"]["series"]) == (
        ["East", "West"],
        [{"name": "Wins", "values": [12, 7]}],
    )
    exported = episode.call("office_export_presentation", item_id=item)
    pptx = Presentation(io.BytesIO(base64.b64decode(exported["content_base64"])))
    graphic = next(s for s in pptx.slides[1].shapes if s.has_chart).chart
    assert graphic.chart_type == XL_CHART_TYPE.PIE and graphic.chart_title.text_frame.text == "Wins by region"
    assert list(graphic.plots[0].categories) == ["East", "West"]
    assert list(graphic.series[0].values) == [12, 7]
