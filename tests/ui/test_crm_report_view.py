"""The CRM's report run page as Lightning lays it out, in real Chromium: the chart over the grouped rows, a
group's toggle hiding and showing its subgroups (pointer and keyboard), the Filters panel beside them shown
and hidden from the header, the same page for every report type and for the built-in Opportunity Pipeline."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.picklists import choose


def test_chart_grouped_rows_and_the_filters_panel(crm):
    _, page, ui = crm
    page.goto(ui("/reports/new?group_by_1=stage_name&group_by_2=owner_id&summary_field=amount"))
    expect(page.get_by_role("img", name="Sum of Amount by Stage")).to_be_visible()
    table = page.get_by_role("table", name="Report results")
    toggle = table.get_by_role("button").first
    group = page.locator(f"#{toggle.get_attribute('aria-controls')}")
    expect(group).to_be_visible()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(group).to_be_hidden()
    toggle.focus()
    page.keyboard.press("Enter")
    expect(group).to_be_visible()

    panel = page.get_by_role("complementary", name="Filters")
    results = page.get_by_role("region", name="Report results")
    assert panel.bounding_box()["x"] > results.bounding_box()["x"] + results.bounding_box()["width"] - 5
    filters = page.get_by_role("button", name="Filters")
    filters.click()
    expect(panel).to_be_hidden()
    filters.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()

    page.goto(ui("/reports/new"))
    choose(page, "Report Type", "Leads")  # another report type: the same page
    with page.expect_navigation():
        page.get_by_role("button", name="Run Report").click()
    expect(page.get_by_text("Report: Leads")).to_be_visible()
    expect(page.get_by_role("complementary", name="Filters")).to_be_visible()
    expect(page.locator("tr.grand-total")).to_be_visible()

    # the built-in Opportunity Pipeline: the same run page (header, Filters panel, grouped rows, subtotals)
    page.goto(ui("/reports/pipeline"))
    expect(page.get_by_role("heading", level=1, name="Opportunity Pipeline")).to_be_visible()
    expect(page.get_by_text("Report: Opportunities · Public Reports")).to_be_visible()
    expect(page.get_by_role("list", name="Report summary")).to_contain_text("Total Records")
    pills = page.get_by_role("complementary", name="Filters").get_by_role("list", name="Applied filters")
    expect(pills).to_contain_text("Closed")
    expect(page.get_by_role("button", name="Chart")).to_be_visible()
    results = page.get_by_role("table", name="Report results")
    expect(results.locator("tr.subtotal-row").first).to_be_visible()
    expect(results.locator("tr.grand-total")).to_be_visible()
    page.get_by_role("link", name="Edit", exact=True).click()  # its definition opens in the Report Builder
    expect(page.get_by_role("tab", name="Outline")).to_be_visible()
