"""New Teams' chat list filter chips and a chat's Shared tab, in a real Chromium: Unread, Channels, Chats and
Meetings filter the list in place (pointer and keyboard; the choice kept when a chat is opened and on
reload), the list's arrow keys move only between the chats shown; the Shared tab lists the files and links
the chat's messages shared (a OneDrive file by its link opens in its app), or says nothing has been shared;
axe on each state."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations

DOC = "Q4 kickoff notes.docx"


def _unread_ids(episode) -> set[str]:
    """The chats whose last message is someone else's (Teams' bold, unread rows), from the tools."""
    me = episode.call("office_get_my_profile")["display_name"]
    ids = set()
    for chat in episode.call("office_list_chats")["records"]:
        last = episode.call("office_list_chat_messages", chat_id=chat["id"], limit=1)["records"]
        if last and last[-1]["from_name"] != me:
            ids.add(chat["id"])
    return ids


def _shown_chat_ids(page) -> set[str]:
    rows = page.get_by_role("list", name="Chats").get_by_role("link")
    return {href.split("chat=")[1].split("&")[0] for href in (a.get_attribute("href") for a in rows.all())}


def test_filter_chips_narrow_the_list_by_pointer_and_keep_the_choice(office):
    episode, page, ui = office
    page.goto(ui("/chat"))
    nav = page.get_by_role("navigation", name="Teams and chats")
    chips = nav.get_by_role("group", name="Filter chats").get_by_role("button")
    expect(chips).to_have_text(["Unread", "Channels", "Chats", "Meetings"])
    every = _shown_chat_ids(page)
    unread = _unread_ids(episode)
    assert 0 < len(unread) < len(every)
    opened = page.get_by_role("list", name="Chats").locator("li[aria-current] a").get_attribute("href")
    opened_id = opened.split("chat=")[1]

    nav.get_by_role("button", name="Unread").click()
    expect(nav.get_by_role("button", name="Unread")).to_have_attribute("aria-pressed", "true")
    assert _shown_chat_ids(page) == unread | {opened_id}  # the open chat stays while it is read
    expect(nav.get_by_role("heading", name="Teams")).to_be_hidden()
    assert not _violations(page)

    nav.get_by_role("button", name="Channels").click()  # one chip at a time
    expect(nav.get_by_role("button", name="Unread")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("list", name="Chats")).to_be_hidden()
    expect(nav.get_by_role("link", name="General").first).to_be_visible()

    nav.get_by_role("button", name="Meetings").click()  # no meeting chats in this world
    expect(nav.get_by_role("status")).to_have_text("No meeting chats")
    assert _shown_chat_ids(page) == set()
    nav.get_by_role("button", name="Meetings").click()  # pressed again: everything
    expect(nav.get_by_role("button", name="Meetings")).to_have_attribute("aria-pressed", "false")
    assert _shown_chat_ids(page) == every
    expect(nav.locator("[data-filter-empty]")).to_have_text("")  # said only while nothing shows

    nav.get_by_role("button", name="Unread").click()
    other = next(iter(unread - {opened_id}))
    page.get_by_role("list", name="Chats").locator(f"a[href*='{other}']").click()  # open an unread chat
    page.wait_for_url(f"**chat={other}**")
    assert "filter=unread" in page.url
    expect(nav.get_by_role("button", name="Unread")).to_have_attribute("aria-pressed", "true")
    assert _shown_chat_ids(page) == unread | {other}
    page.reload()  # rendered by the page itself
    expect(nav.get_by_role("button", name="Unread")).to_have_attribute("aria-pressed", "true")
    assert _shown_chat_ids(page) == unread | {other}


def test_filter_chips_by_keyboard_and_arrows_move_only_between_chats_shown(office):
    episode, page, ui = office
    page.goto(ui("/chat"))
    nav = page.get_by_role("navigation", name="Teams and chats")
    unread = nav.get_by_role("button", name="Unread")
    unread.focus()
    page.keyboard.press("Enter")
    expect(unread).to_have_attribute("aria-pressed", "true")
    chats = nav.get_by_role("button", name="Chats")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(chats).to_be_focused()
    page.keyboard.press("Space")
    expect(chats).to_have_attribute("aria-pressed", "true")
    expect(unread).to_have_attribute("aria-pressed", "false")
    expect(nav.get_by_role("heading", name="Teams")).to_be_hidden()
    page.keyboard.press("Space")  # pressed again: everything, the teams too
    expect(nav.get_by_role("heading", name="Teams")).to_be_visible()

    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(unread).to_be_focused()
    page.keyboard.press("Enter")
    shown = page.get_by_role("list", name="Chats").locator("li:not([hidden]) a")
    opened = page.get_by_role("list", name="Chats").locator("li[aria-current] a").get_attribute("href")
    expect(shown).to_have_count(len(_unread_ids(episode) | {opened.split("chat=")[1].split("&")[0]}))
    shown.first.focus()
    page.keyboard.press("End")  # the last chat shown, not the last in the list
    expect(shown.last).to_be_focused()
    page.keyboard.press("Home")
    expect(shown.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(shown.nth(1)).to_be_focused()


def test_the_shared_tab_lists_the_files_and_links_the_chat_shared(office):
    episode, page, ui = office
    doc = next(r for r in episode.call("office_list_drive_items")["records"] if r["name"] == DOC)
    chat = next(c for c in episode.call("office_list_chats")["records"] if not c["topic"])
    page.goto(ui(f"/chat?chat={chat['id']}"))
    conversation = page.get_by_role("region", name="Conversation")
    conversation.get_by_role("tab", name="Shared").click()
    panel = conversation.get_by_role("tabpanel", name="Shared")
    expect(panel).to_contain_text("Nothing has been shared yet")
    assert not _violations(page)

    conversation.get_by_role("tab", name="Chat").click()
    box = conversation.get_by_role("combobox", name="Type a message")
    box.fill(f"Notes are here: {doc['web_url']}. Agenda: https://intranet.acme.example/qbr-agenda, thanks")
    page.keyboard.press("Enter")
    page.wait_for_load_state("load")
    conversation.get_by_role("tab", name="Shared").focus()
    page.keyboard.press("Enter")  # keyboard: the tab selected
    panel = conversation.get_by_role("tabpanel", name="Shared")
    files = panel.get_by_role("region", name="Files")
    expect(files.get_by_role("link")).to_have_text([DOC])
    expect(files.get_by_role("link", name=DOC)).to_have_attribute("href", f"/s/office/docs/{doc['id']}")
    me = episode.call("office_get_my_profile")["display_name"]
    expect(files.get_by_role("listitem")).to_contain_text(me)
    links = panel.get_by_role("region", name="Links")
    expect(links.get_by_role("link")).to_have_text(["https://intranet.acme.example/qbr-agenda"])
    assert not _violations(page)
    files.get_by_role("link", name=DOC).click()
    page.wait_for_url(f"**/docs/{doc['id']}")
