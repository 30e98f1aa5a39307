"""A save that breaks several rules lists each failure as its own Salesforce error entry, in the order
Salesforce reports them: every field that fails system validation (length, picklist, format), every
active validation rule that fails; missing required fields as one entry naming them all; a body it cannot
read (wrong JSON type) as one entry. Over MCP (text and structured content) and the CLI."""

from __future__ import annotations

import json

from tests.crm.mcp_helpers import call
from tests.surfaces.test_cli import saasgym

NEXT_STEP_MESSAGE = "Record the next step (who does what) before you close this opportunity."


def add_rule(episode, name: str, condition: dict, field: str, message: str) -> None:
    """An admin adds an active validation rule on Opportunity (the org's Setup, outside any tool)."""
    episode.db.execute_raw(
        "INSERT INTO crm_validation_rule (id, name, object_name, active, description, error_condition, "
        "error_field, error_message) VALUES (?, ?, 'Opportunity', 1, '', ?, ?, ?)",
        ("03d5g0000000009AAA", name, json.dumps(condition), field, message),
    )


def refusal(url: str, tool: str, **args) -> list[dict]:
    result = call(url, tool, **args)
    assert result.is_error
    body = json.loads(result.content[0].text)
    assert result.structured_content == {"errors": body}
    return body


def test_every_failing_field_is_its_own_entry_in_order(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    before = episode.state_hash()
    body = refusal(urls.mcp("crm"), "create_account", name="N" * 256, phone="1" * 41, industry="Nope")
    assert [(e["errorCode"], e["fields"]) for e in body] == [
        ("STRING_TOO_LONG", ["name"]),
        ("STRING_TOO_LONG", ["phone"]),
        ("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", ["industry"]),
    ]
    assert "max length=255, got 256" in body[0]["message"] and "max length=40, got 41" in body[1]["message"]
    assert "'Nope'" in body[2]["message"]
    assert episode.state_hash() == before
    outcome = episode.invoke("crm", "create_account", {"name": "N" * 256, "phone": "1" * 41})
    assert [f.field for f in outcome.failures] == ["name", "phone"]  # the Python surface sees each too


def test_missing_required_fields_are_one_entry_and_an_unreadable_body_one(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    (missing,) = refusal(urls.mcp("crm"), "create_lead")
    assert missing["errorCode"] == "REQUIRED_FIELD_MISSING" and missing["fields"] == ["last_name", "company"]
    assert "last_name is required" in missing["message"] and "company is required" in missing["message"]
    (unreadable,) = refusal(urls.mcp("crm"), "create_lead", last_name=7, company=["x"])
    assert unreadable["errorCode"] == "JSON_PARSER_ERROR" and unreadable["fields"] == ["last_name"]


def test_every_failing_validation_rule_is_its_own_entry(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    add_rule(
        episode,
        "Closed_Won_Requires_Next_Step",
        {
            "all": [
                {"field": "StageName", "op": "equals", "value": "Closed Won"},
                {"field": "NextStep", "op": "blank"},
            ]
        },
        "NextStep",
        NEXT_STEP_MESSAGE,
    )
    before = episode.state_hash()
    args = {"name": "Two Rules", "close_date": "2026-12-31", "stage_name": "Closed Won"}
    body = refusal(urls.mcp("crm"), "create_opportunity", **args)
    assert [(e["errorCode"], e["fields"]) for e in body] == [
        ("FIELD_CUSTOM_VALIDATION_EXCEPTION", ["amount"]),  # Closed_Won_Requires_Amount
        ("FIELD_CUSTOM_VALIDATION_EXCEPTION", ["next_step"]),  # Closed_Won_Requires_Next_Step
    ]
    assert body[1]["message"] == NEXT_STEP_MESSAGE
    assert episode.state_hash() == before
    # the CLI prints the same list and exits 1
    base = f"{urls.base}/e/{urls.token}"
    cli = saasgym(
        "crm", "create-opportunity", "--name", "Two Rules", "--close-date", "2026-12-31",
        "--stage-name", "Closed Won", url=base,
    )  # fmt: skip
    assert cli.returncode == 1 and json.loads(cli.stderr) == body
    # fixing one leaves the other
    (left,) = refusal(urls.mcp("crm"), "create_opportunity", **args, amount=1000)
    assert left["fields"] == ["next_step"]
    assert episode.state_hash() == before
