"""The configuration item form in real Chromium: ServiceNow's labels and reference fields, Update saving
through update_configuration_item (what MCP sees after), a bad reference refused at its field with
nothing changed, the Related Items formatter, the CMDB list's columns, and no raw sys_id on any
ServiceNow page."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.ui.test_accessibility import AXE_OPTIONS, BLOCKING

SYS_ID = re.compile(r"\b[0-9a-f]{32}\b")


def _computer(episode):  # noqa: ANN001, ANN202
    return episode.call("ticketing_list_configuration_items", sys_class_name="cmdb_ci_computer", limit=1)[
        "records"
    ][0]


def test_the_ci_form_edits_and_update_persists(desk):
    episode, page, ui = desk
    ci = _computer(episode)
    page.goto(ui(f"/cmdb/{ci['sys_id']}"))
    form = page.get_by_role("form", name=re.compile(ci["name"]))
    expect(page.get_by_role("heading", name=ci["name"], exact=True)).to_have_count(1)  # the title once
    expect(page.get_by_label("Operating System")).to_have_value(ci["os"])
    expect(page.get_by_label("Assigned to", exact=True)).to_have_value(ci["assigned_to_name"])
    expect(form.get_by_role("button", name="Look up using list: Assigned to")).to_be_visible()
    expect(form.get_by_role("button", name="Preview Assigned to record")).to_be_visible()
    page.get_by_label("IP Address").fill("10.20.30.40")
    page.get_by_label("Operational status").select_option(label="Repair in Progress")
    page.get_by_label("Managed by").fill(ci["assigned_to_name"])
    page.get_by_role("button", name="Update").click()
    expect(page.get_by_role("status")).to_contain_text("Record updated.")
    after = episode.call("ticketing_get_configuration_item", ci_id=ci["sys_id"])["ci"]
    assert (after["ip_address"], after["operational_status"], after["managed_by"]) == (
        "10.20.30.40",
        3,
        ci["assigned_to"],
    )
    expect(page.get_by_label("IP Address")).to_have_value("10.20.30.40")
    expect(page.get_by_label("Managed by")).to_have_value(ci["assigned_to_name"])


def test_a_ci_form_with_an_unknown_person_is_refused_and_changes_nothing(desk):
    episode, page, ui = desk
    ci = _computer(episode)
    page.goto(ui(f"/cmdb/{ci['sys_id']}"))
    page.get_by_label("IP Address").fill("10.9.9.9")
    page.get_by_label("Owned by").fill("Nobody Of That Name")
    page.get_by_role("button", name="Update").click()
    expect(page.get_by_role("alert")).to_contain_text("Owned by")
    expect(page.get_by_label("IP Address")).to_have_value("10.9.9.9")  # what was typed stays
    after = episode.call("ticketing_get_configuration_item", ci_id=ci["sys_id"])["ci"]
    assert (after["ip_address"], after["owned_by"]) == (ci["ip_address"], ci["owned_by"])


def test_related_items_show_the_relationships_and_related_lists_are_tabs(desk):
    episode, page, ui = desk
    rel = next(
        r
        for r in episode.call("ticketing_list_configuration_items", limit=200)["records"]
        if episode.call("ticketing_get_configuration_item", ci_id=r["sys_id"])["relationships"]
    )
    detail = episode.call("ticketing_get_configuration_item", ci_id=rel["sys_id"])
    page.goto(ui(f"/cmdb/{rel['sys_id']}"))
    items = page.get_by_role("region", name="Related Items")
    other = detail["relationships"][0]["ci"]["name"]
    expect(items.get_by_role("link", name=other)).to_be_visible()
    page.get_by_role("tab", name=re.compile(r"^Change Requests \(\d+\)")).click()
    expect(page.get_by_role("table", name="Change Requests")).to_be_visible()
    headers = page.get_by_role("table", name="Change Requests").get_by_role("columnheader").all_inner_texts()
    assert "Short description" in headers and not any(h.isupper() for h in headers)
    assert not [
        v["id"]
        for v in Axe().run(page, options=AXE_OPTIONS).response["violations"]
        if v["impact"] in BLOCKING
    ]


def test_the_cmdb_list_shows_servicenows_columns(desk):
    episode, page, ui = desk
    page.goto(ui("/cmdb"))
    table = page.get_by_role("table").first
    for header in ("Operational status", "Asset tag", "Assigned to", "IP Address"):
        expect(table.get_by_role("columnheader", name=header)).to_have_count(1)
    expect(page.get_by_role("navigation").get_by_role("link", name="Configuration Items")).to_have_attribute(
        "aria-current", "page"
    )


def test_no_servicenow_page_shows_a_raw_sys_id(desk):
    episode, page, ui = desk
    ci = _computer(episode)
    inc = episode.call("ticketing_list_incidents", limit=1)["records"][0]["number"]
    prb = episode.call("ticketing_list_problems", limit=1)["records"][0]["number"]
    chg = episode.call("ticketing_list_changes", limit=1)["records"][0]["number"]
    paths = ["/incidents", "/problems", "/changes", "/requests", "/approvals", "/kb", "/cmdb", "/task_slas"]
    paths += [f"/cmdb/{ci['sys_id']}", f"/incidents/{inc}", f"/problems/{prb}", f"/changes/{chg}"]
    shown = {}
    for path in paths:
        page.goto(ui(path))
        main = page.locator("main")
        text = main.inner_text() + " ".join(
            main.locator(
                "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea"
            ).evaluate_all("els => els.map(e => e.value)")
        )
        if SYS_ID.search(text):
            shown[path] = SYS_ID.findall(text)[:3]
    assert not shown, shown


def test_change_risk_and_approval_labels_match_between_list_and_form(desk):
    episode, page, ui = desk
    chg = episode.call("ticketing_list_changes", limit=1)["records"][0]
    page.goto(ui(f"/changes/{chg['number']}"))
    risk = page.get_by_label("Risk", exact=True)
    shown = (
        risk.input_value()
        if risk.evaluate("e => e.tagName") == "INPUT"
        else risk.locator("option:checked").inner_text()
    )
    assert shown == chg["risk_label"]  # "High", no "2 - " in front, as ServiceNow's
    expect(page.get_by_label("Approval", exact=True)).to_have_count(0)  # not on UI16's change form
    page.goto(ui("/changes"))
    expect(page.locator("main")).not_to_contain_text("Not requested")


def test_global_search_groups_view_all_and_navigation(desk):
    episode, page, ui = desk
    page.goto(ui("/search?q=VPN"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Search results for “VPN”")
    nav = page.get_by_role("navigation", name="Search groups")
    expect(nav.get_by_role("link", name="Incidents")).to_be_visible()
    total = episode.call("ticketing_list_incidents", search="VPN", limit=1)["total"]
    more = page.get_by_role("link", name=f"View all {total} results in Incidents")
    if total > 10:
        more.click()
        expect(page.get_by_role("table").first).to_contain_text("VPN")
    page.goto(ui("/search?q=VPN"))
    headers = page.get_by_role("columnheader").all_inner_texts()
    assert headers and not any(h.isupper() for h in headers)
