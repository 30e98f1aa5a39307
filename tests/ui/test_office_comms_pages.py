"""Outlook, Teams and OneDrive as a daily Microsoft 365 user knows them, in real Chromium: New mail written in
the reading pane under the ribbon's Message tab (High importance sent with it); the calendar's own ribbon
(New event, the views, Share, Print) and its grid opened at 08:00; the Scheduling Assistant's timeline
(hour columns, the meeting's time outlined); OneDrive's own nav pane (no Outlook
rail), a row's actions shown on hover with its More actions menu; Teams' Chat landing on the latest chat
with Video call / Audio call in its header and a divider between days."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from apps.office.ui_calendar import HOUR_PX, WORK_START
from tests.ui.conftest import _launched
from tests.ui.test_accessibility import _violations


@pytest.fixture(scope="module")
def office(live_server, browser):  # noqa: ANN001, ANN201
    """One tiny episode and page for the module's four pages (each test leaves the others' data alone)."""
    yield from _launched(live_server, browser, "office", "/mail")


def test_new_mail_is_written_in_the_reading_pane_under_the_message_tab(office):
    episode, page, ui = office
    colleague = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1")[0][0]
    page.goto(ui("/mail"))
    page.get_by_role("link", name="New mail").click()
    assert re.search(r"/mail\?.*compose=new", page.url), page.url  # the mail page, not a separate one
    tab = page.get_by_role("tab", name="Message")
    expect(tab).to_have_attribute("aria-selected", "true")
    commands = page.get_by_role("toolbar", name="Message commands")
    expect(commands.get_by_role("button", name="Attach file")).to_be_visible()
    form = page.get_by_role("article", name="Reading pane").get_by_role("form", name="Compose message")
    expect(form.get_by_role("combobox", name="To")).to_be_focused()
    assert not _violations(page)
    form.get_by_label("Subject", exact=True).fill("Nobody yet")
    form.get_by_role("button", name="Send").click()  # no recipient: refused, written again in the pane
    expect(page.get_by_role("alert")).to_be_visible()
    expect(form.get_by_label("Subject", exact=True)).to_have_value("Nobody yet")
    high = page.get_by_role("toolbar", name="Message commands").get_by_role("button", name="High importance")
    high.click()
    expect(high).to_have_attribute("aria-pressed", "true")
    form.get_by_role("combobox", name="To").fill(colleague)
    form.get_by_label("Subject", exact=True).fill("Written in the pane")
    form.get_by_label("Message", exact=True).fill("Hello")
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_role("article", name="Reading pane").get_by_role("heading", level=2)).to_have_text(
        "Written in the pane"
    )
    sent = [e for e in episode.events() if e.kind == "action" and e.name == "send_mail"][-1]
    assert sent.outcome == "ok" and sent.args["importance"] == "high" and sent.args["to"] == [colleague]


def test_calendar_has_its_own_ribbon_and_opens_at_working_hours(office):
    _, page, ui = office
    page.goto(ui("/calendar"))
    home = page.get_by_role("toolbar", name="Home commands")
    expect(page.get_by_role("tab", name="Home")).to_have_attribute("aria-selected", "true")
    expect(home.get_by_role("link", name="New event")).to_be_visible()
    views = home.get_by_role("navigation", name="Calendar view").get_by_role("link")
    expect(views).to_have_text(["Day", "Work week", "Week", "Month"])
    expect(home.get_by_role("button", name="Print")).to_be_visible()
    grid = page.locator(".o-week-scroll")
    assert grid.evaluate("n => n.scrollTop") == WORK_START * HOUR_PX
    expect(page.locator(".o-hour").nth(WORK_START)).to_be_in_viewport()
    home.get_by_role("button", name="Share").click()
    dialog = page.get_by_role("dialog", name="Sharing and permissions")
    expect(dialog).to_contain_text("People in your organization")
    assert not _violations(page)
    dialog.get_by_role("button", name="Close").click()
    expect(home.get_by_role("button", name="Share")).to_be_focused()


def test_scheduling_assistant_is_a_timeline_with_the_meeting_outlined(office):
    episode, page, ui = office
    mail = episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 1 OFFSET 2")[0][0]
    page.goto(ui(f"/calendar/scheduling?attendees={mail}&start=2026-11-10T09:00&duration=60"))
    grid = page.get_by_role("table", name="Free/busy by half hour, 2026-11-10")
    hours = grid.get_by_role("columnheader")
    expect(hours.nth(1)).to_have_text("7 AM")  # a column per hour
    expect(hours).to_have_count(1 + 12)
    rows = grid.locator("tbody tr")
    expect(rows).to_have_count(2)  # you, then the attendee
    for i in range(2):  # 9:00 and 9:30 outlined in every row: the meeting's hour
        outlined = rows.nth(i).locator("td.o-fb-meeting")
        expect(outlined).to_have_count(2)
        expect(outlined.first).to_have_attribute("title", re.compile("^09:00 "))
    expect(page.get_by_role("combobox", name="Start time")).to_have_value("9:00 AM")
    zone = re.compile(r"^\(UTC-0[5-8]:00\) (Eastern|Central|Pacific) Time \(US & Canada\)$")
    expect(page.locator(".o-sa-zone")).to_have_text(zone)
    key = page.locator(".o-fb-key")  # Outlook's legend words, not Teams' presence ("Away")
    expect(key).to_contain_text("Out of office")
    expect(key).not_to_contain_text("Away")
    expect(page.get_by_text("Meeting time:")).to_have_count(0)
    expect(page.get_by_role("region", name="Suggested times")).to_be_visible()
    assert not _violations(page)


def test_scheduling_assistant_header_attendee_row_room_finder_and_send(office):
    """The assistant's header moves the meeting (12-hour time boxes; the end keeps the length), the "Add
    required attendees" row adds a row, Room finder adds a room, and Send books the meeting as shown."""
    episode, page, ui = office
    mails = [
        r[0] for r in episode.db.execute_raw("SELECT mail FROM office_user ORDER BY mail LIMIT 2 OFFSET 2")
    ]
    page.goto(
        ui(f"/calendar/scheduling?attendees={mails[0]}&start=2026-11-10T09:00&duration=60&subject=Room+check")
    )
    start = page.get_by_role("combobox", name="Start time")
    start.fill("10:00 AM")
    start.press("Tab")
    outlined = page.locator("tbody tr").first.locator("td.o-fb-meeting")
    expect(outlined.first).to_have_attribute("title", re.compile("^10:00 "))
    expect(page.get_by_role("combobox", name="End time")).to_have_value("11:00 AM")
    add = page.get_by_role("textbox", name="Add required attendees")
    add.fill(mails[1])
    add.press("Enter")
    rows = page.get_by_role("table", name="Free/busy by half hour, 2026-11-10").locator("tbody tr")
    expect(rows).to_have_count(3)
    page.get_by_role("button", name="Room finder").click()
    room = page.get_by_role("group", name="Rooms").get_by_role("button").first
    room_name = room.locator("span").first.inner_text()
    room.click()
    expect(rows).to_have_count(4)
    expect(rows.nth(3)).to_contain_text(room_name)
    commands = page.get_by_role("toolbar", name="Scheduling Assistant commands")
    commands.get_by_role("button", name="Send").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Room check")
    event_id = urlsplit(page.url).path.rstrip("/").split("/")[-1]
    event = episode.call("office_get_event", event_id=event_id)
    assert {a["email_address"] for a in event["attendees"]} >= set(mails)
    zone = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    start_at = datetime.fromisoformat(str(event["start_date_time"]).replace("Z", "+00:00"))
    assert start_at.astimezone(zone).strftime("%Y-%m-%d %H:%M") == "2026-11-10 10:00"  # as the header showed
    assert any(room_name in str(r) for r in [event.get("location"), event["attendees"]])


def test_onedrive_has_its_own_nav_and_row_actions_on_hover(office):
    episode, page, ui = office
    page.goto(ui("/files"))
    expect(page.get_by_role("navigation", name="Office tabs")).to_have_count(0)  # no Outlook rail
    nav = page.get_by_role("navigation", name="OneDrive")
    for name in ("Favorites", "Recycle bin", "People", "Meetings"):  # no page here: disabled, and says so
        expect(nav.get_by_role("button", name=name)).to_have_attribute("aria-disabled", "true")
    row = page.get_by_role("table", name="Files").get_by_role("row").nth(1)
    name = row.get_by_role("rowheader").inner_text().strip()
    share = row.get_by_role("button", name=f"Share {name}")
    assert share.evaluate("b => getComputedStyle(b).opacity") == "0"
    row.hover()
    expect(share).to_have_css("opacity", "1")
    more = row.get_by_role("button", name=f"More actions for {name}")
    more.click()
    menu = page.get_by_role("menu", name=f"More actions for {name}")
    expect(menu.get_by_role("menuitem")).to_have_text(["Open", "Share", "Rename", "Move to", "Delete"])
    menu.get_by_role("menuitem", name="Rename").click()
    expect(page.get_by_role("dialog", name=re.compile("Rename"))).to_be_visible()
    page.keyboard.press("Escape")
    nav.get_by_role("link", name="Home").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Home")
    recent = episode.call("office_list_recent_files", limit=1)["records"][0]
    expect(page.get_by_role("table", name="Files").get_by_role("rowheader").first).to_have_text(
        recent["name"]
    )


def test_teams_chat_lands_on_the_latest_chat_with_calls_and_day_dividers(office):
    episode, page, ui = office
    latest, when = None, ""
    for c in episode.call("office_list_chats")["records"]:
        last = episode.call("office_list_chat_messages", chat_id=c["id"], limit=1)["records"]
        if last and last[-1]["created_date_time"] > when:
            latest, when = c, last[-1]["created_date_time"]
    page.goto(ui("/chat"))
    current = page.get_by_role("list", name="Chats").locator("li[aria-current=page]")
    expect(current).to_have_count(1)
    expect(page.get_by_role("form", name="New message")).to_be_visible()
    messages = episode.call("office_list_chat_messages", chat_id=latest["id"])["records"]
    posts = page.get_by_role("list", name="Messages")
    expect(posts.locator(".o-post")).to_have_count(len(messages))
    days = {m["created_date_time"][:10] for m in messages}
    expect(posts.locator(".o-day-divider")).to_have_count(len(days))
    header = page.get_by_role("region", name="Conversation").get_by_role("group", name="Call")
    for name in ("Video call", "Audio call"):
        expect(header.get_by_role("button", name=name)).to_have_attribute(
            "title", re.compile("aren't available")
        )
    assert not _violations(page)
