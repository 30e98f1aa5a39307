"""The problem's Incidents related list, Edit... (ServiceNow's slushbucket), in real Chromium: incidents
moved from the Collection to the Incidents List are linked on Save, all or nothing."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def _new_problem(episode):
    made = episode.call("ticketing_create_problem", short_description="Printers drop off the network")
    return made["number"]


def _tried(episode, n):
    tried = [e for e in episode.events() if e.kind == "action" and not e.name.startswith(("get_", "list_"))]
    return [(e.name, e.surface, e.outcome) for e in tried[-n:]]


def test_edit_incidents_links_the_added_incidents(desk):
    episode, page, ui = desk
    number = _new_problem(episode)
    a, b = (r["number"] for r in episode.call("ticketing_list_incidents", active=True, limit=2)["records"])
    page.goto(ui(f"/problems/{number}"))
    related = page.get_by_role("tabpanel", name="Incidents")
    expect(related).to_contain_text("No records to display")
    related.get_by_role("link", name="Edit...").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit Incidents")

    collection, chosen = page.get_by_label("Collection"), page.get_by_label("Incidents List")
    for n in (a, b):
        collection.select_option(n)
        page.get_by_role("button", name="Add", exact=True).click()
    expect(chosen.get_by_role("option")).to_have_count(2)
    expect(collection.locator(f"option[value='{a}']")).to_have_count(0)
    chosen.select_option(b)  # moved back (the left arrow): not linked
    page.get_by_role("button", name="Remove").click()
    expect(chosen.get_by_role("option")).to_have_count(1)
    collection.locator(f"option[value='{b}']").dblclick()  # a double-click moves an option across
    expect(chosen.get_by_role("option")).to_have_count(2)
    chosen.locator(f"option[value='{b}']").dblclick()
    expect(chosen.get_by_role("option")).to_have_count(1)
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(number)
    expect(related.get_by_role("link", name=a)).to_be_visible()
    expect(related.get_by_role("link", name=b)).to_have_count(0)
    assert _tried(episode, 1) == [("link_incident_to_problem", "ui", "ok")]
    linked = episode.call("ticketing_get_problem", problem_id=number)["incidents"]
    assert [i["number"] for i in linked] == [a]

    related.get_by_role("link", name="Edit...").click()  # the linked one stays, and cannot be removed
    expect(chosen.get_by_role("option", name=a, exact=False)).to_be_disabled()


def test_edit_incidents_refuses_a_closed_incident_and_changes_nothing(desk):
    episode, page, ui = desk
    number = _new_problem(episode)
    open_one = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    closed = episode.call("ticketing_list_incidents", state=[7], limit=1)["records"][0]["number"]
    page.goto(ui(f"/problems/{number}/incidents"))
    page.get_by_label("Collection").select_option(open_one)
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_label("Filter field").select_option(label="Number")  # the condition builder's row
    page.get_by_label("Filter operator").select_option(label="is")
    page.get_by_label("Filter value").fill(closed)  # a filter finds incidents in any state
    page.get_by_role("button", name="Run filter").click()
    expect(page.get_by_label("Collection").get_by_role("option")).to_have_count(1)
    expect(page.get_by_label("Incidents List").get_by_role("option")).to_have_count(1)  # the addition kept
    page.get_by_label("Collection").select_option(closed)
    page.get_by_role("button", name="Add", exact=True).click()
    before = episode.state_hash()
    page.get_by_role("button", name="Save").click()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(f"Invalid update. Incidents: {closed} is Closed and read-only")
    expect(page.get_by_label("Incidents List").get_by_role("option")).to_have_count(2)
    assert episode.state_hash() == before
    assert _violations(page) == []  # axe over the refusal shown: no serious or critical
    assert _tried(episode, 2) == [
        ("link_incident_to_problem", "ui", "rolled_back"),
        ("link_incident_to_problem", "ui", "error"),
    ]
    assert episode.call("ticketing_get_problem", problem_id=number)["incidents"] == []
