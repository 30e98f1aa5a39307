"""The ticketing create/edit forms in a real Chromium: New Incident, Edit, New Change, knowledge drafts
(the catalog's order form: test_ticketing_catalog); rule violations shown at the field, nothing written."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def _user(episode, **filters):
    return episode.call("ticketing_list_users", limit=1, **filters)["records"][0]


def _action(episode, name):
    return next(e for e in reversed(episode.events()) if e.kind == "action" and e.name == name)


def _number_from(page):
    return page.url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]


def test_create_incident_through_the_form(desk):
    episode, page, ui = desk
    caller = _user(episode, department="Sales")
    ci = episode.call("ticketing_list_configuration_items", limit=1)["records"][0]
    member = episode.call("ticketing_get_group_members", group="Network")["records"][0]
    page.goto(ui("/incidents?active=true"))
    page.get_by_role("button", name="New", exact=True).click()
    expect(page).to_have_title(re.compile("^New Incident"))
    page.get_by_label("Caller").fill(caller["name"])
    page.get_by_label("Category", exact=True).select_option(label="Network")
    page.get_by_label("Subcategory").select_option(label="VPN")
    page.get_by_label("Configuration item").fill(ci["name"])
    page.get_by_label("Impact").select_option(label="2 - Medium")
    page.get_by_label("Urgency").select_option(label="1 - High")
    expect(page.get_by_label("Priority")).to_have_text("2 - High")
    page.get_by_role("textbox", name="Short description", exact=True).fill("VPN drops every hour")
    page.get_by_label("Description", exact=True).fill("Since Monday, on the office Wi-Fi.")
    page.get_by_label("Assignment group").fill("Network")
    page.get_by_label("Assigned to").fill(member["name"])
    page.get_by_role("button", name="Submit").first.click()

    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = _number_from(page)
    expect(page.get_by_role("heading", level=1)).to_have_text(number)
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert (inc["caller_id"], inc["category"], inc["subcategory"], inc["cmdb_ci"]) == (
        caller["sys_id"],
        "network",
        "vpn",
        ci["sys_id"],
    )
    assert (inc["impact"], inc["urgency"], inc["priority"], inc["assigned_to"]) == (2, 1, 2, member["sys_id"])
    assert inc["short_description"] == "VPN drops every hour"
    inserted = [c for c in episode.diff() if c.table == "ticketing_incident" and c.op == "insert"]
    assert [c.pk for c in inserted] == [inc["sys_id"]]

    action = _action(episode, "create_incident")
    assert action.surface == "ui" and action.outcome == "ok" and action.args["caller_id"] == caller["sys_id"]
    (click,) = [e for e in episode.events() if e.kind == "browser" and e.parent == action.seq]
    assert (click.name, click.detail["role"], click.detail["name"]) == ("click", "button", "Submit")
    typed = next(
        e for e in episode.events() if e.name == "type" and e.detail.get("name") == "Short description"
    )
    assert typed.detail["value"] == "VPN drops every hour" and typed.parent is None


def test_rule_violation_is_shown_at_the_field_and_writes_nothing(desk):
    episode, page, ui = desk
    caller = _user(episode, department="Sales")
    outsider = next(
        u
        for u in episode.call("ticketing_list_users", limit=50)["records"]
        if u["sys_id"]
        not in {m["sys_id"] for m in episode.call("ticketing_get_group_members", group="Network")["records"]}
    )
    before = episode.state_hash()
    page.goto(ui("/incidents/new"))
    page.get_by_label("Caller").fill(caller["name"])
    page.get_by_role("textbox", name="Short description", exact=True).fill("Printer on fire")
    page.get_by_label("Assignment group").fill("Network")
    page.get_by_label("Assigned to").fill(outsider["name"])
    page.get_by_role("button", name="Submit").first.click()

    expect(page.get_by_role("alert")).to_contain_text("Assigned to")
    field = page.get_by_label("Assigned to")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#f-assigned_to-error")).to_contain_text("is not a member of Network")
    expect(page.get_by_role("textbox", name="Short description", exact=True)).to_have_value("Printer on fire")
    assert episode.state_hash() == before
    refused = _action(episode, "create_incident")
    assert refused.surface == "ui" and refused.outcome != "ok"

    page.get_by_label("Caller").fill("Nobody Of That Name")  # an unknown reference: no action runs
    page.get_by_role("button", name="Submit").first.click()
    expect(page.locator("#f-caller_id-error")).to_contain_text("No user named")
    assert episode.state_hash() == before


def test_edit_incident_urgency_recomputes_priority(desk):
    episode, page, ui = desk
    caller = _user(episode, department="Sales")
    number = episode.call(
        "ticketing_create_incident", caller_id=caller["sys_id"], short_description="Slow laptop"
    )["number"]
    page.goto(ui(f"/incidents/{number}"))  # the record page is its edit form
    expect(page.get_by_role("heading", level=1)).to_have_text(number)
    expect(page.get_by_label("Caller")).to_have_value(caller["name"])
    page.get_by_label("Urgency").select_option("1")
    page.get_by_label("Impact").select_option("1")
    page.get_by_role("button", name="Update").first.click()

    expect(page.get_by_role("status")).to_contain_text("Record updated")
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert (inc["impact"], inc["urgency"], inc["priority"], inc["caller_id"]) == (1, 1, 1, caller["sys_id"])
    action = _action(episode, "update_incident")
    assert action.surface == "ui" and action.args["urgency"] == 1
    assert any(e.kind == "browser" and e.parent == action.seq for e in episode.events())


def test_create_change_request(desk):
    episode, page, ui = desk
    ci = episode.call("ticketing_list_configuration_items", sys_class_name="cmdb_ci_linux_server", limit=1)[
        "records"
    ][0]
    service = episode.call("ticketing_list_configuration_items", sys_class_name="cmdb_ci_service", limit=1)[
        "records"
    ][0]
    page.goto(ui("/changes"))
    page.get_by_role("button", name="New", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Create New Change")
    page.get_by_role("link", name="Emergency", exact=True).click()  # UI16's change model tiles
    expect(page.get_by_label("Type")).to_have_value("emergency")
    page.get_by_label("Configuration item").fill(ci["name"])
    page.get_by_label("Service", exact=True).fill(ci["name"])  # not a business service: refused there
    page.get_by_label("Risk").select_option(label="High")
    page.get_by_role("textbox", name="Short description", exact=True).fill("Patch the kernel")
    sections = page.get_by_role("tablist", name="Change Request sections").get_by_role("tab")
    expect(sections).to_have_text(["Planning", "Schedule", "Conflicts", "Notes"])  # UI16's section tabs
    me = episode.call("ticketing_get_current_user")["name"]
    expect(page.get_by_label("Requested by")).to_have_value(me)
    sections.nth(1).click()
    page.get_by_label("Planned start date").fill("2031-03-01T22:00")
    page.get_by_label("Planned end date").fill("2031-03-01T21:00")  # before the start: refused
    page.get_by_role("button", name="Submit").first.click()
    expect(page.locator("#f-end_date-error")).to_contain_text("after the planned start")  # its tab opened
    page.get_by_label("Planned end date").fill("2031-03-01T23:30")
    sections.first.click()
    page.get_by_label("Backout plan").fill("Boot the previous kernel")
    page.get_by_role("button", name="Submit").first.click()
    expect(page.locator("#f-business_service-error")).to_contain_text("not a business service")
    page.get_by_label("Service", exact=True).fill(service["name"])
    page.get_by_role("button", name="Submit").first.click()

    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = _number_from(page)
    chg = episode.call("ticketing_get_change", change_id=number)["change"]
    assert (chg["type"], chg["risk"], chg["cmdb_ci"], chg["backout_plan"], chg["business_service"]) == (
        "emergency",
        2,
        ci["sys_id"],
        "Boot the previous kernel",
        service["sys_id"],
    )
    assert chg["start_date"].startswith("2031-03-01T22:00") and chg["end_date"].startswith("2031-03-01T23:30")
    assert _action(episode, "create_change").surface == "ui"

    # the record page is the form: a New change is edited in place; choices show their labels
    expect(page.get_by_label("Type", exact=True)).to_have_value("Emergency")
    expect(page.get_by_label("Planned start date")).to_have_value("2031-03-01 22:00:00")  # UI16's format
    page.get_by_label("Test plan").fill("Reboot twice")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    assert episode.call("ticketing_get_change", change_id=number)["change"]["test_plan"] == "Reboot twice"


def test_write_and_edit_a_knowledge_draft(desk):
    episode, page, ui = desk
    page.goto(ui("/kb"))
    page.get_by_role("button", name="New", exact=True).click()
    page.get_by_label("Title").fill("Resetting a frozen dock")
    page.get_by_label("Article body").fill("Unplug it for ten seconds.")
    page.get_by_label("Category", exact=True).fill("Hardware")
    page.get_by_role("button", name="Submit").first.click()
    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = _number_from(page)

    page.get_by_role("button", name="Edit").click()
    page.get_by_label("Article body").fill("")  # the body is mandatory: refused at the field
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_label("Article body")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Article body").fill("Unplug it for ten seconds, then plug it back in.")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    art = episode.call("ticketing_get_knowledge_article", article_id=number)["article"]
    assert (art["workflow_state"], art["kb_category"], art["text"]) == (
        "draft",
        "Hardware",
        "Unplug it for ten seconds, then plug it back in.",
    )

    # the form header's UI actions follow the workflow: draft -> review -> published
    actions = page.get_by_role("group", name="Article actions")
    expect(actions.get_by_role("button", name="Publish")).to_have_count(0)
    actions.get_by_role("button", name="Submit for Review").click()
    expect(page.get_by_role("status")).to_contain_text("Article submitted for review")
    expect(actions.get_by_role("button", name="Edit")).to_have_count(0)
    episode.call("ticketing_publish_knowledge_article", article_id=number)  # published meanwhile
    hash_before = episode.state_hash()
    actions.get_by_role("button", name="Publish", exact=True).click()  # the stale page's button: refused
    expect(page.get_by_role("alert")).to_be_visible()
    assert episode.state_hash() == hash_before
    expect(actions.get_by_role("button", name="Retire", exact=True)).to_be_hidden()  # not on its face
    actions.get_by_role("button", name="More actions").click()  # the header's context menu
    expect(actions.get_by_role("button", name="Retire", exact=True)).to_be_visible()
    art = episode.call("ticketing_get_knowledge_article", article_id=number)["article"]
    assert (art["workflow_state"], art["version"]) == ("published", "1.0")
    refused = _action(episode, "publish_knowledge_article")
    assert (refused.surface, refused.outcome) == ("ui", "error")


def test_new_problem_and_edit_it(desk):
    episode, page, ui = desk
    page.goto(ui("/problems"))
    page.get_by_role("button", name="New", exact=True).click()
    page.get_by_role("textbox", name="Short description", exact=True).fill("Recurring VPN drops")
    page.get_by_label("Impact").select_option("1")
    page.get_by_role("button", name="Submit").first.click()
    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = _number_from(page)
    expect(page.get_by_label("State", exact=True)).to_have_attribute("readonly", "")  # the buttons move it
    page.get_by_role("button", name="Assess").first.click()
    expect(page.get_by_role("listitem").filter(has_text="Assess").first).to_have_attribute(
        "aria-current", "step"
    )
    page.get_by_label("Cause notes").fill("Gateway firmware")  # the record page is the form
    page.get_by_role("button", name="Confirm").first.click()
    expect(page.get_by_role("status")).to_contain_text("Root Cause Analysis")
    prb = episode.call("ticketing_get_problem", problem_id=number)["problem"]
    assert (prb["state"], prb["cause_notes"], prb["impact"], prb["priority"]) == (
        103,
        "Gateway firmware",
        1,
        3,
    )


def test_standard_change_from_a_template_is_pre_approved(desk):
    episode, page, ui = desk
    page.goto(ui("/changes/new"))
    cards = page.get_by_role("list", name="Change types").get_by_role("listitem")
    expect(cards).to_have_count(3)
    expect(cards.nth(1)).to_contain_text("require approval and CAB authorization")
    page.get_by_role("link", name="Standard", exact=True).focus()
    page.keyboard.press("Enter")  # the keyboard opens a card
    expect(page.get_by_role("heading", level=1)).to_have_text("Standard Change Catalog")
    expect(page.get_by_role("list", name="Service templates").get_by_role("link")).to_have_count(2)
    page.get_by_role("searchbox", name="Search standard change templates").fill("restart")
    page.keyboard.press("Enter")  # the catalog's search: the matching templates as rows
    results = page.get_by_role("list", name="Standard change templates").get_by_role("link")
    expect(results).to_have_text(["Restart an application service"])
    results.click()
    expect(page.get_by_label("Type")).to_have_value("standard")
    expect(page.get_by_role("textbox", name="Short description", exact=True)).to_have_value(
        "Restart an application service"
    )
    expect(page.get_by_label("Backout plan")).to_have_value(
        "Start the service from the last known good configuration."
    )
    page.get_by_role("button", name="Submit").first.click()
    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = _number_from(page)
    chg = episode.call("ticketing_get_change", change_id=number)["change"]
    assert (chg["type"], chg["approval"], chg["category"]) == ("standard", "approved", "Service")


def test_date_time_fields_pick_from_the_calendar_by_pointer_and_keyboard(desk):
    episode, page, ui = desk
    page.goto(ui("/changes/new?type=normal"))
    page.get_by_role("tab", name="Schedule").click()
    start = page.get_by_label("Planned start date")
    page.get_by_role("button", name="Select Planned start date date and time").click()
    calendar = page.get_by_role("dialog", name="Date picker")
    month = calendar.get_by_role("heading").inner_text()
    calendar.get_by_role("button", name="Next month").click()
    expect(calendar.get_by_role("heading")).not_to_have_text(month)
    day = calendar.get_by_role("button", name=re.compile(r"-15$"))
    date = day.get_attribute("aria-label")
    day.click()
    calendar.get_by_label("Time (HH:mm:ss)").fill("22:30:00")
    calendar.get_by_role("button", name="Save date").click()
    expect(calendar).to_be_hidden()
    expect(start).to_have_value(f"{date} 22:30:00")

    end_button = page.get_by_role("button", name="Select Planned end date date and time")
    end_button.focus()
    page.keyboard.press("Enter")  # the keyboard: open, move a day on, pick it, save with Enter in the time
    calendar = page.get_by_role("dialog", name="Date picker")
    expect(calendar).to_be_visible()
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert moved > focused
    page.keyboard.press("Enter")
    calendar.get_by_label("Time (HH:mm:ss)").fill("23:45:00")
    calendar.get_by_label("Time (HH:mm:ss)").press("Enter")
    expect(calendar).to_be_hidden()
    expect(page.get_by_label("Planned end date")).to_have_value(f"{moved} 23:45:00")
    expect(end_button).to_be_focused()

    page.get_by_label("Planned end date").fill(f"{date} 23:45:00")  # typed in UI16's format
    page.get_by_label("Risk").select_option(label="Low")
    page.get_by_role("textbox", name="Short description", exact=True).fill("Rotate the TLS certificate")
    page.get_by_role("button", name="Submit").first.click()
    expect(page.get_by_role("status")).to_contain_text("has been created")
    chg = episode.call("ticketing_get_change", change_id=_number_from(page))["change"]
    assert chg["start_date"].startswith(f"{date}T22:30") and chg["end_date"].startswith(f"{date}T23:45")
    create = _action(episode, "create_change")
    assert create.args["start_date"] == f"{date}T22:30"  # sent as ISO 8601, as over MCP


def test_the_new_incident_form_is_laid_out_as_the_saved_one(desk):
    """Same two columns (Caller under Number on the left, Channel and State on the right) and section tabs."""
    _, page, ui = desk
    page.goto(ui("/incidents/new"))
    names = ("number", "caller_id", "contact_type", "state")
    box = {n: page.locator(f"#f-{n}").bounding_box() for n in names}
    assert box["number"]["x"] == box["caller_id"]["x"] < box["contact_type"]["x"] == box["state"]["x"]
    y = [page.locator(f"#f-{n}").bounding_box()["y"] for n in ("caller_id", "category", "assigned_to")]
    assert y == sorted(y)
    tabs = page.get_by_role("tablist", name="Incident sections").get_by_role("tab")
    expect(tabs).to_have_text(["Notes", "Related Records", "Resolution Information"])
    tabs.nth(2).click()
    expect(page.get_by_label("Resolution code")).to_have_attribute("readonly", "")
