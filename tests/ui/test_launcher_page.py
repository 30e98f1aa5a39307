"""The episode's app launcher (`/s/`, where a launch link that names no app lands): the company's "My Apps"
page with one tile per app, each link named by the app's title and described by what the app is for; a
pointer click (on the name or anywhere on the card) and the keyboard open the app; axe finds nothing
serious."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def test_the_launcher_lists_the_episodes_apps_as_tiles(live_server, browser):
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto(urls.ui())
        expect(page).to_have_title("My Apps | Acme Corporation")
        expect(page.get_by_role("heading", level=1)).to_have_text("My Apps")
        tiles = page.get_by_role("navigation", name="Apps").get_by_role("link")
        titles = [spec.title for spec in episode.apps.values()]
        expect(tiles).to_have_text(titles)
        office = page.get_by_role("link", name="Office", exact=True)
        expect(office).to_have_accessible_description(re.compile("Mail, calendar, Teams"))
        assert _violations(page) == []
        office.click()  # pointer, on the name
        expect(page).to_have_url(re.compile(r"/s/office/"))
        page.go_back()
        box = page.get_by_text("Accounts, contacts, opportunities").bounding_box()
        page.mouse.click(box["x"] + 5, box["y"] + 5)  # anywhere on the card, as a CUA clicks (probe)
        expect(page).to_have_url(re.compile(r"/s/crm/"))
        page.go_back()
        page.get_by_role("link", name="Sales", exact=True).focus()
        page.keyboard.press("Enter")  # keyboard
        expect(page).to_have_url(re.compile(r"/s/crm/"))
    finally:
        context.close()
