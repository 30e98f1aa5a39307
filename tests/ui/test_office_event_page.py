"""Outlook's event page in a real Chromium: a series' occurrence shows its own date, "Occurs every …" below
(opened from a day, or its next one from a plain link), the command bar's RSVP menu answers through
respond_to_event, and Chat with participants opens a new chat with them chosen; axe-clean."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.office.event_display import event_when
from tests.ui.test_accessibility import _violations


def test_an_occurrence_shows_its_own_date(office):
    episode, page, ui = office
    zone = episode.call("office_get_my_profile")["time_zone"]
    tz = ZoneInfo(zone)
    first = (
        (episode.now - timedelta(days=14)).astimezone(tz).replace(hour=10, minute=0, second=0, microsecond=0)
    )
    made = episode.call(
        "office_create_event",
        subject="Weekly sync",
        start=first.strftime("%Y-%m-%dT%H:%M:00"),
        end=(first + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M:00"),
        recurrence=f"FREQ=WEEKLY;BYDAY={first.strftime('%a').upper()[:2]}",
    )
    week_later = first + timedelta(days=21)
    page.goto(ui(f"/calendar/{made['id']}?on={week_later:%Y-%m-%dT%H:%M}"))
    when = page.locator(".o-ev-when")
    expect(when).to_have_text(
        event_when(week_later.isoformat(), (week_later + timedelta(minutes=30)).isoformat(), zone)
    )
    expect(page.locator(".o-ev-repeat")).to_have_text(f"Occurs every {first:%A}")
    page.goto(ui(f"/calendar/{made['id']}"))  # a plain link: the next occurrence, not the series' start
    upcoming = first + timedelta(days=14 if first + timedelta(days=14, minutes=30) > episode.now else 21)
    expect(when).to_have_text(
        event_when(upcoming.isoformat(), (upcoming + timedelta(minutes=30)).isoformat(), zone)
    )
    assert datetime.fromisoformat(made["start_date_time"].replace("Z", "+00:00")) < episode.now


def test_rsvp_menu_and_chat_with_participants(office):
    episode, page, ui = office
    me = episode.call("office_get_my_profile")
    event_id, organizer = episode.db.execute_raw(
        "SELECT e.id, e.organizer_address FROM office_event e JOIN office_attendee a ON a.event_id = e.id "
        "WHERE a.email_address = ? AND a.response_status = 'none' AND e.organizer_id != ? "
        "AND e.is_cancelled = 0 ORDER BY e.start_date_time, e.id LIMIT 1",
        (me["mail"], me["id"]),
    )[0]
    page.goto(ui(f"/calendar/{event_id}"))
    bar = page.get_by_role("toolbar", name="Event commands")
    expect(bar.get_by_role("button", name="Propose new time")).to_be_disabled()
    bar.get_by_role("button", name="Tentative").click()  # Accept / Tentative / Decline on the bar, as Outlook
    assert not _violations(page)
    page.get_by_role("menu", name="Tentative").get_by_role("menuitem", name="Send the response now").click()
    expect(page.locator(".o-rsvp-status")).to_contain_text("tentatively")
    status = episode.db.execute_raw(
        "SELECT response_status FROM office_attendee WHERE event_id = ? AND email_address = ?",
        (event_id, me["mail"]),
    )
    assert status == [("tentativelyAccepted",)]
    bar.get_by_role("link", name="Chat with participants").click()
    chosen = page.get_by_role("list", name="To recipients")
    expect(chosen.locator(f'[data-address="{organizer}"]')).to_have_count(1)
    expect(chosen.locator(f'[data-address="{me["mail"]}"]')).to_have_count(0)
