"""The report builder against an independent computation over the same rows (pure Python over the
list tools' results, and sqlite GROUP BY on the episode database), its refusals, saved reports, and
the same report over MCP and the CLI."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

from tests.crm import mcp_helpers as mcp
from tests.surfaces.test_cli import saasgym


def _all(crm, action: str, **args) -> list[dict]:
    page = crm.ok(action, limit=200, **args)
    assert page["total"] == len(page["records"]), "the tiny world fits one page"
    return page["records"]


def _flat(report: dict) -> dict[tuple, tuple]:
    """{(group value, subgroup value): (count, summary)} of a two-level report."""
    return {
        (g["value"], s["value"]): (s["count"], s["summary"]) for g in report["groups"] for s in g["groups"]
    }


def test_two_groupings_with_subtotals_match_python_over_the_listed_rows(crm):
    opps = [o for o in _all(crm, "list_opportunities") if (o["amount"] or 0) > 20000]
    report = crm.ok(
        "run_report",
        filters=["amount greater_than 20000"],
        group_by=["stage_name", "owner_id"],
        summary_field="amount",
    )
    expected: dict[tuple, list[float]] = defaultdict(list)
    for o in opps:
        expected[(o["stage_name"], o["owner_id"])].append(o["amount"])
    assert _flat(report) == {k: (len(v), round(sum(v), 2)) for k, v in expected.items()}
    for g in report["groups"]:  # subtotals are the sums of their subgroups
        assert g["count"] == sum(s["count"] for s in g["groups"])
        assert abs(g["summary"] - sum(s["summary"] for s in g["groups"])) < 0.01
    assert report["total_count"] == len(opps) > 0
    assert report["total_summary"] == round(sum(o["amount"] for o in opps), 2)
    assert report["aggregate"] == "sum" and report["summary_label"] == "Sum of Amount"
    owners = {u["id"]: u["name"] for u in crm.ok("list_users")["records"]}
    assert all(s["label"] == owners[s["value"]] for g in report["groups"] for s in g["groups"])


def test_average_min_max_match_sqlite_group_by(crm):
    db: sqlite3.Connection = crm.ep.db.conn  # the episode's own database, read with plain SQL
    for agg, sql in (("average", "AVG"), ("min", "MIN"), ("max", "MAX"), ("sum", "SUM")):
        report = crm.ok(
            "run_report",
            report_type="accounts",
            group_by=["industry"],
            aggregate=agg,
            summary_field="annual_revenue",
        )
        rows = db.execute(
            f"SELECT industry, COUNT(*), {sql}(annual_revenue) FROM crm_account GROUP BY industry"
        ).fetchall()
        expected = {i: (n, None if v is None else round(v, 2)) for i, n, v in rows}
        assert {g["value"]: (g["count"], g["summary"]) for g in report["groups"]} == expected, agg
        assert report["groups"][-1]["value"] is None or None not in expected  # the blank group comes last


def test_each_operator_scope_and_date_range(crm):
    me = crm.ok("get_current_user")["id"]
    opps = _all(crm, "list_opportunities")
    checks = {
        "stage_name equals prospecting": lambda o: o["stage_name"] == "Prospecting",
        "stage_name not_equal Prospecting": lambda o: o["stage_name"] != "Prospecting",
        "amount less_than 50000": lambda o: o["amount"] is not None and o["amount"] < 50000,
        "amount greater_or_equal 50000": lambda o: o["amount"] is not None and o["amount"] >= 50000,
        "name contains renewal": lambda o: "renewal" in o["name"].lower(),
        "name not_contains renewal": lambda o: "renewal" not in o["name"].lower(),
        "is_closed equals true": lambda o: o["is_closed"],
        "close_date less_or_equal 2026-06-30": lambda o: o["close_date"] <= "2026-06-30",
    }
    for text, keep in checks.items():
        assert crm.ok("run_report", filters=[text])["total_count"] == sum(map(keep, opps)), text
    mine = crm.ok("run_report", scope="mine", date_from="2026-01-01", date_to="2026-12-31")
    assert mine["total_count"] == sum(
        o["owner_id"] == me and "2026-01-01" <= o["close_date"] <= "2026-12-31" for o in opps
    )
    leads = _all(crm, "list_leads", include_converted=True)  # a report counts converted leads too
    by_status = crm.ok("run_report", report_type="leads", group_by=["status"])
    assert {g["value"]: g["count"] for g in by_status["groups"]} == {
        s: sum(lead["status"] == s for lead in leads) for s in {lead["status"] for lead in leads}
    }


def test_bad_definitions_are_refused_with_what_to_do(crm):
    crm.refused(
        "run_report",
        "filters[0]",
        "not a field of the Opportunities",
        "stage_name",
        filters=["stage equals X"],
    )
    crm.refused(
        "run_report",
        "filters[1]",
        "operator",
        "greater_than",
        filters=["amount greater_than 5", "amount gt 5"],
    )
    crm.refused("run_report", "filters[0]", "'lots' is not a number", filters=["amount less_than lots"])
    crm.refused("run_report", "filters[0]", "as YYYY-MM-DD", filters=["close_date equals 31/12/2026"])
    crm.refused("run_report", "filters[0]", "text fields only", filters=["amount contains 5"])
    crm.refused("run_report", "filters[0]", "field operator value", filters=["amount"])
    crm.refused("run_report", "group_by", "at most two", group_by=["stage_name", "type", "owner_id"])
    crm.refused("run_report", "summary_field", "not numeric", "amount", summary_field="stage_name")
    crm.refused("run_report", "summary_field", "needs a numeric", aggregate="max")
    crm.refused("run_report", "date_from", "is after", date_from="2026-05-01", date_to="2026-04-01")
    crm.refused("save_report", "name", "report name is required", name="  ")
    crm.refused("save_report", "filters[0]", "not a field", name="X", filters=["nope equals 1"])
    crm.refused("run_saved_report", "report_id", "no report with id", report_id="00O5g00000ZZZZZ")


def test_saved_report_lists_and_recomputes_from_current_data(crm):
    saved = crm.ok(
        "save_report",
        name="Prospecting pipeline",
        folder="Public Reports",
        filters=["stage_name equals Prospecting"],
        group_by=["owner_id"],
        summary_field="amount",
    )
    assert saved["id"].startswith("00O") and saved["folder"] == "Public Reports"
    assert [r["name"] for r in crm.ok("list_reports")["records"]] == ["Prospecting pipeline"]
    assert crm.ok("list_reports", folder="Private Reports")["records"] == []
    before = crm.ok("run_saved_report", report_id=saved["id"])
    assert before["report_name"] == "Prospecting pipeline"
    crm.opportunity(stage_name="Prospecting", amount=1234.5)
    after = crm.ok("run_saved_report", report_id=saved["id"])
    assert after["total_count"] == before["total_count"] + 1
    assert round(after["total_summary"] - (before["total_summary"] or 0), 2) == 1234.5


def test_same_report_over_mcp_and_cli(live_server):
    episode, urls = live_server.new_episode()
    args = {"report_type": "opportunities", "group_by": ["stage_name"], "summary_field": "amount"}
    over_mcp = mcp.ok(urls.mcp("crm"), "run_report", **args)
    assert over_mcp == episode.invoke("crm", "run_report", args).data()
    mcp.refused(
        episode,
        urls.mcp("crm"),
        "run_report",
        "INVALID_FILTER_OPERATOR",
        "filters[0]:",
        filters=["amount over 5"],
    )
    base = f"{urls.base}/e/{urls.token}"
    out = saasgym(
        "crm", "run-report", "--group-by", "stage_name", "--summary-field", "amount", "--json", url=base
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["total_summary"] == over_mcp["total_summary"]


def test_the_pages_columns_summarize_menu_and_builder_preview():
    from apps.crm.ui_report_view import builder_details, summarize_links, without_all
    from apps.crm.ui_reports import definition_from

    # the run page's columns: the defaults, then the filtered field, always the summed one; the grouped
    # field moves to the group's column
    args = definition_from(
        {
            "report_type": "opportunities",
            "group_by_1": "stage_name",
            "summary_field": "amount",
            "filter_field_1": "probability",
            "filter_op_1": "greater_than",
            "filter_value_1": "10",
        }
    )
    assert args["columns"] == ["name", "account_id", "amount", "close_date", "owner_id", "probability"]
    chosen = definition_from({"report_type": "leads", "columns_for": "leads", "column_company": "on"})
    assert chosen["columns"] == ["company"]
    # a numeric column's header menu: Summarize > Sum / Average / Max / Min of that column
    links = summarize_links(
        {"report_type": "accounts", "summary_field": "x", "edit": "1"}, ["annual_revenue"]
    )
    assert [label for label, _ in links["annual_revenue"]] == ["Sum", "Average", "Max", "Min"]
    assert links["annual_revenue"][2][1] == {
        "report_type": "accounts",
        "details_set": "1",
        "summary_field": "annual_revenue",
        "aggregate": "max",
    }
    # the builder's preview shows detail rows until its toggle is sent off; Remove all drops a section
    fresh, toggled = {"edit": "1"}, {"edit": "1", "details_set": "1"}
    builder_details(fresh), builder_details(toggled)
    assert fresh["include_details"] == "on" and "include_details" not in toggled
    assert without_all({"group_by_1": "a", "group_by_2": "b", "scope": "all", "run": "1"}, "group_by_") == {
        "scope": "all"
    }
