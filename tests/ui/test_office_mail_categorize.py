"""Outlook's Categorize menu in the reading pane, in a real Chromium: the master categories as checkable
menu entries (keyboard only), a second category added, one taken off, Clear categories, and a refusal
(the message was deleted meanwhile) that changes nothing."""

from __future__ import annotations

import json

from playwright.sync_api import expect


def _first_inbox_message(episode) -> str:
    return episode.call("office_list_messages", folder="inbox", limit=1)["records"][0]["id"]


def _categories(episode, message_id) -> list[str]:
    rows = episode.db.execute_raw("SELECT categories FROM office_message WHERE id = ?", (message_id,))
    return json.loads(rows[0][0])


def _open_menu(page):
    button = page.get_by_role("button", name="Categorize", exact=True)
    expect(button).to_have_attribute("aria-haspopup", "menu")
    button.focus()
    page.keyboard.press("ArrowDown")  # opens the menu on its first entry
    expect(button).to_have_attribute("aria-expanded", "true")
    return page.get_by_role("menu", name="Categorize")


def test_categorize_with_the_keyboard_then_clear(office):
    episode, page, ui = office
    message_id = _first_inbox_message(episode)
    page.goto(ui(f"/mail?folder=inbox&id={message_id}"))
    menu = _open_menu(page)
    names = menu.get_by_role("menuitemcheckbox").all_inner_texts()
    assert [n.strip() for n in names] == [
        c["display_name"] for c in episode.call("office_list_categories")["records"]
    ]
    assert "Red category" in [n.strip() for n in names]
    expect(menu.get_by_role("menuitemcheckbox").first).to_be_focused()
    page.keyboard.press("Escape")  # closes it, back on the button
    expect(menu).to_be_hidden()
    expect(page.get_by_role("button", name="Categorize", exact=True)).to_be_focused()

    menu = _open_menu(page)
    page.keyboard.press("r")  # first letter: Red category
    red = menu.get_by_role("menuitemcheckbox", name="Red category")
    expect(red).to_be_focused()
    expect(red).to_have_attribute("aria-checked", "false")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert _categories(episode, message_id) == ["Red category"]
    pane = page.get_by_role("article", name="Reading pane")
    expect(pane.get_by_role("list", name="Categories")).to_have_text("Red category")

    menu = _open_menu(page)
    red = menu.get_by_role("menuitemcheckbox", name="Red category")
    expect(red).to_have_attribute("aria-checked", "true")
    page.keyboard.press("b")
    expect(menu.get_by_role("menuitemcheckbox", name="Blue category")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press(" ")
    assert _categories(episode, message_id) == ["Red category", "Blue category"]

    menu = _open_menu(page)  # a checked entry chosen again takes its category off
    with page.expect_navigation():
        menu.get_by_role("menuitemcheckbox", name="Red category").click()
    assert _categories(episode, message_id) == ["Blue category"]

    menu = _open_menu(page)
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem", name="Clear categories")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert _categories(episode, message_id) == []
    expect(pane.get_by_role("list", name="Categories")).to_have_count(0)
    changes = [e for e in episode.events() if e.kind == "action" and e.name == "update_message"]
    assert [e.surface for e in changes][-4:] == ["ui"] * 4


def test_categorize_a_message_deleted_meanwhile_is_refused_and_changes_nothing(office):
    episode, page, ui = office
    message_id = _first_inbox_message(episode)
    page.goto(ui(f"/mail?folder=inbox&id={message_id}"))
    menu = _open_menu(page)
    for _ in range(2):  # another window deletes it for good (Deleted Items, then permanently)
        episode.call("office_delete_message", message_id=message_id)
    before = episode.state_hash()
    with page.expect_navigation():
        menu.get_by_role("menuitemcheckbox", name="Red category").click()
    expect(page.get_by_role("alert")).to_contain_text(f"no message with id {message_id!r} in your mailbox")
    assert episode.state_hash() == before
