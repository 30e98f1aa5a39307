"""The org's validation rules and custom fields over MCP: describe_object lists them, every save is
checked against the active rules (FIELD_CUSTOM_VALIDATION_EXCEPTION with the rule's message), and a
closed opportunity reopens by editing its stage (no special tool)."""

from __future__ import annotations

from tests.crm.mcp_helpers import call, ok, refused

LOST_MESSAGE = "Select a Loss Reason before you close this opportunity as Closed Lost."


def _open_opportunity(url: str, **extra) -> dict:
    args = {"name": "Rule Deal", "close_date": "2026-12-31", "stage_name": "Prospecting", **extra}
    return ok(url, "create_opportunity", **args)


def test_describe_lists_custom_fields_and_active_rules(live_server):
    _, urls = live_server.new_episode()
    desc = ok(urls.mcp("crm"), "describe_object", object_name="Opportunity")
    assert desc["name"] == "Opportunity" and desc["key_prefix"] == "006"
    by_name = {f["name"]: f for f in desc["fields"]}
    reason = by_name["Loss_Reason__c"]
    assert (reason["custom"], reason["type"], reason["argument"], reason["restricted_picklist"]) == (
        True,
        "picklist",
        "loss_reason__c",
        True,
    )
    assert reason["picklist_values"] == [
        "Price",
        "Competitor",
        "No Budget",
        "No Decision / Timing",
        "Product Fit",
        "Other",
    ]
    assert (by_name["Name"]["length"], by_name["Name"]["required"], by_name["Name"]["custom"]) == (
        120,
        True,
        False,
    )
    assert by_name["StageName"]["picklist_values"][-2:] == ["Closed Won", "Closed Lost"]
    rules = {r["name"]: r for r in desc["validation_rules"]}
    assert set(rules) == {"Closed_Lost_Requires_Loss_Reason", "Closed_Won_Requires_Amount"}
    lost = rules["Closed_Lost_Requires_Loss_Reason"]
    assert lost["error_condition_formula"] == (
        'AND(ISPICKVAL(StageName, "Closed Lost"), ISBLANK(TEXT(Loss_Reason__c)))'
    )
    assert (lost["error_message"], lost["error_field"], lost["active"]) == (
        LOST_MESSAGE,
        "Loss_Reason__c",
        True,
    )
    assert rules["Closed_Won_Requires_Amount"]["error_condition_formula"] == (
        'AND(ISPICKVAL(StageName, "Closed Won"), OR(ISBLANK(Amount), Amount <= 0))'
    )
    account = ok(urls.mcp("crm"), "describe_object", object_name="Account")
    assert account["validation_rules"] == [] and not [f for f in account["fields"] if f["custom"]]
    assert {f["name"]: f["length"] for f in account["fields"]}["Name"] == 255
    assert call(urls.mcp("crm"), "describe_object", object_name="Widget").is_error


def test_validation_rules_refuse_with_the_rules_message_and_write_nothing(live_server):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    opp = _open_opportunity(url)
    refused(
        episode,
        url,
        "update_opportunity",
        "FIELD_CUSTOM_VALIDATION_EXCEPTION",
        "loss_reason__c:",
        LOST_MESSAGE,
        opportunity_id=opp["id"],
        stage_name="Closed Lost",
    )
    refused(
        episode,
        url,
        "update_opportunity",
        "FIELD_CUSTOM_VALIDATION_EXCEPTION",
        "amount:",
        "An opportunity can only be Closed Won",
        opportunity_id=opp["id"],
        stage_name="Closed Won",
    )
    refused(
        episode,
        url,
        "create_opportunity",
        "FIELD_CUSTOM_VALIDATION_EXCEPTION",
        LOST_MESSAGE,
        name="Lost at birth",
        close_date="2026-12-31",
        stage_name="Closed Lost",
    )
    refused(
        episode,
        url,
        "update_opportunity",
        "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
        "Loss_Reason__c",
        "No Budget",
        opportunity_id=opp["id"],
        stage_name="Closed Lost",
        loss_reason__c="Bad vibes",
    )
    assert ok(url, "get_opportunity", opportunity_id=opp["id"])["opportunity"]["stage_name"] == "Prospecting"
    lost = ok(
        url, "update_opportunity", opportunity_id=opp["id"], stage_name="Closed Lost", loss_reason__c="Price"
    )
    assert (lost["is_closed"], lost["probability"], lost["loss_reason__c"]) == (True, 0, "Price")
    # the rule keeps holding afterwards: the reason cannot be cleared while the deal is Closed Lost
    refused(
        episode,
        url,
        "update_opportunity",
        "FIELD_CUSTOM_VALIDATION_EXCEPTION",
        LOST_MESSAGE,
        opportunity_id=opp["id"],
        loss_reason__c="",
    )


def test_a_rule_on_the_amount_also_guards_product_changes(live_server):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    opp = _open_opportunity(url)
    entry = ok(url, "list_pricebook_entries")["records"][0]
    item = ok(url, "add_line_item", opportunity_id=opp["id"], pricebook_entry_id=entry["id"], quantity=1)
    ok(url, "update_opportunity", opportunity_id=opp["id"], stage_name="Closed Won")
    refused(
        episode,
        url,
        "remove_line_item",
        "FIELD_CUSTOM_VALIDATION_EXCEPTION",
        "Amount greater than 0",
        line_item_id=item["id"],
    )


def test_reopen_by_editing_the_stage_and_amount(live_server):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    opp = _open_opportunity(url, amount=500)
    ok(
        url,
        "update_opportunity",
        opportunity_id=opp["id"],
        stage_name="Closed Lost",
        loss_reason__c="Competitor",
    )
    out = ok(url, "update_opportunity", opportunity_id=opp["id"], stage_name="Negotiation/Review", amount=650)
    assert (out["is_closed"], out["is_won"], out["probability"], out["forecast_category"], out["amount"]) == (
        False,
        False,
        90,
        "Commit",
        650,
    )
    assert out["loss_reason__c"] == "Competitor"  # Salesforce leaves the reason as it was
    history = ok(url, "get_opportunity", opportunity_id=opp["id"])["stage_history"]
    assert [h["stage_name"] for h in history] == ["Prospecting", "Closed Lost", "Negotiation/Review"]
    assert call(url, "reopen_opportunity", opportunity_id=opp["id"], stage_name="Prospecting").is_error
    won = ok(url, "update_opportunity", opportunity_id=opp["id"], stage_name="Closed Won")
    assert (won["is_won"], won["probability"], won["forecast_category"]) == (True, 100, "Closed")
    assert episode.diff()  # the edits landed
