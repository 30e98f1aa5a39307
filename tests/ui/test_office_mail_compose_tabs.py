"""Outlook's compose in real Chromium: the ribbon's Message, Insert, Format text, Draw and Options tabs
(Format text's Bold acting on the message, what is not modelled disabled), From, the Cc / Bcc buttons showing
their lines, Send's split button, and a Bcc recipient carried to the message sent, from the full page and
from a reply written inline."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

TABS = ["Message", "Insert", "Format text", "Draw", "Options"]


def test_the_compose_tabs_format_the_message_and_bcc_reaches_the_sent_mail(office):
    episode, page, ui = office
    page.goto(ui("/mail/compose"))
    tabs = page.get_by_role("tablist", name="Ribbon")
    assert tabs.get_by_role("tab").all_inner_texts() == TABS
    me = episode.call("office_get_my_profile")
    form = page.get_by_role("form", name="Compose message")
    expect(form.locator(".o-from-field")).to_contain_text(me["mail"])

    tabs.get_by_role("tab", name="Draw", exact=True).click()
    draw = page.get_by_role("toolbar", name="Draw commands")
    expect(draw.get_by_role("button", name="Eraser")).to_be_disabled()
    tabs.get_by_role("tab", name="Format text", exact=True).click()
    body = form.get_by_label("Message", exact=True)
    body.fill("Quarterly plan")
    body.evaluate("el => el.setSelectionRange(0, 9)")
    page.get_by_role("toolbar", name="Format text commands").get_by_role("button", name="Bold").click()
    expect(body).to_have_value("**Quarterly** plan")
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

    # a reply written inline: the same tabs after Home / View / Help, and its Bcc reaches the reply tool
    page.goto(ui("/mail"))
    page.get_by_role("grid", name="Messages").get_by_role("link").nth(1).click()
    page.goto(page.url + "&compose=reply")
    assert tabs.get_by_role("tab").all_inner_texts() == ["Home", "View", "Help", *TABS]
    reply = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    reply.get_by_role("button", name="Bcc", exact=True).click()
    reply.get_by_label("Bcc", exact=True).fill("heather.myers@acme.example")
    reply.get_by_label("Message", exact=True).fill("Noted.")
    reply.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_url("**sent=*")
    done = next(e for e in episode.events() if e.kind == "action" and e.name == "reply_to_message")
    assert done.outcome == "ok" and done.args["bcc"] == ["heather.myers@acme.example"]
