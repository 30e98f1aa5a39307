"""PowerPoint for the web in real Chromium, by pointer and by keyboard: typing into placeholders (Bold from
the ribbon, Tab for a list level), New Slide from its menu, the thumbnails pane's keys, Insert > Table and
Chart (from a workbook range), a table's cells typed on the slide, notes saving themselves, comments,
Replace, the Slide Sorter's context menu, the start page (new and uploaded decks)
and OneDrive's Create or upload — each edit one office action recorded with the browser
steps that led to it, a refusal shown in its dialog with nothing changed."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pptx import Presentation


@pytest.fixture
def deck(office):
    """(episode, page, ui, deck id) with a two-slide deck open in the editor."""
    episode, page, ui = office
    made = episode.call("office_create_presentation", name="Review")
    item = made["item"]["id"]
    episode.call("office_add_slide", item_id=item, title="Highlights", text="Revenue up\nChurn flat")
    page.goto(ui(f"/decks/{item}"))
    return episode, page, ui, item


def slides(episode, item):
    return episode.call("office_get_presentation", item_id=item)["slides"]


def shape(episode, item, number, role):
    found = episode.call("office_get_slide", item_id=item, slide_number=number)["shapes"]
    return next(s for s in found if s["placeholder"] == role)


def slide_two_chart(episode, item, chart_type="column"):
    """The deck's second slide's chart (Wins: East 12, West 7), added first when `chart_type` is given."""
    if chart_type:
        slide = episode.call("office_get_slide", item_id=item, slide_number=2)["id"]
        episode.call(
            "office_add_chart", item_id=item, slide_id=slide, chart_type=chart_type,
            categories=["East", "West"], series=[{"name": "Wins", "values": [12, 7]}],
        )  # fmt: skip
    shapes = episode.call("office_get_slide", item_id=item, slide_number=2)["shapes"]
    return next(s for s in shapes if s["kind"] == "chart")


def ui_actions(episode, name):
    return [
        e
        for e in episode.events()
        if e.kind == "action" and e.surface == "ui" and e.name == name and e.outcome == "ok"
    ]


def test_type_a_title_bold_a_word_and_indent_a_bullet(deck):
    episode, page, ui, item = deck
    canvas = page.locator("#d-canvas")
    title = canvas.get_by_role("textbox", name="Title", exact=True)
    title.click()
    page.keyboard.type("Quarterly review")
    page.keyboard.press("Escape")
    expect(page.get_by_role("status")).to_have_text("Saved")
    assert shape(episode, item, 1, "title")["text"] == "Quarterly review"

    page.get_by_role("link", name="Slide 2: Highlights").click()
    body = page.locator("#d-canvas").get_by_role("textbox", name="Content")
    body.get_by_text("Churn flat").click()
    page.keyboard.press("Home")
    page.keyboard.press("Tab")  # one list level deeper, as in PowerPoint
    page.keyboard.press("End")
    for _ in range(len("flat")):
        page.keyboard.press("Shift+ArrowLeft")
    page.get_by_role("toolbar", name="Font").get_by_role("button", name="Bold").click()
    expect(page.get_by_role("button", name="Bold")).to_have_attribute("aria-pressed", "true")
    body.click()
    page.keyboard.press("Escape")
    expect(page.get_by_role("status")).to_have_text("Saved")
    paragraphs = shape(episode, item, 2, "body")["paragraphs"]
    assert [(p["level"], [(r["text"], r["bold"]) for r in p["runs"]]) for p in paragraphs] == [
        (0, [("Revenue up", False)]),
        (1, [("Churn ", False), ("flat", True)]),
    ]
    saves = ui_actions(episode, "set_shape_text")
    assert len(saves) == 2
    assert any(e.kind == "browser" and e.parent == saves[1].seq for e in episode.events())


def test_new_slide_menu_and_the_thumbnails_keys(deck):
    episode, page, ui, item = deck
    button = page.get_by_role("button", name="New Slide")
    button.focus()
    page.keyboard.press("ArrowDown")  # the menu opens on its first layout
    menu = page.get_by_role("menu", name="New Slide")
    expect(menu).to_be_visible()
    menu.get_by_role("menuitem", name="Title Only").click()
    expect(page.get_by_role("link", name="Slide 2")).to_have_attribute("aria-current", "page")
    assert [s["layout"] for s in slides(episode, item)] == ["Title Slide", "Title Only", "Title and Content"]
    thumb = page.get_by_role("link", name="Slide 3: Highlights")
    thumb.focus()
    page.keyboard.press("Control+ArrowUp")  # moves the slide up
    expect(page.get_by_role("link", name="Slide 2: Highlights")).to_have_attribute("aria-current", "page")
    assert [s["title"] for s in slides(episode, item)] == ["", "Highlights", ""]
    page.get_by_role("link", name="Slide 3").focus()
    page.keyboard.press("Delete")
    expect(page.get_by_role("link", name="Slide 3")).to_have_count(0)
    assert [s["layout"] for s in slides(episode, item)] == ["Title Slide", "Title and Content"]
    page.get_by_role("button", name="Hide Slide").click()
    expect(page.get_by_role("button", name="Hide Slide")).to_have_attribute("aria-pressed", "true")
    assert [s["hidden"] for s in slides(episode, item)] == [False, True]
    assert [
        e.name
        for e in episode.events()
        if e.kind == "action"
        and e.surface == "ui"
        and e.name != "get_presentation"
        and not e.name.startswith(("get_", "list_"))
    ] == [
        "add_slide",
        "move_slide",
        "delete_slide",
        "set_slide_hidden",
    ]


def test_insert_a_table_fill_it_and_a_chart_from_a_workbook(deck):
    episode, page, ui, item = deck
    book = episode.call("office_create_workbook", name="Stages")["item"]["id"]
    episode.call(
        "office_update_range",
        item_id=book,
        start_address="A1",
        values=[["Stage", "Amount"], ["Qualification", 150000], ["Negotiation", 90000]],
    )
    page.get_by_role("link", name="Slide 2: Highlights").click()
    page.get_by_role("tab", name="Insert").click()
    page.get_by_role("button", name="Table").click()
    dialog = page.get_by_role("dialog", name="Insert Table")
    dialog.get_by_label("Number of columns").fill("2")
    dialog.get_by_label("Number of rows").fill("2")
    dialog.get_by_role("button", name="OK").click()
    page.get_by_role("link", name="Select Table 3").click()
    table = page.locator("#d-canvas").get_by_role("table", name="Table 3")
    for (r, c), text in {(1, 1): "Deal", (1, 2): "Amount", (2, 1): "Renewal", (2, 2): "$40,000"}.items():
        table.get_by_label(f"Row {r}, column {c}").fill(text)
    page.keyboard.press("Escape")  # leaves the table: its cells are saved in one update_table_cells
    expect(page.get_by_role("status")).to_have_text("Saved")
    assert len(ui_actions(episode, "update_table_cells")) == 1
    tables = [
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=2)["shapes"]
        if s["kind"] == "table"
    ]
    assert tables[0]["table_rows"] == [["Deal", "Amount"], ["Renewal", "$40,000"]]

    page.get_by_role("button", name="New Slide").click()
    page.get_by_role("menuitem", name="Title and Content").click()
    page.get_by_role("tab", name="Insert").click()
    page.get_by_role("button", name="Chart").click()
    page.get_by_role("menuitem", name="From Excel Workbook…").click()
    dialog = page.get_by_role("dialog", name="Insert Chart from Excel Workbook")
    dialog.get_by_label("Chart title").fill("Pipeline by stage")
    dialog.get_by_label("Workbook", exact=True).select_option(label="Stages.xlsx")
    dialog.get_by_label("Range").fill("A1:B3")
    dialog.get_by_role("button", name="Insert").click()
    chart = next(
        s
        for s in episode.call("office_get_slide", item_id=item, slide_number=3)["shapes"]
        if s["kind"] == "chart"
    )
    assert (chart["chart"]["categories"], chart["chart"]["series"]) == (
        ["Qualification", "Negotiation"],
        [{"name": "Amount", "values": [150000, 90000]}],
    )
    expect(page.locator("#d-canvas").get_by_role("group", name=chart["name"])).to_contain_text(
        "Qualification"
    )


def test_a_refusal_stays_in_its_dialog_and_changes_nothing(deck):
    episode, page, ui, item = deck
    before = episode.state_hash()
    page.get_by_role("button", name="Replace").click()
    dialog = page.get_by_role("dialog", name="Replace")
    dialog.get_by_label("Find what").fill("Q9 numbers")
    dialog.get_by_label("Replace with").fill("x")
    dialog.get_by_role("button", name="Replace All").click()
    dialog = page.get_by_role("dialog", name="Replace")
    expect(dialog.get_by_role("alert")).to_contain_text("couldn't find 'Q9 numbers'")
    expect(dialog.get_by_label("Find what")).to_have_value("Q9 numbers")
    assert episode.state_hash() == before
    dialog.get_by_label("Find what").fill("Churn")
    dialog.get_by_label("Replace with").fill("Attrition")
    dialog.get_by_role("button", name="Replace All").click()
    expect(page.get_by_role("dialog", name="Replace")).to_be_hidden()
    assert "Attrition flat" in slides(episode, item)[1]["text"]


def test_notes_comments_and_the_slide_sorter(deck):
    episode, page, ui, item = deck
    page.get_by_role("link", name="Slide 2: Highlights").click()
    page.get_by_label("Notes", exact=True).fill("Thank the East team.")  # saves itself: no Save button
    expect(page.get_by_role("status")).to_have_text("Saved")
    assert slides(episode, item)[1]["notes"] == "Thank the East team."
    page.get_by_role("tab", name="View", exact=True).click()
    page.get_by_role("link", name="Comments").click()
    page.get_by_label("Comment", exact=True).fill("Add last year's number")
    page.get_by_role("button", name="Post comment").click()
    expect(page.get_by_role("complementary", name="Panes")).to_contain_text("Add last year's number")
    page.get_by_role("button", name="Resolve thread").click()
    [comment] = episode.call("office_get_slide", item_id=item, slide_number=2)["comments"]
    assert comment["resolved"] and comment["content"] == "Add last year's number"
    page.get_by_role("tab", name="View", exact=True).click()
    page.get_by_role("link", name="Slide Sorter", exact=True).click()
    sorter = page.get_by_role("region", name="Slide Sorter")
    status = page.get_by_role("region", name="Status bar")  # pinned to the window's foot, with the zoom
    box = status.bounding_box()
    assert abs(box["y"] + box["height"] - page.viewport_size["height"]) < 2, box
    first = sorter.get_by_role("link", name="Open slide 1")
    width = first.bounding_box()["width"]
    status.get_by_role("button", name="Zoom In").click()
    expect(status).to_contain_text("120%")
    assert first.bounding_box()["width"] > width
    first.focus()
    page.keyboard.press("Shift+F10")  # the slide's context menu, as a right-click opens it
    sorter.get_by_role("menuitem", name="Move later slide 1").click()
    assert [s["title"] for s in slides(episode, item)] == ["Highlights", ""]
    expect(
        page.get_by_role("region", name="Slide Sorter").get_by_role("link", name="Open slide 2")
    ).to_be_visible()


def test_start_page_creates_and_uploads_and_files_add_new_opens_powerpoint(office, tmp_path):
    episode, page, ui = office
    page.goto(ui("/decks"))
    page.get_by_role("button", name="Blank presentation").click()
    page.get_by_role("dialog", name="New presentation").get_by_label("Name").fill("Kickoff")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kickoff.pptx")
    page.goto(ui("/decks"))  # a presentation of yours (behind More themes) as the template of a new one
    start_from = page.get_by_role("list", name="Start from")
    expect(start_from.get_by_role("button", name="Kickoff", exact=True)).to_be_hidden()
    start_from.get_by_role("button", name="More themes").click()
    start_from.get_by_role("button", name="Kickoff", exact=True).click()
    expect(page.get_by_role("dialog", name="New presentation")).to_contain_text("From: Kickoff")
    page.get_by_label("Name").fill("Kickoff again")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kickoff again.pptx")
    page.goto(ui("/decks"))
    expect(page.get_by_role("table", name="Recent presentations")).to_contain_text("You edited")
    page.get_by_role("search", name="Search presentations").get_by_role("searchbox").fill("again")
    page.keyboard.press("Enter")  # the header's Search narrows the lists to the names with the text
    expect(page.get_by_role("table", name="Recent presentations").get_by_role("link")).to_have_text(
        ["Kickoff again.pptx"]
    )
    page.goto(ui("/decks"))
    page.get_by_role("tab", name="Shared with me").click()
    shared = page.get_by_role("table", name="Shared presentations")
    decks = episode.call("office_list_recent_files", kind="presentation", limit=50)["records"]
    owner = next(d["owner_name"] for d in decks if d["my_role"] != "owner")
    expect(shared).to_contain_text(owner)  # the Owner column names whose file it is
    expect(shared).not_to_contain_text("Kickoff again")
    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "From my laptop"
    s.placeholders[1].text = "Made in PowerPoint"
    path = tmp_path / "Laptop deck.pptx"
    prs.save(path)
    page.goto(ui("/decks"))
    page.get_by_label("Upload", exact=True).set_input_files(str(path))  # opened as soon as it is chosen
    expect(page.get_by_role("heading", level=1)).to_have_text("Laptop deck.pptx")
    expect(page.locator("#d-canvas").get_by_role("textbox", name="Content")).to_have_text(
        "Made in PowerPoint"
    )
    page.goto(ui("/files"))
    page.get_by_role("button", name="Create or upload").click()
    page.get_by_role("menuitem", name="PowerPoint presentation").click()
    page.get_by_role("dialog").get_by_label("Name").fill("From OneDrive")
    page.get_by_role("dialog").get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("From OneDrive.pptx")
    with page.expect_download() as info:
        page.get_by_role("tab", name="File").click()
        page.get_by_role("link", name="Download a copy").click()
    download = info.value
    with open(download.path(), "rb") as file:
        data = file.read()
    assert Presentation(io.BytesIO(data)).slides[0].slide_layout.name == "Title Slide"
    assert {e.name for e in episode.events() if e.surface == "ui" and e.kind == "action"} >= {
        "create_presentation",
        "import_presentation",
        "export_presentation",
    }
