"""OneDrive's Files page in a real Chromium: the "+ Create or upload" menu and its name dialog (keyboard
only), search, the Share dialog (people picker, Can view, Manage access, refusals shown in the dialog) and the
Delete confirmation."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations

DOC = "Q4 kickoff notes.docx"


def _items(episode, name):
    return episode.db.execute_raw("SELECT kind FROM office_drive_item WHERE name = ?", (name,))


def test_add_new_folder_and_word_document_with_the_keyboard(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    add = page.get_by_role("button", name="Create or upload")
    expect(add).to_have_attribute("aria-haspopup", "menu")
    add.focus()
    page.keyboard.press("ArrowDown")  # opens the menu on its first entry
    menu = page.get_by_role("menu", name="Create or upload")
    expect(menu.get_by_role("menuitem", name="Folder")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(add).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu.get_by_role("menuitem", name="Folder")).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Create a folder")
    expect(dialog.get_by_label("Name")).to_be_focused()
    page.keyboard.press("Escape")  # a dialog closed gives focus back to the menu button
    expect(dialog).to_be_hidden()
    expect(add).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.type("Board pack")
    page.keyboard.press("Enter")
    expect(page.get_by_role("table", name="Files").get_by_role("link", name="Board pack")).to_be_visible()
    assert _items(episode, "Board pack") == [("folder",)]

    page.wait_for_load_state("load")  # the page after the redirect: its menu script attached before keys
    page.get_by_role("button", name="Create or upload").focus()
    page.keyboard.press("ArrowUp")  # the last entry, then up (past PowerPoint, Excel) to the Word document
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("menuitem", name="Word document")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Create a Word document").get_by_label("Name")).to_be_focused()
    page.keyboard.type("Q4 kickoff notes")  # taken: OneDrive's nameAlreadyExists, shown in the dialog
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Create a Word document")
    expect(dialog.get_by_role("alert")).to_contain_text("already exists")
    page.keyboard.press("Control+A")
    page.keyboard.type("Minutes")
    page.keyboard.press("Enter")
    page.wait_for_url("**/docs/**")  # OneDrive opens a new document in Word
    assert _items(episode, "Minutes.docx") == [("document",)]
    creates = [e for e in episode.events() if e.kind == "action" and e.name == "create_document"]
    assert [(e.surface, e.outcome) for e in creates] == [("ui", "error"), ("ui", "ok")]


def test_search_finds_a_file_by_name(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    page.get_by_role("searchbox", name="Search files").fill("pricing")
    page.keyboard.press("Enter")
    results = page.get_by_role("table", name="Search results")
    expect(results.get_by_role("link", name="Pricing approvals.xlsx")).to_be_visible()
    assert DOC not in results.inner_text()


def _open_share(page, ui, name):
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Share {name}").click()
    dialog = page.get_by_role("dialog", name=f"Share “{name}”")
    expect(dialog.get_by_role("combobox", name="Add a name or email")).to_be_focused()
    return dialog


def test_share_a_file_with_a_colleague_can_view(office):
    episode, page, ui = office
    name, mail = episode.db.execute_raw(
        "SELECT display_name, mail FROM office_user WHERE id != ? ORDER BY mail LIMIT 1",
        (episode.call("office_get_my_profile")["id"],),
    )[0]
    dialog = _open_share(page, ui, DOC)
    to = dialog.get_by_role("combobox", name="Add a name or email")
    to.press_sequentially(name.split()[0][:4], delay=30)
    option = dialog.get_by_role("option", name=mail, exact=True)
    expect(option).to_be_visible()
    while option.get_attribute("aria-selected") != "true":
        to.press("ArrowDown")
    to.press("Enter")
    dialog.get_by_label("Permission").select_option(label="Can view")
    dialog.get_by_label("Add a message").fill("For Monday's review")
    dialog.get_by_role("button", name="Send").click()
    dialog = page.get_by_role("dialog", name=f"Share “{DOC}”")
    expect(dialog.get_by_role("status").filter(has_text="sent to")).to_contain_text(mail)
    dialog.get_by_role("button", name="More options").click()  # … → Manage access, the dialog's other view
    dialog.get_by_role("menuitem", name="Manage access").click()
    dialog = page.get_by_role("dialog", name="Manage access")
    expect(dialog.get_by_role("list", name="People with access")).to_contain_text(f"{mail} · Can view")
    assert not _violations(page)
    item = next(r for r in episode.call("office_list_drive_items")["records"] if r["name"] == DOC)
    perms = episode.call("office_get_drive_item", item_id=item["id"])["permissions"]
    assert [(p["user_mail"], p["roles"]) for p in perms] == [(mail, ["read"])]
    invites = episode.db.execute_raw(
        "SELECT m.body_content FROM office_message m JOIN office_user u ON u.id = m.owner_id "
        "WHERE u.mail = ? AND m.subject LIKE ?",
        (mail, f'%shared "{DOC}" with you'),
    )
    assert len(invites) == 1 and "For Monday's review" in invites[0][0]
    dialog.get_by_role("button", name=f"Stop sharing with {mail}").click()  # Manage access
    expect(page.get_by_role("list", name="People with access")).not_to_contain_text(mail)
    assert episode.call("office_get_drive_item", item_id=item["id"])["permissions"] == []
    dialog = page.get_by_role("dialog", name="Manage access")
    dialog.get_by_role("link", name="Back to Share").click()
    expect(page.get_by_role("dialog", name=f"Share “{DOC}”")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name=f"Share {DOC}")).to_be_focused()


def test_share_with_an_unknown_person_or_without_edit_access_changes_nothing(office):
    episode, page, ui = office
    before = episode.state_hash()
    dialog = _open_share(page, ui, DOC)
    dialog.get_by_role("combobox", name="Add a name or email").fill("someone@customer.com")
    dialog.get_by_role("button", name="Send").click()
    dialog = page.get_by_role("dialog", name=f"Share “{DOC}”")
    expect(dialog.get_by_role("alert")).to_contain_text("shared inside the company only")
    expect(dialog.get_by_role("combobox", name="Add a name or email")).to_have_value("someone@customer.com")
    page.goto(ui("/files?view=shared"))
    page.get_by_role("button", name="Share Pricing approvals.xlsx").click()
    dialog = page.get_by_role("dialog", name="Share “Pricing approvals.xlsx”")
    dialog.get_by_role("combobox", name="Add a name or email").fill("andrew.rojas@acme.example")
    dialog.get_by_role("button", name="Send").click()
    expect(page.get_by_role("dialog").get_by_role("alert")).to_contain_text("view-only access")
    assert episode.state_hash() == before


def test_delete_asks_first_and_a_refused_delete_changes_nothing(office):
    episode, page, ui = office
    before = episode.state_hash()
    page.goto(ui("/files"))
    page.get_by_role("button", name=f"Delete {DOC}").click()
    dialog = page.get_by_role("dialog", name=f"Delete “{DOC}”?")
    expect(dialog).to_contain_text("will be deleted for you and everyone it is shared with")
    dialog.get_by_role("button", name="Cancel").click()  # cancelled: nothing happens, focus goes back
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name=f"Delete {DOC}")).to_be_focused()
    assert episode.state_hash() == before
    page.get_by_role("button", name=f"Delete {DOC}").click()
    page.get_by_role("dialog", name=f"Delete “{DOC}”?").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("table", name="Files")).not_to_contain_text(DOC)
    assert _items(episode, DOC) == []
    shared = next(
        r
        for r in episode.call("office_list_drive_items", shared_with_me=True)["records"]
        if r["my_role"] == "read"
    )
    page.goto(ui("/files?view=shared"))  # a view-only item offers no Delete, and the service refuses one
    expect(page.get_by_role("button", name=f"Delete {shared['name']}")).to_have_count(0)
    after = episode.state_hash()
    page.goto(ui(f"/files?view=shared&delete={shared['id']}"))
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("dialog").get_by_role("alert")).to_be_visible()
    assert episode.state_hash() == after and _items(episode, shared["name"])


def test_selecting_a_row_shows_its_commands_and_file_types_are_svg_icons(office):
    """OneDrive's selection: a row's checkbox (pointer, or Space from the keyboard) selects it, and the
    command bar then offers Share, Rename, Move to and Delete for it; two selected hide them again. Every
    row's file-type icon is an SVG (no emoji)."""
    _, page, ui = office
    page.goto(ui("/files"))
    table = page.get_by_role("table", name="Files")
    names = [t.strip() for t in table.locator("tbody th").all_inner_texts()]
    assert names and not any(ch in "".join(names) for ch in "📁📄📊")
    assert table.locator("tbody th .o-ft svg").count() == len(names)
    bar = page.get_by_role("toolbar", name="Files commands")
    expect(bar.get_by_role("button", name="Rename", exact=True)).to_have_count(0)  # nothing selected
    first = names[0]
    table.get_by_role("checkbox", name=f"Select {first}").click()
    expect(bar.get_by_role("status")).to_have_text("1 selected")
    for name in ("Share", "Rename", "Move to", "Delete"):
        expect(bar.get_by_role("button", name=name, exact=True)).to_be_visible()
    second = table.get_by_role("checkbox", name=f"Select {names[1]}")
    second.focus()
    page.keyboard.press("Space")
    expect(bar.get_by_role("status")).to_have_text("2 selected")
    expect(bar.get_by_role("button", name="Rename", exact=True)).to_have_count(0)
    page.keyboard.press("Space")  # one selected again
    bar.get_by_role("button", name="Rename", exact=True).click()
    dialog = page.get_by_role("dialog", name=f"Rename “{first}”")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("New name")).to_have_value(first)


def test_a_folder_shared_with_you_sits_under_shared_not_my_files(office):
    """CUA probe (s12): a colleague's folder shared with the performer showed "My files › Company Handbook".
    OneDrive roots it at Shared, and the pane marks Shared."""
    episode, page, ui = office
    shared = episode.call("office_list_drive_items", shared_with_me=True)["records"]
    folder = next(i for i in shared if i["kind"] == "folder")
    page.goto(ui(f"/files?folder={folder['id']}"))
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    expect(crumbs.get_by_role("link")).to_have_text(["Shared"])
    expect(crumbs).to_contain_text(folder["name"])
    nav = page.locator(".o-folder-list").first
    expect(nav.locator("[aria-current=page]")).to_contain_text("Shared")
    page.goto(ui("/files"))  # your own top folder: My files, as before
    expect(nav.locator("[aria-current=page]")).to_contain_text("My files")
