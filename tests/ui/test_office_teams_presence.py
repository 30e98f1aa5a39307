"""Teams' chat in real Chromium: a 1:1 chat's avatar carries the person's presence (read from their calendar
now: Away outside their working hours, Busy in a meeting), the header says it; a message's hover actions; the
composer's Format and Attach file (not modelled: aria-disabled, said in the tooltip) beside Emoji and Send."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect


def test_presence_dots_hover_actions_and_composer_tools(office):
    episode, page, ui = office
    page.goto(ui("/chat"))
    chats = page.get_by_role("list", name="Chats")
    first = chats.locator("li").filter(has=page.locator(".o-presence")).first
    expect(first).to_be_visible()
    dot = first.locator(".o-presence")
    label = dot.get_attribute("title")
    assert label in ("Available", "Busy", "Out of office", "Away")
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
