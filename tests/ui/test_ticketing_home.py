"""The service desk's homepage in real Chromium: the banner's logo opens it; its score tiles count what the
service counts and link the list they count; My Work lists the open incidents assigned to me; the pie's
legend and the bar chart count what the Table API counts; the homepage switcher, a gauge's Remove and Add
content, and the layout menu."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from apps.ticketing import choices as c


def _table_total(episode, query: str) -> int:  # noqa: ANN001
    return episode.call("ticketing_table_query", table="incident", query=query, fields=["number"], limit=1)[
        "total"
    ]


def test_homepage_scores_and_charts_match_the_database_and_open_their_lists(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    page.get_by_role("banner").get_by_role("link", name="Service Management").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Service Desk Homepage")
    mine = episode.call("ticketing_list_incidents", state=[1, 2, 3], assigned_to_me=True, limit=5)
    tiles = page.get_by_role("region", name="Incidents at a glance")
    tile = tiles.get_by_role("link", name=re.compile(r"^\d+ Assigned to me$"))
    expect(tile).to_have_text(re.compile(rf"^{mine['total']}\s*Assigned to me$"))
    work = page.get_by_role("table", name="My Work").get_by_role("row")
    expect(work).to_have_count(1 + (len(mine["records"]) or 1))  # the header, a row each (or "No records")
    pie = page.get_by_role("list", name="Open Incidents by Priority").get_by_role("listitem")
    for i, (p, label) in enumerate(c.PRIORITIES.items()):
        expect(pie.nth(i)).to_have_text(f"{label}{_table_total(episode, f'stateIN1,2,3^priority={p}')}")
    expect(pie.last).to_have_text(f"Total{_table_total(episode, 'stateIN1,2,3')}")
    bars = page.get_by_role("table", name="Open Incidents by Category").get_by_role("row")
    for i, (key, (label, _)) in enumerate(c.CATEGORIES.items()):
        expect(bars.nth(i + 1)).to_have_text(
            f"{label}{_table_total(episode, f'stateIN1,2,3^category={key}')}"
        )
    expect(tile).to_have_attribute("href", re.compile(r"/incidents\?active=true&assigned_to_me=true$"))
    with page.expect_navigation():
        pie.get_by_role("link", name="4 - Low").click()
    expect(page).to_have_url(re.compile(r"/incidents\?state=1&state=2&state=3&priority=4$"))


def test_switch_homepage_remove_and_add_a_gauge_and_change_layout(desk):
    episode, page, ui = desk
    page.goto(ui("/home"))
    with page.expect_navigation():
        page.get_by_role("combobox", name="Switch to page").select_option(label="ITIL Homepage")
    expect(page.get_by_role("heading", level=1)).to_have_text("ITIL Homepage")
    expect(page.get_by_role("region", name="Critical and High Priority Incidents")).to_be_visible()
    gauge = page.get_by_role("region", name="Open Incidents by Category")
    gauge.get_by_role("button", name="Remove Open Incidents by Category").click()
    expect(gauge).to_be_hidden()
    page.reload()  # the person's homepage keeps it removed
    expect(gauge).to_be_hidden()
    page.get_by_role("button", name="Add content").click()
    page.get_by_role("dialog", name="Add content").get_by_role(
        "button", name="Add Open Incidents by Category"
    ).click()
    expect(gauge).to_be_visible()
    page.get_by_role("button", name="Change layout").click()
    page.get_by_role("menuitemradio", name="1 column").click()
    expect(page.get_by_role("menuitemradio", name="1 column", include_hidden=True)).to_have_attribute(
        "aria-checked", "true"
    )
    expect(page.locator("#hp-grid")).to_have_attribute("data-cols", "1")
