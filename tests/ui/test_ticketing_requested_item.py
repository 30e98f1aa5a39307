"""ServiceNow's requested item (RITM) form in real Chromium: the variables the requester answered,
choice labels, reference comboboxes, and one Update making the service actions all or nothing."""

from __future__ import annotations

from playwright.sync_api import expect


def test_requested_item_form_saves_through_the_service_or_changes_nothing(desk):
    episode, page, ui = desk
    number = episode.call(
        "ticketing_order_catalog_item", item_id="External Monitor", variables=["size=27 inch"]
    )["number"]
    member = episode.call("ticketing_get_group_members", group="Service Desk")["records"][0]["name"]
    page.goto(ui(f"/requests/{number}"))
    expect(page.get_by_label("Item", exact=True)).to_have_value("External Monitor")
    expect(page.get_by_label("Stage", exact=True)).to_have_value("Fulfillment")
    expect(page.get_by_label("Size", exact=True)).to_have_value("27 inch")  # the variable's answer
    related = page.get_by_role("tablist", name="Related lists")  # UI16's related lists, as tabs with counts
    expect(related.get_by_role("tab", name="Catalog Tasks (1)")).to_be_visible()
    related.get_by_role("tab", name="Catalog Tasks (1)").click()
    expect(page.get_by_role("table", name="Catalog Tasks").get_by_role("row")).to_have_count(2)

    before = episode.state_hash()
    page.get_by_role("combobox", name="State", exact=True).select_option(label="Closed Complete")
    page.get_by_role("checkbox", name="Work notes").check()
    page.get_by_role("textbox", name="Work notes").fill("Monitor picked from stock")
    page.get_by_role("button", name="Update").first.click()  # its catalog task is still open: refused
    expect(page.get_by_role("alert")).to_contain_text("Invalid update")
    expect(page.get_by_role("alert")).to_contain_text("open catalog tasks")
    assert episode.state_hash() == before

    page.goto(ui(f"/requests/{number}"))
    page.get_by_role("combobox", name="State", exact=True).select_option(label="Work in Progress")
    group = page.get_by_role("combobox", name="Assignment group")
    group.fill("servi")
    expect(page.get_by_role("option", name="Service Desk")).to_be_visible()
    group.press("ArrowDown")
    group.press("Enter")
    page.get_by_role("combobox", name="Assigned to").fill(member)
    page.get_by_role("textbox", name="Additional comments (Customer visible)").fill(
        "Your monitor is on its way"
    )
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    item = episode.call("ticketing_get_requested_item", requested_item_id=number)
    got = item["item"]
    assert (got["state"], got["assignment_group_name"], got["assigned_to_name"]) == (
        2,
        "Service Desk",
        member,
    )
    assert [(a["element"], a["value"]) for a in item["activity"]] == [
        ("comments", "Your monitor is on its way")
    ]
    ran = [e.name for e in episode.events() if e.kind == "action" and e.surface == "ui" and e.outcome == "ok"]
    assert [n for n in ran if not n.startswith(("get_", "list_"))][-2:] == [
        "update_requested_item",
        "add_comment",
    ]
    expect(page.get_by_role("combobox", name="State", exact=True).locator("option:checked")).to_have_text(
        "Work in Progress"
    )
