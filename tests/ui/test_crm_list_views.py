"""CRM list views in real Chromium: the list-view switcher, row checkboxes with a selected count, the row
action menu (Edit, Delete, Change Owner), inline edit of a cell (pencil, Enter saves through the update
action) and sortable columns."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_switch_list_views_and_select_rows(crm):
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    expect(page.get_by_role("heading", level=1)).to_have_text("All Accounts")
    switcher = page.get_by_role("button", name="Select a List View: Accounts")
    expect(switcher).to_have_attribute("aria-expanded", "false")
    switcher.click()
    views = page.get_by_role("list", name="List Views")
    expect(views.get_by_role("link", name="All Accounts")).to_have_attribute("aria-current", "page")
    views.get_by_role("link", name="My Accounts").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My Accounts")
    me = episode.call("crm_get_current_user")
    mine = episode.call("crm_list_accounts", mine=True, limit=50)["total"]
    assert mine and page.get_by_text(f"{mine} items", exact=False).first.is_visible()
    assert me["id"]

    rows = page.get_by_role("checkbox", name=re.compile(r"^Select (?!all)"))
    rows.nth(0).check()
    expect(page.get_by_text("1 item selected")).to_be_visible()
    page.get_by_role("checkbox", name="Select all rows").check()
    expect(page.get_by_text(f"{rows.count()} items selected")).to_be_visible()


def test_inline_edit_a_phone_with_enter(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", sort_by="name", limit=1)["records"][0]
    page.goto(ui("/accounts"))
    pencil = page.get_by_role("button", name=f"Edit Phone: {account['name']}")
    pencil.click()
    box = page.get_by_role("textbox", name="Phone")
    expect(box).to_be_focused()
    box.fill("+1 555 0199")
    box.press("Enter")
    expect(page.get_by_role("status").filter(has_text="was saved")).to_have_text(
        re.compile(f'Account "{re.escape(account["name"])}" was saved.')
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("All Accounts")
    assert episode.call("crm_get_account", account_id=account["id"])["account"]["phone"] == "+1 555 0199"
    update = [e for e in episode.events() if e.kind == "action" and e.name == "update_account"]
    assert update[-1].surface == "ui" and update[-1].args == {
        "account_id": account["id"],
        "phone": "+1 555 0199",
    }


def test_inline_edit_refused_by_a_rule_shows_an_alert_and_changes_nothing(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", sort_by="close_date", limit=1)["records"][0]
    before = episode.state_hash()
    page.goto(ui("/opportunities"))
    page.get_by_role("button", name=f"Edit Close Date: {opp['name']}").click()
    box = page.get_by_role("textbox", name="Close Date", exact=True)
    box.fill("")
    box.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text(opp["name"])
    assert episode.state_hash() == before


def test_row_actions_change_owner_and_delete(crm):
    episode, page, ui = crm
    me = episode.call("crm_get_current_user")
    other = next(u for u in episode.call("crm_list_users")["records"] if u["id"] != me["id"])
    contact = episode.call("crm_create_contact", last_name="Rowmenu", first_name="Rita")
    page.goto(ui("/contacts?search=Rowmenu"))
    page.get_by_role("button", name="Show actions for Rita Rowmenu").click()
    actions = page.get_by_role("list", name="Actions for Rita Rowmenu")
    expect(actions.get_by_role("link", name="Edit")).to_be_visible()
    actions.get_by_role("link", name="Change Owner").click()
    owner = page.get_by_role("combobox", name="Owner")
    owner.fill("")
    owner.press_sequentially(other["name"][:4], delay=20)
    page.get_by_role("option", name=other["name"], exact=True).click()
    page.get_by_role("button", name="Change Owner").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("All Contacts")
    assert episode.call("crm_get_contact", contact_id=contact["id"])["contact"]["owner_id"] == other["id"]

    page.goto(ui("/contacts?search=Rowmenu"))
    page.get_by_role("button", name="Show actions for Rita Rowmenu").click()
    page.get_by_role("list", name="Actions for Rita Rowmenu").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status").filter(has_text="deleted")).to_contain_text(
        'Contact "Rita Rowmenu" was deleted.'
    )
    expect(page.get_by_role("link", name="Rita Rowmenu")).to_have_count(0)
    assert episode.call("crm_list_contacts", search="Rowmenu")["total"] == 0


def test_sort_by_a_column(crm):
    _, page, ui = crm
    page.goto(ui("/opportunities"))
    page.get_by_role("link", name=re.compile(r"^Amount")).click()
    expect(page.get_by_role("columnheader", name=re.compile(r"^Amount"))).to_have_attribute(
        "aria-sort", "descending"
    )
    amounts = page.locator("tbody td.num .cell-value").all_inner_texts()[::2]
    values = [float(a.strip().replace("$", "").replace(",", "") or 0) for a in amounts if a.strip()]
    assert values == sorted(values, reverse=True) and len(values) > 2


def _cells(page, column: str) -> list[str]:
    """The visible texts of one list column, found by its header's text."""
    headers = page.locator("table.data thead th").all_inner_texts()
    index = next(i for i, h in enumerate(headers) if h.strip().startswith(column)) + 1
    return page.locator(f"table.data tbody tr > :nth-child({index})").all_inner_texts()


def test_lists_number_their_rows_and_count_like_lightning(crm):
    episode, page, ui = crm
    total = episode.call("crm_list_accounts", limit=1)["total"]
    page.goto(ui("/accounts"))
    rows = page.locator("table.data tbody tr")
    numbers = rows.locator("td.rownum-col").all_inner_texts()
    assert numbers == [str(n) for n in range(1, rows.count() + 1)]
    # the row number sits left of the row checkbox
    first = rows.first
    assert (
        first.locator("td.rownum-col").bounding_box()["x"] < first.get_by_role("checkbox").bounding_box()["x"]
    )
    count = "25+ items" if total > 25 else f"{total} item{'' if total == 1 else 's'}"
    expect(page.locator(".list-meta")).to_contain_text(
        f"{count} • Sorted by Account Name • Filtered by All accounts • Updated a few seconds ago"
    )
    if total > 25:
        page.get_by_role("link", name=re.compile("Next")).first.click()
        assert page.locator("table.data tbody tr td.rownum-col").first.inner_text() == "26"


def test_default_columns_and_lightning_value_formats(crm):
    episode, page, ui = crm
    account = next(
        a
        for a in episode.call("crm_list_accounts", sort_by="name", limit=25)["records"]
        if a["annual_revenue"]
    )
    page.goto(ui("/accounts"))
    revenue = f"${float(account['annual_revenue']):,.0f}"
    assert revenue in _cells(page, "Annual Revenue") and not any(
        v.endswith(".00") for v in _cells(page, "Annual Revenue")
    )

    contact = next(
        c
        for c in episode.call("crm_list_contacts", sort_by="last_name", limit=25)["records"]
        if c["account_id"]
    )
    name = episode.call("crm_get_account", account_id=contact["account_id"])["account"]["name"]
    page.goto(ui("/contacts"))
    expect(page.locator("table.data thead")).to_contain_text("Account Name")
    if contact["email"]:  # Email as a mailto link, as Lightning's
        mail = page.locator("table.data tbody").get_by_role("link", name=contact["email"], exact=True).first
        expect(mail).to_have_attribute("href", f"mailto:{contact['email']}")
    assert name in _cells(page, "Account Name")
    expect(page.get_by_role("link", name=name).first).to_have_attribute(
        "href", re.compile(contact["account_id"])
    )

    opps = episode.call("crm_list_opportunities", sort_by="close_date", limit=25)["records"]
    page.goto(ui("/opportunities"))
    headers = [h.strip() for h in page.locator("table.data thead th").all_inner_texts()]
    assert headers.index("Account Name") == headers.index("Opportunity Name") + 1
    assert _cells(page, "Probability")[0] == f"{opps[0]['probability']:g}%"
    stage = page.locator("table.data tbody tr").first.locator("td", has_text=opps[0]["stage_name"]).first
    assert stage.locator(".slds-badge, .badge").count() == 0

    page.goto(ui("/leads"))
    assert page.locator("table.data tbody .slds-badge").count() == 0
    expect(page.locator("table.data thead")).to_contain_text("Created Date")


def test_header_logo_tab_chevrons_and_active_marker(crm):
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    header = page.locator("header.global-header .slds-global-header")
    expect(header.get_by_role("link", name="saasgym home")).to_be_visible()
    expect(header).not_to_contain_text("Sales")  # the app name is on the navigation bar only
    expect(page.locator(".app-name")).to_have_text("Sales")
    tabs = page.get_by_role("navigation", name="Sales tabs")
    for label in ("Accounts", "Contacts", "Leads", "Opportunities", "Products"):
        expect(tabs.get_by_role("button", name=f"{label} List")).to_be_visible()
    expect(tabs.get_by_role("button", name="Home List")).to_have_count(0)
    tabs.get_by_role("button", name="Contacts List").click()
    tabs.get_by_role("list", name="Contacts menu").get_by_role("link", name="New Contact").click()
    expect(page).to_have_url(re.compile(r"/contacts/new"))

    def marker(path: str) -> str:
        page.goto(ui(path))
        active = page.get_by_role("navigation", name="Sales tabs").locator(".slds-is-active")
        assert active.count() == 1
        return active.evaluate("e => getComputedStyle(e).boxShadow")

    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    on_list, on_record = marker("/accounts"), marker(f"/accounts/{account['id']}")
    assert on_list == on_record and "3px" in on_list
