"""Opportunities: stage rules, probability, the org's closing rules, reopening by editing, stage history."""

from __future__ import annotations

from apps.crm.services import actions


def test_create_follows_stage(crm):
    acc = crm.account()
    opp = crm.opportunity(
        account_id=acc["id"], stage_name="Negotiation/Review", amount=1000, type="New Customer"
    )
    assert (opp["probability"], opp["forecast_category"], opp["is_closed"], opp["is_won"]) == (
        90,
        "Commit",
        False,
        False,
    )
    assert opp["id"].startswith("006")
    [row] = crm.history(opp["id"])
    assert (row["stage_name"], row["amount"], row["probability"]) == ("Negotiation/Review", 1000, 90)
    custom = crm.opportunity(stage_name="Prospecting", probability=35)
    assert custom["probability"] == 35
    won = crm.opportunity(stage_name="Closed Won", amount=50)
    assert (won["probability"], won["forecast_category"], won["is_closed"], won["is_won"]) == (
        100,
        "Closed",
        True,
        True,
    )
    lost = crm.opportunity(stage_name="Closed Lost", loss_reason__c="Price")
    assert (lost["probability"], lost["forecast_category"], lost["is_won"]) == (0, "Omitted", False)


def test_create_rules(crm):
    crm.refused(
        "create_opportunity",
        "stage_name",
        "Prospecting, Qualification",
        name="X",
        close_date="2026-12-01",
        stage_name="Won",
    )
    base = {"name": "X", "close_date": "2026-12-01", "stage_name": "Prospecting"}
    crm.refused("create_opportunity", "probability", "between 0 and 100", **base, probability=101)
    crm.refused("create_opportunity", "amount", "at least 0", **base, amount=-5)
    crm.refused("create_opportunity", "account_id", "15 or 18", **base, account_id="001nope")
    crm.refused(
        "create_opportunity", "account_id", "no Account with id", **base, account_id="001ZZZZZZZZZZZZ"
    )
    crm.refused("create_opportunity", "type", "New Customer", **base, type="Upsell")
    crm.refused("create_opportunity", "name", "required", **{**base, "name": " "})
    crm.refused(
        "create_opportunity",
        "close_date",
        "close_date",
        name="X",
        close_date="someday",
        stage_name="Prospecting",
    )
    crm.refused(
        "create_opportunity", "amount", "Amount greater than 0", **{**base, "stage_name": "Closed Won"}
    )
    crm.refused(
        "create_opportunity",
        "loss_reason__c",
        "Select a Loss Reason",
        **{**base, "stage_name": "Closed Lost"},
    )
    crm.refused("create_opportunity", "loss_reason__c", "Competitor", **base, loss_reason__c="Bad vibes")


def test_stage_change_resets_probability_and_appends_history(crm):
    opp = crm.opportunity(amount=100)
    out = crm.ok("update_opportunity", opportunity_id=opp["id"], stage_name="Value Proposition")
    assert out["probability"] == 50
    out = crm.ok(
        "update_opportunity", opportunity_id=opp["id"], stage_name="Perception Analysis", probability=65
    )
    assert out["probability"] == 65
    crm.ok("update_opportunity", opportunity_id=opp["id"], amount=250)
    crm.ok("update_opportunity", opportunity_id=opp["id"], close_date="2027-01-15")
    crm.ok("update_opportunity", opportunity_id=opp["id"], next_step="Send quote")  # not tracked
    rows = crm.history(opp["id"])
    assert [(r["stage_name"], r["amount"], r["probability"], r["close_date"]) for r in rows] == [
        ("Prospecting", 100, 10, "2026-12-31"),
        ("Value Proposition", 100, 50, "2026-12-31"),
        ("Perception Analysis", 100, 65, "2026-12-31"),
        ("Perception Analysis", 250, 65, "2026-12-31"),
        ("Perception Analysis", 250, 65, "2027-01-15"),
    ]
    crm.refused(
        "update_opportunity", "probability", "between 0 and 100", opportunity_id=opp["id"], probability=-1
    )


def test_closed_won_needs_amount(crm):
    opp = crm.opportunity()
    for extra in ({}, {"amount": 0}):
        crm.refused(
            "update_opportunity",
            "amount",
            "Amount greater than 0",
            opportunity_id=opp["id"],
            stage_name="Closed Won",
            **extra,
        )
    won = crm.ok("update_opportunity", opportunity_id=opp["id"], stage_name="Closed Won", amount=900)
    assert won["is_won"] and won["is_closed"] and won["probability"] == 100 and won["amount"] == 900


def test_closed_lost_needs_reason(crm):
    opp = crm.opportunity(amount=10)
    crm.refused(
        "update_opportunity",
        "loss_reason__c",
        "Select a Loss Reason",
        opportunity_id=opp["id"],
        stage_name="Closed Lost",
    )
    lost = crm.ok(
        "update_opportunity", opportunity_id=opp["id"], stage_name="Closed Lost", loss_reason__c="Competitor"
    )
    assert lost["forecast_category"] == "Omitted" and lost["loss_reason__c"] == "Competitor"
    crm.refused(
        "update_opportunity", "loss_reason__c", "Loss Reason", opportunity_id=opp["id"], loss_reason__c=""
    )


def test_closed_opportunity_is_edited_like_any_other(crm):
    opp = crm.opportunity(amount=10)
    crm.ok("update_opportunity", opportunity_id=opp["id"], stage_name="Closed Lost", loss_reason__c="Price")
    won = crm.ok("update_opportunity", opportunity_id=opp["id"], stage_name="Closed Won", amount=20)
    assert (won["is_won"], won["probability"], won["amount"]) == (True, 100, 20)
    out = crm.ok(
        "update_opportunity", opportunity_id=opp["id"], stage_name="Qualification", loss_reason__c=""
    )
    assert (
        out["stage_name"],
        out["probability"],
        out["is_closed"],
        out["is_won"],
        out["loss_reason__c"],
    ) == (
        "Qualification",
        10,
        False,
        False,
        None,
    )
    assert out["forecast_category"] == "Pipeline"
    assert [r["stage_name"] for r in crm.history(opp["id"])][-3:] == [
        "Closed Lost",
        "Closed Won",
        "Qualification",
    ]
    assert "reopen_opportunity" not in actions.actions  # no invented tool: the record is simply edited


def test_update_moves_to_another_account_or_clears_it(crm):
    first, second = crm.account("First Co"), crm.account("Second Co")
    opp = crm.opportunity(account_id=first["id"])
    moved = crm.ok("update_opportunity", opportunity_id=opp["id"], account_id=second["id"][:15])
    assert moved["account_id"] == second["id"]  # stored in its 18-character form
    assert crm.ok("update_opportunity", opportunity_id=opp["id"], name="Kept")["account_id"] == second["id"]
    assert crm.ok("update_opportunity", opportunity_id=opp["id"], account_id="")["account_id"] is None
    crm.refused(
        "update_opportunity", "account_id", "no Account with id", opportunity_id=opp["id"],
        account_id="001ZZZZZZZZZZZZ",
    )  # fmt: skip


def test_list_filters(crm):
    acc = crm.account("Filter Co")
    open_opp = crm.opportunity(account_id=acc["id"], close_date="2027-03-01")
    won = crm.opportunity(account_id=acc["id"], stage_name="Closed Won", amount=5)
    lost = crm.opportunity(account_id=acc["id"], stage_name="Closed Lost", loss_reason__c="Other")
    ids = lambda **kw: [r["id"] for r in crm.ok("list_opportunities", account_id=acc["id"], **kw)["records"]]  # noqa: E731
    assert ids(status="open") == [open_opp["id"]]
    assert set(ids(status="closed")) == {won["id"], lost["id"]}
    assert ids(status="won") == [won["id"]] and ids(status="lost") == [lost["id"]]
    assert ids(close_date_from="2027-01-01") == [open_opp["id"]]
    assert crm.ok("list_opportunities", mine=True, account_id=acc["id"])["total"] == 3
    crm.refused("list_opportunities", "status", "open", status="pending")


def test_delete_opportunity(crm, episode):
    before = episode.state_hash()
    opp = crm.opportunity(amount=3)
    crm.ok("add_note", parent_id=opp["id"], title="n")
    out = crm.ok("delete_opportunity", opportunity_id=opp["id"])
    assert opp["id"] in out["deleted"] and any(i.startswith("008") for i in out["deleted"])
    assert not [c for c in episode.diff() if c.table.startswith("crm_")]
    assert episode.state_hash() != before  # id counters moved on
