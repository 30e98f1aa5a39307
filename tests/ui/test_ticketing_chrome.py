"""UI16's page chrome of the service desk in real Chromium: the dark banner with the signed-in person, the
global search behind its magnifier and System Settings; no module tab bar (the modules are in the application
navigator, whose Favorites persist and whose History records visits); a list's New beside its title and its
pager at the top as well as the bottom; a form's header (back, the ≡ context menu's Save and Copy sys_id, the
buttons at the top and again at the bottom) and the new-record form's number. Keyboard and axe-core too."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def test_banner_shows_the_signed_in_person_and_no_module_tabs(desk):
    episode, page, ui = desk
    me = episode.call("ticketing_get_current_user")["name"]
    page.goto(ui("/incidents"))
    banner = page.get_by_role("banner")
    expect(banner).to_contain_text(me)
    expect(banner.get_by_role("link", name="Service Management")).to_be_visible()
    expect(page.get_by_role("navigation", name="Service Management tabs")).to_have_count(0)
    navigator = page.get_by_role("navigation", name="Application navigator")
    for module in ("Incidents", "Problems", "Changes", "Requests", "My Approvals", "Knowledge", "CMDB"):
        expect(navigator.get_by_role("link", name=module, exact=True)).to_be_visible()
    navigator.get_by_role("link", name="Service Catalog", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Service Catalog")
    assert not _violations(page)


def test_global_search_opens_from_the_magnifier_by_keyboard(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", limit=1)["records"][0]["number"]
    page.goto(ui("/problems"))
    search = page.get_by_role("search", name="Global search")
    expect(search).to_be_hidden()
    opener = page.get_by_role("button", name="Global search", exact=True)
    opener.focus()
    page.keyboard.press("Enter")
    expect(opener).to_have_attribute("aria-expanded", "true")
    expect(search.get_by_role("searchbox", name="Search")).to_be_focused()
    page.keyboard.type(number)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(number)


def test_navigator_favorites_persist_and_history_records_visits(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_problems", limit=1)["records"][0]["number"]
    page.goto(ui("/incidents"))
    navigator = page.get_by_role("navigation", name="Application navigator")
    star = navigator.get_by_role("button", name="Favorite Service Desk - Problems")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    page.goto(ui(f"/problems/{number}"))  # a visit: History shows it, newest first
    navigator = page.get_by_role("navigation", name="Application navigator")
    favorites = navigator.get_by_role("tab", name="Favorites")
    favorites.click()
    expect(favorites).to_have_attribute("aria-selected", "true")
    listed = navigator.get_by_role("list", name="Favorites").get_by_role("link")
    expect(listed).to_have_count(1)
    expect(listed.first).to_contain_text("Problems")
    favorites.press("ArrowRight")  # the tabs move with the arrow keys
    history = navigator.get_by_role("tab", name="History")
    expect(history).to_be_focused()
    visits = navigator.get_by_role("list", name="History").get_by_role("link")
    expect(visits.first).to_have_text(number)
    expect(visits.nth(1)).to_have_text("Incidents")
    assert not _violations(page)
    navigator.get_by_role("tab", name="Favorites").click()
    with page.expect_navigation():
        listed.first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Problems")
    navigator.get_by_role("tab", name="All").click()
    navigator.get_by_role("button", name="Favorite Service Desk - Problems").click()  # off again
    navigator.get_by_role("tab", name="Favorites").click()
    expect(navigator.get_by_role("list", name="Favorites").get_by_role("link")).to_have_count(0)
    expect(navigator.get_by_text("No favorites yet.")).to_be_visible()


def test_list_new_beside_the_title_and_the_pager_on_top(desk):
    episode, page, ui = desk
    total = episode.call("ticketing_list_incidents", limit=1)["total"]
    assert total > 20, "the tiny world has more than a page of incidents"
    page.goto(ui("/incidents"))
    title = page.get_by_role("heading", level=1, name="Incidents")
    new = page.get_by_role("button", name="New", exact=True)
    title_box, new_box = title.bounding_box(), new.bounding_box()
    assert 0 < new_box["x"] - (title_box["x"] + title_box["width"]) < 40  # right after the title
    top = page.get_by_role("navigation", name="Pages")
    bottom = page.get_by_role("navigation", name="Pagination")
    expect(top.get_by_role("textbox")).to_have_value("1")  # the editable first row
    expect(top).to_contain_text(f"to 20 of {total}")
    expect(bottom.get_by_role("textbox")).to_have_value("1")  # the editable first row
    expect(bottom).to_contain_text(f"to 20 of {total}")
    assert top.bounding_box()["y"] < page.get_by_role("table").bounding_box()["y"]
    top.get_by_role("link", name="Next page").click()
    expect(page.get_by_role("navigation", name="Pages").get_by_role("textbox")).to_have_value("21")
    expect(page.get_by_role("navigation", name="Pages")).to_contain_text(f"to 40 of {total}")
    page.get_by_role("navigation", name="Pages").get_by_role("link", name="First page").click()
    expect(page.get_by_role("navigation", name="Pagination").get_by_role("textbox")).to_have_value("1")
    expect(page.get_by_role("navigation", name="Pagination")).to_contain_text(f"to 20 of {total}")
    options = page.get_by_role("combobox", name="Search by").locator("option").all_inner_texts()
    assert options[0] == "for text" and "Keywords" not in options, options
    with page.expect_navigation():
        page.get_by_role("button", name="New", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New record")


def test_new_record_shows_its_number_and_header_submit_saves(desk):
    episode, page, ui = desk
    caller = episode.call("ticketing_list_users", limit=1)["records"][0]
    page.goto(ui("/incidents/new"))
    expect(page.get_by_text("Incident", exact=True).first).to_be_visible()
    number = page.get_by_label("Number", exact=True).input_value()
    expect(page.get_by_label("State", exact=True)).to_have_value("New")
    assert page.get_by_label("Opened", exact=True).input_value().startswith("20")
    expect(page.get_by_role("button", name="Cancel")).to_have_count(0)  # no Cancel | Submit footer
    submits = page.get_by_role("button", name="Submit")
    expect(submits).to_have_count(2)  # at the top right and the bottom left
    top, bottom = submits.first.bounding_box(), submits.nth(1).bounding_box()
    assert top["y"] < bottom["y"] and top["x"] > bottom["x"]
    form = page.get_by_role("form", name="New Incident")
    header = page.locator(".sn-form-header")
    assert abs(form.bounding_box()["width"] - header.bounding_box()["width"]) < 2  # as wide as the header
    page.get_by_label("Caller").fill(caller["user_name"])
    page.get_by_label("Short description").fill("Badge reader at the west door is dead")
    with page.expect_navigation():
        submits.first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(number)
    found = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert found["short_description"] == "Badge reader at the west door is dead"


def test_context_menu_save_and_copy_sys_id(desk):
    episode, page, ui = desk
    incident = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(ui(f"/incidents/{incident['number']}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(incident["number"])
    menu_button = page.get_by_role("button", name="Additional actions")
    menu_button.focus()
    page.keyboard.press("Enter")  # the ≡ menu by keyboard: opens on its first item, arrows, Escape closes
    menu = page.get_by_role("menu", name="Additional actions")
    expect(menu.get_by_role("menuitem", name="Save")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Copy URL")).to_be_focused()
    assert not _violations(page)
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(menu_button).to_be_focused()
    menu_button.click()
    menu.get_by_role("menuitem", name="Copy sys_id").click()
    expect(page.get_by_text(f"sys_id copied to clipboard: {incident['sys_id']}")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == incident["sys_id"]
    page.get_by_label("Short description").fill("Saved from the context menu")
    menu_button.click()
    with page.expect_navigation():
        menu.get_by_role("menuitem", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(incident["number"])  # Save stays on the form
    saved = episode.call("ticketing_get_incident", incident_id=incident["number"])["incident"]
    assert saved["short_description"] == "Saved from the context menu"
    assert page.get_by_role("button", name="Update").count() == 2  # the header's and the bottom's


def test_banner_has_ui16_icons_and_no_kebab_or_sun(desk):
    episode, page, ui = desk
    me = episode.call("ticketing_get_current_user")["name"]
    page.goto(ui("/incidents"))
    banner = page.get_by_role("banner")
    brand = banner.get_by_role("link", name="Service Management")
    expect(brand.locator(".sn-logo")).to_have_text("acme")  # the instance's wordmark, not "sg"
    for name in ("Global search", "Connect", "Help", "System Settings"):
        expect(banner.get_by_role("button", name=name, exact=True)).to_be_visible()
    user = banner.get_by_role("button", name=me)
    expect(user).to_contain_text("▾")
    # no boxed kebab at the left: the App Launcher is a plain banner icon at the right end
    launcher = banner.get_by_role("button", name="App Launcher", exact=True)
    assert launcher.bounding_box()["x"] > brand.bounding_box()["x"] + 400
    assert launcher.evaluate("b => getComputedStyle(b).borderTopWidth") == "0px"
    # the gear is a gear (toothed ring), not a sun of rays
    gear = banner.get_by_role("button", name="System Settings", exact=True)
    assert gear.locator("svg circle[stroke-dasharray]").count() == 1 and gear.locator("svg path").count() == 0
    user.click()  # the user menu: Preferences opens System Settings
    expect(user).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("menuitem", name="Preferences")).to_be_focused()
    page.keyboard.press("Escape")
    expect(user).to_have_attribute("aria-expanded", "false")
    expect(user).to_be_focused()
    user.click()
    page.get_by_role("menuitem", name="Preferences").click()
    expect(page.get_by_role("dialog", name="System Settings")).to_be_visible()
    page.get_by_role("dialog", name="System Settings").get_by_role("button", name="Close").click()
    help_button = banner.get_by_role("button", name="Help", exact=True)
    help_button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("region", name="Help panel")).to_be_visible()
    assert not _violations(page)
    banner.get_by_role("button", name="Connect", exact=True).click()  # one panel at a time
    expect(page.get_by_role("region", name="Help panel")).to_be_hidden()
    expect(page.get_by_role("region", name="Connect conversations")).to_contain_text("No conversations")


def _looks(button) -> tuple[str, str, str]:  # noqa: ANN001
    """A button's computed background, text colour and border colour."""
    script = "b => { const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.borderTopColor]; }"
    return tuple(button.evaluate(script))


def test_form_buttons_share_one_neutral_style(desk):
    episode, page, ui = desk
    pages = {
        "/changes": episode.call("ticketing_list_changes", limit=50)["records"],
        "/problems": episode.call("ticketing_list_problems", limit=50)["records"],
        "/incidents": episode.call("ticketing_list_incidents", active=True, limit=1)["records"],
    }
    seen = set()
    for base, records in pages.items():
        for record in records[:6]:
            page.goto(ui(f"{base}/{record['number']}"))
            buttons = page.locator(".sn-form-header .sn-buttons button, .sn-form-foot .sn-buttons button")
            for i in range(buttons.count()):
                seen.add(_looks(buttons.nth(i)))
    page.goto(ui("/incidents/new"))
    seen.add(_looks(page.get_by_role("button", name="Submit").first))
    assert len(seen) == 1, seen  # Update, Approve, Reject, Cancel Change, Submit: all alike
    background, colour, _ = seen.pop()
    assert background == "rgb(255, 255, 255)" and colour == "rgb(46, 61, 73)"


def test_navigator_application_folds_its_modules(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    navigator = page.get_by_role("navigation", name="Application navigator")
    app = navigator.get_by_role("button", name="Service Desk", exact=True)
    incidents = navigator.get_by_role("link", name="Incidents", exact=True)
    expect(app).to_have_attribute("aria-expanded", "true")
    app.click()
    expect(app).to_have_attribute("aria-expanded", "false")
    expect(incidents).to_be_hidden()
    app.focus()
    page.keyboard.press("Enter")  # by keyboard: back open
    expect(app).to_have_attribute("aria-expanded", "true")
    expect(incidents).to_be_visible()
    page.keyboard.press("Space")
    expect(incidents).to_be_hidden()
    navigator.get_by_label("Filter navigator").fill("incid")  # a filter shows a folded app's matches
    expect(incidents).to_be_visible()
    navigator.get_by_label("Filter navigator").fill("")
    collapse = navigator.get_by_role("button", name="Collapse navigator")
    width = navigator.bounding_box()["width"]
    collapse.click()
    expand = navigator.get_by_role("button", name="Expand navigator")
    expect(expand).to_have_attribute("aria-expanded", "false")
    expect(navigator.get_by_label("Filter navigator")).to_be_hidden()
    assert navigator.bounding_box()["width"] < width / 3
    expand.press("Enter")
    expect(navigator.get_by_label("Filter navigator")).to_be_visible()
    assert not _violations(page)
