"""The event form's ribbon in real Chromium, as new Outlook's: Teams meeting beside Scheduling Assistant, Show
as, Reminder (Outlook's default, not modelled: disabled) and Category, which the meeting is saved with and an
edit changes; the location box is "Search for a room or location"."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.test_office_calendar import _choose


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
