"""ServiceNow's banner search in Chromium: a record number opens the record; words list matches per search
group and table, each a link to its record, the groups counted on the left (a group link shows that group
alone), the banner keeping the words; nothing found says "No results". Only role and name locators, as a
computer-use agent would use."""

from __future__ import annotations

import re

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


def test_words_list_matches_per_group_and_table_and_link_to_them(desk):
    episode, page, ui = desk
    found = episode.call("ticketing_list_incidents", search="VPN", limit=50)
    kb = episode.call("ticketing_search_knowledge", query="VPN", limit=50)
    cis = episode.call("ticketing_list_configuration_items", search="VPN", limit=50)
    assert found["total"] and kb["total"] and cis["total"]
    _search(page, "VPN")
    box = page.get_by_role("search", name="Global search").get_by_role("searchbox", name="Search")
    expect(box).to_have_value("VPN")  # the banner keeps the words
    incidents = page.get_by_role("region", name=f"Incidents ({found['total']})")
    expect(incidents.get_by_role("row")).to_have_count(1 + min(found["total"], 5))
    first = found["records"][0]
    expect(incidents.get_by_role("row").nth(1)).to_contain_text(first["short_description"])
    expect(incidents.get_by_role("row").nth(1)).to_contain_text(first["state_label"])
    nav = page.get_by_role("navigation", name="Search groups")
    links = nav.get_by_role("link")
    expect(links.first).to_have_text(re.compile(r"^All results \((\d+)\)$"))
    total = int(re.search(r"\d+", links.first.inner_text()).group())
    counts = [int(n) for n in re.findall(r"\((\d+)\)", " ".join(links.all_inner_texts()[1:]))]
    assert total == sum(counts) / 2  # every group's count is the sum of its tables'
    expect(nav.get_by_role("link", name=f"Configuration Items ({cis['total']})", exact=True)).to_be_visible()
    with page.expect_navigation():
        nav.get_by_role("link", name=re.compile(r"^Configuration \(")).click()  # the group alone
    expect(page.get_by_role("region", name=re.compile(r"^Incidents"))).to_have_count(0)
    expect(page.get_by_role("region", name=f"Configuration Items ({cis['total']})")).to_be_visible()
    page.go_back()
    knowledge = page.get_by_role("region", name=f"Knowledge ({kb['total']})")
    article = kb["records"][0]
    with page.expect_navigation():
        knowledge.get_by_role("link", name=article["number"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(article["short_description"])
    expect(page.get_by_role("article")).to_contain_text(article["number"])


def test_nothing_found_says_no_results_and_changes_nothing(desk):
    episode, page, ui = desk
    before = episode.state_hash()
    _search(page, "zzqx no such words")
    expect(page.get_by_role("heading", name="No results", exact=True)).to_be_visible()
    expect(page.get_by_role("navigation", name="Search groups")).to_have_count(0)
    assert episode.state_hash() == before
