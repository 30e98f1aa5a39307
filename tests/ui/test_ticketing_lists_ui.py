"""ServiceNow list views in real Chromium: the condition builder (field / operator / value rows joined
by AND / OR, Run) gives a shareable encoded query shown as breadcrumbs; the list search by column;
choice labels in the cells. Role and name locators only."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect


def test_condition_builder_runs_a_shareable_query(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    toggle = page.get_by_role("button", name="Filter", exact=True)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    builder = page.get_by_role("form", name="Condition builder")
    builder.get_by_label("Field").select_option(label="State")
    builder.get_by_label("Value").fill("In Progress")
    builder.get_by_role("button", name="OR", exact=True).click()
    builder = page.get_by_role("form", name="Condition builder")
    builder.get_by_label("Field").nth(1).select_option(label="State")
    builder.get_by_label("Value").nth(1).fill("On Hold")
    builder.get_by_role("button", name="AND", exact=True).click()
    builder = page.get_by_role("form", name="Condition builder")
    builder.get_by_label("Field").nth(2).select_option(label="Priority")
    builder.get_by_label("Value").nth(2).fill("4 - Low")
    builder.get_by_role("button", name="Run").click()

    query = parse_qs(urlsplit(page.url).query)["sysparm_query"][0]
    assert query == "state=2^ORstate=3^priority=4"
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).to_contain_text("State = In Progress or On Hold")
    expect(crumbs).to_contain_text("Priority = 4 - Low")
    want = episode.call("ticketing_list_incidents", state=[2, 3], priority=[4], limit=200)
    caption = page.locator("caption")
    expect(caption).to_contain_text(f"{want['total']} records")
    shown_states = set(
        page.get_by_role("table").locator("tbody td:nth-child(7)").all_inner_texts()
    )  # after the row checkbox
    assert shown_states <= {"In Progress", "On Hold"} and shown_states  # labels, not 2 / 3
    page.goto(page.url)  # the address alone reproduces the list
    expect(page.locator("caption")).to_contain_text(f"{want['total']} records")


def test_or_across_fields_is_refused_with_what_works(desk):
    episode, page, ui = desk
    before = episode.state_hash()
    page.goto(ui("/incidents?sysparm_query=state=2^ORpriority=1"))
    expect(page.get_by_role("alert")).to_contain_text("OR joins conditions on the same choice field")
    expect(page.locator("caption")).to_contain_text("0 records")
    assert episode.state_hash() == before


def test_list_search_by_column(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    search = page.get_by_role("search", name="Search the list")
    search.get_by_label("Search by").select_option(label="for text")  # UI16's keyword search
    search.get_by_role("searchbox", name="Search for").fill("VPN")
    search.get_by_role("searchbox", name="Search for").press("Enter")  # no Go button: Enter searches
    expect(page.get_by_role("navigation", name="Filter conditions")).to_contain_text("Keywords contains VPN")
    total = episode.call("ticketing_list_incidents", search="VPN", limit=1)["total"]
    expect(page.locator("caption")).to_contain_text(f"{total} records")
