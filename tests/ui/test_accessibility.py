"""axe-core (the engine shipped by axe-playwright-python) over every page type of every app, in one
Chromium page of one episode that has all three apps: no critical and no serious violations.

Also: repeated links and buttons are distinguishable, and the App Launcher is on every page,
keyboard-operable, and lists every app of the episode."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from mcp_gateway.ui_catalog import PAGES
from tests.support.sampling import sampled

BLOCKING = ("critical", "serious")
# axe's default rules plus label-content-name-mismatch (WCAG 2.5.3, visible label in the accessible
# name), which axe-core ships disabled as experimental
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}


def _violations(page) -> list[str]:  # noqa: ANN001
    results = Axe().run(page, options=AXE_OPTIONS)
    out = []
    for v in results.response["violations"]:
        if v["impact"] in BLOCKING:
            targets = ", ".join(str(n["target"]) for n in v["nodes"][:3])
            out.append(f"{v['impact']} {v['id']} ×{len(v['nodes'])}: {targets}")
    return out


def test_no_serious_or_critical_axe_violations(all_apps):
    """Every catalogued page type (a seeded half of them, and every app's first, in CI;
    SAASGYM_FULL_TESTS=1: all of them)."""
    base, page = all_apps
    found: dict[str, list[str]] = {}
    every = [(app, path) for app, paths in PAGES.items() for path in paths]
    firsts = {(app, paths[0]) for app, paths in PAGES.items() if paths}
    chosen = set(sampled(every, 1 / 2, "axe-pages")) | firsts
    for app, path in (c for c in every if c in chosen):
        page.goto(f"{base}/s/{app}{path}")
        assert page.locator("main").count() == 1, f"/s/{app}{path} is not an app page"
        problems = _violations(page)
        if problems:
            found[f"/s/{app}{path}"] = problems
    assert not found, "\n".join(f"{url}\n  " + "\n  ".join(p) for url, p in found.items())


def test_files_add_new_menu_open_has_no_serious_violations(all_apps):
    """The OneDrive "+ Create or upload" menu open (the dialog states are catalogued pages)."""
    base, page = all_apps
    page.goto(f"{base}/s/office/files")
    page.get_by_role("button", name="Create or upload").click()
    assert page.get_by_role("menu", name="Create or upload").is_visible()
    assert not _violations(page)


def test_files_move_picker_in_a_folder_and_a_refused_rename_have_no_serious_violations(all_apps):
    """States of the Files dialogs past their catalogued first view: Move to's picker opened in a shared
    folder, and Rename with a refusal in it."""
    base, page = all_apps
    page.goto(f"{base}/s/office/files")
    page.get_by_role("button", name="Move to Q4 kickoff notes.docx").click()
    page.get_by_role("dialog").get_by_role("link", name="Sales Team").click()
    expect(page.get_by_role("dialog").get_by_role("navigation", name="Destination")).to_be_visible()
    assert not _violations(page)
    page.goto(f"{base}/s/office/files")
    page.get_by_role("button", name="Rename Q4 kickoff notes.docx").click()
    page.get_by_role("dialog").get_by_label("New name").fill("Q4|notes")
    page.get_by_role("dialog").get_by_role("button", name="Rename").click()
    expect(page.get_by_role("dialog").get_by_role("alert")).to_contain_text("illegal characters")
    assert not _violations(page)


def test_ledger_find_bar_open_and_top_row_frozen_have_no_serious_violations(all_apps):
    """The workbook grid 7,000 rows down with its top row frozen and the Find bar open on a match."""
    base, page = all_apps
    page.goto(f"{base}/s/office/sheets/371b73e2-a1b0-4812-9dc9-2c9ae141f8b6")
    ribbon = page.get_by_role("tablist", name="Ribbon")
    ribbon.get_by_role("tab", name="View", exact=True).click()
    page.get_by_role("button", name="Freeze Top Row").click()
    ribbon.get_by_role("tab", name="Home", exact=True).click()
    page.get_by_role("button", name="Find").click()
    page.get_by_role("searchbox", name="Find what").fill("0065g000000008vAAA")
    page.get_by_role("button", name="Find Next").click()
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    assert page.get_by_label("Name Box", exact=True).input_value() == "J2506"
    assert not _violations(page)


def test_mail_categorize_menu_open_has_no_serious_violations(all_apps):
    """Outlook's Categorize menu open in the reading pane, on a message that already has a category."""
    base, page = all_apps
    page.goto(f"{base}/s/office/mail")
    with page.expect_navigation():
        page.get_by_role("grid", name="Messages").get_by_role("link").first.click()
    page.get_by_role("button", name="Categorize", exact=True).click()
    with page.expect_navigation():
        page.get_by_role("menuitemcheckbox", name="Green category").click()
    page.get_by_role("button", name="Categorize", exact=True).click()
    menu = page.get_by_role("menu", name="Categorize")
    assert menu.is_visible()
    assert menu.get_by_role("menuitemcheckbox", name="Green category").get_attribute("aria-checked") == "true"
    assert not _violations(page)


def test_sheet_rename_open_has_no_serious_violations(all_apps):
    """Excel's sheet tab bar with its Rename sheet form open (the "+" New sheet button beside it)."""
    base, page = all_apps
    page.goto(f"{base}/s/office/sheets/08174d36-7f35-4e52-b29c-8574fa8c25e5?sheet=Forecast")
    page.get_by_role("button", name="Rename sheet").click()
    assert page.get_by_label("Sheet name", exact=True).is_visible()
    assert page.get_by_role("button", name="New sheet").is_visible()
    assert not _violations(page)


def test_chat_reply_box_open_has_no_serious_violations(all_apps):
    """A channel thread's Reply box open (Teams names it after the thread)."""
    base, page = all_apps
    page.goto(f"{base}/s/office{PAGES['office'][PAGES['office'].index('/chat') + 1]}")
    page.get_by_role("button", name="Reply to ").first.click()  # the first thread's Reply
    assert page.get_by_role("textbox", name="Reply to", exact=False).first.is_visible()
    assert not _violations(page)


def test_chat_emoji_menu_and_shared_tab_have_no_serious_violations(all_apps):
    """A conversation with its Shared tab selected, then its compose box's Emoji menu open (Teams)."""
    base, page = all_apps
    page.goto(f"{base}/s/office{PAGES['office'][PAGES['office'].index('/chat') + 2]}")
    page.get_by_role("tab", name="Shared", exact=True).click()
    assert not _violations(page)
    page.get_by_role("tab", name="Chat", exact=True).click()
    page.get_by_role("button", name="Emoji", exact=True).click()
    expect(page.get_by_role("menu", name="Emoji")).to_be_visible()
    assert not _violations(page)


def test_word_insert_table_and_new_comment_states_have_no_serious_violations(all_apps):
    """Word's Insert table dialog open, then a table inserted, then New comment on a selected line."""
    base, page = all_apps
    page.goto(f"{base}/s/office{next(p for p in PAGES['office'] if p.startswith('/docs/'))}")
    body = page.get_by_role("textbox", name="Document body")
    body.get_by_role("heading").first.click()
    page.get_by_role("tablist", name="Ribbon").get_by_role("tab", name="Insert", exact=True).click()
    page.get_by_role("button", name="Insert table").click()
    assert page.get_by_role("dialog", name="Insert table").is_visible()
    assert not _violations(page)
    page.get_by_role("dialog", name="Insert table").get_by_role("button", name="OK").click()
    assert body.get_by_role("table").count() >= 1
    body.get_by_role("heading").first.dblclick()
    page.get_by_role("button", name="New comment").click()
    assert not _violations(page)


def test_app_launcher_on_every_app_opens_with_the_keyboard(all_apps):
    base, page = all_apps
    for app, title in (("crm", "Service Management"), ("ticketing", "Office"), ("office", "Sales")):
        page.goto(f"{base}/s/{app}{PAGES[app][0]}")
        launcher = page.get_by_role("button", name="App Launcher", exact=True)
        assert launcher.get_attribute("aria-expanded") == "false"
        launcher.focus()
        page.keyboard.press("Enter")
        assert launcher.get_attribute("aria-expanded") == "true"
        menu = page.get_by_role("navigation", name="App Launcher")
        names = [n.strip() for n in menu.get_by_role("link").all_inner_texts()]
        suite = ["Outlook", "Teams", "OneDrive", "Word", "Excel", "PowerPoint"] if app == "office" else []
        assert sorted(names) == sorted([*suite, "Office", "Sales", "Service Management"]), names
        page.keyboard.press("Escape")
        assert not menu.is_visible()
        launcher.click()
        with page.expect_navigation():
            menu.get_by_role("link", name=title, exact=True).click()
        assert page.get_by_role("button", name="App Launcher", exact=True).count() == 1


def test_repeated_controls_are_distinguishable(all_apps):
    base, page = all_apps
    page.goto(f"{base}/s/office/mail")
    rows = page.get_by_role("grid", name="Messages").get_by_role("link")
    names = [rows.nth(i).inner_text().replace("\n", " ") for i in range(rows.count())]
    assert len(names) > 5 and len(set(names)) == len(names), names  # subject + sender + time
    page.goto(f"{base}/s/crm/")
    buttons = page.get_by_role("button", name="Mark Complete", exact=True)
    assert buttons.count() >= 2
    described = [buttons.nth(i).get_attribute("aria-describedby") for i in range(buttons.count())]
    assert len(set(described)) == len(described), described  # each button points at its own task
    for i, ids in enumerate(described):
        subject = page.locator(f"[id='{ids.split()[0]}']").inner_text().strip()
        form = buttons.nth(i).locator("xpath=ancestor::form[1]")
        assert subject and form.get_attribute("aria-label") == f"Complete task {subject}"


def test_crm_open_menus_and_toast_on_slds_have_no_serious_violations(all_apps):
    """The CRM's states drawn by the Lightning Design System that a page load does not show: the list-view
    switcher and a row's action menu open, an inline edit open, and the toast after a save."""
    base, page = all_apps
    page.goto(f"{base}/s/crm/accounts")
    page.get_by_role("button", name="Select a List View: Accounts").click()
    assert page.get_by_role("list", name="List Views").is_visible()
    assert not _violations(page)
    page.keyboard.press("Escape")
    first = page.get_by_role("row").nth(1).get_by_role("rowheader").inner_text().strip()
    page.get_by_role("button", name=f"Show actions for {first}").click()
    assert page.get_by_role("list", name=f"Actions for {first}").is_visible()
    assert not _violations(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name=f"Edit Phone: {first}").click()
    assert not _violations(page)
    page.goto(f"{base}/s/crm/accounts/0015g000000004wAAA/edit")
    page.get_by_role("button", name="Save", exact=True).click()
    assert page.get_by_role("status").filter(has_text="was saved").is_visible()
    assert not _violations(page)


def test_compose_attach_file_dialog_open_has_no_serious_violations(all_apps):
    """Outlook's new message with Attach file's dialog open (the files of My files to share by link)."""
    base, page = all_apps
    page.goto(f"{base}/s/office/mail/compose")
    page.get_by_role("button", name="Attach file").click()
    expect(page.get_by_role("dialog", name="Share a file from OneDrive")).to_be_visible()
    assert not _violations(page)


def test_crm_picklist_path_tabs_report_filters_and_convert_lookup_states(all_apps):
    """The CRM states issue 34 added past a page load: a picklist's options open, a later stage on the path
    selected (Mark as Current Stage), the Details tab chosen, the report's Filters panel hidden, the lead
    convert's owner lookup with its suggestions open."""
    base, page = all_apps
    page.goto(f"{base}/s/crm/opportunities/0065g000000007aAAA/edit")
    page.get_by_role("combobox", name="Stage", exact=True).click()
    expect(page.get_by_role("option").first).to_be_visible()
    assert not _violations(page)
    page.goto(f"{base}/s/crm/opportunities/0065g000000007aAAA")
    path = page.get_by_role("region", name="Stage path")
    path.get_by_role("button", name="Closed", exact=True).click()
    expect(path.get_by_role("link", name="Select Closed Stage")).to_be_visible()
    page.get_by_role("tablist", name="Record tabs").get_by_role("tab", name="Details").click()
    expect(page.get_by_role("heading", name="Details")).to_be_visible()
    assert not _violations(page)
    page.goto(f"{base}/s/crm/reports/new?group_by_1=stage_name&group_by_2=owner_id&summary_field=amount")
    page.get_by_role("button", name="Filters").click()
    expect(page.get_by_role("complementary", name="Filters")).to_be_hidden()
    assert not _violations(page)
    page.goto(f"{base}/s/crm/leads/00Q5g000000000DEAQ/convert")
    owner = page.get_by_role("combobox", name="Record Owner")
    owner.fill("")
    owner.press_sequentially("Am", delay=20)
    expect(
        page.get_by_role("listbox", name="Record Owner suggestions").get_by_role("option").first
    ).to_be_visible()
    assert not _violations(page)


def test_desk_lookup_dialog_preview_and_selected_rows_states(all_apps):
    """The desk's reference lookup list open, a reference's (i) preview open, list rows selected."""
    base, page = all_apps
    page.goto(f"{base}/s/ticketing/incidents/INC0012838")
    page.get_by_role("button", name="Look up using list: Caller").click()
    dialog = page.get_by_role("dialog", name="Look up: Caller")
    expect(dialog.get_by_role("button").nth(2)).to_be_visible()
    assert not _violations(page)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    preview = page.get_by_role("button", name="Preview Caller record")
    preview.click()
    expect(preview).to_have_attribute("aria-expanded", "true")
    assert not _violations(page)
    page.goto(f"{base}/s/ticketing/incidents?active=true")
    page.get_by_role("table").first.get_by_role("checkbox", name="Select all rows").check()
    expect(page.get_by_role("status").filter(has_text="selected")).to_contain_text("rows selected")
    assert not _violations(page)


def test_outlook_reply_and_forward_with_formatting_and_calendar_week_states(all_apps):
    """Outlook's forward (recipients picked as pills, the quoted original), a word made bold with the
    formatting bar, and the calendar moved a week on by its command bar."""
    base, page = all_apps
    page.goto(f"{base}/s/office/mail/compose?id=f06557c4-f6bb-4cdd-965a-cda7ca254739&mode=forward")
    to = page.get_by_role("combobox", name="To")
    to.press_sequentially("jas", delay=20)
    page.get_by_role("option").first.click()
    expect(page.locator(".o-token").first).to_be_visible()
    body = page.get_by_label("Message", exact=True)
    body.click()
    page.keyboard.type("Please see below")
    page.keyboard.press("Shift+Home")
    page.get_by_role("tab", name="Format text").click()
    page.get_by_role("button", name="Bold").click()
    assert not _violations(page)
    page.goto(f"{base}/s/office/calendar")
    page.get_by_role("link", name="Next week").click()
    expect(page.get_by_role("grid").first).to_be_visible()
    assert not _violations(page)


def test_desk_catalog_with_a_filled_cart_and_a_refused_add_have_no_serious_violations(all_apps):
    """The Service Catalog's states past its first view: an Add to Cart refused (a mandatory question), a
    line in the Shopping Cart widget, the Shopping Cart page with its lines."""
    base, page = all_apps
    page.goto(f"{base}/s/ticketing/catalog")
    page.get_by_role("link", name="Developer Laptop", exact=True).click()
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_role("alert")).to_contain_text("Not added")
    assert not _violations(page)
    page.goto(f"{base}/s/ticketing/catalog")
    page.get_by_role("link", name="Headset", exact=True).click()
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_role("complementary", name="Shopping Cart")).to_contain_text("Headset")
    assert not _violations(page)
    page.get_by_role("link", name="Proceed to Checkout").click()
    expect(page.get_by_role("table", name="Items in your cart")).to_contain_text("Headset")
    assert not _violations(page)
    page.get_by_role("button", name="Empty Cart").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Shopping Cart")


def _opens_clean(page, button: str, role: str, name: str):  # noqa: ANN001, ANN202
    """Click the button `button`; the `role` called `name` shows with no serious violations; returns it."""
    page.get_by_role("button", name=button).click()
    opened = page.get_by_role(role, name=name)
    expect(opened).to_be_visible()
    assert not _violations(page)
    return opened


def test_desk_form_header_tools_open_have_no_serious_violations(all_apps):
    """A record form's header tools open: Manage Attachments, the activity stream flyout, Personalize Form."""
    base, page = all_apps
    page.goto(f"{base}/s/ticketing/incidents/INC0012838")
    _opens_clean(page, "Manage Attachments", "dialog", "Attachments").get_by_role(
        "button", name="Close"
    ).click()
    _opens_clean(page, "Activity stream", "complementary", "Activity stream")
    page.keyboard.press("Escape")
    _opens_clean(page, "Personalize Form", "dialog", "Personalize Form")


def test_desk_date_picker_open_has_no_serious_violations(all_apps):
    """A new change's Planned start date with its calendar open."""
    base, page = all_apps
    page.goto(f"{base}/s/ticketing/changes/new?type=normal")
    page.get_by_role("tab", name="Schedule").click()  # the form's section tabs
    _opens_clean(page, "Select Planned start date date and time", "dialog", "Date picker")
