"""Teams' conversation in real Chromium: the channel header (team and channel names, Posts and Files tabs)
and the chat header (Chat and Files), switched by pointer and by arrow keys; a channel's posts as cards
holding their replies with the thread's Reply after them; Escape closes an empty reply box. A 1:1 chat's
presence (from the person's calendar now), a message's hover actions, the composer's Format and Attach
file."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect

from apps.office.chat_labels import reply_label


def _thread_with_replies(episode):  # noqa: ANN001, ANN202
    """(team, channel, root, its replies) for the first thread that has replies."""
    for team in episode.call("office_list_teams")["records"]:
        for channel in episode.call("office_list_channels", team_id=team["id"])["records"]:
            listed = episode.call("office_list_channel_messages", channel_id=channel["id"], limit=200)
            posts = listed["records"]
            for root in (p for p in posts if not p.get("reply_to_id")):
                replies = [p for p in posts if p.get("reply_to_id") == root["id"]]
                if replies:
                    return team, channel, root, replies
    raise AssertionError("the tiny world has no thread with replies")


def _open_thread(episode, page, ui):  # noqa: ANN001, ANN202
    """Open the channel of a thread with replies: (root, its replies, its Reply button, its label)."""
    _, channel, root, replies = _thread_with_replies(episode)
    page.goto(ui(f"/chat?channel={channel['id']}"))
    label = reply_label(root["from_name"], root["body_content"])
    return root, replies, page.get_by_role("button", name=label, exact=True), label


def test_channel_header_names_team_and_channel_and_its_tabs_switch(office):
    episode, page, ui = office
    team, channel, _, _ = _thread_with_replies(episode)
    page.goto(ui(f"/chat?channel={channel['id']}"))
    conversation = page.get_by_role("region", name="Conversation")
    expect(conversation.get_by_role("heading", level=2)).to_have_text(channel["display_name"])
    expect(conversation.locator(".o-conv-team")).to_have_text(team["display_name"])
    pane = page.get_by_role("navigation", name="Teams and chats")  # the Teams pane, its teams first
    expect(pane.get_by_role("heading", level=2)).to_have_text("Teams")
    assert pane.locator(".o-channels").first.evaluate(
        "c => !!(c.compareDocumentPosition(document.querySelector('.o-chatlist')) & 4)"
    )
    expect(conversation.get_by_role("button", name="Meet")).to_have_attribute("aria-disabled", "true")
    tabs = conversation.get_by_role("tablist", name=channel["display_name"]).get_by_role("tab")
    expect(tabs).to_have_text(["Posts", "Files"])
    posts, files = tabs.nth(0), tabs.nth(1)
    expect(posts).to_have_attribute("aria-selected", "true")
    composer = page.get_by_label("Type a message", exact=True)
    expect(composer).to_be_visible()
    files.click()  # pointer: the Files tab shows the channel's files, the posts and compose box go away
    expect(files).to_have_attribute("aria-selected", "true")
    expect(conversation.get_by_role("tabpanel", name="Files")).to_contain_text("No files here yet")
    expect(composer).to_be_hidden()
    page.keyboard.press("ArrowLeft")  # keyboard: back to Posts, focus on its tab
    expect(posts).to_be_focused()
    expect(posts).to_have_attribute("aria-selected", "true")
    expect(composer).to_be_visible()


def test_chat_header_has_the_person_and_chat_and_shared_tabs(office):
    episode, page, ui = office
    chat = next(c for c in episode.call("office_list_chats")["records"] if not c["topic"])
    page.goto(ui(f"/chat?chat={chat['id']}"))
    conversation = page.get_by_role("region", name="Conversation")
    name = conversation.get_by_role("heading", level=2).inner_text().strip()
    tabs = conversation.get_by_role("tablist", name=name).get_by_role("tab")
    expect(tabs).to_have_text(["Chat", "Shared"])
    tabs.nth(0).focus()
    page.keyboard.press("End")
    expect(tabs.nth(1)).to_be_focused()
    expect(conversation.get_by_role("tabpanel", name="Shared")).to_contain_text("shared in this chat")
    expect(conversation.get_by_role("list", name="Messages")).to_be_hidden()
    tabs.nth(0).click()
    expect(conversation.get_by_role("list", name="Messages")).to_be_visible()


def test_channel_posts_are_cards_with_their_replies_and_the_reply_after_them(office):
    page = office[1]
    root, replies, reply, _ = _open_thread(*office)
    card = page.locator(".o-card").filter(has=reply)
    expect(card).to_have_count(1)
    expect(card.locator(".o-card-post").first).to_contain_text(root["body_content"])
    listed = card.get_by_role("list", name=f"{len(replies)} repl", exact=False).get_by_role("listitem")
    if len(replies) > 1:  # Teams collapses them under "N replies from …", the newest one showing
        expect(listed).to_have_count(1)
        card.get_by_role("button", name=f"{len(replies)} replies from").click()
    expect(listed).to_have_count(len(replies))
    for item, msg in zip(listed.all(), replies, strict=True):
        expect(item).to_contain_text(msg["from_name"])
        expect(item).to_contain_text(msg["body_content"])
    # the thread's Reply comes after its replies (Teams' card foot)
    order = card.evaluate(
        "c => c.querySelector('.o-card-replies').compareDocumentPosition(c.querySelector('.o-reply'))"
    )
    assert order & 4, "Reply precedes the replies"
    # the newest post is scrolled into view when the channel opens
    expect(page.locator(".o-card").last).to_be_in_viewport()


def test_escape_closes_an_empty_reply_box_and_returns_to_reply(office):
    _, page, _ = office
    _, _, reply, label = _open_thread(*office)
    reply.focus()
    page.keyboard.press("Enter")
    box = page.get_by_role("textbox", name=label, exact=True)
    expect(box).to_be_focused()
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    expect(reply).to_be_focused()
    expect(reply).to_have_attribute("aria-expanded", "false")


def test_the_compose_box_emoji_menu_by_keyboard_and_pointer(office):
    episode, page, ui = office
    chat = episode.call("office_list_chats")["records"][0]
    page.goto(ui(f"/chat?chat={chat['id']}"))
    box = page.get_by_label("Type a message", exact=True)
    box.fill("Great news ")
    emoji = page.get_by_role("button", name="Emoji", exact=True)
    emoji.focus()
    page.keyboard.press("ArrowDown")  # keyboard: the menu opens on its first emoji
    menu = page.get_by_role("menu", name="Emoji")
    expect(menu.get_by_role("menuitem", name="Smile")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(menu).to_be_hidden()
    expect(box).to_be_focused()
    expect(box).to_have_value("Great news 😂")
    emoji.click()  # pointer
    menu.get_by_role("menuitem", name="Thumbs up").click()
    expect(box).to_have_value("Great news 😂👍")
    with page.expect_navigation():
        page.get_by_role("form", name="New message").get_by_role("button", name="Send").click()
    sent = episode.call("office_list_chat_messages", chat_id=chat["id"])["records"]
    assert sent[-1]["body_content"] == "Great news 😂👍"


def test_presence_dots_hover_actions_and_composer_tools(office):
    episode, page, ui = office
    page.goto(ui("/chat"))
    chats = page.get_by_role("list", name="Chats")
    first = chats.locator("li").filter(has=page.locator(".o-presence")).first
    expect(first).to_be_visible()
    dot = first.locator(".o-presence")
    label = dot.get_attribute("title")
    assert label in ("Available", "Busy", "Out of office", "Away", "Offline")
    first.get_by_role("link").click()
    expect(page.locator(".o-conv-status")).to_have_text(label)

    # the dot agrees with the person's calendar now (Busy exactly when get_schedule says busy or tentative)
    name = first.locator(".o-chat-name").inner_text()
    found = episode.call("office_find_people", query=name)["colleagues"]
    other = next(p for p in found if p["display_name"] == name)
    now = episode.now
    sched = episode.call(
        "office_get_schedule",
        schedules=[other["mail"]],
        start=now.isoformat(),
        end=(now + timedelta(minutes=30)).isoformat(),
        interval_minutes=30,
    )["schedules"][0]
    assert (label == "Busy") == (sched["availability_view"][:1] in ("1", "2"))

    post = page.get_by_role("list", name="Messages").locator("li.o-post").first
    actions = post.get_by_role("toolbar", name="Message actions")
    post.hover()
    expect(actions).to_have_css("opacity", "1")
    expect(actions.get_by_role("button", name="Like")).to_have_attribute("aria-disabled", "true")
    composer = page.get_by_role("form", name="New message")
    for tool in ("Format", "Attach file"):
        expect(composer.get_by_role("button", name=tool)).to_have_attribute("aria-disabled", "true")
    expect(composer.get_by_role("button", name="Emoji")).to_be_visible()
