"""The office UI in a real Chromium against a real server: send a mail, accept an invite (the document
editor and the workbook grid: test_office_editor.py, test_office_grid.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.picklists import choose


def test_send_a_mail(office):
    episode, page, ui = office
    colleague = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1")[0][0]
    page.goto(ui("/mail"))
    page.get_by_role("link", name="New mail").click()
    page.get_by_label("To", exact=True).fill(colleague)
    page.get_by_label("Subject", exact=True).fill("Sent from the browser")
    page.get_by_label("Message", exact=True).fill("Hello from Playwright")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("article", name="Reading pane").get_by_role("heading", level=2)).to_have_text(
        "Sent from the browser"
    )
    rows = episode.db.execute_raw(
        "SELECT u.mail FROM office_message m JOIN office_user u ON u.id = m.owner_id WHERE m.subject = "
        "'Sent from the browser'"
    )
    assert colleague in {r[0] for r in rows} and len(rows) == 2
    action = next(e for e in episode.events() if e.kind == "action" and e.name == "send_mail")
    assert action.surface == "ui" and action.outcome == "ok"
    assert any(e.kind == "browser" and e.parent == action.seq and e.name == "click" for e in episode.events())


def test_accept_an_invitation(office):
    episode, page, ui = office
    page.goto(ui("/mail"))
    rows = page.get_by_role("grid", name="Messages").get_by_role("row")
    invite = rows.filter(has=page.get_by_role("img", name="meeting request")).first  # Outlook's calendar icon
    subject = invite.locator(".o-subject").inner_text()  # the row: sender and time, subject, preview
    invite.get_by_role("link").click()
    page.get_by_role("form", name="Respond to invitation").get_by_role("button", name="Accept").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(subject)
    me = episode.call("office_get_my_profile")["mail"]
    status = episode.db.execute_raw(
        "SELECT a.response_status FROM office_attendee a JOIN office_event e ON e.id = a.event_id WHERE "
        "e.subject = ? AND a.email_address = ?",
        (subject, me),
    )
    assert status == [("accepted",)]


def test_let_a_day_pass_from_the_mail_page(office):
    """The simulation strip's "Let time pass" form waits the whole chosen time (a day, for an approver); its
    "Wait an hour for replies" button still stops at the first reply."""
    episode, page, ui = office
    tick = lambda: episode.db.execute_raw("SELECT tick FROM _episode")[0][0]  # noqa: E731
    before = tick()
    page.goto(ui("/mail"))
    form = page.get_by_role("region", name="Simulation").get_by_role("form", name="Let time pass")
    choose(page, "Wait for", "1 day", scope=form)
    form.get_by_role("button", name="Let time pass").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mail")
    day = tick() - before
    assert 86_400 <= day < 86_400 + 60  # a day, plus the logical seconds the page's own actions take
    waits = [e for e in episode.events() if e.kind == "action" and e.name == "wait_for_replies"]
    assert waits[-1].args == {"minutes": "1440", "stop_at_first_reply": False} and waits[-1].surface == "ui"
    page.get_by_role("button", name="Wait an hour for replies").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mail")
    assert 0 < tick() - before - day <= 3_600 + 60


def _inbox_unread(page) -> int:  # noqa: ANN001
    inbox = page.get_by_role("navigation", name="Mail folders").get_by_role("listitem").first
    badge = inbox.locator(".badge, .o-badge")  # the fallback's span or Fluent's <fluent-badge>
    return int(badge.inner_text()) if badge.count() else 0


def test_three_panes_select_a_message_and_its_unread_count_drops(office):
    """Outlook's folder pane (well-known folders first, unread counts), message list and reading pane:
    opening an unread message shows it with Reply / Reply all / Forward and lowers the Inbox count."""
    episode, page, ui = office
    page.goto(ui("/mail"))
    folders = page.get_by_role("navigation", name="Mail folders").get_by_role("link").all_inner_texts()
    assert folders[:5] == ["Inbox", "Drafts", "Sent Items", "Deleted Items", "Archive"], folders
    before = _inbox_unread(page)
    assert before > 0
    row = page.get_by_role("grid", name="Messages").locator("tr.unread").first
    subject = row.locator(".o-subject").inner_text()
    assert int(row.locator(".o-from").evaluate("e => getComputedStyle(e).fontWeight")) >= 600  # unread: bold
    row.get_by_role("link").focus()
    page.keyboard.press("Enter")  # the row is a plain link: keyboard and no-JS navigation
    pane = page.get_by_role("article", name="Reading pane")
    expect(pane.get_by_role("heading", level=2)).to_have_text(subject)
    for name in ("Reply", "Reply all", "Forward"):
        expect(pane.get_by_role("link", name=name, exact=True)).to_be_visible()
    current = page.get_by_role("grid", name="Messages").locator("tr[aria-current=true]")
    expect(current.locator(".o-subject")).to_have_text(subject)
    assert "unread" not in (current.get_attribute("class") or "")  # opened: no longer bold
    message_id = page.url.split("id=", 1)[1]
    assert episode.db.execute_raw("SELECT is_read FROM office_message WHERE id = ?", (message_id,)) == [(1,)]
    assert _inbox_unread(page) == before - 1


def test_people_picker_type_arrow_enter_send(office):
    """Typing a name in To offers matching people from the directory; ArrowDown + Enter makes a token
    and the mail reaches that person. A malformed address typed in Cc is refused with the service's error."""
    episode, page, ui = office
    name, mail = episode.db.execute_raw(
        "SELECT display_name, mail FROM office_user WHERE id != ? ORDER BY mail LIMIT 1",
        (episode.call("office_get_my_profile")["id"],),
    )[0]
    page.goto(ui("/mail/compose"))
    to = page.get_by_role("combobox", name="To", exact=True)
    to.press_sequentially(name.split()[0][:4], delay=30)
    option = page.get_by_role("listbox", name="To suggestions").get_by_role("option", name=mail, exact=True)
    expect(option).to_be_visible()
    while option.get_attribute("aria-selected") != "true":
        to.press("ArrowDown")
    to.press("Enter")
    expect(page.get_by_role("button", name=f"Remove {name}")).to_be_visible()
    assert to.input_value() == ""
    page.get_by_label("Subject", exact=True).fill("Picked from the directory")
    page.get_by_label("Message", exact=True).fill("Hello")
    expect(page.get_by_label("Cc", exact=True)).to_be_hidden()  # Cc waits behind its button, as Outlook's
    lines = page.get_by_role("group", name="Show recipient lines")
    lines.get_by_role("button", name="Cc", exact=True).click()
    page.get_by_label("Cc", exact=True).fill("nobody-at-nowhere")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_contain_text("nobody-at-nowhere")
    expect(page.get_by_role("button", name=f"Remove {mail}")).to_be_visible()  # the token survives
    page.get_by_label("Cc", exact=True).fill("")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("article", name="Reading pane").get_by_role("heading", level=2)).to_have_text(
        "Picked from the directory"
    )
    owners = episode.db.execute_raw(
        "SELECT u.mail FROM office_message m JOIN office_user u ON u.id = m.owner_id WHERE m.subject = ?",
        ("Picked from the directory",),
    )
    assert mail in {r[0] for r in owners} and len(owners) == 2


def test_mention_a_channel_member_from_the_composer(office):
    """In a channel, "@" plus a name offers the team's members; the chosen one is stored as a mention
    and shown highlighted."""
    episode, page, ui = office
    team = episode.call("office_list_teams")["records"][0]
    channel = episode.call("office_list_channels", team_id=team["id"])["records"][0]
    me = episode.call("office_get_my_profile")["id"]
    other = next(
        p
        for p in episode.call("office_list_conversation_members", channel_id=channel["id"])["records"]
        if p["id"] != me
    )
    page.goto(ui(f"/chat?channel={channel['id']}"))
    box = page.get_by_role("combobox", name="Type a message")
    box.press_sequentially("Please review @" + other["display_name"][:3], delay=30)
    option = page.get_by_role("listbox", name="Mention suggestions").get_by_role(
        "option", name=other["display_name"], exact=True
    )
    expect(option).to_be_visible()
    while option.get_attribute("aria-selected") != "true":
        box.press("ArrowDown")
    box.press("Enter")
    assert box.input_value() == f"Please review @{other['display_name']} "
    box.press_sequentially("today")
    page.get_by_role("button", name="Send", exact=True).click()
    expect(page.locator(".o-mention", has_text="@" + other["display_name"]).last).to_be_visible()
    stored = episode.db.execute_raw(
        "SELECT mentions FROM office_chat_message WHERE body_content = ?",
        (f"Please review @{other['display_name']} today",),
    )
    assert stored and other["id"] in stored[0][0]
