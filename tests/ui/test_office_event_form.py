"""Outlook's event form in a real Chromium: the date dropdowns ("Mon 11/2/2026" and a month to pick from, by
mouse or keys), the time comboboxes, All day stored as an all-day event, Optional attendees, the description's
formatting bar (drawn formatted on the event page), and editing a Teams meeting with its Teams toggle and
Room; each state axe-clean. The ribbon as new Outlook's: Teams meeting, Show as, Reminder (not modelled:
disabled) and Category, saved on the meeting and changed by an edit; "Search for a room or location"."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations
from tests.ui.test_office_calendar import _choose


def _other_people(episode, n: int) -> list[str]:  # noqa: ANN001
    me = episode.call("office_get_my_profile")["mail"]
    rows = episode.db.execute_raw(
        "SELECT mail FROM office_user WHERE mail != ? ORDER BY mail LIMIT ?", (me, n)
    )
    return [r[0] for r in rows]


def _pick(page, field: str, person: str) -> None:  # noqa: ANN001
    page.get_by_role("combobox", name=field, exact=True).fill(person)
    page.get_by_role("listbox", name=f"{field} suggestions").get_by_role("option").first.click()


def test_date_dropdown_all_day_optional_and_formatting(office):
    episode, page, ui = office
    required, optional = _other_people(episode, 2)
    page.goto(ui("/calendar/new"))
    day = page.get_by_role("complementary", name="Day schedule")  # that day's schedule beside the form
    expect(day.locator(".o-evday-slot")).to_contain_text(
        page.get_by_label("Start time", exact=True).input_value()
    )
    start = page.get_by_role("combobox", name="Start date", exact=True)
    expect(start).to_have_value(re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}/\d{1,2}/\d{4}$"))
    page.get_by_label("Title", exact=True).fill("Planning day")
    page.locator("#start_date-open").click()
    calendar = page.get_by_role("dialog", name="Choose a date")
    expect(calendar).to_be_visible()
    assert not _violations(page)
    calendar.get_by_role("button", name="Next month").click()
    calendar.get_by_role("button", name="Tue 12/8/2026").click()
    expect(calendar).to_be_hidden()
    expect(start).to_have_value("Tue 12/8/2026")
    expect(page.get_by_role("combobox", name="End date", exact=True)).to_have_value("Tue 12/8/2026")  # kept
    page.locator("#end_date-open").click()  # the keys: a day on, a week on, Enter
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.get_by_role("combobox", name="End date", exact=True)).to_have_value("Wed 12/16/2026")
    page.get_by_role("combobox", name="End date", exact=True).fill("12/9/2026")  # typed: tidied when left
    page.get_by_label("Title", exact=True).focus()
    expect(page.get_by_role("combobox", name="End date", exact=True)).to_have_value("Wed 12/9/2026")
    page.get_by_role("switch", name="All day").check()
    expect(page.get_by_role("combobox", name="Start time", exact=True)).to_be_hidden()
    _pick(page, "Required attendees", required)
    page.get_by_role("button", name="Optional", exact=True).click()
    _pick(page, "Optional attendees", optional)
    body = page.get_by_label("Agenda")
    body.fill("Bring the numbers")
    body.evaluate("n => n.setSelectionRange(10, 17)")
    expect(page.get_by_role("toolbar", name="Formatting")).to_be_hidden()  # on the ribbon's Format text tab
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Format text").click()
    page.get_by_role("toolbar", name="Formatting").get_by_role("button", name="Bold").click()
    expect(body).to_have_value("Bring the **numbers**")
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Event").click()
    assert not _violations(page)
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Planning day")
    expect(page.locator(".o-ev-body strong")).to_have_text("numbers")
    row = episode.db.execute_raw("SELECT id, is_all_day FROM office_event WHERE subject = 'Planning day'")[0]
    assert row[1] == 1
    kinds = dict(
        episode.db.execute_raw(
            "SELECT email_address, type FROM office_attendee WHERE event_id = ?", (row[0],)
        )
    )
    assert kinds == {required: "required", optional: "optional"}
    zone = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    ev = episode.call("office_get_event", event_id=row[0])
    starts = datetime.fromisoformat(ev["start_date_time"].replace("Z", "+00:00")).astimezone(zone)
    ends = datetime.fromisoformat(ev["end_date_time"].replace("Z", "+00:00")).astimezone(zone)
    assert ev["is_all_day"] and (starts.isoformat()[:16], ends.isoformat()[:16]) == (
        "2026-12-08T00:00",
        "2026-12-10T00:00",
    )


def test_editing_a_teams_meeting_shows_teams_and_room(office):
    episode, page, ui = office
    room = episode.call("office_list_rooms")["records"][0]
    made = episode.call(
        "office_create_event",
        subject="Teams review",
        start="2026-12-10T15:00:00Z",
        end="2026-12-10T15:30:00Z",
        is_online_meeting=True,
        rooms=[room["email_address"]],
        attendees=_other_people(episode, 1),
    )
    page.goto(ui(f"/calendar/{made['id']}/edit"))
    invitee = next(a for a in made["attendees"] if a["type"] != "resource")
    chip = page.get_by_role("list", name="Invited people").get_by_role("listitem")
    expect(chip).to_contain_text(invitee["name"])  # the chip by display name, not the raw address
    expect(chip).not_to_contain_text(invitee["email_address"])
    teams = page.get_by_role("switch", name="Teams meeting")
    expect(teams).to_be_checked()
    expect(page.get_by_label("Room", exact=True)).to_have_value(room["display_name"])
    assert not _violations(page)
    teams.uncheck()
    page.get_by_role("button", name="Send update").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Teams review")
    after = episode.call("office_get_event", event_id=made["id"])
    assert after["is_online_meeting"] is False and not after["online_meeting_url"]


def test_category_is_saved_and_changed_and_the_ribbon_holds_teams_reminder(office):
    episode, page, ui = office
    page.goto(ui("/calendar/new"))
    ribbon = page.get_by_role("toolbar", name="Event")
    expect(ribbon.get_by_role("switch", name="Teams meeting")).to_be_visible()
    expect(ribbon.get_by_label("Reminder", exact=True)).to_be_disabled()
    expect(ribbon.get_by_label("Reminder", exact=True)).to_have_value("15 minutes before")
    expect(page.get_by_label("Location", exact=True)).to_have_attribute(
        "placeholder", "Search for a room or location"
    )
    page.get_by_label("Title", exact=True).fill("Pipeline review")
    _choose(page, "Category", "Green category")
    ribbon.get_by_role("switch", name="Teams meeting").check()
    page.get_by_role("button", name="Send invitation").click()
    page.wait_for_url(re.compile(r".*/calendar/[0-9a-f-]{36}$"))
    event_id = page.url.rsplit("/", 1)[1]
    made = episode.call("office_get_event", event_id=event_id)
    assert made["categories"] == ["Green category"] and made["is_online_meeting"]

    page.goto(ui(f"/calendar/{event_id}/edit"))
    expect(page.get_by_role("combobox", name="Category", exact=True)).to_have_text("Green category")
    _choose(page, "Category", "Blue category")
    page.get_by_role("button", name="Send update").click()
    page.wait_for_url(re.compile(r".*/calendar/[0-9a-f-]{36}$"))
    assert episode.call("office_get_event", event_id=event_id)["categories"] == ["Blue category"]
