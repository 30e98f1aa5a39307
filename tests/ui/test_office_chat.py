"""Teams in real Chromium: a thread's Reply opens that thread's own reply box (named after the thread),
New chat starts a 1:1 chat from the To people picker with a first message, the chat list moves with the
arrow keys; refusals change nothing."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from apps.office.chat_labels import reply_label


def _channel_with_threads(episode):  # noqa: ANN001, ANN202
    """(channel, its thread roots) for the first channel with at least two threads."""
    for team in episode.call("office_list_teams")["records"]:
        for channel in episode.call("office_list_channels", team_id=team["id"])["records"]:
            posts = episode.call("office_list_channel_messages", channel_id=channel["id"], limit=200)
            roots = [p for p in posts["records"] if not p.get("reply_to_id")]
            if len(roots) >= 2:
                return channel, roots
    raise AssertionError("the tiny world has no channel with two threads")


def test_reply_in_one_thread_by_its_named_box(office):
    episode, page, ui = office
    channel, roots = _channel_with_threads(episode)
    root = roots[-1]
    label = reply_label(root["from_name"], root["body_content"])
    assert len({reply_label(r["from_name"], r["body_content"]) for r in roots}) == len(roots)
    page.goto(ui(f"/chat?channel={channel['id']}"))
    toggle = page.get_by_role("button", name=label, exact=True)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("textbox", name=label, exact=True)).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    box = page.get_by_role("textbox", name=label, exact=True)
    expect(box).to_be_focused()
    box.fill("Answered in the right thread")
    with page.expect_navigation():
        page.get_by_role("form", name=label, exact=True).get_by_role("button", name="Send").click()
    stored = episode.db.execute_raw(
        "SELECT reply_to_id, channel_id FROM office_chat_message WHERE body_content = ?",
        ("Answered in the right thread",),
    )
    assert stored == [(root["id"], channel["id"])]
    expect(page.get_by_text("Answered in the right thread")).to_be_visible()


def test_a_blank_reply_is_refused_and_changes_nothing(office):
    episode, page, ui = office
    channel, roots = _channel_with_threads(episode)
    label = reply_label(roots[0]["from_name"], roots[0]["body_content"])
    page.goto(ui(f"/chat?channel={channel['id']}"))
    before = episode.state_hash()
    page.get_by_role("button", name=label, exact=True).click()
    page.get_by_role("textbox", name=label, exact=True).fill("   ")
    page.get_by_role("form", name=label, exact=True).get_by_role("button", name="Send").click()
    expect(page.get_by_text("message text", exact=False).first).to_be_visible()
    assert episode.state_hash() == before


def _colleague_without_chat(episode):  # noqa: ANN001, ANN202
    me = episode.call("office_get_my_profile")
    chatted = {m for c in episode.call("office_list_chats")["records"] for m in c["members"]}
    rows = episode.db.execute_raw("SELECT display_name, mail FROM office_user ORDER BY mail")
    return next((n, m) for n, m in rows if m != me["mail"] and m not in chatted)


def test_new_chat_from_the_people_picker_with_a_first_message(office):
    episode, page, ui = office
    name, mail = _colleague_without_chat(episode)
    page.goto(ui("/chat"))
    page.get_by_role("link", name="New chat", exact=True).click()
    form = page.get_by_role("form", name="New chat")
    to = form.get_by_role("combobox", name="To", exact=True)
    to.press_sequentially(name.split()[0][:4], delay=30)
    option = page.get_by_role("listbox", name="To suggestions").get_by_role("option", name=mail, exact=True)
    expect(option).to_be_visible()
    option.click()
    expect(form.get_by_role("button", name=f"Remove {name}")).to_be_visible()
    form.get_by_label("Type a message", exact=True).fill("Hi, a first message")
    with page.expect_navigation():
        form.get_by_role("button", name="Send").click()
    chats = [c for c in episode.call("office_list_chats")["records"] if mail in c["members"]]
    assert len(chats) == 1 and chats[0]["chat_type"] == "oneOnOne"
    sent = episode.call("office_list_chat_messages", chat_id=chats[0]["id"])["records"]
    assert [m["body_content"] for m in sent][:1] == ["Hi, a first message"]
    assert f"chat={chats[0]['id']}" in page.url
    # the new chat is listed by the other person's name (as Teams names a chat), current and the tab stop
    listed = page.get_by_role("list", name="Chats").get_by_role("link", name=name, exact=True)
    expect(listed).to_have_attribute("tabindex", "0")
    expect(page.get_by_role("region", name="Conversation").get_by_role("heading", level=2)).to_have_text(name)


def test_new_chat_refusals_change_nothing(office):
    episode, page, ui = office
    name, mail = _colleague_without_chat(episode)
    before = episode.state_hash()
    page.goto(ui("/chat?new=1"))
    form = page.get_by_role("form", name="New chat")
    form.get_by_role("combobox", name="To", exact=True).fill("someone@outside.example")
    form.get_by_label("Type a message", exact=True).fill("Hello")
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_contain_text("not a colleague")
    assert episode.state_hash() == before
    form = page.get_by_role("form", name="New chat")
    form.get_by_role("combobox", name="To", exact=True).fill(mail)
    form.get_by_label("Type a message", exact=True).fill("")
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_contain_text("Type a message")
    assert episode.state_hash() == before


def test_chat_list_is_one_tab_stop_moved_by_arrow_keys(office):
    episode, page, ui = office
    chats = episode.call("office_list_chats")["records"]
    assert len(chats) >= 2, "the tiny world needs two chats"
    page.goto(ui(f"/chat?chat={chats[0]['id']}"))
    links = page.get_by_role("list", name="Chats").get_by_role("link")
    assert [links.nth(i).get_attribute("tabindex") for i in range(links.count())].count("0") == 1
    links.first.focus()
    page.keyboard.press("ArrowDown")
    expect(links.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(links.first).to_be_focused()
    page.keyboard.press("End")
    expect(links.last).to_be_focused()


def test_chats_are_named_by_people_with_their_avatars(office):
    """Teams names a chat without a topic by the other people in it (never by addresses), each with an avatar
    of their initials; the open chat's header and its posts show them too."""
    episode, page, ui = office
    chats = episode.call("office_list_chats")["records"]
    page.goto(ui(f"/chat?chat={chats[0]['id']}"))
    links = page.get_by_role("list", name="Chats").get_by_role("link")
    names = [t.strip() for t in links.locator(".o-chat-name").all_inner_texts()]
    assert names and not any("@" in n for n in names), names
    untitled = next(i for i, c in enumerate(chats) if not c["topic"])
    avatar = links.nth(untitled).locator("fluent-avatar, .o-avatar").first
    initials = "".join(w[0] for w in (names[untitled].split()[0], names[untitled].split()[-1])).upper()
    assert avatar.get_attribute("initials") == initials or avatar.inner_text() == initials
    posts = page.get_by_role("list", name="Messages").locator(".o-post")  # not the dividers between days
    for i in range(posts.count()):  # others' posts carry their author's name (your own only their time)
        post = posts.nth(i)
        if "o-mine" not in (post.get_attribute("class") or ""):
            assert post.locator("strong").inner_text().strip() and "@" not in post.inner_text()
            break


def test_chat_rows_show_the_last_message_and_its_time(office):
    """Teams' chat list: each chat with messages shows its last message on one line ("You: " before your own)
    and its time; a chat whose last message is someone else's is bold, and the link keeps the chat's name."""
    episode, page, ui = office
    chats = episode.call("office_list_chats")["records"]
    page.goto(ui("/chat"))
    rows = page.get_by_role("list", name="Chats").get_by_role("listitem")
    seen = 0
    for i, c in enumerate(chats):
        last = episode.call("office_list_chat_messages", chat_id=c["id"], limit=1)["records"]
        if not last:
            continue
        seen += 1
        row = rows.nth(i)
        text = " ".join(last[-1]["body_content"].split())
        preview = row.locator(".o-chat-preview")
        expect(preview).to_contain_text(text[:20])
        assert preview.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
        assert preview.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
        when = row.locator(".o-chat-time").inner_text()
        assert re.fullmatch(r"\d{1,2}:\d{2} [AP]M|\d{1,2}/\d{1,2}(/\d{4})?", when), when
        link = row.get_by_role("link")
        expect(link).to_have_accessible_name(row.locator(".o-chat-name").inner_text())
        expect(link).to_have_accessible_description(re.compile(re.escape(text[:20])))
        weight = row.locator(".o-chat-name").evaluate("e => getComputedStyle(e).fontWeight")
        mine = last[-1]["from_name"] == episode.call("office_get_my_profile")["display_name"]
        opened = row.get_attribute("aria-current") == "page"  # Chat lands on the latest chat, read
        assert (int(weight) >= 700) == (not mine and not opened), (c["id"], weight)
    assert seen, "the tiny world needs a chat with messages"
    # your own message becomes the preview, after "You: ", at today's time
    page.goto(ui(f"/chat?chat={chats[0]['id']}"))
    form = page.get_by_role("form", name="New message")
    form.get_by_label("Type a message", exact=True).fill("Latest from me")
    with page.expect_navigation():
        form.get_by_role("button", name="Send").click()
    row = page.get_by_role("list", name="Chats").get_by_role("listitem").first
    expect(row.locator(".o-chat-preview")).to_contain_text("You: Latest from me")
    expect(row.locator(".o-chat-time")).to_have_text(re.compile(r"^\d{1,2}:\d{2} [AP]M$"))


def test_channels_have_no_hash_and_own_messages_sit_on_the_right_without_a_name(office):
    episode, page, ui = office
    chats = episode.call("office_list_chats")["records"]
    me = episode.call("office_get_my_profile")["display_name"]
    page.goto(ui(f"/chat?chat={chats[0]['id']}"))
    channels = page.get_by_role("navigation", name="Teams and chats").locator(".o-channels a")
    assert channels.count() and not any("#" in t for t in channels.all_inner_texts())
    form = page.get_by_role("form", name="New message")
    form.get_by_label("Type a message", exact=True).fill("Mine on the right")
    with page.expect_navigation():
        form.get_by_role("button", name="Send").click()
    posts = page.get_by_role("list", name="Messages")
    mine = posts.get_by_role("listitem").filter(has_text="Mine on the right")
    expect(mine).to_have_count(1)
    expect(mine.locator(".o-post-meta")).not_to_contain_text(me)
    expect(mine.locator(".o-meta")).to_have_text(re.compile(r"\d{1,2}:\d{2} [AP]M"))
    box, lane = mine.locator(".o-bubble").bounding_box(), posts.bounding_box()
    assert lane["x"] + lane["width"] - (box["x"] + box["width"]) < 40, (box, lane)
    assert box["x"] - lane["x"] > 100, (box, lane)
    others = posts.locator(".o-post").filter(has_not_text="Mine on the right")
    if others.filter(has=page.locator("strong")).count():
        assert others.locator("strong").first.inner_text().strip()
