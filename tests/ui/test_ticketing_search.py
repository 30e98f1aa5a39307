"""ServiceNow's banner search in Chromium: a record number opens the record; words list matches per table,
each a link to its record. Only role and name locators, as a computer-use agent would use."""

from __future__ import annotations

from playwright.sync_api import expect


def _search(page, text):
    page.get_by_role("button", name="Global search", exact=True).click()  # UI16's magnifier opens the field
    box = page.get_by_role("search", name="Global search").get_by_role("searchbox", name="Search")
    box.fill(text)
    with page.expect_navigation():
        box.press("Enter")


def test_a_record_number_opens_the_record(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    _search(page, number.lower())  # the platform matches numbers case-insensitively
    expect(page.get_by_role("heading", level=1)).to_have_text(number)


def test_words_list_matches_per_table_and_link_to_them(desk):
    episode, page, ui = desk
    found = episode.call("ticketing_list_incidents", search="VPN", limit=50)
    kb = episode.call("ticketing_search_knowledge", query="VPN", limit=50)
    assert found["total"] and kb["total"]
    _search(page, "VPN")
    incidents = page.get_by_role("region", name=f"Incidents ({found['total']})")
    expect(incidents.get_by_role("link")).to_have_count(min(found["total"], 10))
    knowledge = page.get_by_role("region", name=f"Knowledge ({kb['total']})")
    article = kb["records"][0]
    with page.expect_navigation():
        knowledge.get_by_role("link", name=article["number"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(article["short_description"])
    expect(page.get_by_role("article")).to_contain_text(article["number"])


def test_nothing_found_says_so_and_changes_nothing(desk):
    episode, page, ui = desk
    before = episode.state_hash()
    _search(page, "zzqx no such words")
    expect(page.get_by_text("No matching incidents.")).to_be_visible()
    assert episode.state_hash() == before
