"""The CRM's picklists are Lightning comboboxes, never native <select>s: in headless Chromium the native popup
is painted in the screenshot while a click on an option lands on the field underneath. Here a click at an
option's drawn box chooses that option (page.mouse, as a computer-use agent clicks), the keyboard works as
WAI-ARIA's select-only combobox (Alt+ArrowDown, arrows, type-ahead, Home/End, Enter, Escape, Tab), and a
list view's inline edit saves a picked value through the same update action."""

from __future__ import annotations

from playwright.sync_api import expect

from mcp_gateway.ui_catalog import PAGES
from tests.ui.picklists import choose, options, picklist, value


def _centre(locator):  # noqa: ANN001, ANN202
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_no_crm_page_renders_a_native_select(all_apps):
    base, page = all_apps
    for path in PAGES["crm"]:
        page.goto(f"{base}/s/crm{path}")
        assert page.locator("select").count() == 0, f"{path} has a native <select>"
    page.goto(f"{base}/s/crm/accounts")  # 2 picklists per row in the hidden inline-edit forms
    assert page.locator("[data-picklist]").count() > 20


def test_a_click_at_an_option_lands_on_that_option(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", limit=1)["records"][0]
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    box = picklist(page, "Stage")
    page.mouse.click(*_centre(box))
    expect(box).to_have_attribute("aria-expanded", "true")
    listbox = options(page, "Stage")
    expect(listbox).to_be_visible()
    target = listbox.get_by_role("option", name="Perception Analysis", exact=True)
    x, y, option_id = *_centre(target), target.get_attribute("id")
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[role=option]').id", [x, y])
    assert hit == option_id  # what the screenshot shows at that point is what the click hits
    page.mouse.click(x, y)
    expect(box).to_have_text("Perception Analysis")
    expect(listbox).to_be_hidden()
    expect(page.locator(f"#{option_id}")).to_have_attribute("aria-selected", "true")
    assert value(page, "Stage") == "Perception Analysis"
    page.get_by_role("button", name="Save", exact=True).click()
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["stage_name"] == "Perception Analysis"


def test_the_keyboard_opens_moves_types_ahead_and_chooses(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", limit=1)["records"][0]
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    box, before = picklist(page, "Lead Source"), value(page, "Lead Source")
    box.focus()
    page.keyboard.press("Enter")  # opens on the chosen option, choosing nothing
    expect(box).to_have_attribute("aria-expanded", "true")
    active = page.locator(f"#{box.get_attribute('aria-activedescendant')}")
    expect(active).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Escape")  # closes without a change
    expect(box).to_have_attribute("aria-expanded", "false")
    assert value(page, "Lead Source") == before

    page.keyboard.press("End")  # opens on the last option
    last = options(page, "Lead Source").get_by_role("option").last
    expect(box).to_have_attribute("aria-activedescendant", last.get_attribute("id"))
    page.keyboard.press("Home")
    page.keyboard.type("Par")  # type-ahead: the first option starting with the typed text
    page.keyboard.press("Enter")
    expect(box).to_have_text("Partner Referral")
    expect(box).to_be_focused()

    page.keyboard.press("ArrowDown")  # open, then Tab chooses the active option and moves on
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Tab")
    expect(box).to_have_attribute("aria-expanded", "false")
    chosen = value(page, "Lead Source")
    assert chosen not in ("Partner Referral", "")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Alt+ArrowDown")
    page.keyboard.press("Alt+ArrowUp")  # chooses the active (the current) option and closes
    expect(box).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Save", exact=True).click()
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["lead_source"] == chosen


def test_a_click_elsewhere_closes_the_list_without_choosing(crm):
    _, page, ui = crm
    page.goto(ui("/accounts/new"))
    box = picklist(page, "Industry")
    box.click()
    expect(options(page, "Industry")).to_be_visible()
    page.get_by_role("heading", level=1).click()
    expect(options(page, "Industry")).to_be_hidden()
    assert value(page, "Industry") == ""
    choose(page, "Industry", "Banking")
    assert value(page, "Industry") == "Banking"


def _inline_stage(page, ui, opp):  # noqa: ANN001, ANN202
    page.goto(ui("/opportunities"))
    page.get_by_role("button", name=f"Edit Stage: {opp['name']}").click()
    box = page.locator(f"#inline-{opp['id']}-stage_name")
    expect(box).to_be_focused()
    return box


def test_inline_edit_picks_a_stage_with_the_pointer(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", sort_by="name", limit=1)["records"][0]
    box = _inline_stage(page, ui, opp)
    page.mouse.click(*_centre(box))
    listbox = page.locator(f"#{box.get_attribute('aria-controls')}")
    target = listbox.get_by_role("option", name="Needs Analysis", exact=True)
    if opp["stage_name"] == "Needs Analysis":
        target = listbox.get_by_role("option", name="Qualification", exact=True)
    name = target.inner_text().strip()
    target.scroll_into_view_if_needed()
    with page.expect_navigation():
        page.mouse.click(*_centre(target))  # a new value saves at once
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["stage_name"] == name
    updates = [e for e in episode.events() if e.kind == "action" and e.name == "update_opportunity"]
    assert updates[-1].surface == "ui" and updates[-1].outcome == "ok"


def test_inline_edit_picks_a_stage_with_the_keyboard(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", status="open", sort_by="name", limit=1)["records"][0]
    _inline_stage(page, ui, opp)
    page.keyboard.press("Escape")  # a closed list: Escape leaves the inline edit
    pencil = page.get_by_role("button", name=f"Edit Stage: {opp['name']}")
    expect(pencil).to_be_focused()
    expect(pencil).to_have_attribute("aria-expanded", "false")
    pencil.press("Enter")
    page.keyboard.press("ArrowDown")  # opens on the current stage
    page.keyboard.press("ArrowDown")  # the next one
    with page.expect_navigation():
        page.keyboard.press("Enter")
    saved = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert saved["stage_name"] != opp["stage_name"]
