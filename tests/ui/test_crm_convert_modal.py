"""Lead conversion in Lightning's Convert modal (real Chromium): a dialog with Account and Contact
Create New / Choose Existing (lookups, matches offered), Opportunity or none, Record Owner and Converted
Status; Convert runs convert_lead."""

from __future__ import annotations

from playwright.sync_api import expect


def _open_modal(page, ui, lead_id):  # noqa: ANN001, ANN202
    page.goto(ui(f"/leads/{lead_id}"))
    page.get_by_role("link", name="Convert").click()
    dialog = page.get_by_role("dialog", name="Convert Lead")
    expect(dialog).to_be_visible()
    return dialog


def test_create_new_account_with_its_own_name_and_no_opportunity(crm):
    episode, page, ui = crm
    lead = episode.call("crm_create_lead", last_name="Modal", first_name="Mia", company="Modal Works")
    dialog = _open_modal(page, ui, lead["id"])
    account = dialog.get_by_role("group", name="Account")
    expect(account.get_by_role("radio", name="Create New")).to_be_checked()
    expect(account.get_by_role("textbox", name="Account Name")).to_have_value("Modal Works")
    expect(dialog.get_by_text("0 Account Matches")).to_be_visible()
    expect(dialog.get_by_role("combobox", name="Converted Status")).to_have_text("Closed - Converted")
    account.get_by_role("textbox", name="Account Name").fill("Modal Works EMEA")
    dialog.get_by_role("checkbox", name="Don't create an opportunity upon conversion").check()
    dialog.get_by_role("button", name="Convert").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Your lead has been converted")
    done = episode.call("crm_get_lead", lead_id=lead["id"])["lead"]
    acc = episode.call("crm_get_account", account_id=done["converted_account_id"])["account"]
    assert acc["name"] == "Modal Works EMEA" and done["converted_opportunity_id"] is None


def test_choose_existing_account_and_contact_from_the_matches(crm):
    episode, page, ui = crm
    acc = episode.call("crm_create_account", name="Matchy Corp")
    person = episode.call("crm_create_contact", last_name="Kept", account_id=acc["id"], email="k@matchy.co")
    other = episode.call("crm_create_contact", last_name="Other", account_id=acc["id"], email="o@matchy.co")
    lead = episode.call("crm_create_lead", last_name="Lead", company="Matchy Corp", email="k@matchy.co")
    dialog = _open_modal(page, ui, lead["id"])
    account = dialog.get_by_role("group", name="Account")
    expect(account.get_by_role("radio", name="Choose Existing")).to_be_checked()
    expect(dialog.get_by_text("1 Account Match", exact=True)).to_be_visible()
    expect(account.get_by_role("combobox", name="Account Search")).to_have_value("Matchy Corp")
    # the suggested match is the chosen one, and shows it (selected)
    match = account.get_by_role("list", name="Account matches").get_by_role("button", name="Matchy Corp")
    expect(match).to_have_attribute("aria-pressed", "true")
    contact = dialog.get_by_role("group", name="Contact")
    expect(contact.get_by_role("radio", name="Choose Existing")).to_be_checked()
    expect(contact.get_by_role("combobox", name="Contact Search")).to_have_value("Kept")
    # choose the other contact of that account through the lookup instead
    box = contact.get_by_role("combobox", name="Contact Search")
    box.fill("")
    box.press_sequentially("Othe", delay=20)
    page.get_by_role("listbox", name="Contact Search suggestions").get_by_role("option", name="Other").click()
    kept = contact.get_by_role("list", name="Contact matches").get_by_role("button", name="Kept")
    expect(kept).to_have_attribute("aria-pressed", "false")  # another contact was chosen in the lookup
    # the Record Owner's suggestions open below its box, never over it, and are not cut off by the modal
    owner = dialog.get_by_role("combobox", name="Record Owner")
    owner.fill("")
    owner.press_sequentially("Am", delay=20)
    listbox = page.get_by_role("listbox", name="Record Owner suggestions")
    expect(listbox.get_by_role("option").first).to_be_visible()
    box, under = owner.bounding_box(), listbox.bounding_box()
    assert under["y"] >= box["y"] + box["height"], "the suggestions start below the box"
    first = listbox.get_by_role("option").first
    center = first.bounding_box()
    x, y = center["x"] + center["width"] / 2, center["y"] + center["height"] / 2
    assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('[role=option]')", [x, y])
    page.mouse.click(x, y)  # a click where the option is drawn chooses it
    expect(owner).not_to_have_value("Am")
    dialog.get_by_role("textbox", name="Opportunity Name").fill("Matchy expansion")
    dialog.get_by_role("button", name="Convert").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Your lead has been converted")
    done = episode.call("crm_get_lead", lead_id=lead["id"])["lead"]
    assert (done["converted_account_id"], done["converted_contact_id"]) == (acc["id"], other["id"])
    opp = episode.call("crm_get_opportunity", opportunity_id=done["converted_opportunity_id"])["opportunity"]
    assert opp["name"] == "Matchy expansion" and person["id"] != other["id"]


def test_choose_existing_without_an_account_is_refused_in_the_dialog(crm):
    episode, page, ui = crm
    lead = episode.call("crm_create_lead", last_name="Nobody", company="Nowhere Unique Ltd")
    before = episode.state_hash()
    dialog = _open_modal(page, ui, lead["id"])
    dialog.get_by_role("group", name="Account").get_by_role("radio", name="Choose Existing").check()
    dialog.get_by_role("button", name="Convert").click()
    dialog = page.get_by_role("dialog", name="Convert Lead")
    expect(dialog.get_by_role("alert")).to_contain_text("Review the errors")
    expect(dialog.get_by_text("Search for an existing account and choose it")).to_be_visible()
    assert episode.state_hash() == before
