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
