"""Outlook's Attach file → Share link on the new-message page, in a real Chromium: the dialog lists the
files of My files (the same read as list_drive_items), Share link puts the chosen file's name and link into
the message where the caret was, the keyboard alone can do it, Cancel inserts nothing, and the sent mail
carries the link."""

from __future__ import annotations

from playwright.sync_api import expect


def _my_files(episode) -> list[dict]:
    return [r for r in episode.call("office_list_drive_items")["records"] if r["kind"] != "folder"]


def test_share_link_puts_the_files_link_where_the_caret_was_and_the_mail_carries_it(office):
    episode, page, ui = office
    files = _my_files(episode)
    assert files, "the actor's My files has files"
    chosen = files[-1]
    page.goto(ui("/mail/compose"))
    page.get_by_label("To", exact=True).fill("heather.myers@acme.example")
    page.get_by_label("Subject", exact=True).fill("The plan")
    body = page.get_by_label("Message", exact=True)
    body.fill("Hi Heather,\nThanks!")
    body.evaluate("el => el.setSelectionRange(12, 12)")  # the caret after "Hi Heather,\n"
    body.blur()

    page.get_by_role("button", name="Attach file", exact=True).click()
    dialog = page.get_by_role("dialog", name="Share a file from OneDrive")
    expect(dialog).to_be_visible()
    names = dialog.get_by_role("radio").evaluate_all("els => els.map(e => e.labels[0].textContent)")
    assert sorted(names) == sorted(f["name"] for f in files)
    dialog.get_by_role("radio", name=chosen["name"], exact=True).check()
    dialog.get_by_role("button", name="Share link", exact=True).click()
    expect(dialog).to_be_hidden()
    expect(body).to_be_focused()
    expect(body).to_have_value(f"Hi Heather,\n{chosen['name']}: {chosen['web_url']}\nThanks!")

    page.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_url("**/mail?*folder=sentitems*")
    sent = episode.call("office_list_messages", folder="sentitems", limit=1)["records"][0]
    mail = episode.call("office_get_message", message_id=sent["id"])
    assert mail["subject"] == "The plan"
    assert chosen["web_url"] in mail["body_content"]


def test_attach_by_keyboard_and_cancel_inserts_nothing(office):
    episode, page, ui = office
    files = _my_files(episode)
    page.goto(ui("/mail/compose"))
    page.get_by_label("Message", exact=True).fill("See below.")
    attach = page.get_by_role("button", name="Attach file", exact=True)
    expect(attach).to_have_attribute("aria-haspopup", "dialog")
    attach.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Share a file from OneDrive")
    first = dialog.get_by_role("radio").first
    expect(first).to_be_focused()
    expect(first).to_be_checked()
    page.keyboard.press("Escape")  # Cancel: nothing inserted, focus back on Attach file
    expect(dialog).to_be_hidden()
    expect(attach).to_be_focused()
    expect(page.get_by_label("Message", exact=True)).to_have_value("See below.")

    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # the radio group: the next file
    second = dialog.get_by_role("radio").nth(1 % len(files))
    expect(second).to_be_checked()
    name = second.evaluate("e => e.labels[0].textContent")
    page.keyboard.press("Tab")  # the primary action first (Share link), then Cancel
    expect(dialog.get_by_role("button", name="Share link", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    url = next(f["web_url"] for f in files if f["name"] == name)
    # the caret was at the end (where fill left it): the link goes there, on a line of its own
    expect(page.get_by_label("Message", exact=True)).to_have_value(f"See below.\n{name}: {url}")
    assert not [e for e in episode.events() if e.kind == "action" and e.name == "send_mail"]
