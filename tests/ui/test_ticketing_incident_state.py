"""The incident form's State choice list in real Chromium: it offers the moves the incident's state allows,
and Update runs the service's state action, so its rules hold through the form: On Hold without an On hold
reason and Resolved without a resolution code are refused at the field with nothing changed; with them the
incident moves; a Closed incident's State is read-only. The service refuses the same moves directly."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.core.errors import ActionError


def _options(page):  # noqa: ANN001, ANN202
    return page.get_by_role("combobox", name="State", exact=True).locator("option")


def test_state_choice_list_moves_the_incident_by_the_services_rules(desk):
    episode, page, ui = desk
    caller = episode.call("ticketing_list_users", limit=1)["records"][0]["sys_id"]
    number = episode.call("ticketing_create_incident", caller_id=caller, short_description="Dock flickers")[
        "number"
    ]
    for action, args, field in (  # the service's rules, as the API, MCP and the CLI meet them
        ("ticketing_put_incident_on_hold", {"hold_reason": ""}, "hold_reason"),
        ("ticketing_resolve_incident", {"close_code": "", "close_notes": "x"}, "close_code"),
    ):
        with pytest.raises(ActionError) as refused:
            episode.call(action, incident_id=number, **args)
        assert refused.value.field == field
    page.goto(ui(f"/incidents/{number}"))
    expect(_options(page)).to_have_text(["New", "In Progress", "On Hold", "Resolved", "Canceled"])
    state = page.get_by_role("combobox", name="State", exact=True)
    update = page.get_by_role("button", name="Update").first

    state.select_option(label="On Hold")  # no On hold reason: refused at that field, nothing moves
    expect(page.get_by_label("On hold reason")).to_have_attribute("aria-required", "true")  # the UI policy
    update.click()
    expect(page.get_by_role("alert")).to_contain_text("On hold reason")
    expect(page.get_by_label("On hold reason")).to_have_attribute("aria-invalid", "true")
    assert episode.call("ticketing_get_incident", incident_id=number)["incident"]["state"] == 1
    page.get_by_label("On hold reason").select_option("Awaiting Vendor")  # the chosen State was kept
    update.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    inc = episode.call("ticketing_get_incident", incident_id=number)["incident"]
    assert (inc["state"], inc["hold_reason_label"]) == (3, "Awaiting Vendor")

    expect(_options(page)).to_have_text(["In Progress", "On Hold", "Resolved", "Canceled"])
    state.select_option(label="Resolved")  # opens Resolution Information; no code: refused there
    expect(page.get_by_role("tab", name="Resolution Information")).to_have_attribute("aria-selected", "true")
    update.click()
    expect(page.get_by_label("Resolution code")).to_have_attribute("aria-invalid", "true")
    assert episode.call("ticketing_get_incident", incident_id=number)["incident"]["state"] == 3
    page.get_by_label("Resolution code").select_option("Solution provided")
    page.get_by_label("Resolution notes").fill("Replaced the dock's cable.")
    update.click()
    expect(page.get_by_role("status")).to_contain_text("Record updated")
    assert episode.call("ticketing_get_incident", incident_id=number)["incident"]["state"] == 6

    state.select_option(label="Closed")
    update.click()
    expect(page.get_by_label("State", exact=True)).to_have_value("Closed")  # final: read-only text
    assert episode.call("ticketing_get_incident", incident_id=number)["incident"]["state"] == 7
