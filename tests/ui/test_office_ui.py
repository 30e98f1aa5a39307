"""The office UI in a real Chromium against a real server: send a mail, accept an invite (the document
editor and the workbook grid: test_office_editor.py, test_office_grid.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


@pytest.fixture
def office(live_server, browser):
    """(episode, page, ui) for a fresh tiny episode, entered through the one-time launch URL."""
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui("office"))
    base = page.url.split("?", 1)[0].rstrip("/").removesuffix("/mail")
    yield episode, page, lambda path="/": base + path
    context.close()


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
    invite = (
        page.get_by_role("list", name="Messages")
        .get_by_role("listitem")
        .filter(has_text="meetingRequest")
        .first
    )
    subject = invite.get_by_role("link").inner_text().splitlines()[0]  # the row: subject, sender · time
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
    """The mail page's "Let time pass" form waits the whole chosen time (a day, for an approver); the
    "Wait an hour for replies" button still stops at the first reply."""
    episode, page, ui = office
    tick = lambda: episode.db.execute_raw("SELECT tick FROM _episode")[0][0]  # noqa: E731
    before = tick()
    page.goto(ui("/mail"))
    form = page.get_by_role("form", name="Let time pass")
    form.get_by_label("Wait for").select_option("1440")
    form.get_by_role("button", name="Let time pass").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mail")
    day = tick() - before
    assert 86_400 <= day < 86_400 + 60  # a day, plus the logical seconds the page's own actions take
    waits = [e for e in episode.events() if e.kind == "action" and e.name == "wait_for_replies"]
    assert waits[-1].args == {"minutes": "1440", "stop_at_first_reply": False} and waits[-1].surface == "ui"
    page.get_by_role("button", name="Wait an hour for replies").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mail")
    assert 0 < tick() - before - day <= 3_600 + 60
