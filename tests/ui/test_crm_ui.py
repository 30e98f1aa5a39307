"""The CRM UI in a real Chromium against a real server: forms, rules, event capture, lists, search."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.ui.picklists import choose, choose_by_keyboard, picklist, value


def _open_opportunity_with_amount(episode):
    rows = episode.call("crm_list_opportunities", status="open", sort_by="amount", descending=True, limit=50)
    return next(o for o in rows["records"] if (o["amount"] or 0) > 0)


def test_create_account_through_the_form(crm):
    episode, page, ui = crm
    page.goto(ui("/"))
    page.get_by_role("navigation").get_by_role("link", name="Accounts").click()
    page.get_by_role("link", name="New Account").click()
    page.get_by_label("Account Name").fill("Globex Test Corp")
    choose(page, "Industry", "Banking")
    page.get_by_label("Phone").fill("+1 555 0100")
    page.get_by_label("Annual Revenue").fill("$2,500,000")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Globex Test Corp")
    account_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    inserted = [c for c in episode.diff() if c.table == "crm_account" and c.op == "insert"]
    assert [c.pk for c in inserted] == [account_id]
    account = episode.call("crm_get_account", account_id=account_id)["account"]
    assert (account["name"], account["industry"], account["phone"], account["annual_revenue"]) == (
        "Globex Test Corp",
        "Banking",
        "+1 555 0100",
        2_500_000.0,
    )


def test_ui_action_is_logged_with_its_browser_events(crm):
    episode, page, ui = crm
    page.goto(ui("/accounts/new"))
    page.get_by_label("Account Name").fill("Event Log Inc")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Event Log Inc")

    events = episode.events()
    action = next(e for e in events if e.kind == "action" and e.name == "create_account")
    assert action.surface == "ui" and action.outcome == "ok" and action.args["name"] == "Event Log Inc"
    (click,) = [e for e in events if e.kind == "browser" and e.parent == action.seq]  # only what caused it
    assert (click.detail["role"], click.detail["name"], click.detail["tag"]) == ("button", "Save", "button")
    assert click.detail["cause"] is True and click.detail["submits"] is True
    typed = next(
        e for e in events if e.kind == "browser" and e.name == "type"
    )  # logged with it, led to nothing
    assert typed.detail["role"] == "textbox" and typed.detail["name"] == "Account Name"
    assert typed.detail["value"] == "Event Log Inc" and typed.parent is None and typed.seq < action.seq
    assert not any(e.name == "submit" for e in events)
    navigations = [e.detail["url"] for e in events if e.name == "navigate"]
    assert "/accounts/new" in navigations and any(u.startswith("/accounts/001") for u in navigations)
    reads = [e for e in events if e.kind == "action" and e.name == "get_account"]
    assert reads and all(e.surface == "ui" for e in reads)


def test_link_clicks_are_sent_by_beacon(crm):
    episode, page, ui = crm
    page.goto(ui("/"))
    page.get_by_role("navigation").get_by_role("link", name="Leads").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("All Leads")
    deadline = time.time() + 5
    while time.time() < deadline:
        clicks = [e for e in episode.events() if e.kind == "browser" and e.name == "click"]
        if clicks:
            break
        time.sleep(0.05)
    assert clicks[0].detail["role"] == "link" and clicks[0].detail["name"] == "Leads"
    assert clicks[0].parent is None


def test_convert_lead(crm):
    episode, page, ui = crm
    lead = episode.call("crm_list_leads", limit=1)["records"][0]
    page.goto(ui(f"/leads/{lead['id']}"))
    page.get_by_role("link", name="Convert").click()
    page.get_by_label("Opportunity Name").fill("UI Converted Deal")
    page.get_by_role("button", name="Convert").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your lead has been converted")

    converted = episode.call("crm_get_lead", lead_id=lead["id"])["lead"]
    assert converted["is_converted"] and converted["status"] == "Closed - Converted"
    account = episode.call("crm_get_account", account_id=converted["converted_account_id"])["account"]
    contact = episode.call("crm_get_contact", contact_id=converted["converted_contact_id"])["contact"]
    opp = episode.call("crm_get_opportunity", opportunity_id=converted["converted_opportunity_id"])[
        "opportunity"
    ]
    assert contact["last_name"] == lead["last_name"] and contact["account_id"] == account["id"]
    assert opp["name"] == "UI Converted Deal" and opp["account_id"] == account["id"]
    page.get_by_role("link", name="View Opportunity").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("UI Converted Deal")


def test_close_win_opportunity(crm):
    episode, page, ui = crm
    opp = _open_opportunity_with_amount(episode)
    page.goto(ui(f"/opportunities/{opp['id']}"))
    page.get_by_role("link", name="Edit", exact=True).click()
    choose(page, "Stage", "Closed Won")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(opp["name"])
    expect(page.get_by_text("This opportunity is Closed Won")).to_be_visible()

    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert (saved["stage_name"], saved["is_closed"], saved["is_won"], saved["probability"]) == (
        "Closed Won",
        True,
        True,
        100,
    )
    # Reopening is editing the stage: the path of a closed opportunity offers any open stage.
    choose_by_keyboard(page, "Stage", "Negotiation/Review")
    page.get_by_role("button", name="Mark as Current Stage").click()
    current = page.get_by_role("region", name="Stage path").locator("[aria-current=step]")
    expect(current).to_have_text("Negotiation/Review")
    reopened = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert (reopened["is_closed"], reopened["is_won"], reopened["probability"]) == (False, False, 90)


def test_closed_lost_without_reason_shows_the_rule_at_its_field(crm):
    episode, page, ui = crm
    opp = _open_opportunity_with_amount(episode)
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    before_diff, before_hash = episode.diff(), episode.state_hash()
    choose(page, "Stage", "Closed Lost")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("alert")).to_contain_text("Loss Reason: Select a Loss Reason")
    field_error = page.locator("#f-loss_reason__c-error")
    expect(field_error).to_contain_text("Select a Loss Reason before you close this opportunity")
    expect(picklist(page, "Loss Reason")).to_have_attribute("aria-invalid", "true")
    assert value(page, "Stage") == "Closed Lost"  # entered values are kept
    assert episode.state_hash() == before_hash and episode.diff() == before_diff
    failed = [e for e in episode.events() if e.name == "update_opportunity"]
    assert failed[-1].outcome == "error" and failed[-1].surface == "ui"
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["stage_name"] == opp["stage_name"]


def test_list_view_filter_and_sort(crm):
    episode, page, ui = crm
    industry = next(
        a["industry"] for a in episode.call("crm_list_accounts", limit=50)["records"] if a["industry"]
    )
    expected = episode.call("crm_list_accounts", industry=industry, limit=200)["total"]
    page.goto(ui("/accounts"))
    page.get_by_role("button", name="Show filters").click()
    choose(page, "Industry", industry, scope=page.get_by_role("search", name="Filter Accounts"))
    page.get_by_role("button", name="Apply Filters").click()
    expect(page.get_by_text(re.compile(rf"of {expected} items|^{expected} items")).first).to_be_visible()
    rows = page.locator("table.data tbody tr")
    industries = rows.locator("td:nth-child(7) .cell-value").all_inner_texts()
    assert industries and set(industries) == {industry}

    page.get_by_role("link", name=re.compile("^Account Name")).click()  # sorted by name: now descending
    expect(page.get_by_role("columnheader", name=re.compile("Account Name"))).to_have_attribute(
        "aria-sort", "descending"
    )
    names = rows.locator("th").all_inner_texts()
    assert names == sorted(names, reverse=True)
    assert set(rows.locator("td:nth-child(7) .cell-value").all_inner_texts()) == {
        industry
    }  # the filter is kept


def test_global_search_finds_a_record(crm):
    episode, page, ui = crm
    contact = episode.call("crm_list_contacts", limit=1)["records"][0]
    page.goto(ui("/"))
    search = page.get_by_role("search", name="Global search")
    search.get_by_label("Search", exact=True).fill(contact["last_name"])
    assert search.get_by_role("button").count() == 0  # Lightning's box has no Search button: Enter searches
    search.get_by_label("Search", exact=True).press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text(contact["last_name"])
    full_name = " ".join(x for x in (contact["first_name"], contact["last_name"]) if x)
    page.get_by_role("region", name=re.compile("^Contacts")).get_by_role("link", name=full_name).first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(contact["last_name"])


def test_record_page_screenshot(crm, tmp_path):
    episode, page, ui = crm
    opp = _open_opportunity_with_amount(episode)
    page.goto(ui(f"/opportunities/{opp['id']}"))
    expect(page.get_by_role("list").first).to_be_visible()
    path = tmp_path / "opportunity.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    page.screenshot(path="/tmp/crm_opportunity.png", full_page=False)


def test_each_failed_rule_shows_at_its_own_field(crm):
    from tests.crm.test_several_errors import NEXT_STEP_MESSAGE, add_rule

    episode, page, ui = crm
    rule = {
        "all": [
            {"field": "StageName", "op": "equals", "value": "Closed Lost"},
            {"field": "NextStep", "op": "blank"},
        ]
    }
    add_rule(episode, "Closed_Lost_Requires_Next_Step", rule, "NextStep", NEXT_STEP_MESSAGE)
    opp = _open_opportunity_with_amount(episode)
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    before = episode.state_hash()
    choose_by_keyboard(page, "Stage", "Closed Lost")
    page.get_by_label("Next Step").fill("")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.locator("#f-loss_reason__c-error")).to_contain_text("Select a Loss Reason")
    expect(page.locator("#f-next_step-error")).to_contain_text(NEXT_STEP_MESSAGE)
    expect(page.locator("#f-loss_reason__c-error")).not_to_contain_text(NEXT_STEP_MESSAGE)
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Loss Reason: Select a Loss Reason")
    expect(alert).to_contain_text(f"Next Step: {NEXT_STEP_MESSAGE}")
    assert episode.state_hash() == before


def test_report_builder_filter_group_chart_and_saved_report(crm):
    episode, page, ui = crm
    opps = episode.call("crm_list_opportunities", limit=200)["records"]
    big = [o for o in opps if (o["amount"] or 0) > 20000]
    page.goto(ui("/reports"))
    page.get_by_role("link", name="New Report").click()
    with page.expect_navigation():  # the builder's Outline tab: Add group... (a field lookup)
        page.get_by_label("Add group").fill("Stage")
        page.get_by_label("Add group").press("Enter")
    # Lightning summarizes from a column header's menu in the preview (its detail rows on): Summarize > Sum
    expect(page.get_by_label("Detail Rows")).to_be_checked()
    page.get_by_role("button", name="Show actions for Amount").click()
    with page.expect_navigation():
        page.get_by_role("list", name="Summarize Amount").get_by_role("link", name="Sum").click()
    expect(page.get_by_role("table", name="Report results").locator("thead")).to_contain_text("Σ")
    with page.expect_navigation():
        page.get_by_label("Detail Rows").uncheck()  # the groups only: their counts and sums
    page.get_by_role("tab", name="Filters").click()
    choose(page, "Filter 1 field", "Amount")
    choose_by_keyboard(page, "Filter 1 operator", "greater than")
    page.get_by_label("Filter 1 value").fill("20000")
    page.get_by_label("Filter 1 value").press("Enter")  # submits from the keyboard
    expect(page).to_have_url(re.compile(r"filter_value_1=20000"))

    grand = page.locator("tr.grand-total td")
    assert grand.nth(0).inner_text() == str(len(big))
    assert (
        grand.nth(1).inner_text().replace("$", "").replace(",", "") == f"{sum(o['amount'] for o in big):.2f}"
    )
    stages = {o["stage_name"] for o in big}
    chart = page.get_by_role("img", name="Sum of Amount by Stage")
    expect(chart).to_be_hidden()  # the run page (Enter ran the report): no chart until the Chart toggle
    page.get_by_role("button", name="Chart").click()
    expect(chart).to_be_visible()
    assert chart.locator("rect").count() == len(stages)
    titles = chart.locator("g > title").all_text_contents()  # each bar names its group and value
    assert sorted(t.split(":")[0] for t in titles) == sorted(stages)

    page.get_by_role("link", name="Save", exact=True).click()  # an unsaved report: the Save Report dialog
    dialog = page.get_by_role("dialog", name="Save Report")
    expect(dialog).to_be_visible()
    page.get_by_label("Report Name").fill("Big Deals by Stage")
    choose(page, "Folder", "Public Reports")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Big Deals by Stage")
    report_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert report_id.startswith("00O")
    episode.call(
        "crm_create_opportunity",
        name="UI report deal",
        close_date="2026-12-31",
        stage_name="Prospecting",
        amount=50000,
    )
    page.reload()
    assert page.locator("tr.grand-total td").nth(0).inner_text() == str(len(big) + 1)
    page.goto(ui("/reports"))
    expect(page.get_by_role("link", name="Big Deals by Stage")).to_have_attribute(
        "href", re.compile(report_id)
    )

    page.goto(ui("/reports/new?filter_field_1=amount&filter_op_1=less_than&filter_value_1=lots"))
    expect(page.get_by_role("alert")).to_contain_text("'lots' is not a number")


def test_report_builder_opportunities_with_products_details(crm):
    episode, page, ui = crm
    lines = episode.call(
        "crm_run_report", report_type="opportunity_products", filters=["discount greater_than 10"]
    )
    page.goto(ui("/reports/new"))
    choose(page, "Report Type", "Opportunities with Products")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_text("Report: Opportunities with Products")).to_be_visible()
    page.get_by_role("link", name="Edit", exact=True).click()  # the run page's Edit: back to the builder
    choose(page, "Sort Rows By", "Discount")
    page.get_by_label("Descending").check()
    page.get_by_role("tab", name="Filters").click()
    choose(page, "Filter 1 field", "Discount")
    choose_by_keyboard(page, "Filter 1 operator", "greater than")
    page.get_by_label("Filter 1 value").fill("10")
    page.get_by_label("Update Preview Automatically").uncheck()
    page.get_by_label("Detail Rows").uncheck()  # no automatic preview: the page stays
    expect(page.get_by_label("Filter 1 value")).to_have_value("10")
    page.get_by_label("Update Preview Automatically").check()
    with page.expect_navigation():
        page.get_by_label("Detail Rows").check()  # the preview's toggle runs the preview again
    expect(page.get_by_role("tab", name="Outline")).to_be_visible()  # still the builder
    expect(page.get_by_text("Previewing a limited number of records.")).to_be_visible()
    details = page.get_by_role("table", name="Report details")
    headers = [h.split("\n")[0] for h in details.locator("thead th").all_inner_texts()]  # not the menus
    assert {"Opportunity Name", "Product Name", "Quantity", "Discount", "Total Price"} <= set(headers)
    assert details.locator("tbody tr").count() == lines["total_count"] > 0
    discounts = [
        float(t.rstrip("%"))
        for t in details.locator(f"tbody td:nth-child({headers.index('Discount') + 1})").all_inner_texts()
    ]
    assert all(d > 10 for d in discounts) and discounts == sorted(discounts, reverse=True)
    first = details.locator("tbody tr").first.get_by_role("link").first
    assert "/opportunities/006" in (first.get_attribute("href") or "")

    page.get_by_role("button", name="More save actions").click()
    page.get_by_role("list", name="Save actions").get_by_role("link", name="Save").click()
    page.get_by_label("Report Name").fill("Deep discounts")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Deep discounts")
    assert (
        page.get_by_role("table", name="Report details").locator("tbody tr").count() == lines["total_count"]
    )
