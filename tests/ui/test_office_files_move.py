"""OneDrive's Files page in a real Chromium: Rename (a name dialog, the extension kept out of the selection)
and Move to (a folder picker: My files, its folders, the shared folders Amber can edit), keyboard first,
with refusals (a taken name, a bad name, a folder she may only view) shown in the dialog and nothing
changed."""

from __future__ import annotations

from playwright.sync_api import expect

DOC = "Q4 kickoff notes.docx"
TEAM = "Sales Team"


def _crumbs(dialog):  # noqa: ANN001, ANN202
    """The Move dialog's breadcrumb, one item per folder from My files to the open one."""
    return dialog.get_by_role("navigation", name="Destination").get_by_role("listitem")


def _item(episode, name):
    """(id, parent folder's name) of the item called `name`, or None."""
    rows = episode.db.execute_raw(
        "SELECT d.id, p.name FROM office_drive_item d JOIN office_drive_item p ON p.id = d.parent_id "
        "WHERE d.name = ?",
        (name,),
    )
    return rows[0] if rows else None


def _updates(episode):
    return [(e.surface, e.outcome) for e in episode.events() if e.name == "update_drive_item"]


def test_rename_with_the_keyboard_keeps_the_extension(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Rename {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Rename “{DOC}”")
    field = dialog.get_by_label("New name")
    expect(field).to_be_focused()
    expect(field).to_have_value(DOC)
    page.keyboard.type("Q4 kickoff minutes")  # replaces the selected name, not its ".docx"
    page.keyboard.press("Enter")
    table = page.get_by_role("table", name="Files")
    expect(table.get_by_role("link", name="Q4 kickoff minutes.docx")).to_be_visible()
    assert _item(episode, "Q4 kickoff minutes.docx") is not None and _item(episode, DOC) is None
    assert _updates(episode) == [("ui", "ok")]


def test_a_refused_rename_is_shown_in_the_dialog_and_changes_nothing(office):
    episode, page, ui = office
    before = episode.state_hash()
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Rename {DOC}").click()
    field = page.get_by_role("dialog", name=f"Rename “{DOC}”").get_by_label("New name")
    field.fill("commission CALCULATOR.xlsx")  # taken in the folder (names compare without case)
    field.press("Enter")
    dialog = page.get_by_role("dialog", name=f"Rename “{DOC}”")
    expect(dialog.get_by_role("alert")).to_contain_text("already exists")
    expect(dialog.get_by_label("New name")).to_be_focused()
    expect(dialog.get_by_label("New name")).to_have_value("commission CALCULATOR.xlsx")
    dialog.get_by_label("New name").fill("Q4: notes.docx")
    dialog.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("dialog").get_by_role("alert")).to_contain_text("illegal characters")
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name=f"Rename {DOC}")).to_be_focused()
    assert episode.state_hash() == before
    assert _updates(episode) == [("ui", "error"), ("ui", "error")]


def test_move_to_a_shared_folder_with_the_keyboard(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Move to {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    mine = dialog.get_by_role("list", name="Folders in My files")
    expect(mine.get_by_role("link", name="Contract records")).to_be_focused()
    # her folders, with the decks' "Drafts" and "QBR decks" (worlds/parts/decks/accounts.py)
    expect(mine.get_by_role("link")).to_have_text(
        ["Contract records", "Customers", "Drafts", "Personal", "QBR decks"]
    )
    shared = dialog.get_by_role("list", name="Shared with you")
    # only the shared folders Amber can edit: the team's, and the decks' folders her teammates and the
    # support director share for editing (worlds/parts/decks); never a view-only one
    expect(shared.get_by_role("link")).to_have_text(
        ["Customer incident reviews", "Drafts", "QBR decks", "QBR decks", TEAM]
    )
    expect(dialog.get_by_role("button", name="Move here")).to_be_disabled()  # it is in My files already
    shared.get_by_role("link", name=TEAM).focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    expect(_crumbs(dialog).last).to_have_text(TEAM)
    expect(dialog.get_by_role("button", name="Move here")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("table", name="Files")).not_to_contain_text(DOC)
    assert _item(episode, DOC)[1] == TEAM
    assert _updates(episode) == [("ui", "ok")]


def test_move_into_a_subfolder_then_back_to_my_files(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Move to {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    dialog.get_by_role("link", name="Customers").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    expect(_crumbs(dialog)).to_have_text(["My files", "Customers"])  # the breadcrumb, as OneDrive's
    expect(dialog.get_by_role("list", name="Shared with you")).to_have_count(0)
    _crumbs(dialog).get_by_role("link", name="My files").click()
    expect(_crumbs(page.get_by_role("dialog", name=f"Move “{DOC}”"))).to_have_text(["My files"])
    page.get_by_role("dialog").get_by_role("link", name="Customers").click()
    page.get_by_role("dialog").get_by_role("button", name="Move here").click()
    assert _item(episode, DOC)[1] == "Customers"


def test_a_refused_move_is_shown_in_the_dialog_and_changes_nothing(office):
    episode, page, ui = office
    team = next(
        r["id"]
        for r in episode.call("office_list_drive_items", shared_with_me=True)["records"]
        if r["name"] == TEAM
    )
    episode.call("office_create_file", name=DOC.upper(), parent_id=team)  # the name is taken there
    viewed = next(
        r
        for r in episode.call("office_list_drive_items", shared_with_me=True)["records"]
        if r["kind"] == "folder" and r["my_role"] == "read"
    )
    before = episode.state_hash()
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Move to {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    expect(dialog.get_by_role("link", name=viewed["name"])).to_have_count(0)  # view-only: not offered
    dialog.get_by_role("link", name=TEAM).click()
    page.get_by_role("dialog").get_by_role("button", name="Move here").click()
    dialog = page.get_by_role("dialog", name=f"Move “{DOC}”")
    expect(dialog.get_by_role("alert")).to_contain_text("already exists")
    expect(_crumbs(dialog).last).to_have_text(TEAM)  # the picker stays where it was
    item = _item(episode, DOC)[0]
    page.goto(ui(f"/files?move={item}&dest={viewed['id']}"))  # a view-only folder, by its address
    page.get_by_role("dialog").get_by_role("button", name="Move here").click()
    expect(page.get_by_role("dialog").get_by_role("alert")).to_contain_text("view-only")
    assert episode.state_hash() == before and _item(episode, DOC)[1] != TEAM
    assert _updates(episode) == [("ui", "error"), ("ui", "error")]


def test_a_view_only_item_offers_neither_rename_nor_move(office):
    episode, page, ui = office
    page.goto(ui("/files?view=shared"))
    expect(page.get_by_role("button", name="Rename Pricing approvals.xlsx")).to_have_count(0)
    expect(page.get_by_role("button", name="Move to Pricing approvals.xlsx")).to_have_count(0)
    expect(page.get_by_role("button", name="Share Pricing approvals.xlsx")).to_be_visible()
