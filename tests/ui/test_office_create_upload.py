"""OneDrive's "+ Create or upload" at the top of its pane, in a real Chromium: the menu by pointer and by
keyboard (Folder, Files upload, Word document, Excel workbook, PowerPoint presentation, Plain text document),
a new folder made inside the open folder, Files upload of a .pptx (opened in PowerPoint, a deck in the
episode) and of a text file (kept with its text), and a file the workspace cannot hold refused in the Upload
dialog with nothing stored; axe on the open menu and on the refusal."""

from __future__ import annotations

from playwright.sync_api import expect
from pptx import Presentation

from tests.ui.test_accessibility import _violations

ENTRIES = [
    "Folder",
    "Files upload",
    "Word document",
    "Excel workbook",
    "PowerPoint presentation",
    "Plain text document",
]


def _rows(episode, name):
    return episode.db.execute_raw("SELECT kind, parent_id FROM office_drive_item WHERE name = ?", (name,))


def _create(page):
    return page.get_by_role("navigation", name="OneDrive").get_by_role("button", name="Create or upload")


def test_the_menu_heads_the_pane_and_makes_a_folder_inside_the_open_one(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    pane = page.get_by_role("navigation", name="OneDrive")
    first = pane.locator("button, a").first  # the pane's first control, above Home
    expect(first).to_have_accessible_name("Create or upload")
    create = _create(page)
    create.click()  # pointer
    menu = page.get_by_role("menu", name="Create or upload")
    expect(menu.get_by_role("menuitem")).to_have_text(ENTRIES)
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(create).to_be_focused()

    page.get_by_role("table", name="Files").get_by_role("link", name="Customers").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Customers")
    page.wait_for_load_state("load")
    _create(page).focus()
    page.keyboard.press("Enter")  # keyboard: opens on Folder
    expect(page.get_by_role("menuitem", name="Folder")).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Create a folder")
    expect(dialog.get_by_label("Name")).to_be_focused()
    page.keyboard.type("Renewals 2027")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Customers")  # back in its folder
    table = page.get_by_role("table", name="Files")
    expect(table.get_by_role("link", name="Renewals 2027")).to_be_visible()
    customers = episode.db.execute_raw(
        "SELECT id FROM office_drive_item WHERE name = 'Customers' AND kind = 'folder'"
    )
    assert [r[1] for r in _rows(episode, "Renewals 2027")] == [customers[0][0]]


def test_files_upload_opens_a_pptx_in_powerpoint_and_keeps_a_text_file(office, tmp_path):
    episode, page, ui = office
    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Pipeline review"
    slide.placeholders[1].text = "Uploaded from OneDrive"
    deck_path = tmp_path / "Pipeline review.pptx"
    deck.save(deck_path)
    page.goto(ui("/files"))
    _create(page).click()
    with page.expect_file_chooser() as chosen:  # pointer: Files upload opens the browser's file chooser
        page.get_by_role("menuitem", name="Files upload").click()
    chosen.value.set_files(str(deck_path))  # sent as soon as it is chosen
    expect(page.get_by_role("heading", level=1)).to_have_text("Pipeline review.pptx")
    expect(page.locator("#d-canvas").get_by_role("textbox", name="Content")).to_have_text(
        "Uploaded from OneDrive"
    )
    assert [r[0] for r in _rows(episode, "Pipeline review.pptx")] == ["presentation"]

    notes = tmp_path / "call notes.txt"
    notes.write_text("Ask about the renewal date.\n")
    page.goto(ui("/files"))
    _create(page).focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # keyboard: Folder, then Files upload
    expect(page.get_by_role("menuitem", name="Files upload")).to_be_focused()
    with page.expect_file_chooser() as chosen:
        page.keyboard.press("Enter")
    chosen.value.set_files(str(notes))
    table = page.get_by_role("table", name="Files")
    expect(table.get_by_role("rowheader", name="call notes.txt")).to_be_visible()
    text = episode.db.execute_raw("SELECT content_text FROM office_drive_item WHERE name = 'call notes.txt'")
    assert text == [("Ask about the renewal date.\n",)]


def test_a_file_the_workspace_cannot_hold_is_refused_in_the_upload_dialog(office, tmp_path):
    episode, page, ui = office
    picture = tmp_path / "logo.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 32)
    before = episode.db.execute_raw("SELECT COUNT(*) FROM office_drive_item")
    page.goto(ui("/files"))
    _create(page).click()
    with page.expect_file_chooser() as chosen:
        page.get_by_role("menuitem", name="Files upload").click()
    chosen.value.set_files(str(picture))
    dialog = page.get_by_role("dialog", name="Upload files")
    expect(dialog.get_by_role("alert")).to_contain_text("“logo.png” can't be uploaded")
    expect(dialog.get_by_label("File")).to_be_focused()
    assert episode.db.execute_raw("SELECT COUNT(*) FROM office_drive_item") == before
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(_create(page)).to_be_focused()  # the dialog gives focus back to the menu button
