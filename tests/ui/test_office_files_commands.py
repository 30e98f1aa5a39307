"""OneDrive's Home and command bar in real Chromium: Quick access to your folders over Recent; Upload shown
disabled (not modelled); one item selected brings Share, Copy link (its link copied, said in a status),
Download (the file's own download) and Delete / Move to / Rename; the Share dialog's Copy link; the Move panel
titled "Move items to"."""

from __future__ import annotations

import re

from playwright.sync_api import expect

DOC = "Q4 kickoff notes.docx"


def test_home_quick_access_and_the_selection_commands(office):
    episode, page, ui = office
    page.goto(ui("/files?view=home"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Home")
    folders = [r["name"] for r in episode.call("office_list_drive_items")["records"] if r["kind"] == "folder"]
    quick = page.get_by_role("region", name="Quick access")
    expect(quick.get_by_role("link")).to_have_count(min(len(folders), 6))
    expect(quick.get_by_role("link").first).to_contain_text(folders[0])
    expect(page.get_by_role("button", name="Upload")).to_be_disabled()

    page.goto(ui("/files"))
    bar = page.get_by_role("toolbar", name="Files commands")
    page.get_by_role("checkbox", name=f"Select {DOC}").check()
    expect(page.get_by_role("button", name="Upload")).to_be_hidden()
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
