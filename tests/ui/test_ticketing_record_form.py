"""ServiceNow's one editable incident form in real Chromium: a reference field's type-ahead combobox
driven by the keyboard, choice labels, one submit making several service actions all or nothing."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_one_submit_edits_assigns_and_resolves_or_changes_nothing(desk):
    episode, page, ui = desk
    caller = episode.call("ticketing_list_users", department="Sales", limit=1)["records"][0]["sys_id"]
    number = episode.call(
        "ticketing_create_incident", caller_id=caller, short_description="Laptop fan noisy"
    )["number"]
    page.goto(ui(f"/incidents/{number}"))
    expect(page.get_by_role("combobox", name="State", exact=True).locator("option:checked")).to_have_text(
        "New"
    )
    expect(page.get_by_role("combobox", name="Impact", exact=True).locator("option:checked")).to_have_text(
        "3 - Low"
    )

    group = page.get_by_role("combobox", name="Assignment group")
    group.fill("servi")
    expect(group).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("option", name="Service Desk")).to_be_visible()
    group.press("ArrowDown")
    group.press("Enter")
    expect(group).to_have_value("Service Desk")
    expect(group).to_have_attribute("aria-expanded", "false")
    page.get_by_role("combobox", name="Urgency", exact=True).select_option(label="1 - High")
    expect(page.get_by_label("Priority", exact=True)).to_have_value("3 - Moderate")
    before = episode.state_hash()

    page.get_by_role("tab", name="Resolution Information").click()  # a section of its own (tabbed form)
    page.get_by_label("Resolution notes").fill("Cleaned the fan")
    page.get_by_role("button", name="Resolve").first.click()  # no resolution code: refused, nothing kept
    expect(page.get_by_role("alert")).to_contain_text("Invalid update")
    expect(page.get_by_role("alert")).to_contain_text("resolution code")
    expect(group).to_have_value("Service Desk")  # the typed values stay
    assert episode.state_hash() == before
    # every call of the refused save is logged as made over MCP: the accepted ones rolled back
    tried = [e for e in episode.events() if e.kind == "action" and not e.name.startswith(("get_", "list_"))]
    assert [(e.name, e.outcome) for e in tried[-3:]] == [
        ("update_incident", "rolled_back"),
        ("assign_incident", "rolled_back"),
        ("resolve_incident", "error"),
    ]
    assert tried[-3].args == {"incident_id": number, "urgency": 1}
    assert "resolve_incident was refused" in tried[-3].error and "resolution code" in tried[-1].error
    ticks = [e.tick for e in episode.events()]
    assert ticks == sorted(ticks) and len({e.seq for e in episode.events()}) == len(ticks)
    assert (episode.now - episode.world.now).total_seconds() == ticks[-1]  # the clock_intact gate holds
    clicked = [e for e in episode.events() if e.kind == "browser" and e.parent == tried[-3].seq]
    assert clicked, "the click that made the save points at its first call"
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert (inc["urgency"], inc["assignment_group"]) == (3, None)

    expect(page.get_by_role("tab", name="Resolution Information")).to_have_attribute("aria-selected", "true")
    page.get_by_label("Resolution code").select_option("Solution provided")
    page.get_by_role("button", name="Resolve").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert (inc["state"], inc["urgency"], inc["assignment_group_name"]) == (6, 1, "Service Desk")
    assert inc["close_notes"] == "Cleaned the fan"
    ui_ok = [e for e in episode.events() if e.kind == "action" and e.surface == "ui" and e.outcome == "ok"]
    ran = [e.name for e in ui_ok if not e.name.startswith(("get_", "list_"))]
    assert ran[-3:] == ["update_incident", "assign_incident", "resolve_incident"]
    expect(page.get_by_role("button", name="Reopen Incident").first).to_be_visible()  # per state
    expect(page.get_by_role("button", name="Resolve")).to_have_count(0)


def test_unknown_reference_is_reported_at_its_field(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    page.goto(ui(f"/incidents/{number}"))
    before = episode.state_hash()
    page.get_by_role("combobox", name="Configuration item").fill("No Such Server 9000")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("alert")).to_contain_text("No configuration item named")
    expect(page.get_by_role("combobox", name="Configuration item")).to_have_attribute("aria-invalid", "true")
    assert episode.state_hash() == before


def test_navigator_filter_narrows_modules(desk):
    _, page, ui = desk
    page.goto(ui("/incidents?active=true"))
    nav = page.get_by_role("navigation", name="Application navigator")
    incident = nav.get_by_role("list", name="Incident")  # each application's modules, named by it
    nav.get_by_role("searchbox", name="Filter navigator").fill("known")
    expect(nav.get_by_role("list", name="Problem").get_by_role("link", name="Known Error")).to_be_visible()
    expect(incident.get_by_role("link", name="Open", exact=True)).to_be_hidden()
    nav.get_by_role("searchbox", name="Filter navigator").fill("incident")
    expect(incident.get_by_role("link", name="Assigned to me")).to_be_visible()
    incident.get_by_role("link", name="Open - Unassigned").click()
    expect(page.get_by_role("navigation", name="Filter conditions")).to_contain_text("Unassigned = true")


def test_knowledge_reader_shows_sanitized_html_not_tags(desk):
    episode, page, ui = desk
    body = (
        "<p>Open <b>Settings</b> first.</p><ul><li>Step one</li></ul>"
        '<script>document.title="owned"</script><img src="x" onerror="document.title=\'owned\'">'
    )
    art = episode.call(
        "ticketing_create_knowledge_article",
        short_description="Fixing the dock",
        text=body,
        kb_category="Hardware",
    )
    page.goto(ui(f"/kb/{art['number']}"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Fixing the dock")
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    expect(crumbs.get_by_role("link", name="Hardware")).to_be_visible()
    reader = page.get_by_role("region", name="Article")
    expect(reader.get_by_role("listitem")).to_have_text("Step one")  # rendered HTML, not "<li>"
    expect(reader).not_to_contain_text("<p>")
    assert reader.locator("script, [onerror]").count() == 0
    assert "owned" not in page.title()
    expect(page.get_by_text("sys_id")).to_have_count(0)  # no sys fields
    page.get_by_role("button", name="Submit for Review").click()
    expect(page.get_by_role("status")).to_contain_text("Article submitted for review")
    assert (
        episode.call("ticketing_get_knowledge_article", article_id=art["number"])["article"]["workflow_state"]
        == "review"
    )
    helpful = page.get_by_role("group", name="Helpful?")  # the reader's feedback, kept in this browser
    helpful.get_by_role("button", name="Yes").click()
    expect(helpful.get_by_role("button", name="Yes")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("Thank you for your feedback.")).to_be_visible()
    page.get_by_role("group", name="Rate this article").get_by_title("4 stars").click()  # the 4th star
    expect(page.get_by_text("Thank you for rating this article: 4 of 5 stars.")).to_be_visible()
    page.reload()
    expect(page.get_by_role("radio", name="4 stars")).to_be_checked()
    expect(page.get_by_role("group", name="Helpful?").get_by_role("button", name="Yes")).to_have_attribute(
        "aria-pressed", "true"
    )
    side = page.get_by_role("complementary", name="More articles")  # related and most viewed
    expect(side.get_by_role("heading", name="Most viewed")).to_be_visible()
    page.get_by_role("button", name="Flag Article").click()
    page.get_by_label("What is wrong with this article?").fill("Step two is out of date")
    page.get_by_role("form", name="Flag this article").get_by_role("button", name="Submit").click()
    expect(page.get_by_text("the article is flagged")).to_be_visible()
    page.get_by_role("searchbox", name="Search knowledge").fill("dock")
    page.get_by_role("searchbox", name="Search knowledge").press("Enter")
    expect(page).to_have_url(re.compile(r"/kb\?query=dock"))


def _problem_with_incident(episode):
    number = episode.call("ticketing_create_problem", short_description="VPN drops every hour")["number"]
    inc = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    episode.call("ticketing_link_incident_to_problem", incident_id=inc, problem_id=number)
    return number, inc


def _saves(episode, n):
    tried = [e for e in episode.events() if e.kind == "action" and not e.name.startswith(("get_", "list_"))]
    return [(e.name, e.surface, e.outcome) for e in tried[-n:]]


def test_problem_form_saves_known_error_and_work_note(desk):
    episode, page, ui = desk
    number, inc = _problem_with_incident(episode)
    page.goto(ui(f"/problems/{number}/edit"))  # the old Edit address opens the form
    expect(page.get_by_role("heading", level=1)).to_have_text(number)
    incidents = page.get_by_role("tabpanel", name="Incidents")
    expect(incidents.get_by_role("link", name=inc)).to_be_visible()
    page.get_by_label("Workaround").fill("Reconnect over the wired network")
    page.get_by_label("Known error").check()
    page.get_by_role("tab", name="Notes", exact=True).click()  # the form's section tabs
    page.get_by_label("Work notes").fill("Seen on three sites")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    assert _saves(episode, 3) == [
        ("update_problem", "ui", "ok"),
        ("add_work_note", "ui", "ok"),
        ("mark_known_error", "ui", "ok"),
    ]
    page.reload()
    page.get_by_role("tab", name="Notes", exact=True).click()
    expect(page.get_by_role("list", name="Activity stream")).to_contain_text("Seen on three sites")
    expect(page.get_by_label("Known error")).to_be_checked()
    expect(page.get_by_label("Known error")).to_be_disabled()
    expect(page.get_by_label("State", exact=True)).to_have_value("Fix in Progress")  # a known error is
    prb = episode.call("ticketing_get_problem", problem_id=number)["problem"]
    assert (prb["state"], prb["known_error"], prb["workaround"]) == (
        104,
        True,
        "Reconnect over the wired network",
    )


def test_problem_resolve_is_refused_whole_then_resolves(desk):
    episode, page, ui = desk
    number, _ = _problem_with_incident(episode)
    episode.call("ticketing_update_problem", problem_id=number, state=104)  # Resolve is Fix in Progress's
    page.goto(ui(f"/problems/{number}"))
    before = episode.state_hash()
    page.get_by_role("textbox", name="Short description", exact=True).fill("VPN drops on Wi-Fi")
    page.get_by_role("tab", name="Resolution Information").click()  # the form's section tabs
    page.get_by_label("Resolution code").select_option(label="Fix Applied")
    page.get_by_role("button", name="Resolve").first.click()  # no cause notes: refused, the edit rolled back
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Invalid update. Cause notes:")
    expect(alert).to_contain_text("needs the root cause")
    expect(page.get_by_label("Cause notes")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("textbox", name="Short description", exact=True)).to_have_value(
        "VPN drops on Wi-Fi"
    )
    assert episode.state_hash() == before
    assert _saves(episode, 2) == [("update_problem", "ui", "rolled_back"), ("resolve_problem", "ui", "error")]

    page.get_by_label("Cause notes").fill("Gateway firmware")  # its tab opened at the refusal
    page.get_by_role("tab", name="Resolution Information").click()
    page.get_by_label("Fix notes").fill("Firmware upgraded")
    page.get_by_role("button", name="Resolve").first.click()
    expect(page.get_by_role("status")).to_contain_text("Problem resolved")
    expect(page.get_by_role("button", name="Resolve")).to_have_count(0)  # resolved: read-only
    expect(page.get_by_label("Resolution code")).to_have_value("Fix Applied")
    prb = episode.call("ticketing_get_problem", problem_id=number)["problem"]
    assert (prb["state"], prb["short_description"], prb["fix_notes"]) == (
        106,
        "VPN drops on Wi-Fi",
        "Firmware upgraded",
    )
    assert prb["resolution_code"] == "fix_applied" and prb["cause_notes"] == "Gateway firmware"
