"""Lightning's inputs on CRM pages in real Chromium: no native <select> on any page type, the SLDS datepicker
(pointer and keyboard, typed dates checked), Date/Time fields with a time combobox, lookups whose chosen
record is a pill, polymorphic lookups with an object selector, the header menus and the Filters panel."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from mcp_gateway.ui_catalog import PAGES


def test_no_native_select_on_any_crm_page_type(crm):
    _, page, ui = crm
    counts = {}
    for path in PAGES["crm"]:
        if path == "/_task":
            continue
        page.goto(ui(path))
        counts[path] = page.locator("select").count()
    assert counts == dict.fromkeys(counts, 0)


def _new_opportunity(page, ui, name):
    page.goto(ui("/opportunities/new"))
    page.get_by_label("Opportunity Name").fill(name)
    return page.get_by_role("textbox", name="Close Date", exact=True)


def test_datepicker_click_on_a_day_lands_in_the_box_and_saves_iso(crm):
    episode, page, ui = crm
    box = _new_opportunity(page, ui, "Datepicker Click Deal")
    box.fill("11/2/2026")
    page.get_by_role("button", name="Select a date for Close Date").click()
    calendar = page.get_by_role("dialog", name="Date picker: Close Date")
    expect(calendar).to_be_visible()
    expect(calendar.get_by_role("heading")).to_have_text("November 2026")
    calendar.get_by_role("button", name="Next Month").click()
    expect(calendar.get_by_role("heading")).to_have_text("December 2026")
    calendar.get_by_role("gridcell", name="December 17, 2026").click()
    expect(calendar).to_be_hidden()
    expect(box).to_have_value("12/17/2026")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was created")
    made = next(c for c in episode.diff() if c.table == "crm_opportunity" and c.op == "insert")
    assert {f.field: f.new for f in made.fields}["close_date"] == "2026-12-17"


def test_datepicker_by_keyboard_and_the_year_picklist(crm):
    _, page, ui = crm
    box = _new_opportunity(page, ui, "Datepicker Keys Deal")
    box.fill("3/10/2027")
    button = page.get_by_role("button", name="Select a date for Close Date")
    button.focus()
    page.keyboard.press("Enter")
    calendar = page.get_by_role("dialog", name="Date picker: Close Date")
    expect(calendar.get_by_role("gridcell", name="March 10, 2027")).to_be_focused()
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft"):  # +1, +7, -1 days: March 17
        page.keyboard.press(key)
    expect(calendar.get_by_role("gridcell", name="March 17, 2027")).to_be_focused()
    page.keyboard.press("Escape")  # closes the calendar only, the modal stays
    expect(calendar).to_be_hidden()
    expect(button).to_be_focused()
    expect(page.get_by_role("dialog", name="New Opportunity")).to_be_visible()
    page.keyboard.press("Enter")
    page.get_by_role("combobox", name="Pick a Year").click()
    page.get_by_role("listbox", name="Pick a Year options").get_by_role("option", name="2028").click()
    expect(calendar.get_by_role("heading")).to_have_text("March 2028")
    calendar.get_by_role("gridcell", name="March 10, 2028").focus()
    page.keyboard.press("Enter")
    expect(box).to_have_value("3/10/2028")


def test_a_typed_date_that_is_no_date_gets_a_field_error_and_saves_nothing(crm):
    episode, page, ui = crm
    before = episode.state_hash()
    box = _new_opportunity(page, ui, "Bad Date Deal")
    box.fill("31/31/2026")
    box.blur()
    expect(box).to_have_accessible_description("Your entry does not match the allowed format M/d/yyyy.")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Close Date")
    expect(page.get_by_role("textbox", name="Close Date", exact=True)).to_have_value("31/31/2026")
    assert episode.state_hash() == before


def test_event_start_and_end_are_date_and_time_fields(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    page.goto(ui(f"/events/new?what_id={account['id']}"))
    page.get_by_label("Subject").fill("Pill and time review")
    page.get_by_role("textbox", name="Start", exact=True).fill("2026-11-20T09:00")  # an ISO stamp is split
    expect(page.get_by_role("textbox", name="Start", exact=True)).to_have_value("11/20/2026")
    expect(page.get_by_role("combobox", name="Start Time")).to_have_value("9:00 AM")
    page.get_by_role("textbox", name="End", exact=True).fill("11/20/2026")
    end_time = page.get_by_role("combobox", name="End Time")
    end_time.fill("")
    end_time.press_sequentially("10:3", delay=20)
    page.get_by_role("listbox", name="End Time options").get_by_role("option", name="10:30 AM").click()
    expect(end_time).to_have_value("10:30 AM")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was created")
    made = next(c for c in episode.diff() if c.table == "crm_event" and c.op == "insert")
    fields = {f.field: f.new for f in made.fields}
    assert str(fields["start_date_time"]).startswith("2026-11-20") and "09:00" in str(
        fields["start_date_time"]
    )
    assert "10:30" in str(fields["end_date_time"])


def test_a_chosen_lookup_is_a_pill_cleared_by_its_button(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    page.goto(ui(f"/tasks/new?what_id={account['id']}"))
    related = page.get_by_role("combobox", name="Related To", exact=True)
    group = page.locator(".field-what_id .combobox")
    expect(group).to_have_class(re.compile("slds-has-selection"))
    expect(related).to_have_value(account["name"])
    page.get_by_role("button", name="Clear Selection: Related To").click()
    expect(related).to_have_value("")
    expect(related).to_be_focused()
    expect(group).not_to_have_class(re.compile("slds-has-selection"))
    related.press_sequentially(account["name"][:6], delay=20)
    page.get_by_role("listbox", name="Related To suggestions").get_by_role(
        "option", name=account["name"], exact=True
    ).first.click()
    expect(group).to_have_class(re.compile("slds-has-selection"))
    related.press("Backspace")  # Backspace on the pill removes it, as Lightning's does
    expect(related).to_have_value("")


def test_polymorphic_name_searches_the_object_its_selector_names(crm):
    episode, page, ui = crm
    lead = episode.call("crm_list_leads", limit=1)["records"][0]
    page.goto(ui("/tasks/new"))
    picker = page.get_by_role("combobox", name="Name: object to search")
    picker.focus()
    page.keyboard.press("Enter")
    page.get_by_role("listbox", name="Name objects").get_by_role("option", name="Lead").click()
    box = page.get_by_role("combobox", name="Name", exact=True)
    expect(box).to_have_attribute("placeholder", "Search Leads...")
    box.press_sequentially(lead["last_name"][:5], delay=20)
    options = page.get_by_role("listbox", name="Name suggestions").get_by_role("option")
    expect(options.first).to_be_visible()
    for i in range(options.count()):
        expect(options.nth(i)).to_have_accessible_description(re.compile("^Lead"))


def test_header_has_one_search_box_and_utility_menus(crm):
    _, page, ui = crm
    page.goto(ui("/"))
    expect(page.get_by_role("search", name="Global search").get_by_role("button")).to_have_count(0)
    for label in (
        "Favorites",
        "Global Actions",
        "Help and Training",
        "Setup",
        "Notifications",
        "View profile",
    ):
        button = page.get_by_role("button", name=label, exact=True)
        button.click()
        expect(button).to_have_attribute("aria-expanded", "true")
        expect(page.locator(f"#{button.get_attribute('aria-controls')}")).to_be_visible()
    page.get_by_role("button", name="Setup", exact=True).click()
    expect(page.locator("#utility-setup").get_by_role("link", name="Setup")).to_have_attribute(
        "aria-disabled", "true"
    )


def test_list_header_filters_panel_by_keyboard(crm):
    episode, page, ui = crm
    page.goto(ui("/opportunities"))
    expect(page.locator("th.slds-text-title_caps")).to_have_count(0)
    expect(page.locator("table .slds-badge")).to_have_count(0)
    funnel = page.get_by_role("button", name="Show filters")
    funnel.focus()
    page.keyboard.press("Enter")
    panel = page.get_by_role("search", name="Filter Opportunities")
    expect(panel).to_be_visible()
    stage = panel.get_by_role("combobox", name="Stage")
    stage.focus()
    page.keyboard.press("Enter")
    page.get_by_role("listbox", name="Stage options").get_by_role("option", name="Prospecting").click()
    panel.get_by_role("button", name="Apply Filters").click()
    expected = episode.call("crm_list_opportunities", stage_name="Prospecting", limit=1)["total"]
    expect(
        page.get_by_text(
            re.compile(rf"^{expected} items • Sorted by .* • Filtered by All opportunities - Stage")
        )
    ).to_be_visible()
