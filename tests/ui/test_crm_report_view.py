"""The CRM's report run page as Lightning lays it out, in real Chromium: the chart over the grouped rows, a
group's toggle hiding and showing its subgroups (pointer and keyboard), the Filters panel beside them shown
and hidden from the header, the same page for every report type and for the built-in Opportunity Pipeline;
the footer bar's Row Counts / Subtotals / Grand Total toggles, the grouped field as the first column with the
summed and filtered columns; the Report Builder's header, Outline (Group Columns, Remove all) and its
table-only preview."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.picklists import choose


def test_chart_grouped_rows_and_the_filters_panel(crm):
    _, page, ui = crm
    page.goto(ui("/reports/new?group_by_1=stage_name&group_by_2=owner_id&summary_field=amount&chart=on"))
    expect(page.get_by_role("img", name="Sum of Amount by Stage")).to_be_visible()  # a report with a chart
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

    # the footer bar, pinned under the report: its toggles hide and show the counts, subtotals, grand total
    footer = page.get_by_role("group", name="Report display")
    assert footer.bounding_box()["y"] + footer.bounding_box()["height"] <= 1000
    table = page.get_by_role("table", name="Report results")
    for label, part in (
        ("Row Counts", ".count"),
        ("Subtotals", "tr.subtotal-row"),
        ("Grand Total", "tr.grand-total"),
    ):
        expect(table.locator(part).first).to_be_visible()
        footer.get_by_label(label).uncheck()
        expect(table.locator(part).first).to_be_hidden()
        footer.get_by_label(label).check()
        expect(table.locator(part).first).to_be_visible()
    expect(footer.get_by_label("Detail Rows")).not_to_be_checked()

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
        page.get_by_role("button", name="Run", exact=True).click()
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


def test_detail_columns_and_the_report_builder(crm):
    _, page, ui = crm
    page.goto(
        ui(
            "/reports/new?report_type=opportunity_products&filter_field_1=discount&filter_op_1=greater_than"
            "&filter_value_1=10&group_by_1=product_family&summary_field=total_price&include_details=on"
        )
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("New Opportunities with Products Report")
    table = page.get_by_role("table", name="Report results")
    heads = table.locator("thead th").all_inner_texts()
    assert heads[0] == "Product Family" and heads.count("Product Family") == 1  # grouped: first, only there
    assert {"Discount", "Total Price"} <= set(heads)  # the filtered and the summed columns
    subtotal = table.locator("tr.subtotal-row").first.locator("td")
    assert subtotal.nth(heads.index("Total Price") - 1).inner_text().startswith("$")  # under its column
    # Lightning's run page: each cell one line (an ellipsis, not a wrap), numbers right-aligned, two decimals
    row = table.locator("tr.detail-row").first.locator("td")
    price, quantity = row.nth(heads.index("Sales Price")), row.nth(heads.index("Quantity"))
    assert re.fullmatch(r"\$[\d,]+\.\d\d", price.inner_text()) and re.fullmatch(
        r"[\d,]+\.\d\d", quantity.inner_text()
    )
    styles = row.evaluate_all("tds => tds.map(td => [getComputedStyle(td).whiteSpace, td.className])")
    assert all(space == "nowrap" for space, _ in styles)
    assert row.nth(heads.index("Total Price")).evaluate("td => getComputedStyle(td).textAlign") == "right"

    page.get_by_role("link", name="Edit", exact=True).click()
    bar = page.get_by_role("toolbar", name="Report builder actions")
    for name in ("Add Chart", "Close", "Save & Run"):
        expect(bar.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(bar.get_by_role("button", name="Run", exact=True)).to_be_visible()
    expect(bar.get_by_label("Update Preview Automatically")).to_be_checked()
    builder = page.get_by_role("complementary", name="Report builder")
    expect(builder.get_by_text("Summarize", exact=True)).to_have_count(0)  # no Summarize section
    expect(builder.get_by_text("Group Columns", exact=True)).to_be_visible()
    expect(page.get_by_role("img")).to_have_count(0)  # the preview is a table only
    expect(page.get_by_role("region", name="Report results")).to_contain_text(
        "Previewing a limited number of records. Run the report to see everything."
    )
    page.get_by_role("button", name="Show actions for Quantity").click()
    with page.expect_navigation():
        page.get_by_role("list", name="Summarize Quantity").get_by_role("link", name="Max").click()
    expect(page).to_have_url(
        re.compile(r"summary_field=quantity.*aggregate=max|aggregate=max.*summary_field=quantity")
    )
    with page.expect_navigation():
        builder.get_by_role("link", name="Remove all groups").click()
    expect(builder.get_by_role("list", name="Group Rows")).to_contain_text("No groups")
    expect(page.get_by_role("table", name="Report details")).to_be_visible()
