"""The service desk's homepage in real Chromium: the banner's logo opens it; its score tiles count what the
service counts and open the list they count; My Work lists the open incidents assigned to me."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_homepage_scores_match_the_service_and_open_their_lists(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    page.get_by_role("banner").get_by_role("link", name="Service Management").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Service Desk Homepage")
    mine = episode.call("ticketing_list_incidents", state=[1, 2, 3], assigned_to_me=True, limit=6)
    tiles = page.get_by_role("region", name="Incidents at a glance")
    tile = tiles.get_by_role("link", name=re.compile(r"^\d+ Assigned to me$"))
    expect(tile).to_have_text(re.compile(rf"^{mine['total']}\s*Assigned to me$"))
    work = page.get_by_role("table", name="My Work").get_by_role("row")
    expect(work).to_have_count(1 + (len(mine["records"]) or 1))  # the header, a row each (or "No records")
    tile.click()
    expect(page).to_have_url(re.compile(r"/incidents\?active=true&assigned_to_me=true$"))
