"""OneDrive's list and command bar in a real Chromium: the columns Name, Modified, Modified By, File size and
Sharing (from the same read the tools use), the command bar following the selection (the file-type chips
give way to Open, Share … and the count with Clear selection, by pointer and keyboard), and the Move to
picker telling apart shared folders of one name by whose they are. Home's Recent (Name, Opened, Owner,
Activity) with its file-type chips; search's Location column; no Upload in the bar (Create or upload has
it); Copy link and Download for the item selected; the Share dialog's Copy link; the Move panel."""

from __future__ import annotations

import re

from playwright.sync_api import expect

DOC = "Q4 kickoff notes.docx"


def test_the_list_has_onedrives_columns_with_modified_by_and_sharing(office):
    episode, page, ui = office
    records = episode.call("office_list_drive_items")["records"]
    page.goto(ui("/files"))
    table = page.get_by_role("table", name="Files")
    expect(table.get_by_role("columnheader")).to_have_text(
        ["", "Name", "Modified", "Modified By", "File size", "Sharing", "Actions"]
    )
    for record in records:
        row = table.get_by_role("row").filter(
            has=page.get_by_role("rowheader", name=record["name"], exact=True)
        )
        cells = row.get_by_role("cell")
        expect(cells.nth(2)).to_have_text(record["modified_by_name"])
        expect(cells.nth(4)).to_have_text("Shared" if record["shared"] else "Private")
    # sharing the file with a colleague turns its Sharing to Shared (the folder list reads it again)
    doc = next(r for r in records if r["name"] == DOC)
    me = episode.call("office_get_my_profile")["mail"]
    mail = episode.db.execute_raw(
        "SELECT mail FROM office_user WHERE mail != ? ORDER BY mail LIMIT 1", (me,)
    )[0][0]
    assert not doc["shared"]
    episode.call("office_share_drive_item", item_id=doc["id"], email=mail, role="read")
    page.reload()
    row = table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=DOC, exact=True))
    expect(row.get_by_role("cell").nth(4)).to_have_text("Shared")


def test_the_command_bar_follows_the_selection_and_clear_selection_empties_it(office):
    _, page, ui = office
    page.goto(ui("/files"))
    bar = page.get_by_role("toolbar", name="Files commands")
    table = page.get_by_role("table", name="Files")
    create = page.get_by_role("navigation", name="OneDrive").get_by_role("button", name="Create or upload")
    expect(create).to_be_visible()
    expect(bar.get_by_role("button", name="Create or upload")).to_have_count(0)  # the pane's, not the bar's
    expect(bar.get_by_role("link", name="Open", exact=True)).to_have_count(0)
    table.get_by_role("checkbox", name=f"Select {DOC}").click()  # pointer
    expect(create).to_be_visible()  # the pane's button stays while items are selected
    opener = bar.get_by_role("link", name="Open", exact=True)
    expect(opener).to_have_attribute("href", table.get_by_role("link", name=DOC).get_attribute("href"))
    clear = bar.get_by_role("button", name="Clear selection")
    clear.focus()
    page.keyboard.press("Enter")  # keyboard: Clear selection
    expect(bar).to_be_hidden()  # nothing selected, nothing to offer: OneDrive draws no command bar
    expect(bar.get_by_role("link", name="Open", exact=True)).to_be_hidden()
    expect(clear).to_be_hidden()
    expect(table.get_by_role("checkbox", name="Select all items")).to_be_focused()
    table.get_by_role("checkbox", name=f"Select {DOC}").focus()
    page.keyboard.press("Space")
    bar.get_by_role("link", name="Open", exact=True).click()  # Open goes to the document in Word
    page.wait_for_url("**/docs/**")


def test_move_to_names_whose_shared_folder_each_is(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Move to {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    shared = dialog.get_by_role("list", name="Shared with you").get_by_role("link")
    expect(shared.first).to_be_visible()
    records = episode.call("office_list_drive_items", shared_with_me=True)["records"]
    expected = [
        (r["name"], r["owner_name"]) for r in records if r["kind"] == "folder" and r["my_role"] == "write"
    ]
    assert len({name for name, _ in expected}) < len(expected), "no two shared folders of one name"
    shown = []
    for i in range(shared.count()):
        link = shared.nth(i)
        name = link.inner_text().strip()
        expect(link).to_have_accessible_name(name)  # the name the oracles click stays the folder's
        owner = link.evaluate("a => document.getElementById(a.getAttribute('aria-describedby')).textContent")
        shown.append((name, owner.strip()))
    assert shown == expected


def test_home_recent_with_type_chips_and_the_selection_commands(office):
    episode, page, ui = office
    page.goto(ui("/files?view=home"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Home")
    table = page.get_by_role("table", name="Files")
    headers = ["", "Name", "Opened", "Owner", "Activity", "Actions"]
    expect(table.get_by_role("columnheader")).to_have_text(headers)
    decks = episode.call("office_list_recent_files", kind="presentation", limit=50)["records"]
    chips = page.get_by_role("group", name="Filter by file type")
    chips.get_by_role("link", name="PowerPoint").click()
    expect(chips.get_by_role("link", name="PowerPoint")).to_have_attribute("aria-current", "true")
    expect(table.get_by_role("rowheader")).to_have_text([d["name"] for d in decks])
    expect(page.get_by_role("button", name="Upload", exact=True)).to_have_count(0)  # Create or upload has it

    page.goto(ui("/files?q=" + DOC.split()[0]))
    results = page.get_by_role("table", name="Search results")
    expect(results.get_by_role("columnheader").nth(3)).to_have_text("Location")
    row = results.get_by_role("row").filter(has=page.get_by_role("rowheader", name=DOC, exact=True))
    expect(row.get_by_role("cell").nth(2)).not_to_be_empty()

    page.goto(ui("/files"))
    bar = page.get_by_role("toolbar", name="Files commands")
    page.get_by_role("checkbox", name=f"Select {DOC}").check()
    item = next(r for r in episode.call("office_list_drive_items")["records"] if r["name"] == DOC)
    expect(bar.get_by_role("link", name="Download")).to_have_attribute(
        "href", re.compile(f"/docs/{item['id']}/download$")
    )
    for name in ("Share", "Delete", "Move to", "Rename"):
        expect(bar.get_by_role("button", name=name, exact=True)).to_be_visible()
    bar.get_by_role("button", name="Copy link").click()
    expect(page.locator("[data-copy-status]")).to_have_text(f"Link to “{DOC}” copied")

    bar.get_by_role("button", name="Share", exact=True).click()
    dialog = page.get_by_role("dialog", name=f"Share “{DOC}”")
    expect(dialog.get_by_label(f"Link to {DOC}")).to_have_value(item["web_url"])
    dialog.get_by_role("button", name="Copy link").click()
    expect(dialog.get_by_text(f"Link to “{DOC}” copied")).to_be_visible()
    page.keyboard.press("Escape")

    page.get_by_role("checkbox", name=f"Select {DOC}").check()
    bar.get_by_role("button", name="Move to", exact=True).click()
    panel = page.get_by_role("dialog", name=f"Move “{DOC}” to")
    expect(panel.get_by_role("heading", name="Move items to")).to_be_visible()
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()
