"""The opportunity Edit form in real Chromium, as in Lightning: choosing a Stage sets Probability (%) to the
stage's default (keyboard too), a typed value overrides it, and both save through update_opportunity;
Probability shows as a percent and Amount as currency while not typed in; Account Name is a lookup (pill,
clearable, search as you type); Opportunity Owner is read-only (Change Owner changes it)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from apps.crm.picklists import STAGES_BY_NAME
from tests.ui.picklists import choose, picklist, value
from tests.ui.test_accessibility import _violations


def _open_deal(episode):
    opp = episode.call("crm_list_opportunities", status="open", limit=1)["records"][0]
    stage = next(s for s in ("Value Proposition", "Needs Analysis") if s != opp["stage_name"])
    return opp, stage


def _saved(episode, opp_id):
    tried = [e for e in episode.events() if e.kind == "action" and e.name == "update_opportunity"]
    assert (tried[-1].surface, tried[-1].outcome) == ("ui", "ok")
    return episode.call("crm_get_opportunity", opportunity_id=opp_id)["opportunity"]


def test_choosing_a_stage_sets_its_default_probability(crm):
    episode, page, ui = crm
    opp, stage = _open_deal(episode)
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    probability = page.get_by_label("Probability (%)")
    expect(probability).to_have_value(f"{opp['probability']}%")  # a percent while not typed in
    choose(page, "Stage", stage)
    expect(probability).to_have_value(f"{STAGES_BY_NAME[stage].probability}%")
    assert _violations(page) == []
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("status").first).to_contain_text("was saved")
    saved = _saved(episode, opp["id"])
    assert (saved["stage_name"], saved["probability"]) == (stage, STAGES_BY_NAME[stage].probability)


def test_a_typed_probability_overrides_the_stage_default_from_the_keyboard(crm):
    episode, page, ui = crm
    opp, _ = _open_deal(episode)
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    stage_box = picklist(page, "Stage")
    stage_box.focus()
    page.keyboard.press("ArrowDown")  # opens the list on the current stage
    page.keyboard.press("ArrowDown")  # the next stage
    page.keyboard.press("Enter")  # chosen: its default shows at once
    stage = value(page, "Stage")
    assert stage != opp["stage_name"]
    expect(page.get_by_label("Probability (%)")).to_have_value(f"{STAGES_BY_NAME[stage].probability}%")
    # Tab on through the form (Lead Source sits between Stage and Probability in Lightning's layout): as in
    # Lightning, Probability's help icon comes before the field in the tab order
    help_icon = "[data-field-help][aria-describedby=f-probability-tip]"
    for _ in range(4):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "(sel) => document.activeElement.matches(sel) ? 'help'"
            " : document.activeElement.labels?.[0]?.textContent.trim() || document.activeElement.tagName",
            help_icon,
        )
        assert "Probability" not in focused, "the field came before its help icon"
        if focused == "help":
            break
    expect(page.locator(help_icon)).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Probability (%)")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("35")
    page.keyboard.press("Enter")  # submits the form

    expect(page.get_by_role("status").first).to_contain_text("was saved")
    saved = _saved(episode, opp["id"])
    assert (saved["stage_name"], saved["probability"]) == (stage, 35)


def test_without_its_script_a_new_stage_still_saves_its_default_probability(live_server, browser):
    """A form whose script has not run (or is off) posts the old Probability with the new Stage: the server
    applies the new stage's default unless the user changed Probability too."""
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui("crm"))
    base = page.url.split("?", 1)[0].rstrip("/")
    try:
        opp, stage = _open_deal(episode)
        page.goto(f"{base}/opportunities/{opp['id']}/edit")
        page.get_by_role("combobox", name="Stage").select_option(stage)  # the <noscript> select
        # no script: the server's percent
        expect(page.get_by_label("Probability (%)")).to_have_value(f"{opp['probability']}%")
        page.get_by_role("button", name="Save", exact=True).click()
        saved = _saved(episode, opp["id"])
        assert (saved["stage_name"], saved["probability"]) == (stage, STAGES_BY_NAME[stage].probability)

        # changing both keeps the typed probability
        page.goto(f"{base}/opportunities/{opp['id']}/edit")
        page.get_by_role("combobox", name="Stage").select_option("Closed Won")
        page.get_by_label("Probability (%)").fill("55")
        page.get_by_role("button", name="Save", exact=True).click()
        saved = _saved(episode, opp["id"])
        assert (saved["stage_name"], saved["probability"]) == ("Closed Won", 55)
    finally:
        context.close()


def test_account_lookup_currency_amount_and_read_only_owner(crm):
    episode, page, ui = crm
    first, second = episode.call("crm_list_accounts", limit=2)["records"]
    opp = episode.call("crm_create_opportunity", name="Formatted Deal", account_id=first["id"], amount=131200,
                       stage_name="Prospecting", close_date="2026-12-31")  # fmt: skip
    owner = episode.call("crm_get_current_user")["name"]  # the creator owns it
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    dialog = page.get_by_role("dialog", name="Edit Formatted Deal")
    account = dialog.get_by_role("combobox", name="Account Name")
    expect(account).to_have_value(first["name"])
    expect(dialog.get_by_role("button", name="Clear Selection: Account Name")).to_be_visible()
    expect(dialog.get_by_label("Opportunity Owner")).to_have_count(0)  # no control: read-only
    form = dialog.locator("form.modal-form").bounding_box()  # below the header's Follow and overflow menu
    for action in (page.locator(".record-follow"), page.locator(".record-more > button")):
        box = action.bounding_box()
        assert box["y"] + box["height"] <= form["y"], (box, form)
    owner_text = re.compile(rf"^\s*Opportunity Owner\s+{owner}\s*$")
    expect(dialog.locator(".readonly-field")).to_have_text(owner_text)
    amount = dialog.get_by_label("Amount")
    expect(amount).to_have_value("$131,200.00")
    amount.fill("1,234,567")  # separators are fine
    expect(amount).to_have_value("1,234,567")  # as typed while in the field
    dialog.get_by_role("button", name="Clear Selection: Account Name").click()
    expect(amount).to_have_value("$1,234,567.00")
    account.press_sequentially(second["name"][:5], delay=20)
    page.get_by_role("option", name=second["name"], exact=True).click()
    assert _violations(page) == []
    dialog.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("status").first).to_contain_text("was saved")
    saved = _saved(episode, opp["id"])
    assert (saved["account_id"], saved["amount"], saved["owner_id"]) == (
        second["id"],
        1234567,
        opp["owner_id"],
    )
    # a refused save shows the form again, the read-only owner still named
    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    page.get_by_label("Amount").fill("-5")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".field-amount")).to_have_class(re.compile("has-error"))
    expect(page.locator(".readonly-field")).to_have_text(owner_text)
