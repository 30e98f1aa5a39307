"""UI16's record form header and related lists in a real Chromium: the paperclip (Manage Attachments), the
activity stream flyout, Personalize Form (fields hidden and shown again, mandatory ones kept), the ≡ menu, and
the related lists under the form as tabs with their counts, by pointer and keyboard."""

from __future__ import annotations

from playwright.sync_api import expect


def _incident_with_ci(episode):
    rows = episode.call("ticketing_list_incidents", active=True, limit=50)["records"]
    return next(r for r in rows if r.get("cmdb_ci"))


def test_header_icons_open_attachments_activity_and_personalize(desk):
    episode, page, ui = desk
    inc = _incident_with_ci(episode)
    page.goto(ui(f"/incidents/{inc['number']}"))
    page.get_by_role("button", name="Manage Attachments").click()
    dialog = page.get_by_role("dialog", name="Attachments")
    expect(dialog).to_contain_text("no attachments")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    stream = page.get_by_role("button", name="Activity stream")
    stream.click()
    expect(stream).to_have_attribute("aria-pressed", "true")
    flyout = page.get_by_role("complementary", name="Activity stream")
    expect(flyout).to_be_visible()
    first = episode.call("ticketing_get_incident", incident_id=inc["number"])["activity"]
    if first:
        expect(flyout).to_contain_text(first[0]["value"].splitlines()[0][:40])
    page.keyboard.press("Escape")  # the keyboard closes it
    expect(flyout).to_be_hidden()
    expect(stream).to_have_attribute("aria-pressed", "false")

    gear = page.get_by_role("button", name="Personalize Form")
    gear.click()
    box = page.get_by_role("dialog", name="Personalize Form")
    expect(box.get_by_role("checkbox", name="Show Caller")).to_be_disabled()  # mandatory: always shown
    box.get_by_role("checkbox", name="Show Channel").uncheck()
    expect(page.get_by_label("Channel", exact=True)).to_be_hidden()
    page.reload()  # kept in this browser for the table
    expect(page.get_by_label("Channel", exact=True)).to_be_hidden()
    gear.click()
    page.get_by_role("dialog", name="Personalize Form").get_by_role("checkbox", name="Show Channel").press(
        "Space"
    )
    expect(page.get_by_label("Channel", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Personalize Form")).to_be_hidden()
    expect(page.get_by_role("checkbox", name="Show Channel")).to_have_count(
        0
    )  # no second control while closed


def test_related_lists_are_tabs_with_counts_under_the_incident_form(desk):
    episode, page, ui = desk
    inc = _incident_with_ci(episode)
    slas = episode.call("ticketing_get_incident", incident_id=inc["number"])["task_slas"]
    page.goto(ui(f"/incidents/{inc['number']}"))
    related = page.get_by_role("tablist", name="Related lists")
    tabs = related.get_by_role("tab")
    expect(tabs).to_have_text(
        [f"Task SLAs ({len(slas)})", "Affected CIs (1)", "Child Incidents (0)", "Problems (0)"]
        + ["Change Requests (0)"]
    )
    expect(page.get_by_role("table", name="Task SLAs").locator("tbody tr")).to_have_count(max(len(slas), 1))
    tabs.first.focus()
    page.keyboard.press("ArrowRight")  # the keyboard moves along the tabs
    expect(tabs.nth(1)).to_have_attribute("aria-selected", "true")
    cis = page.get_by_role("table", name="Affected CIs")
    expect(cis.get_by_role("link", name=inc["cmdb_ci_name"])).to_be_visible()
    expect(page.get_by_role("table", name="Task SLAs")).to_be_hidden()
    tabs.nth(2).click()
    expect(page.get_by_role("table", name="Child Incidents")).to_contain_text("No records to display")
    cis_link = page.get_by_role("tab", name="Affected CIs (1)")
    cis_link.click()
    cis.get_by_role("link", name=inc["cmdb_ci_name"]).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(inc["cmdb_ci_name"])


def test_a_related_list_has_its_own_list_header(desk):
    """UI16's related list bar: ☰ (Refresh List), its title, Search by a column or any text, 1 to N of N."""
    episode, page, ui = desk
    changes = episode.call("ticketing_list_changes", limit=50)["records"]
    number, approvals = next(
        (c["number"], a)
        for c in changes
        if len(a := episode.call("ticketing_get_change", change_id=c["number"])["approvals"]) > 1
    )
    first = approvals[0]["approver_name"]
    page.goto(ui(f"/changes/{number}"))
    panel = page.get_by_role("tabpanel", name="Approvers")
    expect(panel.get_by_role("heading", name="Approvers")).to_be_visible()
    expect(panel).to_contain_text(f"1 to {len(approvals)} of {len(approvals)}")
    rows = panel.get_by_role("table", name="Approvers").locator("tbody tr:visible")
    panel.get_by_role("searchbox", name="Search Approvers").fill(first.split()[0].lower())
    expect(rows.first).to_contain_text(first)
    expect(panel).to_contain_text(f"1 to {rows.count()} of {rows.count()}")
    panel.get_by_role("combobox", name="Search Approvers by").select_option(label="State")  # not a state
    expect(rows).to_have_text(["No records to display"])
    panel.get_by_role("button", name="Approvers list controls").click()
    expect(panel.get_by_role("menuitem", name="Refresh List")).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("tab", name="Change Tasks (0)").click()
    expect(page.get_by_role("tabpanel", name="Change Tasks")).to_contain_text(f"Change request = {number}")
