"""The desk's UI16 list chrome and tabbed forms in real Chromium: the pager, breadcrumbs that drop later
conditions, the search by a chosen field, select-all with an action on the selected rows (through the
incident services), the (i) preview, column menus and Personalize List, and the incident form's section tabs
(click, arrow keys, the Tabbed forms preference of System Settings); axe finds nothing serious with menus and
tabs open."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations
from tests.ui.test_ticketing_controls import requested_change


def test_pager_moves_twenty_rows_at_a_time(desk):
    episode, page, ui = desk
    total = episode.call("ticketing_list_incidents", limit=1)["total"]
    page.goto(ui("/incidents"))
    pager = page.get_by_role("navigation", name="Pagination")
    first_row = pager.get_by_role("textbox", name="First row (Pagination)")  # UI16's editable first row
    expect(first_row).to_have_value("1")
    expect(pager).to_contain_text(f"to 20 of {total}")
    first_number = page.get_by_role("table").locator("tbody th a").first.inner_text()
    pager.get_by_role("link", name="Next page").click()
    pager = page.get_by_role("navigation", name="Pagination")
    expect(first_row).to_have_value("21")
    expect(pager).to_contain_text(f"to 40 of {total}")
    expect(page.get_by_role("table").locator("tbody th a").first).not_to_have_text(first_number)
    pager.get_by_role("link", name="First page").click()
    expect(first_row).to_have_value("1")
    top = page.get_by_role("navigation", name="Pages").get_by_role("textbox", name="First row (Pages)")
    top.fill("45")  # the page holding row 45: rows 41 to 60
    top.press("Enter")
    expect(first_row).to_have_value("41")
    assert parse_qs(urlsplit(page.url).query)["page"] == ["3"]


def test_column_search_row_runs_a_column_filter(desk):
    """The magnifier shows a search box under each searchable column; Enter adds its condition."""
    episode, page, ui = desk
    page.goto(ui("/incidents?sysparm_query=active=true"))
    boxes = page.get_by_role("searchbox", name="Search column: State")
    expect(boxes).to_be_hidden()
    toggle = page.get_by_role("button", name="Show column search row")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    boxes.fill("In Progress")
    boxes.press("Enter")
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).to_contain_text("Active = true")  # the list's conditions kept
    expect(crumbs).to_contain_text("State = In Progress")
    want = episode.call("ticketing_list_incidents", active=True, state=[2], limit=1)["total"]
    expect(page.locator("caption")).to_contain_text(f"{want} records")


def test_breadcrumb_link_drops_the_later_conditions(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents?sysparm_query=active=true^priority=4^state=2"))
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).to_contain_text("State = In Progress")
    crumbs.get_by_role("link", name="Priority = 4 - Low").click()
    assert parse_qs(urlsplit(page.url).query)["sysparm_query"] == ["active=true^priority=4"]
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).not_to_contain_text("State")
    want = episode.call("ticketing_list_incidents", active=True, priority=[4], limit=1)["total"]
    expect(page.locator("caption")).to_contain_text(f"{want} records")
    crumbs.get_by_role("link", name="All").click()
    expect(page.get_by_role("navigation", name="Filter conditions")).not_to_contain_text("Active")


def test_search_by_a_chosen_field(desk):
    episode, page, ui = desk
    group = episode.call("ticketing_list_groups")["records"][0]["name"]
    page.goto(ui("/incidents"))
    search = page.get_by_role("search", name="Search the list")
    field = search.get_by_role("combobox", name="Search by")
    expect(field).to_have_value("search")  # Keywords first, as UI16 searches its first field
    field.focus()
    page.keyboard.press("ArrowDown")  # the next field, by keyboard (a native select)
    expect(field).to_have_value("assignment_group")
    search.get_by_role("searchbox", name="Search for").fill(group)
    search.get_by_role("searchbox", name="Search for").press("Enter")
    expect(page.get_by_role("navigation", name="Filter conditions")).to_contain_text(
        f"Assignment group contains {group}"
    )
    want = episode.call("ticketing_list_incidents", assignment_group=group, limit=1)["total"]
    expect(page.locator("caption")).to_contain_text(f"{want} records")


def test_select_all_and_start_work_on_the_selected_rows(desk):
    episode, page, ui = desk
    new = episode.call("ticketing_list_incidents", state=[1], limit=20)["records"]
    assert new, "the tiny world has New incidents"
    page.goto(ui("/incidents?sysparm_query=state=1"))
    actions = page.get_by_role("button", name="Actions on selected rows…")
    expect(actions).to_be_disabled()  # nothing selected yet
    page.get_by_role("checkbox", name="Select all rows").check()
    expect(page.get_by_role("status").filter(has_text="selected")).to_have_text(f"{len(new)} rows selected")
    actions.click()
    menu = page.get_by_role("menu", name="Actions on selected rows")
    expect(menu.get_by_role("menuitem")).to_have_text(["Assign to me", "Start Work"])
    assert not _violations(page)
    menu.get_by_role("menuitem", name="Start Work").click()
    expect(page.get_by_role("status").first).to_contain_text(f"Start Work: {len(new)} of {len(new)} done.")
    assert parse_qs(urlsplit(page.url).query)["sysparm_query"] == ["state=1"]  # back on the same list
    for inc in new:
        assert episode.call("ticketing_get_incident", incident_id=inc["number"])["incident"]["state"] == 2
    started = [e for e in episode.events() if e.kind == "action" and e.name == "start_incident_work"]
    assert len(started) == len(new) and {e.surface for e in started} == {"ui"}


def test_an_action_refused_for_a_row_says_why(desk):
    episode, page, ui = desk
    closed = episode.call("ticketing_list_incidents", state=[7], limit=1)["records"][0]["number"]
    before = episode.state_hash()
    page.goto(ui(f"/incidents?sysparm_query=state=7&search={closed}"))
    page.get_by_role("checkbox", name=f"Select record {closed}").check()
    page.get_by_role("button", name="Actions on selected rows…").click()
    page.get_by_role("menuitem", name="Assign to me").click()
    status = page.get_by_role("status").first
    expect(status).to_contain_text("Assign to me: 0 of 1 done.")
    expect(status).to_contain_text(f"Not done: {closed}:")
    assert episode.state_hash() == before


def test_preview_column_menu_and_personalize(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    table = page.get_by_role("table").first
    number = table.locator("tbody th a").first.inner_text()
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    preview = page.get_by_role("button", name=f"Preview {number}")
    preview.click()
    card = page.get_by_role("group", name=f"Preview of {number}")
    expect(card).to_contain_text(inc["short_description"])
    expect(card.get_by_role("link", name="Open Record")).to_be_visible()
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()

    page.get_by_role("button", name="Short description column options").click()
    menu = page.get_by_role("menu", name="Short description column options")
    expect(menu.get_by_role("menuitem").first).to_be_focused()
    assert not _violations(page)
    menu.get_by_role("menuitem", name="Hide column").click()
    expect(page.get_by_role("columnheader", name="Short description")).to_be_hidden()
    page.get_by_role("button", name="Personalize List").click()
    box = page.get_by_role("checkbox", name="Show Short description column")
    expect(box).not_to_be_checked()
    assert not _violations(page)
    box.check()
    expect(page.get_by_role("columnheader", name="Short description")).to_be_visible()

    page.get_by_role("button", name="Opened column options").click()
    page.get_by_role("menuitem", name="Sort (z to a)").click()
    expect(page.get_by_role("columnheader", name="Opened")).to_have_attribute("aria-sort", "descending")
    shown = page.get_by_role("table").first.locator("tbody td .sn-dt").all_inner_texts()
    assert shown == sorted(shown, reverse=True)


def test_priority_dots_for_critical_and_high(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents?sysparm_query=priority=1^ORpriority=2"))
    cells = page.get_by_role("table").first.locator("tbody td:has(.sn-dot)")
    want = episode.call("ticketing_list_incidents", priority=[1, 2], limit=20)["records"]
    expect(cells).to_have_count(len(want))
    expect(cells.first.locator(".sn-dot")).to_have_attribute("aria-hidden", "true")  # the text says it
    page.goto(ui("/incidents?sysparm_query=priority=5"))
    expect(page.get_by_role("table").first.locator(".sn-dot")).to_have_count(0)


def test_incident_sections_are_tabs(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", state=[2], limit=1)["records"][0]["number"]
    page.goto(ui(f"/incidents/{number}"))
    tabs = page.get_by_role("tablist", name="Incident sections").get_by_role("tab")
    expect(tabs).to_have_text(["Notes", "Related Records", "Resolution Information"])
    notes, related, resolution = (
        page.get_by_role("tab", name=n, exact=True)
        for n in ("Notes", "Related Records", "Resolution Information")
    )
    expect(notes).to_have_attribute("aria-selected", "true")
    expect(page.get_by_label("Resolution code")).to_be_hidden()  # in the page, behind its tab
    resolution.click()
    expect(page.get_by_label("Resolution code")).to_be_visible()
    expect(page.get_by_role("tabpanel", name="Notes")).to_be_hidden()
    assert not _violations(page)
    resolution.press("ArrowLeft")
    expect(related).to_be_focused()
    expect(related).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel", name="Related Records").get_by_label("Problem")).to_be_visible()
    related.press("ArrowRight")
    related.press("End")
    expect(resolution).to_be_focused()
    resolution.press("Home")
    expect(notes).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("textbox", name="Additional comments (Customer visible)")).to_be_visible()

    switch = _tabbed_forms(page)
    switch.click()  # the preference off (System Settings): every section, one under another
    expect(switch).not_to_be_checked()
    page.keyboard.press("Escape")
    expect(page.get_by_label("Resolution code")).to_be_visible()
    expect(page.get_by_role("heading", name="Related Records")).to_be_visible()
    page.reload()  # kept in this browser
    expect(page.get_by_label("Resolution code")).to_be_visible()
    _tabbed_forms(page).click()
    expect(page.get_by_label("Resolution code")).to_be_hidden()


def _tabbed_forms(page):
    """The Tabbed forms switch of System Settings (the banner's gear), its dialog opened."""
    page.get_by_role("button", name="System Settings").click()
    return page.get_by_role("dialog", name="System Settings").get_by_role("switch", name="Tabbed forms")


def test_change_sections_are_tabs(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_changes", limit=1)["records"][0]["number"]
    page.goto(ui(f"/changes/{number}"))
    tabs = page.get_by_role("tablist", name="Change request sections").get_by_role("tab")
    expect(tabs.first).to_have_text("Planning")
    expect(tabs.nth(1)).to_have_text("Schedule")
    expect(tabs.nth(2)).to_have_text("Conflicts")
    expect(tabs.nth(3)).to_have_text("Notes")
    expect(page.get_by_label("Planned start date")).to_be_hidden()
    page.get_by_role("tab", name="Schedule").click()
    expect(page.get_by_label("Planned start date")).to_be_visible()
    page.get_by_role("tab", name="Schedule").press("ArrowRight")
    expect(page.get_by_role("table", name="Conflicts")).to_be_visible()
    assert not _violations(page)


def test_my_approvals_breadcrumb_sort_arrow_and_decisions_on_selected_rows(desk):
    episode, page, ui = desk
    chg = requested_change(episode, "emergency", "Emergency disk swap", 40)  # one more to decide
    pending = [a["record_number"] for a in episode.call("ticketing_list_approvals", limit=50)["records"]]
    first, second = chg["number"], next(n for n in pending if n != chg["number"])
    page.goto(ui("/approvals"))
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).to_contain_text("Approver is (dynamic) Me")
    expect(crumbs).to_contain_text("State = Requested")
    expect(page.get_by_role("columnheader", name="Created")).to_have_attribute("aria-sort", "descending")
    page.get_by_role("checkbox", name=f"Select record {second}").check()
    page.get_by_role("button", name="Actions on selected rows…").click()
    page.get_by_role("menuitem", name="Reject").click()  # a rejection needs its comments
    expect(page.get_by_role("status").first).to_contain_text("Reject: 0 of 1 done.")
    page.get_by_role("checkbox", name=f"Select record {second}").check()
    page.get_by_label("Comments").fill("Not in this window")
    page.get_by_role("button", name="Actions on selected rows…").click()
    page.get_by_role("menuitem", name="Reject").click()
    expect(page.get_by_role("status").first).to_contain_text("Reject: 1 of 1 done.")
    page.get_by_role("checkbox", name=f"Select record {first}").check()
    page.get_by_role("button", name="Actions on selected rows…").click()
    page.get_by_role("menuitem", name="Approve").click()
    expect(page.get_by_role("status").first).to_contain_text("Approve: 1 of 1 done.")
    left = {a["record_number"] for a in episode.call("ticketing_list_approvals", limit=50)["records"]}
    assert first not in left and second not in left
    page.goto(ui("/problems"))  # a service's fixed order shows its arrow; the footer menu is there
    expect(page.get_by_role("columnheader", name="Number")).to_have_attribute("aria-sort", "descending")
    expect(page.get_by_role("button", name="Actions on selected rows…")).to_be_visible()
