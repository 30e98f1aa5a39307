"""A record page's Activity card as Lightning's, in real Chromium: the composer's New Task / Log a Call /
New Event / Email actions with the chosen one's quick-action form inline (collapsed to "Create a task…"
until chosen), saved back onto the page; the timeline's "Upcoming & Overdue" and past activity by month,
each item expandable by pointer and keyboard, Expand All, and Mark Complete as the open task's checkbox."""

from __future__ import annotations

import os

from playwright.sync_api import expect


def _shot(page, name: str) -> None:
    """A screenshot for a person's review when CRM_SHOTS names a folder (never in a normal run)."""
    if folder := os.environ.get("CRM_SHOTS"):
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def test_new_task_from_the_composer_is_saved_inline_and_shows_as_upcoming(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", limit=1)["records"][0]
    page.goto(ui(f"/opportunities/{opp['id']}"))
    actions = page.get_by_role("list", name="Activity actions")
    for name in ("New Task", "Log a Call", "New Event", "Email"):
        expect(actions.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Create a task…")).to_be_visible()
    expect(page.get_by_role("combobox", name="Subject")).to_have_count(0)  # collapsed until chosen
    _shot(page, "activity-collapsed")
    with page.expect_navigation():
        actions.get_by_role("link", name="New Task", exact=True).click()
    form = page.get_by_role("form", name="New Task")
    expect(form.get_by_role("combobox", name="Subject")).to_be_visible()
    expect(actions.get_by_role("link", name="New Task", exact=True)).to_have_attribute("aria-current", "true")
    form.get_by_role("combobox", name="Subject").fill("Send the revised quote")
    form.get_by_label("Due Date", exact=True).fill("2026-11-20")
    _shot(page, "activity-task-form")
    with page.expect_navigation():
        form.get_by_role("button", name="Save").click()
    assert page.url.split("?")[0].endswith(f"/opportunities/{opp['id']}")
    upcoming = page.get_by_role("list", name="Upcoming & Overdue")
    expect(upcoming.get_by_role("heading", name="Send the revised quote")).to_be_visible()
    tasks = episode.call("crm_list_tasks", what_id=opp["id"])["records"]
    assert any(t["subject"] == "Send the revised quote" and t["activity_date"] == "2026-11-20" for t in tasks)


def test_log_a_call_by_keyboard_and_email_is_turned_off(crm):
    episode, page, ui = crm
    contact = episode.call("crm_list_contacts", limit=1)["records"][0]
    page.goto(ui(f"/contacts/{contact['id']}"))
    call = page.get_by_role("list", name="Activity actions").get_by_role("link", name="Log a Call")
    call.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    form = page.get_by_role("form", name="Log a Call")
    form.get_by_role("combobox", name="Subject").fill("Talked about renewal")
    form.get_by_role("combobox", name="Subject").press("Enter")  # Enter in a field saves
    page.wait_for_load_state("load")
    history = episode.call("crm_list_activities", record_id=contact["id"])["activity_history"]
    assert history[0]["subject"] == "Talked about renewal" and history[0]["task_subtype"] == "Call"
    month = page.locator("[data-timeline-section]").nth(1)
    expect(month.get_by_role("heading", name="Talked about renewal")).to_be_visible()
    expect(month.get_by_text("logged a call").first).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("list", name="Activity actions").get_by_role("link", name="Email").click()
    expect(page.get_by_text("sending email from records is turned off")).to_be_visible()


def test_timeline_items_expand_and_mark_complete_is_the_tasks_checkbox(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    task = episode.call(
        "crm_create_task", subject="Check the contract", what_id=account["id"], activity_date="2020-01-02"
    )
    page.goto(ui(f"/accounts/{account['id']}"))
    upcoming = page.get_by_role("list", name="Upcoming & Overdue")
    expect(upcoming.get_by_text("Overdue: Jan 2, 2020")).to_be_attached()
    toggle = upcoming.get_by_role("button", name="Toggle details for Check the contract")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    details = page.locator(f"#tl-{task['id']}")
    expect(details).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(details).to_be_visible()
    expect(details.get_by_text("Not Started")).to_be_visible()
    toggle.focus()
    page.keyboard.press("Enter")
    expect(details).to_be_hidden()
    page.get_by_role("button", name="Expand All").click()
    expect(details).to_be_visible()
    expect(page.get_by_role("button", name="Collapse All")).to_have_attribute("aria-pressed", "true")
    _shot(page, "activity-expanded")
    section = page.get_by_role("button", name="Upcoming & Overdue")
    section.click()
    expect(section).to_have_attribute("aria-expanded", "false")
    expect(upcoming).to_be_hidden()
    section.click()
    done = page.get_by_role("form", name="Complete task Check the contract")
    with page.expect_navigation():
        done.get_by_role("button", name="Mark Complete").click()
    history = episode.call("crm_list_activities", record_id=account["id"])["activity_history"]
    assert any(a["id"] == task["id"] and a["status"] == "Completed" for a in history)
    expect(page.get_by_role("form", name="Complete task Check the contract")).to_have_count(0)
