"""The Reports tab as Lightning's, in real Chromium: the home's views sidebar (Recent, Created by Me, Private
Reports, Public Reports, All Reports, the folders) and its search; the run page's toolbar (Refresh, Edit,
the Filters toggle, Enable Field Editing off, Share, the ▼ menu), the Filters panel's pills (a field
filter removable), and subtotal rows under nested groups."""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect


def _shot(page, name: str) -> None:
    """A screenshot for a person's review when CRM_SHOTS names a folder (never in a normal run)."""
    if folder := os.environ.get("CRM_SHOTS"):
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def test_reports_home_views_folders_and_search(crm):
    episode, page, ui = crm
    episode.call("crm_save_report", name="My Private Deals", report_type="opportunities")
    episode.call("crm_save_report", name="Team Leads", report_type="leads", folder="Public Reports")
    page.goto(ui("/reports"))
    nav = page.get_by_role("navigation", name="Report views")
    expect(page.get_by_role("heading", level=1)).to_have_text("Recent")
    for name in (
        "Recent",
        "Private Reports",
        "Public Reports",
        "All Reports",
        "All Folders",
        "All Favorites",
    ):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(nav.get_by_role("link", name="Created by Me")).to_have_count(2)  # reports' and folders'
    _shot(page, "reports-home")
    with page.expect_navigation():
        nav.get_by_role("link", name="Private Reports").click()
    expect(nav.get_by_role("link", name="Private Reports")).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("link", name="My Private Deals")).to_be_visible()
    expect(page.get_by_role("link", name="Team Leads")).to_have_count(0)
    nav.get_by_role("link", name="Public Reports").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Team Leads")).to_be_visible()
    expect(page.get_by_role("link", name="Opportunity Pipeline")).to_be_visible()
    search = page.get_by_role("searchbox", name="Search public reports reports")
    search.fill("team")
    with page.expect_navigation():
        search.press("Enter")
    expect(page.get_by_role("link", name="Team Leads")).to_be_visible()
    expect(page.get_by_role("link", name="Opportunity Pipeline")).to_have_count(0)
    with page.expect_navigation():
        nav.get_by_role("link", name="All Folders").click()
    folders = page.get_by_role("table")
    expect(folders.get_by_role("row", name="Public Reports 2")).to_be_visible()
    expect(folders.get_by_role("row", name="Private Reports 1")).to_be_visible()


def test_report_toolbar_pills_and_subtotals(crm):
    _, page, ui = crm
    page.goto(
        ui(
            "/reports/new?group_by_1=stage_name&group_by_2=owner_id&summary_field=amount"
            "&filter_field_1=amount&filter_op_1=greater_than&filter_value_1=1000"
        )
    )
    bar = page.get_by_role("toolbar", name="Report actions")
    expect(bar.get_by_role("link", name="Refresh")).to_be_visible()
    expect(bar.get_by_role("checkbox", name="Enable Field Editing")).not_to_be_checked()
    expect(bar.get_by_role("checkbox", name="Enable Field Editing")).to_be_disabled()
    pills = page.get_by_role("list", name="Applied filters")
    expect(pills.get_by_text("All Opportunities")).to_be_visible()
    expect(pills.get_by_text("greater than 1000", exact=True)).to_be_visible()
    table = page.get_by_role("table", name="Report results")
    expect(table.locator("tr.subtotal-row").first).to_contain_text("Subtotal")
    _shot(page, "report-run")
    # Filters hides the panel and shows it again; Edit is a link back to the Report Builder with this report
    bar.get_by_role("button", name="Filters").click()
    panel = page.get_by_role("complementary", name="Filters")
    expect(panel).to_be_hidden()
    bar.get_by_role("button", name="Filters").click()
    expect(panel).to_be_visible()
    expect(bar.get_by_role("link", name="Edit", exact=True)).to_have_attribute("href", re.compile(r"edit=1"))
    # the chart: off on a report without one, the Chart toggle shows and hides it
    chart = page.get_by_role("img", name="Sum of Amount by Stage")
    expect(chart).to_be_hidden()
    bar.get_by_role("button", name="Chart").click()
    expect(chart).to_be_visible()
    bar.get_by_role("button", name="Chart").press("Enter")
    expect(chart).to_be_hidden()
    # an unsaved report has Save (the Save Report dialog), not Share; the ▼ menu opens from the keyboard
    expect(bar.get_by_role("button", name="Share")).to_have_count(0)
    bar.get_by_role("link", name="Save", exact=True).click()
    expect(page.get_by_role("dialog", name="Save Report")).to_be_visible()
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page.get_by_role("dialog", name="Save Report")).to_be_hidden()
    more = bar.get_by_role("button", name="More Actions")
    more.focus()
    page.keyboard.press("Enter")
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(
        page.get_by_role("list", name="More report actions").get_by_role("link", name="Save As")
    ).to_be_visible()
    # removing the field filter's pill runs the report without it
    with page.expect_navigation():
        pills.get_by_role("link", name="Remove filter Amount greater than 1000").click()
    expect(
        page.get_by_role("list", name="Applied filters").get_by_text("greater than 1000", exact=True)
    ).to_have_count(0)
    expect(page.locator("#report-chart svg")).to_have_count(1)
