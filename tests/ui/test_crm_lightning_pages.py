"""Lightning's page patterns in the CRM, in real Chromium (issue 34): a summary report's detail rows under
their group headers with subtotals, the run page's Filters panel of pills and the Report Builder's
Outline / Filters tabs; a record's joined header actions and related lists with View All; the docked
composer of Log a Call; the highlights panel's links, New Note's rich text toolbar, Change Owner over its
record; the product record page's related lists; the search page's scopes; Home's Quarterly Performance and
Assistant."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, timedelta

from playwright.sync_api import expect

from apps.crm.ui_home_cards import quarter_bounds
from tests.ui.picklists import choose

DETAILS = (
    "/reports/new?report_type=opportunity_products&filter_field_1=discount&filter_op_1=greater_than"
    "&filter_value_1=10&group_by_1=product_family&summary_field=total_price&include_details=on"
)


def test_grouped_detail_rows_the_filters_pills_and_the_builder(crm):
    _, page, ui = crm
    page.goto(ui(DETAILS))
    table = page.get_by_role("table", name="Report results")
    toggle = table.get_by_role("button").first
    expect(toggle).to_contain_text("Product Family:")  # the group's value in the grouped field's column
    expect(table.locator("thead th").first).to_have_text("Product Family")
    count = int(re.search(r"\((\d+)\)", toggle.inner_text()).group(1))
    group = page.locator(f"#{toggle.get_attribute('aria-controls')}")
    assert group.locator("tr.detail-row").count() == count > 0  # the group's own rows under its header
    expect(group.locator("tr.subtotal-row th")).to_have_text("Subtotal")
    expect(table.locator("tfoot")).to_contain_text("Grand Total")
    panel = page.get_by_role("complementary", name="Filters")
    expect(panel.get_by_role("list", name="Applied filters")).to_contain_text("greater than 10")
    # the run page shows pills, not the builder
    assert page.get_by_label("Filter 1 field", exact=True).count() == 0
    with page.expect_navigation():
        page.get_by_label("Detail Rows").uncheck()  # the run page's toggle: the groups without their rows
    expect(page.locator("tr.detail-row")).to_have_count(0)
    expect(page.get_by_role("complementary", name="Filters")).to_contain_text("greater than 10")

    page.get_by_role("link", name="Edit", exact=True).click()
    builder = page.get_by_role("complementary", name="Report builder")
    expect(builder.get_by_role("tab", name="Outline")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_label("Filter 1 field", exact=True)).to_be_hidden()
    # the Outline as Lightning's: the report type shown (not a select), groups and columns as pills
    expect(builder.locator(".report-type-fixed")).to_contain_text("Opportunities with Products")
    assert builder.get_by_label("Report Type", exact=True).count() == 0
    groups = builder.get_by_role("list", name="Group Rows")
    expect(groups).to_contain_text("Product Family")
    with page.expect_navigation():
        builder.get_by_label("Add group").fill("Stage")
        builder.get_by_label("Add group").press("Enter")
    expect(groups.locator(".slds-pill__label")).to_have_text(["Product Family", "Stage"])
    columns = builder.get_by_role("list", name="Columns")
    first = columns.locator(".slds-pill__label").first.inner_text()
    builder.get_by_role("link", name=f"Remove column {first}").click()
    expect(columns).not_to_contain_text(first)
    expect(groups.get_by_role("listitem")).to_have_count(2)
    builder.get_by_role("tab", name="Filters").click()
    expect(builder.get_by_role("list", name="Applied filters")).to_contain_text("Discount")
    expect(page.get_by_label("Filter 2 field", exact=True)).to_be_visible()  # Add Filter: the next one
    choose(page, "Show Me", "My Opportunities with Products")
    with page.expect_navigation():
        page.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_role("complementary", name="Filters")).to_contain_text(
        "My Opportunities with Products"
    )


def test_record_header_related_lists_and_the_docked_composer(crm):
    episode, page, ui = crm
    opps = episode.call("crm_list_opportunities", limit=200)["records"]
    account, n = Counter(o["account_id"] for o in opps if o["account_id"]).most_common(1)[0]
    page.goto(ui(f"/accounts/{account}"))
    actions = page.get_by_role("group", name="Account actions")
    for name in ("New Contact", "New Opportunity", "Edit"):
        expect(actions.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(actions.get_by_role("button", name="Show more actions")).to_be_visible()
    edit = actions.get_by_role("link", name="Edit", exact=True)
    assert edit.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"  # neutral
    related = page.get_by_role("region", name="Opportunities")
    expect(related.locator(".count")).to_have_text(f"({n})" if n <= 6 else "(6+)")
    assert related.locator("tbody tr").count() == min(n, 6)
    new = related.get_by_role("link", name="New Opportunity")  # shows "New", says which object
    assert new.evaluate("e => e.firstChild.textContent") == "New"
    related.get_by_role("link", name="View All Opportunities").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("All Opportunities")
    assert page.locator("table.list-view > tbody > tr").count() == n
    expect(page.locator(".list-meta")).to_contain_text("Account Name")

    page.goto(ui(f"/calls/new?what_id={account}"))
    dialog = page.get_by_role("dialog", name="Log a Call")
    expect(dialog.get_by_label("Subject")).to_be_focused()
    subject = dialog.get_by_role("combobox", name="Subject")  # suggests subjects; free text allowed
    options = page.locator(f"#{subject.get_attribute('list')} option")
    assert [options.nth(i).get_attribute("value") for i in range(options.count())] == [
        "Call",
        "Send Letter",
        "Send Quote",
        "Other",
    ]
    box = page.locator(".crm-docked .modal-form").bounding_box()
    view = page.viewport_size
    assert box["x"] + box["width"] > view["width"] - 40 and box["y"] + box["height"] > view["height"] - 2
    assert box["x"] > view["width"] / 3  # docked at the bottom right, not centred
    assert page.locator(".slds-backdrop").count() == 0

    # the highlights panel's lookups are links (Account Name opens the account), as Lightning's
    contact = next(c for c in episode.call("crm_list_contacts", limit=50)["records"] if c.get("account_id"))
    page.goto(ui(f"/contacts/{contact['id']}"))
    highlights = page.locator("dl.highlights")
    link = highlights.get_by_role("link").first
    assert link.get_attribute("href").endswith(f"/accounts/{contact['account_id']}")
    assert (
        highlights.get_by_role("link", name=contact["email"]).get_attribute("href")
        == f"mailto:{contact['email']}"
    )
    highlights.locator(f"a[href$='/users/{contact['owner_id']}']").click()  # the owner opens their page
    # the user's profile: name over the banner, About (Title, Email, Manager), Followers / Following / Groups
    owner = next(u for u in episode.call("crm_list_users")["records"] if u["id"] == contact["owner_id"])
    expect(page.get_by_role("heading", level=1)).to_have_text(owner["name"])
    about = page.get_by_role("region", name="About")
    mail = about.get_by_role("link", name=owner["email"])
    expect(mail).to_have_attribute("href", f"mailto:{owner['email']}")
    for name in ("Followers", "Following", "Groups"):
        expect(page.get_by_role("region", name=re.compile(f"^{name}"))).to_be_visible()
    expect(page.get_by_role("region", name="Open Opportunities")).to_have_count(0)

    # New Note: Lightning Notes' rich text toolbar over the body; Bold marks up the selected text
    page.goto(ui(f"/notes/new?parent_id={account}"))
    toolbar = page.get_by_role("toolbar", name="Format text")
    for name in ("Bold", "Italic", "Underline", "Bulleted list", "Numbered list", "Link"):
        expect(toolbar.get_by_role("button", name=name)).to_be_visible()
    body = page.get_by_label("Body")
    body.fill("renewal")
    body.select_text()
    toolbar.get_by_role("button", name="Bold").click()
    expect(body).to_have_value("**renewal**")
    # Lightning Notes' composer: a borderless "Untitled Note" title, Delete / Done; the docked header's
    # Minimize folds it to its bar, Pop out and Dock; the record header keeps Follow and ▼ underneath
    expect(page.get_by_label("Title")).to_have_attribute("placeholder", "Untitled Note")
    expect(page.locator(".record-follow")).to_have_count(1)
    expect(page.locator(".record-more")).to_have_count(1)
    page.get_by_role("button", name="Minimize").click()
    expect(body).to_be_hidden()
    page.get_by_role("button", name="Maximize").click()
    expect(body).to_be_visible()
    page.get_by_role("button", name="Pop out").click()
    expect(page.get_by_role("button", name="Dock")).to_be_visible()
    page.get_by_label("Title").fill("Renewal call")
    with page.expect_navigation():
        page.get_by_role("button", name="Done").click()
    expect(page.get_by_role("region", name="Notes")).to_contain_text("Renewal call")

    # Change Owner opened on its own is the record's modal: the record page underneath
    page.goto(ui(f"/accounts/{account}/owner"))
    expect(page.get_by_role("dialog", name=re.compile("Change Account Owner"))).to_be_visible()
    moved = page.get_by_role("list", name=re.compile("also become the owner"))  # true to update_account
    expect(moved.get_by_role("listitem")).to_have_count(4)
    expect(moved).to_contain_text("Open opportunities")
    # the header's Follow and overflow menu stay in view above the modal (not under its box)
    form = page.locator("form.modal-form").bounding_box()
    for action in (page.locator(".record-follow"), page.locator(".record-more > button")):
        box = action.bounding_box()
        assert box["y"] + box["height"] <= form["y"], (box, form)
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page).to_have_url(re.compile(f"/accounts/{account}$"))


def test_product_record_page_header_and_price_books(crm):
    episode, page, ui = crm
    opps = episode.call("crm_list_opportunities", limit=50)["records"]
    lines = (episode.call("crm_get_opportunity", opportunity_id=o["id"])["line_items"] for o in opps)
    opp_id, line = next((li["opportunity_id"], li) for items in lines for li in items)
    page.goto(ui(f"/products/{line['product_id']}"))
    expect(page.locator("dl.highlights")).to_contain_text("Product Code")
    expect(page.get_by_role("tab", name="Details")).to_be_visible()
    books = page.get_by_role("region", name="Price Books")
    expect(books).to_contain_text("Standard Price Book")
    for name in ("Add Standard Price", "Add to Price Book"):  # not available in this org: shown disabled
        expect(books.get_by_role("button", name=name)).to_have_attribute("aria-disabled", "true")
    actions = page.get_by_role("group", name="Product actions")
    for name in ("Edit", "Delete", "Clone"):
        expect(actions.get_by_role("button", name=name)).to_have_attribute("aria-disabled", "true")
    # Active as a checkbox; no invented Opportunities list nor Product Description card
    expect(page.locator("dl.highlights [role=img]")).to_have_attribute("aria-label", "Checked")
    expect(page.get_by_role("region", name="Opportunities")).to_have_count(0)
    assert opp_id


def test_search_results_scopes(crm):
    episode, page, ui = crm
    contact = episode.call("crm_list_contacts", limit=1)["records"][0]
    page.goto(ui(f"/search?q={contact['last_name']}"))
    scopes = page.get_by_role("navigation", name="Search scopes")
    expect(scopes.get_by_role("link", name="Top Results")).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("region", name=re.compile(r"^Accounts \("))).to_be_visible()
    scopes.get_by_role("link", name="Contacts").click()
    expect(page.get_by_role("region", name=re.compile(r"^Contacts \("))).to_be_visible()
    expect(page.get_by_role("region", name=re.compile(r"^Accounts \("))).to_have_count(0)
    expect(scopes.get_by_role("link", name="Contacts")).to_have_attribute("aria-current", "page")


def test_home_quarterly_performance_and_the_assistant(crm):
    episode, page, ui = crm
    page.goto(ui("/"))
    now = page.get_by_role("region", name="Simulation").locator("time").get_attribute("datetime")
    today = date.fromisoformat(now[:10])
    start, end = quarter_bounds(today)
    won = episode.call(
        "crm_list_opportunities",
        mine=True,
        status="won",
        close_date_from=str(start),
        close_date_to=str(end),
        limit=200,
    )["records"]
    card = page.get_by_role("region", name="Quarterly Performance")
    expect(card.locator("dd").first).to_have_text(f"${sum(o['amount'] or 0 for o in won):,.2f}")
    expect(card.get_by_role("img")).to_be_visible()
    late = episode.call(
        "crm_list_opportunities", mine=True, status="open", close_date_to=str(today - timedelta(days=1))
    )["records"]
    assistant = page.get_by_role("region", name="Assistant")
    expect(assistant.get_by_role("link", name=re.compile(r" is overdue$"))).to_have_count(min(len(late), 5))
    # no page header card; Key Deals lists my open deals with the stage as plain text (no pills)
    expect(page.locator(".slds-page-header")).to_have_count(0)
    deals = page.get_by_role("region", name="Key Deals - My Opportunities")
    mine = episode.call("crm_list_opportunities", mine=True, status="open", sort_by="close_date", limit=5)
    expect(deals.get_by_role("listitem")).to_have_count(len(mine["records"]))
    expect(deals).to_contain_text(mine["records"][0]["stage_name"])
    assert deals.locator(".slds-badge, .badge").count() == 0
    expect(page.get_by_role("region", name="Today's Tasks")).to_be_visible()
