"""Global search (literal matching), the pipeline report and users."""

from __future__ import annotations


def test_search_matches_literally(crm):
    plain = crm.account("Percent Co")
    pct = crm.account("100% Uptime Ltd")
    under = crm.account("snake_case Inc")
    sql = crm.account("Robert'); DROP TABLE crm_account;--")
    assert [a["id"] for a in crm.ok("search_records", query="100%")["accounts"]] == [pct["id"]]
    assert [a["id"] for a in crm.ok("search_records", query="e_c")["accounts"]] == [under["id"]]
    assert crm.ok("search_records", query="%%")["accounts"] == []
    assert crm.ok("search_records", query="' OR 1=1--")["accounts"] == []
    assert [a["id"] for a in crm.ok("search_records", query="drop table")["accounts"]] == [sql["id"]]
    assert plain["id"] in [
        a["id"] for a in crm.ok("search_records", query="PERCENT", objects=["account"])["accounts"]
    ]
    assert crm.ok("list_accounts", limit=200)["total"] >= 4  # the table is still there


def test_search_across_objects(crm):
    acc = crm.account("Zyxwv Holdings")
    contact = crm.ok("create_contact", last_name="Zyxwv", first_name="Ann", email="ann@zyxwv.com")
    lead = crm.ok("create_lead", last_name="Q", company="Zyxwv Labs")
    opp = crm.opportunity(name="Zyxwv renewal")
    out = crm.ok("search_records", query="zyxwv")
    assert [r["id"] for r in out["accounts"]] == [acc["id"]]
    assert [r["id"] for r in out["contacts"]] == [contact["id"]]
    assert [r["id"] for r in out["leads"]] == [lead["id"]]
    assert [r["id"] for r in out["opportunities"]] == [opp["id"]]
    only = crm.ok("search_records", query="zyxwv", objects=["lead"])
    assert only["accounts"] == [] and len(only["leads"]) == 1
    assert crm.ok("search_records", query="ann zyxwv")["contacts"][0]["id"] == contact["id"]
    crm.refused("search_records", "query", "at least 2 characters", query=" a ")
    crm.refused("search_records", "objects", "account", query="ab", objects=["case"])


def test_pipeline_report_totals_equal_open_opportunities(crm):
    opps = crm.ok("list_opportunities", status="open", limit=200)["records"]
    report = crm.ok("pipeline_report")
    assert report["total_count"] == len(opps)
    assert report["total_amount"] == round(sum(o["amount"] or 0 for o in opps), 2)
    weighted = sum((o["amount"] or 0) * o["probability"] / 100 for o in opps)
    assert abs(report["total_weighted"] - weighted) < 0.05
    order = [
        "Prospecting",
        "Qualification",
        "Needs Analysis",
        "Value Proposition",
        "Id. Decision Makers",
        "Perception Analysis",
        "Proposal/Price Quote",
        "Negotiation/Review",
    ]
    stages = [r["stage_name"] for r in report["rows"]]
    assert stages == sorted(stages, key=order.index)
    by_owner = crm.ok("pipeline_report", group_by="owner")
    assert by_owner["total_amount"] == report["total_amount"] and all(
        r["owner_name"] for r in by_owner["rows"]
    )
    both = crm.ok("pipeline_report", group_by="stage_and_owner", include_closed=True)
    assert both["total_count"] == crm.ok("list_opportunities", limit=200)["total"]


def test_pipeline_report_follows_changes(crm):
    me = crm.ok("get_current_user")["id"]
    before = crm.ok("pipeline_report", owner_id=me)
    crm.opportunity(stage_name="Needs Analysis", amount=1000)
    after = crm.ok("pipeline_report", owner_id=me)
    assert after["total_count"] == before["total_count"] + 1
    assert round(after["total_weighted"] - before["total_weighted"], 2) == 200.0
    crm.refused("pipeline_report", "owner_id", "no user '005ZZZZZZZZZZZZ'", owner_id="005ZZZZZZZZZZZZ")


def test_users(crm):
    me = crm.ok("get_current_user")
    users = crm.ok("list_users")["records"]
    assert me["id"] in [u["id"] for u in users] and all(u["is_active"] for u in users)
    found = crm.ok("list_users", search=me["last_name"])["records"]
    assert me["id"] in [u["id"] for u in found]
