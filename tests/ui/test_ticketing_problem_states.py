"""The problem form's state model in real Chromium: the process flow over the form, State read-only and
moved by the buttons ServiceNow shows in each state (each button runs the same service MCP uses), the
Known error check box in the field column, a Resolved problem still offering Update (its work notes), and
the Incidents related list drawn like a list."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.ui.test_accessibility import AXE_OPTIONS, BLOCKING


def _new_problem(episode) -> str:  # noqa: ANN001
    return episode.call("ticketing_create_problem", short_description="Printers drop off the network")[
        "number"
    ]


def _buttons(page) -> list[str]:  # noqa: ANN001
    return page.get_by_role("group", name="Problem actions").first.get_by_role("button").all_inner_texts()


def test_the_state_buttons_walk_the_problem_model(desk):
    episode, page, ui = desk
    number = _new_problem(episode)
    page.goto(ui(f"/problems/{number}"))
    flow = page.get_by_role("list", name="State flow")
    expect(flow.get_by_role("listitem")).to_have_text(
        ["New", "Assess", "Root Cause Analysis", "Fix in Progress", "Resolved", "Closed"]
    )
    expect(flow.locator("[aria-current=step]")).to_have_text("New")
    assert _buttons(page) == ["Update", "Assess", "Cancel"]
    page.get_by_role("button", name="Assess").first.click()
    assert _buttons(page) == ["Update", "Confirm", "Mark Duplicate", "Cancel"]
    page.get_by_role("button", name="Confirm").first.click()
    assert _buttons(page) == ["Update", "Start Fix", "Accept Risk", "Mark Duplicate", "Cancel"]
    page.get_by_label("Cause notes").fill("The print server's DHCP lease is too short")
    page.get_by_role("button", name="Start Fix").first.click()
    expect(flow.locator("[aria-current=step]")).to_have_text("Fix in Progress")
    page.get_by_role("tab", name="Resolution Information").click()  # the form's section tabs
    page.get_by_label("Fix notes").fill("Lease raised to eight days")
    page.get_by_role("button", name="Resolve").first.click()
    expect(page.get_by_role("status")).to_contain_text("Problem resolved.")
    prb = episode.call("ticketing_get_problem", problem_id=number)["problem"]
    assert (prb["state"], prb["resolution_code"], prb["fix_notes"]) == (
        106,
        "fix_applied",
        "Lease raised to eight days",
    )
    assert _buttons(page) == ["Update"]  # a resolved problem still takes work notes
    page.get_by_role("tab", name="Notes", exact=True).click()
    page.get_by_label("Work notes").fill("Confirmed with the site leads")
    page.get_by_role("button", name="Update").first.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated.")
    notes = episode.call(
        "ticketing_table_query", table="sys_journal_field", query=f"element_id={prb['sys_id']}"
    )
    assert [n["value"] for n in notes["result"]] == ["Confirmed with the site leads"]


def test_accept_risk_resolves_and_a_refused_resolve_changes_nothing(desk):
    episode, page, ui = desk
    number = _new_problem(episode)
    episode.call("ticketing_update_problem", problem_id=number, state=104)
    page.goto(ui(f"/problems/{number}"))
    page.get_by_role("button", name="Resolve").first.click()  # Fix Applied needs the cause notes
    expect(page.get_by_role("alert")).to_contain_text("cause")
    assert episode.call("ticketing_get_problem", problem_id=number)["problem"]["state"] == 104
    page.get_by_role("button", name="Re-Analyze").first.click()
    page.get_by_role("button", name="Accept Risk").first.click()
    prb = episode.call("ticketing_get_problem", problem_id=number)["problem"]
    assert (prb["state"], prb["resolution_code"]) == (106, "risk_accepted")


def test_known_error_label_left_box_right_and_the_related_list(desk):
    episode, page, ui = desk
    page.goto(ui(f"/problems/{_new_problem(episode)}"))
    label = page.locator(".field-known_error label").bounding_box()
    box = page.get_by_role("checkbox", name="Known error").bounding_box()
    assert label["x"] + label["width"] <= box["x"]  # the label in the label column, the box after it
    related = page.get_by_role("table", name="Incidents")
    headers = related.get_by_role("columnheader").all_inner_texts()
    assert headers[:2] == ["Number", "Short description"]
    expect(page.get_by_role("tabpanel", name="Incidents").get_by_role("link", name="Edit...")).to_be_visible()
    assert not [
        v["id"]
        for v in Axe().run(page, options=AXE_OPTIONS).response["violations"]
        if v["impact"] in BLOCKING
    ]
