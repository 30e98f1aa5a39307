"""CRM lookups are search comboboxes (ARIA combobox + listbox) in real Chromium: type, see matches with
secondary text, choose with the keyboard or the mouse, and the chosen record's id is what is saved.
Saves end with Lightning's toast."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def _contact_with_open_deal(episode):
    for opp in episode.call("crm_list_opportunities", status="open", limit=50)["records"]:
        if not opp.get("account_id"):
            continue
        people = episode.call("crm_list_contacts", account_id=opp["account_id"], limit=5)["records"]
        if people:
            return people[0], opp
    raise AssertionError("tiny has no contact whose account has an open deal")


def test_log_a_call_sets_name_and_related_to_through_comboboxes(crm):
    episode, page, ui = crm
    person, deal = _contact_with_open_deal(episode)
    page.goto(ui(f"/contacts/{person['id']}"))
    page.get_by_role("link", name="Log a Call").click()
    name_box = page.get_by_role("combobox", name="Name", exact=True)
    expect(name_box).to_have_value(f"{person['first_name']} {person['last_name']}".strip())
    page.get_by_label("Subject").fill("Pricing follow-up")
    related = page.get_by_role("combobox", name="Related To", exact=True)
    expect(related).to_have_attribute("aria-expanded", "false")
    related.press_sequentially(deal["name"][:6], delay=20)
    listbox = page.get_by_role("listbox", name="Related To suggestions")
    option = listbox.get_by_role("option", name=deal["name"], exact=True).first
    expect(option).to_be_visible()
    expect(related).to_have_attribute("aria-expanded", "true")
    expect(option).to_have_accessible_description(
        re.compile(r"^Opportunity • " + re.escape(deal["stage_name"]))
    )
    # keyboard: ArrowDown until our option is active, then Enter
    for _ in range(20):
        related.press("ArrowDown")
        if option.get_attribute("aria-selected") == "true":
            break
    assert related.get_attribute("aria-activedescendant") == option.get_attribute("id")
    related.press("Enter")
    expect(related).to_have_value(deal["name"])
    expect(related).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("status").filter(has_text="was created")).to_contain_text('"Pricing follow-up"')
    call = next(c for c in episode.diff() if c.table == "crm_task" and c.op == "insert")
    task = {f.field: f.new for f in call.fields}
    assert (task["who_id"], task["what_id"]) == (person["id"], deal["id"])
    assert task["subject"] == "Pricing follow-up"
    page.reload()  # the toast is shown once
    expect(page.get_by_role("status").filter(has_text="was created")).to_have_count(0)


def test_account_lookup_on_a_contact_by_mouse_and_clearing_it(crm):
    episode, page, ui = crm
    accounts = episode.call("crm_list_accounts", limit=2)["records"]
    person = episode.call("crm_list_contacts", limit=1)["records"][0]
    page.goto(ui(f"/contacts/{person['id']}/edit"))
    box = page.get_by_role("combobox", name="Account Name")
    box.fill("")
    box.press_sequentially(accounts[1]["name"][:5], delay=20)
    page.get_by_role("listbox", name="Account Name suggestions").get_by_role(
        "option", name=accounts[1]["name"], exact=True
    ).click()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was saved")
    assert (
        episode.call("crm_get_contact", contact_id=person["id"])["contact"]["account_id"] == accounts[1]["id"]
    )

    page.goto(ui(f"/contacts/{person['id']}/edit"))
    page.get_by_role("combobox", name="Account Name").fill("")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was saved")
    assert episode.call("crm_get_contact", contact_id=person["id"])["contact"]["account_id"] is None


def test_a_typed_name_matching_nothing_is_refused_at_its_field(crm):
    episode, page, ui = crm
    before = episode.state_hash()
    page.goto(ui("/opportunities/new"))
    page.get_by_label("Opportunity Name").fill("No Such Parent Deal")
    page.get_by_role("combobox", name="Account Name").fill("Zzyzx Nonexistent Holdings")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Account Name")
    expect(page.get_by_text("No account named “Zzyzx Nonexistent Holdings” was found")).to_be_visible()
    assert not [c for c in episode.diff() if c.table == "crm_opportunity"]
    assert episode.state_hash() == before


def test_owner_is_a_user_lookup(crm):
    episode, page, ui = crm
    me = episode.call("crm_get_current_user")
    other = next(u for u in episode.call("crm_list_users")["records"] if u["id"] != me["id"])
    page.goto(ui("/accounts/new"))
    page.get_by_label("Account Name").fill("Owner Lookup Co")
    owner = page.get_by_role("combobox", name="Account Owner")
    expect(owner).to_have_value(me["name"])
    owner.fill("")
    owner.press_sequentially(other["name"][:4], delay=20)
    page.get_by_role("option", name=other["name"], exact=True).click()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text('Account "Owner Lookup Co" was created.')
    made = next(c for c in episode.diff() if c.table == "crm_account" and c.op == "insert")
    assert episode.call("crm_get_account", account_id=made.pk)["account"]["owner_id"] == other["id"]


def test_lookup_suggestions_endpoint_refuses_unknown_kinds(crm):
    _, page, ui = crm
    page.goto(ui("/"))
    unknown = page.request.get(ui("/_lookup/planet?q=ab"))
    assert unknown.status == 404 and "unknown lookup" in unknown.json()["error"]
    short = page.request.get(ui("/_lookup/account?q=a"))
    assert short.ok and short.json() == {"results": []}


def test_reports_to_on_a_new_contact_by_keyboard_and_shown_on_edit(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    boss = episode.call("crm_list_contacts", account_id=account["id"], limit=1)["records"][0]
    boss_name = f"{boss['first_name']} {boss['last_name']}".strip()
    page.goto(ui(f"/contacts/new?account_id={account['id']}"))
    page.get_by_label("Last Name").fill("Okafor")
    box = page.get_by_role("combobox", name="Reports To", exact=True)
    expect(box).to_have_accessible_description("Search for the manager's contact.")
    box.press_sequentially(boss["last_name"][:5], delay=20)
    option = page.get_by_role("listbox", name="Reports To suggestions").get_by_role(
        "option", name=boss_name, exact=True
    )
    expect(option.first).to_be_visible()
    for _ in range(20):  # keyboard: ArrowDown until our option is active, then Enter
        box.press("ArrowDown")
        if option.first.get_attribute("aria-selected") == "true":
            break
    box.press("Enter")
    expect(box).to_have_value(boss_name)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was created")
    new = next(c for c in episode.diff() if c.table == "crm_contact" and c.op == "insert")
    fields = {f.field: f.new for f in new.fields}
    assert fields["reports_to_id"] == boss["id"] and fields["account_id"] == account["id"]
    # the record shows the manager; its edit form keeps them (saving unchanged keeps the id)
    page.get_by_role("tab", name="Details").click()  # the record page opens on Related
    expect(page.get_by_role("link", name=boss_name).first).to_be_visible()
    page.goto(ui(f"/contacts/{new.pk}/edit"))
    expect(page.get_by_role("combobox", name="Reports To", exact=True)).to_have_value(boss_name)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was saved")
    assert episode.call("crm_get_contact", contact_id=new.pk)["contact"]["reports_to_id"] == boss["id"]
