"""Microsoft 365's frame on every office page in a real Chromium: the app rail's Fluent icons and no stray bar
below it, a white waffle, and the header's tools (Outlook: Meet now, Notifications, Settings, Help; OneDrive
and the editors: Settings, Help; Teams: Settings and more), each opening a pane that shows what the app
really has (the time zone, the meetings about to start); axe-clean."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.sync_api import expect

from apps.office import design_system
from tests.ui.test_accessibility import _violations

pytestmark = pytest.mark.skipif(not design_system.installed(), reason="Fluent is not installed")


@pytest.mark.parametrize("path", ["/mail", "/calendar", "/files", "/chat"])
def test_every_rail_entry_has_its_icon_and_the_rail_no_bottom_bar(office, path):
    episode, page, ui = office
    page.goto(ui(path))
    rail = page.get_by_role("navigation", name="Office tabs")
    if path == "/files":  # OneDrive has its own nav pane, no app rail
        expect(rail).to_have_count(0)
        rail = page.get_by_role("navigation", name="OneDrive")
    teams = ("Chat", "Teams", "Calendar", "OneDrive")
    own = {"/chat": teams, "/files": ("Home", "My files", "Shared with me")}
    for label in own.get(path, ("Mail", "Calendar", "OneDrive", "Teams")):
        expect(rail.get_by_role("link", name=label, exact=True).locator("svg")).to_have_count(1)
    assert rail.evaluate("n => getComputedStyle(n).borderBottomWidth") == "0px"
    waffle = page.get_by_role("button", name="App Launcher")
    white = "rgb(255, 255, 255)"  # on the product's colour; Teams' light grey title bar takes a dark waffle
    assert (waffle.evaluate("b => getComputedStyle(b).color") == white) == (path != "/chat")
    box = page.get_by_role("search").get_by_role("button", name="Search").locator("svg").bounding_box()
    assert box and box["width"] >= 20


def test_header_tools_open_honest_panes(office):
    episode, page, ui = office
    me = episode.call("office_get_my_profile")
    soon = episode.call(
        "office_create_event",
        subject="Reminder check",
        start=(episode.now + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:00Z"),
        end=(episode.now + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M:00Z"),
    )
    page.goto(ui("/mail"))
    settings = page.get_by_role("button", name="Settings", exact=True)
    settings.click()
    expect(settings).to_have_attribute("aria-expanded", "true")
    pane = page.get_by_role("dialog", name="Settings")
    expect(pane).to_contain_text(me["time_zone"].replace("_", " "))
    expect(pane).to_contain_text("Light")
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(pane).to_be_hidden()
    expect(settings).to_be_focused()

    page.get_by_role("button", name="Notifications", exact=True).click()
    notes = page.get_by_role("dialog", name="Notifications")
    link = notes.get_by_role("link", name="Reminder Reminder check")
    expect(link).to_be_visible()
    assert not _violations(page)
    link.click()
    expect(page).to_have_url(ui(f"/calendar/{soon['id']}"))

    page.get_by_role("button", name="Help", exact=True).click()
    expect(page.get_by_role("dialog", name="Help")).to_contain_text("Schedule a meeting")
    page.get_by_role("dialog", name="Help").get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog", name="Help")).to_be_hidden()

    page.get_by_role("button", name="Meet now", exact=True).click()
    page.get_by_role("dialog", name="Meet now").get_by_role("link", name="New Teams meeting").click()
    expect(page.get_by_role("switch", name="Teams meeting")).to_be_checked()


def test_teams_title_bar_has_settings_and_more_not_outlooks_tools(office):
    """New Teams' title bar: "…" (Settings and more) and the avatar; Outlook's Meet now, bell, gear and ?
    are Outlook's, not Teams'."""
    episode, page, ui = office
    page.goto(ui("/chat"))
    banner = page.locator("header.o-suite")
    for outlook_only in ("Meet now", "Notifications", "Settings", "Help"):
        expect(banner.get_by_role("button", name=outlook_only, exact=True)).to_have_count(0)
    more = banner.get_by_role("button", name="Settings and more", exact=True)
    more.click()
    expect(page.get_by_role("dialog", name="Settings and more")).to_contain_text("Light")
    page.goto(ui("/mail"))  # Outlook keeps its own
    expect(page.get_by_role("button", name="Meet now", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Settings and more", exact=True)).to_have_count(0)


@pytest.mark.parametrize("path", ["/files", "/decks"])
def test_onedrive_and_powerpoint_headers_carry_only_settings_and_help(office, path):
    """OneDrive's and PowerPoint's headers: the app's name, search, Settings, Help and the account; Outlook's
    Meet now and bell are Outlook's alone."""
    episode, page, ui = office
    page.goto(ui(path))
    banner = page.locator("header.o-suite")
    names = [b.get_attribute("aria-label") for b in banner.locator(".o-suite-tool").all()]
    assert names == ["Settings", "Help"]
    expect(banner.get_by_role("search")).to_have_count(1)
    banner.get_by_role("button", name="Help", exact=True).click()
    expect(page.get_by_role("dialog", name="Help")).to_be_visible()
