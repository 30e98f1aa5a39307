"""A CRM record page as Lightning lays it out, in real Chromium: the Related tab (selected) and the Details
tab (pointer and arrow keys); on the opportunity's path a click on a later stage offers "Mark as Current
Stage" for it and moves the deal there, Closed offers "Select Closed Stage"; the global header's utility
icons open their panels (Global Actions lists the New record pages)."""

from __future__ import annotations

from playwright.sync_api import expect


def test_related_and_details_tabs_by_pointer_and_keyboard(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    page.goto(ui(f"/accounts/{account['id']}"))
    tabs = page.get_by_role("tablist", name="Record tabs")
    related, details = tabs.get_by_role("tab", name="Related"), tabs.get_by_role("tab", name="Details")
    expect(related).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("region", name="Contacts")).to_be_visible()
    expect(page.get_by_role("heading", name="Details")).to_be_hidden()
    details.click()
    expect(details).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("heading", name="Details")).to_be_visible()
    expect(page.get_by_role("region", name="Contacts")).to_be_hidden()
    page.keyboard.press("ArrowLeft")  # the arrow keys move between tabs
    expect(related).to_be_focused()
    expect(related).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("region", name="Contacts")).to_be_visible()


def test_a_later_stage_on_the_path_offers_mark_as_current_stage(crm):
    episode, page, ui = crm
    opp = next(
        o
        for o in episode.call("crm_list_opportunities", status="open", limit=50)["records"]
        if o["stage_name"] in ("Prospecting", "Qualification", "Needs Analysis")
    )
    page.goto(ui(f"/opportunities/{opp['id']}"))
    path = page.get_by_role("region", name="Stage path")
    action = path.get_by_role("button", name="Mark Stage as Complete")
    expect(action).to_be_visible()
    path.get_by_role("button", name="Closed", exact=True).click()
    expect(path.get_by_role("link", name="Select Closed Stage")).to_be_visible()
    expect(action).to_be_hidden()
    later = path.get_by_role("button", name="Perception Analysis", exact=True)
    later.click()
    expect(later).to_have_attribute("aria-pressed", "true")
    mark = path.get_by_role("button", name="Mark as Current Stage")
    expect(mark).to_be_visible()
    path.get_by_role("button", name=opp["stage_name"], exact=True).focus()  # the current one, by keyboard
    page.keyboard.press("Enter")
    expect(path.get_by_role("button", name="Mark Stage as Complete")).to_be_visible()
    later.focus()
    page.keyboard.press("Space")
    with page.expect_navigation():
        path.get_by_role("button", name="Mark as Current Stage").click()
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["stage_name"] == "Perception Analysis" and saved["probability"] == 70
    expect(page.get_by_role("region", name="Stage path").locator("[aria-current=step]")).to_have_text(
        "Perception Analysis"
    )
    expect(page.get_by_text("Current stage:")).to_have_count(0)  # Lightning shows the step, no such line

    # the lead's path: ... Closed - Not Converted, Converted; Mark Status as Complete moves to the next
    lead = episode.call("crm_list_leads", status="Open - Not Contacted", limit=1)["records"][0]
    page.goto(ui(f"/leads/{lead['id']}"))
    path = page.get_by_role("region", name="Lead status path")
    steps = path.locator(".slds-path__title").all_inner_texts()
    assert steps[-2:] == ["Closed - Not Converted", "Converted"], steps
    with page.expect_navigation():
        path.get_by_role("button", name="Mark Status as Complete").click()
    assert episode.call("crm_get_lead", lead_id=lead["id"])["lead"]["status"] == "Working - Contacted"
    expect(path.locator("[aria-current=step]")).to_have_text("Working - Contacted")


def test_the_global_headers_utility_icons(crm):
    _, page, ui = crm
    page.goto(ui("/"))
    utilities = page.get_by_role("list", name="Global utilities")
    for name in ("Favorites", "Global Actions", "Help and Training", "Notifications"):
        expect(utilities.get_by_role("button", name=name)).to_be_visible()
    actions = utilities.get_by_role("button", name="Global Actions")
    actions.click()
    expect(actions).to_have_attribute("aria-expanded", "true")
    with page.expect_navigation():
        utilities.get_by_role("link", name="New Lead").click()
    expect(page.get_by_role("dialog", name="New Lead")).to_be_visible()
    # the modal covers the header (inert under it, as in Lightning) until it is closed
    expect(page.get_by_role("list", name="Global utilities")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.get_by_role("heading", level=1)).to_have_text("All Leads")
    bell = page.get_by_role("list", name="Global utilities").get_by_role("button", name="Notifications")
    bell.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("You're all caught up.")).to_be_visible()
    page.keyboard.press("Escape")
    expect(bell).to_have_attribute("aria-expanded", "false")


def test_the_headers_follow_toggle_and_overflow_menu(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    page.goto(ui(f"/accounts/{account['id']}"))
    follow = page.get_by_role("button", name="Follow", exact=True)
    expect(follow).to_have_attribute("aria-pressed", "false")
    follow.click()
    following = page.get_by_role("button", name="Following", exact=True)
    expect(following).to_have_attribute("aria-pressed", "true")
    page.reload()  # remembered in this browser
    expect(page.get_by_role("button", name="Following", exact=True)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Following", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Follow", exact=True)).to_have_attribute("aria-pressed", "false")
    more = page.get_by_role("button", name="Show more actions")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    menu = page.get_by_role("list", name="More Account actions")
    expect(menu.get_by_role("link", name="Delete")).to_have_attribute("aria-disabled", "true")
    with page.expect_navigation():
        menu.get_by_role("link", name="Change Owner").click()
    expect(page.get_by_role("dialog", name="Change Account Owner")).to_be_visible()
