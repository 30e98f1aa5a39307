"""Create and edit forms as Lightning modals (real Chromium): New <object> opens over its list and Edit over
its record page (the page underneath stays in view behind the backdrop, hidden from assistive tech); Save
runs the action, Save & New leaves a fresh modal, Cancel / Escape / the X change nothing and go back to the
page underneath; focus stays inside the dialog; a browser without scripts still saves."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def _actions(episode, name):  # noqa: ANN001, ANN202
    return [e for e in episode.events() if e.kind == "action" and e.name == name]


def test_new_account_opens_over_the_list_and_save_creates_it(crm):
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    page.get_by_role("link", name="New Account").click()

    dialog = page.get_by_role("dialog", name="New Account")
    expect(dialog).to_be_visible()
    expect(page).to_have_url(re.compile(r"/accounts/new$"))
    expect(page).to_have_title(re.compile("^New Account"))
    # the list underneath: its heading in view behind the backdrop, inert and hidden from assistive tech
    underneath = page.locator("main#main")
    expect(underneath.locator("h1")).to_have_text("All Accounts")
    expect(underneath.locator("h1")).to_be_visible()
    expect(underneath).to_have_attribute("aria-hidden", "true")
    expect(page.locator(".slds-backdrop")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text("New Account")  # only the modal's, for AT
    expect(dialog.get_by_role("link", name="Cancel and close")).to_be_visible()
    for role, name in (("link", "Cancel"), ("button", "Save & New"), ("button", "Save")):
        expect(dialog.get_by_role(role, name=name, exact=True)).to_be_visible()
    expect(dialog.get_by_label("Account Name")).to_be_focused()  # focus starts on the first field
    assert _violations(page) == []

    dialog.get_by_label("Account Name").fill("Modal Made Ltd")
    dialog.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Modal Made Ltd")
    expect(page.get_by_role("dialog")).to_have_count(0)
    created = _actions(episode, "create_account")
    last = created[-1]
    assert (last.surface, last.outcome, last.args["name"]) == ("ui", "ok", "Modal Made Ltd")


def test_save_and_new_saves_then_leaves_a_fresh_modal(crm):
    episode, page, ui = crm
    page.goto(ui("/leads/new"))
    dialog = page.get_by_role("dialog", name="New Lead")
    dialog.get_by_label("Last Name").fill("Firstly")
    dialog.get_by_label("Company").fill("Save New Co")
    dialog.get_by_role("button", name="Save & New").click()

    expect(page.get_by_role("status").first).to_contain_text('Lead "Firstly" was created.')
    dialog = page.get_by_role("dialog", name="New Lead")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Last Name")).to_have_value("")
    expect(page.locator("main#main h1")).to_have_text("All Leads")
    leads = episode.call("crm_list_leads", search="Save New Co")["records"]
    assert [lead["last_name"] for lead in leads] == ["Firstly"]


def test_edit_opens_over_the_record_and_saves_through_the_action(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", limit=1)["records"][0]
    page.goto(ui(f"/opportunities/{opp['id']}"))
    page.get_by_role("link", name="Edit", exact=True).click()

    dialog = page.get_by_role("dialog", name=f"Edit {opp['name']}")
    expect(dialog).to_be_visible()
    expect(page.locator("main#main h1")).to_have_text(opp["name"])  # the record page underneath
    # Lightning's default Opportunity layout: two columns read row by row, then its other sections
    titles = dialog.locator("h2.section-title")
    expect(titles).to_have_text(
        ["Opportunity Information", "Additional Information", "Description Information"]
    )
    grid = dialog.locator(".form-grid").first
    expect(grid.locator(".slds-form-element__label")).to_have_text(
        ["Opportunity Owner", "Amount", re.compile("Opportunity Name"), re.compile("Close Date"),
         "Account Name", "Next Step", "Type", re.compile("Stage"), "Lead Source", "Probability (%)"]
    )  # fmt: skip
    boxes = [grid.locator(f"#f-{n}").bounding_box() for n in ("name", "close_date", "type")]
    assert boxes[0]["y"] == boxes[1]["y"] < boxes[2]["y"] and boxes[0]["x"] == boxes[2]["x"] < boxes[1]["x"]
    # the footer as on screen: Cancel, Save & New, Save
    footer = dialog.locator(".slds-modal__footer")
    buttons = [footer.get_by_role(r, name=n, exact=True) for r, n in (
        ("link", "Cancel"), ("button", "Save & New"), ("button", "Save"))]  # fmt: skip
    xs = [b.bounding_box()["x"] for b in buttons]
    assert xs == sorted(xs), xs
    dialog.get_by_label("Next Step").fill("Send the modal proposal")
    dialog.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("status").first).to_contain_text("was saved")
    expect(page).to_have_url(re.compile(rf"/opportunities/{opp['id']}$"))
    updated = _actions(episode, "update_opportunity")
    assert (updated[-1].surface, updated[-1].outcome) == ("ui", "ok")
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["next_step"] == "Send the modal proposal"
    # Save & New on an edit saves, then opens New Opportunity
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    dialog = page.get_by_role("dialog", name=f"Edit {opp['name']}")
    dialog.get_by_label("Next Step").fill("Then a new one")
    dialog.get_by_role("button", name="Save & New", exact=True).click()
    expect(page.get_by_role("dialog", name="New Opportunity")).to_be_visible()
    expect(page.get_by_role("status").first).to_contain_text("was saved")
    assert episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]["next_step"] == (
        "Then a new one"
    )


def test_cancel_escape_and_the_x_change_nothing_and_return_to_the_page_underneath(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    record = ui(f"/accounts/{account['id']}")
    before = episode.state_hash()
    for close in ("Escape", "Cancel", "Cancel and close"):
        page.goto(record + "/edit")
        dialog = page.get_by_role("dialog", name=f"Edit {account['name']}")
        dialog.get_by_label("Account Name").fill("Never Saved")
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            dialog.get_by_role("link", name=close, exact=True).click()
        expect(page).to_have_url(record)
        expect(page.get_by_role("dialog")).to_have_count(0)
        expect(page.get_by_role("heading", level=1)).to_have_text(account["name"])
    assert episode.state_hash() == before
    assert not _actions(episode, "update_account")


def test_a_refused_save_shows_its_errors_inside_the_modal(crm):
    episode, page, ui = crm
    page.goto(ui("/contacts/new"))
    before = episode.state_hash()
    page.get_by_role("dialog", name="New Contact").get_by_role("button", name="Save", exact=True).click()

    dialog = page.get_by_role("dialog", name="New Contact")
    expect(dialog.get_by_role("alert")).to_contain_text("Last Name")
    expect(dialog.get_by_label("Last Name")).to_have_attribute("aria-invalid", "true")
    expect(dialog.get_by_label("Last Name")).to_be_focused()
    expect(page.locator("main#main h1")).to_have_text("All Contacts")
    assert episode.state_hash() == before
    assert _violations(page) == []


def test_focus_stays_inside_the_modal(crm):
    _, page, ui = crm
    page.goto(ui("/opportunities/new"))
    dialog = page.get_by_role("dialog", name="New Opportunity")
    expect(dialog).to_be_visible()
    inside = "() => !!document.activeElement.closest('[role=dialog]')"
    for _ in range(40):  # past the last control and round again
        page.keyboard.press("Tab")
        assert page.evaluate(inside), page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    page.get_by_role("link", name="Cancel and close").focus()
    page.keyboard.press("Shift+Tab")  # before the first control: round to the last
    assert page.evaluate(inside)
    expect(dialog.get_by_role("button", name="Save & New")).to_be_focused()


def test_activity_and_owner_forms_open_over_their_record(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]
    # the record's composer opens these inline (test_crm_activity_composer.py); their own addresses are
    # modals over the record, and the composer under a modal has no form (one control per label)
    for path, title in (("tasks", "New Task"), ("calls", "Log a Call"), ("events", "New Event")):
        page.goto(ui(f"/{path}/new?what_id={account['id']}"))
        expect(page.get_by_role("dialog", name=title)).to_be_visible()
        expect(page.locator("main#main h1")).to_have_text(account["name"])
        expect(page.locator("form.composer-form")).to_have_count(0)
    page.goto(ui(f"/accounts/{account['id']}/owner?next=/accounts"))
    dialog = page.get_by_role("dialog", name="Change Account Owner")
    expect(dialog).to_be_visible()
    expect(page.locator("main#main h1")).to_have_text("All Accounts")
    expect(dialog.get_by_role("button", name="Change Owner")).to_be_visible()
    # Lightning's Change Account Owner checkboxes, in its order, all off at first (update_account options)
    contacts = episode.call("crm_list_contacts", account_id=account["id"])["records"]
    other = next(u for u in episode.call("crm_list_users")["records"] if u["id"] != account["owner_id"])
    boxes = dialog.get_by_role("checkbox")
    expect(boxes).to_have_count(6)
    for box in boxes.all():
        expect(box).not_to_be_checked()
    assert [b.get_attribute("name") for b in boxes.all()] == [
        "transfer_other_open_opportunities", "transfer_closed_opportunities", "transfer_open_cases",
        "transfer_closed_cases", "keep_account_team", "send_notification_email"]  # fmt: skip
    expect(dialog.locator(".owner-kept li")).to_have_text(
        ["Contacts", "Open opportunities", "Notes", "Open activities (tasks and events)"]
    )
    dialog.get_by_role("checkbox", name="Transfer closed opportunities").check()
    owner = dialog.get_by_role("combobox", name="Owner")
    owner.fill("")
    owner.press_sequentially(other["name"][:4], delay=20)
    page.get_by_role("option", name=other["name"], exact=True).click()
    dialog.get_by_role("button", name="Change Owner").click()
    expect(page.locator("main#main h1")).to_have_text("All Accounts")
    last = _actions(episode, "update_account")[-1]
    assert (last.surface, last.args["transfer_closed_opportunities"], last.args["keep_account_team"]) == (
        "ui", True, False)  # fmt: skip
    # the contacts the previous owner held move with the account without a tick; the others keep theirs
    assert any(c["owner_id"] == account["owner_id"] for c in contacts)
    for c in contacts:
        now = episode.call("crm_get_contact", contact_id=c["id"])["contact"]["owner_id"]
        assert now == (other["id"] if c["owner_id"] == account["owner_id"] else c["owner_id"])


def test_without_scripts_the_modal_still_saves(live_server, browser):
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui("crm"))
    base = page.url.split("?", 1)[0].rstrip("/")
    try:
        page.goto(f"{base}/contacts/new")
        dialog = page.get_by_role("dialog", name="New Contact")
        expect(page.locator("main#main h1")).to_have_text("All Contacts")
        dialog.get_by_label("Last Name").fill("Noscript")
        dialog.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Noscript")
        created = _actions(episode, "create_contact")
        assert (created[-1].surface, created[-1].outcome) == ("ui", "ok")

        page.goto(f"{base}/contacts/new")
        page.get_by_role("link", name="Cancel and close").click()  # the X is a plain link
        expect(page).to_have_url(f"{base}/contacts")
    finally:
        context.close()


def test_a_list_rows_edit_opens_over_the_list_and_returns_to_it(crm):
    episode, page, ui = crm
    contact = episode.call("crm_create_contact", last_name="Rowedit", first_name="Rhea")
    page.goto(ui("/contacts?search=Rowedit"))
    page.get_by_role("button", name="Show actions for Rhea Rowedit").click()
    page.get_by_role("list", name="Actions for Rhea Rowedit").get_by_role("link", name="Edit").click()

    dialog = page.get_by_role("dialog", name="Edit Rhea Rowedit")
    expect(dialog).to_be_visible()
    expect(page.locator("main#main h1")).to_have_text("All Contacts")  # the list underneath
    dialog.get_by_label("Title").fill("Row Editor")
    dialog.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("heading", level=1)).to_have_text("All Contacts")
    expect(page).to_have_url(re.compile(r"/contacts\?search=Rowedit$"))
    assert episode.call("crm_get_contact", contact_id=contact["id"])["contact"]["title"] == "Row Editor"
