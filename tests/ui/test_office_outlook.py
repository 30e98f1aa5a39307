"""Outlook as the product lays it out, in real Chromium: Microsoft 365's suite header and app rail; the
message list reads sender first, then subject and preview; Reply / Reply all / Forward sit at the top of the
reading pane above the body and open the response inline under the message; a reply shows whom it goes to
(pills) and the quoted original; the formatting bar (pointer and keyboard) writes what the reading pane draws
bold and italic."""

from __future__ import annotations

from playwright.sync_api import expect


def _open_first_from_someone(page, ui):  # noqa: ANN001, ANN202
    page.goto(ui("/mail"))
    row = page.get_by_role("grid", name="Messages").locator("tr").filter(has_not_text="Acme CRM").first
    sender, subject = row.locator(".o-from").inner_text(), row.locator(".o-subject").inner_text()
    row.get_by_role("link").click()
    return sender, subject


def test_the_frame_the_list_and_the_reading_pane(office):
    _, page, ui = office
    page.goto(ui("/mail"))
    header = page.get_by_role("banner")
    expect(header.get_by_role("link", name="Outlook")).to_be_visible()
    expect(header.get_by_role("searchbox", name="Search mail")).to_be_visible()
    rail = page.get_by_role("navigation", name="Office tabs")
    for name in ("Mail", "Calendar", "OneDrive", "Teams"):
        expect(rail.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert rail.bounding_box()["x"] == 0 and rail.bounding_box()["width"] < 80  # a narrow rail on the left
    expect(rail.get_by_role("link", name="Mail", exact=True)).to_have_attribute("aria-current", "page")

    row = page.get_by_role("grid", name="Messages").locator("tr").first
    sender, subject = row.locator(".o-from").bounding_box(), row.locator(".o-subject").bounding_box()
    assert sender["y"] < subject["y"], "the sender's line comes first, the subject under it"
    assert row.get_by_role("link").inner_text().startswith(row.locator(".o-from").inner_text())

    _, subject_text = _open_first_from_someone(page, ui)
    pane = page.get_by_role("article", name="Reading pane")
    expect(pane.get_by_role("heading", level=2)).to_have_text(subject_text)
    body = pane.locator(".o-body").bounding_box()
    for name in ("Reply", "Reply all", "Forward"):
        link = pane.get_by_role("link", name=name, exact=True)
        assert link.bounding_box()["y"] < body["y"], f"{name} is at the top of the reading pane"
    expect(
        page.get_by_role("toolbar", name="Mail commands").get_by_role("button", name="Archive")
    ).to_be_visible()


def test_a_reply_shows_whom_it_goes_to_and_the_original_and_sends_formatting(office):
    episode, page, ui = office
    sender, subject = _open_first_from_someone(page, ui)
    pane = page.get_by_role("article", name="Reading pane")
    pane.get_by_role("link", name="Reply", exact=True).click()
    form = pane.get_by_role("form", name="Compose message")  # inline, under the message
    assert form.bounding_box()["y"] > pane.locator(".o-body").bounding_box()["y"]
    expect(form.get_by_label("Message", exact=True)).to_be_focused()  # the caret waits in the reply
    expect(form.get_by_role("list", name="To").get_by_role("listitem")).to_have_text([sender])
    original = form.get_by_role("region", name="Quoted original")
    expect(original).to_be_hidden()  # folded behind "…", as Outlook's
    form.get_by_role("button", name="Show message history").click()
    expect(original).to_contain_text(f"Subject: {subject}")
    expect(original).to_contain_text(f"From: {sender}")

    expect(form.get_by_role("toolbar", name="Formatting")).to_have_count(0)  # the ribbon's Format text
    page.get_by_role("tab", name="Format text", exact=True).click()
    message = form.get_by_label("Message", exact=True)
    message.click()
    page.keyboard.type("Thanks, the figures are final.")
    page.keyboard.press("Home")
    for _ in range(len("Thanks, the ")):
        page.keyboard.press("ArrowRight")
    for _ in range(len("figures")):
        page.keyboard.press("Shift+ArrowRight")
    formatting = page.get_by_role("toolbar", name="Format text commands")
    formatting.get_by_role("button", name="Bold").click()  # the pointer
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("Next step")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Control+I")  # the keyboard
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("sign")
    formatting.get_by_role("button", name="Bullets").click()
    expect(message).to_have_value("Thanks, the **figures** are final.\n*Next step*\n- sign")
    form.get_by_role("button", name="Send").click()

    sent = next(e for e in episode.events() if e.kind == "action" and e.name == "reply_to_message")
    assert sent.outcome == "ok" and sent.args["body"].startswith("Thanks, the **figures** are final.")
    pane = page.get_by_role("article", name="Reading pane")  # still on the message answered, as Outlook
    expect(pane.get_by_role("heading", level=2)).to_have_text(subject)
    expect(pane.get_by_role("form", name="Compose message")).to_have_count(0)
    expect(pane.get_by_role("status")).to_contain_text("sent")
    pane.get_by_role("link", name="View it in Sent Items").click()
    expect(pane.locator(".o-body strong").first).to_have_text("figures")
    expect(pane.locator(".o-body em").first).to_have_text("Next step")
    expect(pane.locator(".o-body ul li").first).to_have_text("sign")
    expect(pane.locator(".o-quoted")).to_contain_text(subject)  # the original, quoted below


def test_forward_takes_new_recipients_and_carries_the_original(office):
    episode, page, ui = office
    _, subject = _open_first_from_someone(page, ui)
    page.get_by_role("article", name="Reading pane").get_by_role("link", name="Forward", exact=True).click()
    form = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    expect(form.get_by_role("region", name="Quoted original")).to_contain_text(subject)
    colleague = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1 OFFSET 3")[0][0]
    form.get_by_role("combobox", name="To").fill(colleague)  # a typed address needs no suggestion
    form.get_by_label("Message", exact=True).fill("FYI")
    form.get_by_role("button", name="Send").click()
    forwarded = next(e for e in episode.events() if e.kind == "action" and e.name == "forward_message")
    assert forwarded.outcome == "ok" and forwarded.args["to"] == [colleague]


def test_enter_in_to_or_subject_never_sends_the_mail(office):
    """CUA probe (s12): an address typed in To, then Enter, sent an empty mail with no subject at once. In
    Outlook, Enter in To makes the typed address a recipient and Enter in the subject goes on to the message;
    only Send sends."""
    episode, page, ui = office
    page.goto(ui("/mail/compose"))
    colleague = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1 OFFSET 3")[0][0]
    to = page.get_by_role("combobox", name="To")
    to.press_sequentially(colleague, delay=5)
    page.keyboard.press("Escape")  # the suggestions closed: Enter has no option to choose
    to.press("Enter")
    expect(page.get_by_role("list", name="To recipients").get_by_role("listitem")).to_have_count(1)
    expect(to).to_have_value("")
    page.get_by_label("Subject", exact=True).fill("Enter test")
    page.get_by_label("Subject", exact=True).press("Enter")
    expect(page.get_by_label("Message", exact=True)).to_be_focused()
    assert not [e for e in episode.events() if e.kind == "action" and e.name == "send_mail"]
    page.keyboard.type("Body text")
    page.get_by_role("button", name="Send").click()
    sent = [e for e in episode.events() if e.kind == "action" and e.name == "send_mail"]
    assert len(sent) == 1 and sent[0].args["to"] == [colleague] and sent[0].args["subject"] == "Enter test"
