"""The ticketing UI in a real Chromium: assign, hold, resolve an incident; approve a change; lists."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect

from tests.ui.test_ticketing_controls import requested_change


def _row(episode, number):
    return next(
        c
        for c in episode.diff()
        if c.table == "ticketing_incident"
        and c.pk == episode.call("ticketing_get_incident", incident_id=number)["incident"]["sys_id"]
    )


def test_incident_assign_hold_resolve(desk):
    episode, page, ui = desk
    caller = episode.call("ticketing_list_users", department="Sales", limit=1)["records"][0]["sys_id"]
    number = episode.call(
        "ticketing_create_incident", caller_id=caller, short_description="Docking station dead"
    )["number"]
    page.goto(ui(f"/incidents/{number}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(number)

    me = episode.call("ticketing_get_current_user")  # assign oneself: the Assigned to field, then Update
    page.get_by_role("combobox", name="Assignment group").fill("Service Desk")
    page.get_by_role("combobox", name="Assigned to").fill(me["name"])
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert inc["assigned_to"] == me["sys_id"]
    assert page.get_by_role("button", name="Assign to me").count() == 0  # not a UI16 form button

    page.get_by_label("On hold reason").select_option("Awaiting Vendor")
    page.get_by_role("button", name="On Hold").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    assert episode.call("ticketing_get_incident", incident_id=number)["incident"]["hold_reason"] == "4"

    page.get_by_role("button", name="Start Work").first.click()
    page.get_by_role("button", name="Resolve").first.click()  # no code, no notes: refused, nothing written
    expect(page.get_by_role("alert")).to_contain_text("resolution code")
    page.get_by_role("tab", name="Resolution Information").click()
    page.get_by_label("Resolution code").select_option("Solution provided")
    page.get_by_label("Resolution notes").fill("Replaced the dock")
    page.get_by_role("button", name="Resolve").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    fields = {f.field: f.new for f in _row(episode, number).fields}
    assert (
        fields["state"] == 6
        and fields["close_code"] == "Solution provided"
        and fields["close_notes"] == "Replaced the dock"
    )
    action = next(
        e for e in reversed(episode.events()) if e.kind == "action" and e.name == "resolve_incident"
    )
    assert action.surface == "ui" and action.outcome == "ok"


def test_the_journal_field_posts_comments_or_with_its_box_work_notes(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    page.goto(ui(f"/incidents/{number}"))
    field = page.get_by_role("textbox", name="Additional comments (Customer visible)", exact=True)
    box = page.get_by_role("checkbox", name="Work notes", exact=True)
    expect(box).not_to_be_checked()
    box.focus()
    page.keyboard.press("Space")  # keyboard: the box flips the field to the work notes
    expect(page.get_by_role("textbox", name="Work notes", exact=True)).to_be_visible()
    expect(field).to_have_count(0)
    page.get_by_role("textbox", name="Work notes", exact=True).fill("Called the vendor")
    page.get_by_role("button", name="Post").click()
    expect(page.get_by_role("list", name="Activity stream")).to_contain_text("Called the vendor")
    entry = episode.call("ticketing_get_incident", incident_id=number)["activity"][0]
    assert (entry["element"], entry["value"]) == ("work_notes", "Called the vendor")
    expect(box).not_to_be_checked()  # back to comments after a post
    field.fill("Please reboot")
    page.get_by_role("button", name="Post").click()
    entry = episode.call("ticketing_get_incident", incident_id=number)["activity"][0]
    assert (entry["element"], entry["value"]) == ("comments", "Please reboot")


def test_approve_change(desk):
    episode, page, ui = desk
    ci = episode.call("ticketing_list_configuration_items", sys_class_name="cmdb_ci_linux_server", limit=1)[
        "records"
    ][0]["sys_id"]
    start = (episode.now + timedelta(days=50)).replace(microsecond=0)
    chg = episode.call(
        "ticketing_create_change",
        short_description="Emergency kernel patch",
        type="emergency",
        cmdb_ci=ci,
        assignment_group="Service Desk",
        start_date=start.isoformat(),
        end_date=(start + timedelta(hours=1)).isoformat(),
    )
    page.goto(ui(f"/changes/{chg['number']}"))
    expect(page.get_by_label("Type", exact=True)).to_have_value("Emergency")  # the choice's label
    flow = page.get_by_role("list", name="State flow").get_by_role("listitem")  # an emergency: no Assess
    expect(flow).to_have_text(["New", "Authorize", "Scheduled", "Implement", "Review", "Closed"])
    expect(page.get_by_role("heading", name="Change Request")).to_have_count(0)  # one block, no bars
    expect(page.get_by_label("Rejection reason")).to_have_count(0)
    page.get_by_role("button", name="Request Approval").first.click()
    expect(page.get_by_role("status")).to_contain_text("Approval requested")
    expect(page.get_by_role("table", name="Approvers")).to_contain_text("Requested")
    page.get_by_role("button", name="Approve").first.click()
    expect(page.get_by_role("status")).to_contain_text("Change approved")
    after = episode.call("ticketing_get_change", change_id=chg["number"])["change"]
    assert (after["state_label"], after["approval"]) == ("Scheduled", "approved")
    changed = next(
        c for c in episode.diff() if c.table == "ticketing_change_request" and c.pk == chg["sys_id"]
    )
    assert changed.op == "insert"
    approvals = [c for c in episode.diff() if c.table == "ticketing_sysapproval_approver"]
    assert any(dict((f.field, f.new) for f in c.fields).get("state") == "approved" for c in approvals)


def test_list_breadcrumb_and_sorting(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents?active=true&priority=5"))
    crumbs = page.get_by_role("navigation", name="Filter conditions")
    expect(crumbs).to_contain_text("Active = true")
    expect(crumbs).to_contain_text("Priority = 5")
    crumbs.get_by_role("link", name="Active = true").click()
    expect(page.get_by_role("navigation", name="Filter conditions")).not_to_contain_text("Priority = 5")
    page.get_by_role("columnheader", name="Opened").get_by_role("link").click()
    expect(page.get_by_role("columnheader", name="Opened ▼")).to_have_attribute("aria-sort", "descending")


def test_let_time_pass_until_the_caller_answers(desk):
    """The simulation strip's "Wait a custom time" page: a refused wait says why at the form and changes
    nothing; a real one runs advance_time (the MCP tool's action) and the caller's answer is on the incident.
    The product's navigator holds no simulator module."""
    episode, page, ui = desk
    inc = episode.call("ticketing_list_incidents", state=[2], limit=1)["records"][0]
    question = "Hi, could you tell us when it started and the exact error message?"
    episode.call(
        "ticketing_put_incident_on_hold",
        incident_id=inc["number"],
        hold_reason="Awaiting Caller",
        comments=question,
    )
    page.goto(ui("/incidents?active=true"))
    navigator = page.get_by_role("navigation", name="Application navigator")
    expect(navigator.get_by_text("Let time pass")).to_have_count(0)
    strip = page.get_by_role("region", name="Simulation")
    strip.get_by_role("link", name="Wait a custom time").click()
    expect(strip.get_by_role("form", name="Let time pass")).to_have_count(0)  # the page holds the form
    form = page.get_by_role("main").get_by_role("form", name="Let time pass")
    before = episode.state_hash()
    form.get_by_label("Hours").fill("0")
    form.get_by_label("Minutes").fill("0")
    with page.expect_response(lambda r: r.request.method == "POST") as refused:
        form.get_by_role("button", name="Let time pass").click()
    assert refused.value.status == 422
    expect(page.get_by_role("alert")).to_contain_text("between 1 minute and 30 days")
    assert episode.state_hash() == before
    form.get_by_label("Hours").fill("72")
    form.get_by_role("button", name="Let time pass").click()
    replies = page.get_by_role("list", name="Callers who wrote back")
    expect(replies.get_by_role("link", name=inc["number"])).to_be_visible()
    wait = next(e for e in reversed(episode.events()) if e.kind == "action" and e.name == "advance_time")
    assert wait.surface == "ui" and wait.args == {"hours": "72", "minutes": "0"}
    replies.get_by_role("link", name=inc["number"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(inc["number"])
    got = episode.call("ticketing_get_incident", incident_id=inc["number"])
    answer = next(a for a in got["activity"] if a["sys_created_by"] == got["incident"]["caller_id"])
    assert got["incident"]["state"] == 2  # the answer resumed work
    expect(page.get_by_text(answer["value"][:60])).to_be_visible()


def test_reject_a_change_with_the_work_notes_as_the_reason(desk):
    episode, page, ui = desk
    chg = requested_change(episode, "emergency", "Emergency fan swap", 45)
    page.goto(ui(f"/changes/{chg['number']}"))
    page.get_by_role("button", name="Reject").first.click()  # no reason: refused, nothing changed
    expect(page.get_by_role("alert")).to_contain_text("Work notes")
    page.get_by_role("tab", name="Notes").click()
    page.get_by_label("Work notes", exact=True).fill("Not during the quarter close")
    page.get_by_role("button", name="Reject").first.click()
    expect(page.get_by_role("status")).to_contain_text("Change rejected")
    approvals = episode.call("ticketing_get_change", change_id=chg["number"])["approvals"]
    assert "Not during the quarter close" in {a["comments"] for a in approvals}
