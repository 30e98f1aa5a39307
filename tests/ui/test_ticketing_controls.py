"""ServiceNow's controls, in real Chromium: a reference field's magnifier opens the lookup list and its (i)
previews the record it holds (pointer and keyboard); a change request shows its state flow and keeps its
assignment editable after New while its plan is locked; list views have row checkboxes, Select all, and the
"1 to 20 of N" pager with its arrows."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import expect


def test_a_reference_fields_lookup_list_and_preview(desk):
    episode, page, ui = desk
    user = episode.call("ticketing_list_users", department="Sales", limit=1)["records"][0]
    page.goto(ui("/incidents/new"))
    page.get_by_role("button", name="Look up using list: Caller").click()
    dialog = page.get_by_role("dialog", name="Look up: Caller")
    expect(dialog).to_be_visible()
    dialog.get_by_role("searchbox", name="Search").fill(user["last_name"])
    page.keyboard.press("Enter")
    pick = dialog.get_by_role("button", name=user["name"], exact=True)
    expect(pick).to_be_visible()
    pick.click()
    expect(dialog).to_be_hidden()
    caller = page.get_by_role("combobox", name="Caller", exact=True)
    expect(caller).to_have_value(user["name"])
    preview = page.get_by_role("button", name="Preview Caller record")
    preview.click()
    expect(preview).to_have_attribute("aria-expanded", "true")
    panel = page.locator(f"#{preview.get_attribute('aria-controls')}")
    expect(panel).to_contain_text(user["email"])
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()

    group = page.get_by_role("button", name="Look up using list: Assignment group")
    group.focus()
    page.keyboard.press("Enter")  # the keyboard: open, search, Tab to a row, Enter
    dialog = page.get_by_role("dialog", name="Look up: Assignment group")
    page.keyboard.type("Network")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("button", name="Network", exact=True)).to_be_visible()
    dialog.get_by_role("button", name="Network", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("combobox", name="Assignment group", exact=True)).to_have_value("Network")


def requested_change(episode, kind: str, title: str, days: int) -> dict:
    """A `kind` change on a Linux server `days` ahead, for the Service Desk, its approval requested (a
    standard one goes straight to Scheduled)."""
    ci = episode.call("ticketing_list_configuration_items", sys_class_name="cmdb_ci_linux_server", limit=1)
    start = (episode.now + timedelta(days=days)).replace(microsecond=0)
    chg = episode.call(
        "ticketing_create_change",
        short_description=title,
        type=kind,
        cmdb_ci=ci["records"][0]["sys_id"],
        assignment_group="Service Desk",
        start_date=start.isoformat(),
        end_date=(start + timedelta(hours=1)).isoformat(),
    )
    episode.call("ticketing_request_change_approval", change_id=chg["number"])
    return chg


def test_a_changes_state_flow_and_its_assignment_editable_after_new(desk):
    episode, page, ui = desk
    chg = requested_change(episode, "standard", "Standard patch window", 50)  # standard: Scheduled
    page.goto(ui(f"/changes/{chg['number']}"))
    flow = page.get_by_role("list", name="State flow")
    expect(flow.get_by_role("listitem")).to_have_text(
        [
            "New (completed)",  # a standard change is pre-approved: no Assess, no Authorize
            "Scheduled",
            "Implement",
            "Review",
            "Closed",
        ]
    )
    expect(flow.locator("[aria-current=step]")).to_have_text("Scheduled")
    expect(page.get_by_label("Short description", exact=True)).to_have_attribute("readonly", "")
    group = page.get_by_role("combobox", name="Assignment group", exact=True)
    group.fill("Network")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    after = episode.call("ticketing_get_change", change_id=chg["number"])["change"]
    assert after["assignment_group_name"] == "Network" and after["state_label"] == "Scheduled"
    update = next(e for e in reversed(episode.events()) if e.kind == "action" and e.name == "update_change")
    assert update.surface == "ui" and update.outcome == "ok"


def test_list_rows_are_selected_and_paged_one_to_twenty_of_n(desk):
    episode, page, ui = desk
    total = episode.call("ticketing_list_incidents", limit=1)["total"]
    assert total > 40
    page.goto(ui("/incidents"))
    pager = page.get_by_role("navigation", name="Pagination")
    expect(pager.get_by_role("textbox")).to_have_value("1")  # the editable first row
    expect(pager).to_contain_text(f"to 20 of {total}")
    table = page.get_by_role("table").first
    table.get_by_role("checkbox").nth(1).check()
    expect(page.get_by_role("status").filter(has_text="selected")).to_have_text("1 row selected")
    table.get_by_role("checkbox", name="Select all rows").check()
    expect(page.get_by_role("status").filter(has_text="selected")).to_have_text("20 rows selected")
    with page.expect_navigation():
        pager.get_by_role("link", name="Next page").click()
    expect(page.get_by_role("navigation", name="Pagination").get_by_role("textbox")).to_have_value("21")
    expect(page.get_by_role("navigation", name="Pagination")).to_contain_text(f"to 40 of {total}")
    last = page.get_by_role("navigation", name="Pagination").get_by_role("link", name="Last page")
    last.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("navigation", name="Pagination")).to_contain_text(
        re.compile(rf"to {total} of {total}")
    )
