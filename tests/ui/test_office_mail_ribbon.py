"""Outlook's Simplified ribbon and inline responses in real Chromium, by pointer and by keyboard: the Home /
View / Help tabs; Home's commands act on the open message (Move to's menu, New mail's chevron, Reply all
opening inline) and are disabled with nothing open; arrow keys move along them; View hides the folder pane and
the preview line (remembered); Help's shortcuts dialog; the reading pane's More actions; a refused inline
forward keeps what was typed; every mail time is on the signed-in user's clock, as the calendar's. Compose:
the Message, Insert, Format text, Draw and Options tabs (Format text's Bold on the message), From, Cc / Bcc
lines, Send's split button, Bcc reaching the sent mail and an inline reply."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.core.ui_dates import as_datetime, clock_12h
from apps.office.services.mailbox import sent_line
from apps.office.ui_dates import in_zone, mail_time

TABS = ["Message", "Insert", "Format text", "Draw", "Options"]  # the ribbon's tabs while a message is written


def _open(page, ui, nth: int = 1) -> str:  # noqa: ANN001
    """Open the list's `nth` message in the reading pane; returns its id."""
    page.goto(ui("/mail"))
    link = page.get_by_role("grid", name="Messages").get_by_role("link").nth(nth)
    link.click()
    return parse_qs(urlsplit(page.url).query)["id"][0]


def _ribbon(page):  # noqa: ANN001, ANN202
    return page.get_by_role("toolbar", name="Mail commands")


def test_with_nothing_open_the_message_commands_are_disabled_and_new_mail_works(office):
    _, page, ui = office
    page.goto(ui("/mail"))
    ribbon = _ribbon(page)
    for name in ("Delete", "Archive", "Reply", "Reply all", "Forward", "Flag", "Categorize"):
        expect(ribbon.get_by_role("button", name=name, exact=True)).to_be_disabled()
    more = ribbon.get_by_role("button", name="More new items")
    more.focus()
    page.keyboard.press("ArrowDown")  # the chevron's menu, from the keyboard
    menu = page.get_by_role("menu", name="More new items")
    expect(menu.get_by_role("menuitem", name="Mail")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Event")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert urlsplit(page.url).path.endswith("/calendar/new")
    page.go_back()
    with page.expect_navigation():
        _ribbon(page).get_by_role("link", name="New mail").click()  # compose in the reading pane
    expect(page.get_by_role("form", name="Compose message").get_by_label("Subject")).to_be_visible()


def test_arrow_keys_move_along_the_commands_and_reply_all_opens_inline(office):
    episode, page, ui = office
    mid = _open(page, ui)
    ribbon = _ribbon(page)
    ribbon.get_by_role("button", name="Delete").focus()
    page.keyboard.press("End")
    expect(ribbon.get_by_role("button", name="Categorize")).to_be_focused()
    for _ in range(4):  # Flag, Mark unread, Forward, Reply all
        page.keyboard.press("ArrowLeft")
    expect(ribbon.get_by_role("link", name="Reply all")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    form = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    expect(form.get_by_label("Message", exact=True)).to_be_focused()
    assert parse_qs(urlsplit(page.url).query)["compose"] == ["replyall"]
    page.keyboard.type("All good here.")
    form.get_by_role("button", name="Send").click()
    sent = next(e for e in episode.events() if e.kind == "action" and e.name == "reply_to_message")
    assert sent.outcome == "ok" and sent.args["reply_all"] is True and sent.args["message_id"] == mid


def test_move_to_files_the_message_in_the_folder_chosen_from_its_menu(office):
    episode, page, ui = office
    mid = _open(page, ui)
    move = _ribbon(page).get_by_role("button", name="Move to")
    move.focus()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu", name="Move to")
    archive = menu.get_by_role("menuitem", name="Archive")
    while not archive.evaluate("e => e === document.activeElement"):
        page.keyboard.press("ArrowDown")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    moved = next(e for e in episode.events() if e.kind == "action" and e.name == "move_message")
    assert moved.outcome == "ok" and moved.args["message_id"] == mid
    assert episode.call("office_get_message", message_id=mid)["parent_folder_id"] == next(
        f["id"]
        for f in episode.call("office_list_mail_folders")["records"]
        if f["well_known_name"] == "archive"
    )


def test_view_hides_the_folder_pane_and_the_preview_and_help_lists_the_shortcuts(office):
    _, page, ui = office
    page.goto(ui("/mail"))
    tabs = page.get_by_role("tablist", name="Ribbon")
    tabs.get_by_role("tab", name="Home").focus()
    page.keyboard.press("ArrowRight")  # to View, from the keyboard
    expect(tabs.get_by_role("tab", name="View")).to_have_attribute("aria-selected", "true")
    view = page.get_by_role("toolbar", name="View commands")
    view.get_by_role("button", name="Folder pane").click()  # the pointer
    expect(page.get_by_role("navigation", name="Mail folders")).to_be_hidden()
    preview = view.get_by_role("button", name="Message preview")
    preview.focus()
    page.keyboard.press("Space")
    expect(preview).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".o-msgs .o-preview").first).to_be_hidden()
    page.reload()  # remembered in this browser
    expect(page.get_by_role("navigation", name="Mail folders")).to_be_hidden()
    page.get_by_role("tab", name="View").click()
    page.get_by_role("button", name="Folder pane").click()
    expect(page.get_by_role("navigation", name="Mail folders")).to_be_visible()

    page.get_by_role("tab", name="Help").click()
    opener = page.get_by_role("button", name="Keyboard shortcuts")
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_contain_text("Open the message")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


def test_a_refused_inline_forward_keeps_the_text_and_pops_out_to_the_full_page(office):
    episode, page, ui = office
    mid = _open(page, ui)
    pane = page.get_by_role("article", name="Reading pane")
    more = pane.get_by_role("button", name="More actions")
    more.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("menuitem", name="Reply in a new window")).to_be_focused()
    page.keyboard.press("Escape")
    expect(more).to_be_focused()
    pane.get_by_role("link", name="Forward", exact=True).click()
    form = pane.get_by_role("form", name="Compose message")
    form.get_by_label("Message", exact=True).fill("Please take a look")
    form.get_by_role("button", name="Send").click()  # nobody to send it to
    expect(page.get_by_role("alert")).to_be_visible()
    form = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    expect(form.get_by_label("Message", exact=True)).to_have_value("Please take a look")
    refused = [e for e in episode.events() if e.kind == "action" and e.name == "forward_message"]
    assert refused and refused[-1].outcome != "ok"
    form.get_by_role("link", name="Open in new window").click()
    assert urlsplit(page.url).path.endswith("/mail/compose")
    assert parse_qs(urlsplit(page.url).query) == {"id": [mid], "mode": ["forward"]}
    expect(page.get_by_role("region", name="Quoted original")).to_be_visible()
    page.goto(ui(f"/mail/compose?id={mid}&mode=reply"))  # a full-page reply folds the history behind "…"
    expect(page.get_by_role("region", name="Quoted original")).to_be_hidden()
    page.get_by_role("button", name="Show message history").click()
    expect(page.get_by_role("region", name="Quoted original")).to_be_visible()
    expect(page.get_by_role("button", name="Hide message history")).to_have_attribute("aria-expanded", "true")


def test_every_mail_time_is_on_the_signed_in_users_clock(office):
    episode, page, ui = office
    zone = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    assert zone.key != "UTC"  # the tiny world's user lives elsewhere, so a UTC time would show
    mid = _open(page, ui, nth=0)
    msg = episode.call("office_get_message", message_id=mid)
    received = as_datetime(msg["received_date_time"])
    pane = page.get_by_role("article", name="Reading pane")
    expect(pane.locator(".o-read-date")).to_have_text(mail_time(received, long=True, zone=zone))
    row_time = page.get_by_role("grid", name="Messages").locator("tr[aria-selected=true] .o-time")
    local = in_zone(received, zone)
    expect(row_time).to_have_text(re.compile(rf"({local.month}/{local.day}|{re.escape(clock_12h(local))})"))
    pane.get_by_role("link", name="Reply", exact=True).click()
    header = f"Sent: {sent_line(as_datetime(msg['sent_date_time']), zone.key)}"
    page.get_by_role("button", name="Show message history").click()
    expect(page.get_by_role("region", name="Quoted original")).to_contain_text(header)
    page.get_by_label("Message", exact=True).fill("Noted.")
    page.get_by_role("button", name="Send").click()
    page.get_by_role("link", name="View it in Sent Items").click()  # the reply quotes it the same way
    expect(page.get_by_role("article", name="Reading pane").locator(".o-body")).to_contain_text(header)


def test_the_compose_tabs_format_the_message_and_bcc_reaches_the_sent_mail(office):
    episode, page, ui = office
    page.goto(ui("/mail/compose"))
    tabs = page.get_by_role("tablist", name="Ribbon")
    assert tabs.get_by_role("tab").all_inner_texts() == TABS
    me = episode.call("office_get_my_profile")
    form = page.get_by_role("form", name="Compose message")
    expect(form.locator(".o-from-field")).to_be_hidden()  # From waits behind Options > Show From
    tabs.get_by_role("tab", name="Options", exact=True).click()
    page.get_by_role("toolbar", name="Options commands").get_by_role("button", name="Show From").click()
    expect(form.locator(".o-from-field")).to_contain_text(me["mail"])
    expect(form.locator(".o-from-field")).to_be_visible()

    tabs.get_by_role("tab", name="Draw", exact=True).click()
    draw = page.get_by_role("toolbar", name="Draw commands")
    expect(draw.get_by_role("button", name="Eraser")).to_be_disabled()
    # the Message tab carries the basic text formatting beside Attach file, and it applies to the message
    tabs.get_by_role("tab", name="Message", exact=True).click()
    message = page.get_by_role("toolbar", name="Message commands")
    for off in ("Font, Aptos", "Font size, 12", "Font color", "Increase indent", "Align"):
        expect(message.get_by_role("button", name=off, exact=True)).to_be_disabled()
    body = form.get_by_label("Message", exact=True)
    body.fill("Quarterly plan\nNext steps")
    body.evaluate("el => el.setSelectionRange(0, 9)")
    message.get_by_role("button", name="Bold", exact=True).click()
    expect(body).to_have_value("**Quarterly** plan\nNext steps")
    body.evaluate("el => el.setSelectionRange(19, 23)")
    message.get_by_role("button", name="Highlight", exact=True).click()
    message.get_by_role("button", name="Numbering", exact=True).click()
    expect(body).to_have_value("**Quarterly** plan\n1. ==Next== steps")
    tabs.get_by_role("tab", name="Format text", exact=True).click()
    expect(message).to_be_hidden()
    body.evaluate("el => el.setSelectionRange(el.value.length - 5, el.value.length)")
    page.get_by_role("toolbar", name="Format text commands").get_by_role("button", name="Italic").click()
    expect(body).to_have_value("**Quarterly** plan\n1. ==Next== *steps*")
    expect(
        page.get_by_role("toolbar", name="Format text commands").get_by_role("button", name="Styles")
    ).to_be_disabled()

    bcc_line = form.get_by_label("Bcc", exact=True)
    expect(bcc_line).to_be_hidden()
    form.get_by_role("button", name="Bcc", exact=True).click()
    expect(bcc_line).to_be_focused()
    bcc_line.fill("heather.myers@acme.example")
    form.get_by_label("To", exact=True).fill(me["mail"])
    form.get_by_label("Subject", exact=True).fill("Plan with a blind copy")

    form.get_by_role("button", name="Delivery options").click()
    expect(
        page.get_by_role("menu", name="Delivery options").get_by_role("menuitem", name="Schedule send")
    ).to_be_disabled()
    page.keyboard.press("Escape")
    form.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_url("**/mail?*folder=sentitems*")
    sent = episode.call("office_get_message", message_id=parse_qs(urlsplit(page.url).query)["id"][0])
    assert sent["subject"] == "Plan with a blind copy"
    assert sent["bcc_recipients"] == ["heather.myers@acme.example"]
    assert sent["body_content"].startswith("**Quarterly** plan")
    shown = page.get_by_role("article", name="Reading pane")
    expect(shown.locator("strong", has_text="Quarterly")).to_have_count(1)
    expect(shown.locator("ol mark")).to_have_text("Next")

    # a reply written inline: the same tabs after Home / View / Help, and its Bcc reaches the reply tool
    page.goto(ui("/mail"))
    page.get_by_role("grid", name="Messages").get_by_role("link").nth(1).click()
    page.goto(page.url + "&compose=reply")
    assert tabs.get_by_role("tab").all_inner_texts() == ["Home", "View", "Help", *TABS]
    reply = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    # Outlook's inline reply: no formatting bar of its own (the ribbon's Format text), no "Cc" button while
    # the Cc line shows, the history folded behind "…", no "Reply" label in its top bar
    expect(reply.get_by_role("toolbar", name="Formatting")).to_have_count(0)
    expect(reply.get_by_label("Cc", exact=True)).to_be_visible()
    expect(reply.get_by_role("button", name="Cc", exact=True)).to_be_hidden()
    expect(reply.locator(".o-inline-bar")).not_to_contain_text("Reply")
    quoted = reply.get_by_role("region", name="Quoted original")
    expect(quoted).to_be_hidden()
    reply.get_by_role("button", name="Show message history").click()
    expect(quoted).to_be_visible()
    reply.get_by_role("button", name="Bcc", exact=True).click()
    expect(reply.get_by_role("button", name="Bcc", exact=True)).to_be_hidden()  # gone once its line shows
    reply.get_by_label("Bcc", exact=True).fill("heather.myers@acme.example")
    reply.get_by_label("Message", exact=True).fill("Noted.")
    reply.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_url("**sent=*")
    done = next(e for e in episode.events() if e.kind == "action" and e.name == "reply_to_message")
    assert done.outcome == "ok" and done.args["bcc"] == ["heather.myers@acme.example"]


def test_a_full_page_reply_with_high_importance_reaches_its_reader_marked(office):
    """Outlook's pop-out reply: From hidden, To a button before the pills, the "…" of the message history
    under the message; High importance on the Message tab works on a reply too, and the sent reply is marked
    in the list (red "!") and in the reading pane."""
    episode, page, ui = office
    mid = _open(page, ui, nth=2)
    page.goto(ui(f"/mail/compose?id={mid}&mode=reply"))
    form = page.get_by_role("form", name="Compose message")
    expect(form.locator(".o-from-field")).to_be_hidden()
    body = form.get_by_label("Message", exact=True)
    history = form.get_by_role("button", name="Show message history")
    assert history.bounding_box()["y"] > body.bounding_box()["y"] + body.bounding_box()["height"] - 1
    assert form.get_by_text("To", exact=True).evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"
    high = page.get_by_role("toolbar", name="Message commands").get_by_role("button", name="High importance")
    expect(high).to_be_enabled()
    high.click()
    expect(high).to_have_attribute("aria-pressed", "true")
    body.fill("On it.")
    form.get_by_role("button", name="Send", exact=True).click()
    pane = page.get_by_role("article", name="Reading pane")
    expect(pane.get_by_role("note")).to_have_text("This message was sent with High importance.")
    row = page.get_by_role("grid", name="Messages").locator("tr[aria-selected=true]")
    expect(row.get_by_role("img", name="high importance")).to_be_visible()
    sent = [e for e in episode.events() if e.kind == "action" and e.name == "reply_to_message"][-1]
    assert sent.outcome == "ok" and sent.args["importance"] == "high"
    sent_id = parse_qs(urlsplit(page.url).query)["id"][0]
    assert episode.call("office_get_message", message_id=sent_id)["importance"] == "high"
