"""The "Opportunities with Products" report type (a report over related objects): one row per opportunity
product with its opportunity's fields, checked against plain SQL over the episode's own tables, through a
real MCP client, the Python API and the CLI (subprocess); refusals name the field and change nothing."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

from tests.crm import mcp_helpers as mcp
from tests.surfaces.test_cli import saasgym

JOIN = """SELECT li.id, o.id, o.name, o.owner_id, o.stage_name, p.name, p.family, li.quantity, li.unit_price,
       li.discount, li.total_price, e.unit_price
  FROM crm_opportunity_line_item li JOIN crm_opportunity o ON o.id = li.opportunity_id
  JOIN crm_product p ON p.id = li.product_id
  LEFT JOIN crm_pricebook_entry e ON e.id = li.pricebook_entry_id"""


def _lines(crm) -> list[tuple]:
    db: sqlite3.Connection = crm.ep.db.conn
    return db.execute(JOIN + " ORDER BY li.id").fetchall()


def test_one_row_per_product_with_its_opportunitys_fields(crm):
    lines = _lines(crm)
    report = crm.ok("run_report", report_type="opportunity_products", include_details=True, columns=[
        "name", "stage_name", "product_name", "product_family", "quantity", "unit_price", "list_price",
        "discount", "subtotal", "total_price", "owner_id"])  # fmt: skip
    assert report["report_type_label"] == "Opportunities with Products"
    assert report["total_count"] == len(lines) > 0 and report["all_data"]
    owners = {u["id"]: u["name"] for u in crm.ok("list_users")["records"]}
    rows = {r["id"]: r for r in report["rows"]}
    for li, opp, name, owner, stage, product, family, qty, price, discount, total, listed in lines:
        row = rows[li]
        assert row["opportunity_id"] == opp
        assert row["values"] == {
            "name": name,
            "stage_name": stage,
            "product_name": product,
            "product_family": family,
            "quantity": qty,
            "unit_price": price,
            "list_price": listed,
            "discount": discount,
            "subtotal": round(qty * price, 2),
            "total_price": total,
            "owner_id": owners[owner],
        }
    without = crm.ok(
        "run_report", filters=["name equals " + crm.opportunity(name="No Products Deal")["name"]]
    )
    assert without["total_count"] == 1  # an opportunity without products is in Opportunities ...
    products = crm.ok(
        "run_report", report_type="opportunity_products", filters=["name equals No Products Deal"]
    )
    assert products["total_count"] == 0  # ... and not in Opportunities with Products


def test_discounts_filtered_grouped_and_sorted_across_deals(crm):
    lines = [line for line in _lines(crm) if (line[9] or 0) > 10]
    report = crm.ok(
        "run_report",
        report_type="opportunity_products",
        filters=["discount greater_than 10"],
        group_by=["product_family"],
        summary_field="total_price",
        include_details=True,
        sort_by="discount",
        descending=True,
    )
    expected: dict[str, list[float]] = defaultdict(list)
    for line in lines:
        expected[line[6]].append(line[10])
    assert {g["value"]: (g["count"], g["summary"]) for g in report["groups"]} == {
        family: (len(totals), round(sum(totals), 2)) for family, totals in expected.items()
    }
    assert report["total_count"] == len(lines) > 0
    families = [r["values"]["product_name"] for r in report["rows"]]
    assert len(families) == len(lines)
    order = [g["value"] for g in report["groups"]]  # rows in group order, then by discount high to low
    by_group = [next(line[6] for line in lines if line[0] == r["id"]) for r in report["rows"]]
    assert by_group == sorted(by_group, key=order.index)
    for family in order:
        discounts = [
            r["values"]["discount"] for r, g in zip(report["rows"], by_group, strict=True) if g == family
        ]
        assert discounts == sorted(discounts, reverse=True)
    average = crm.ok(
        "run_report", report_type="opportunity_products", aggregate="average", summary_field="discount"
    )
    given = [line[9] for line in _lines(crm) if line[9] is not None]
    assert average["total_summary"] == round(sum(given) / len(given), 2)


def test_scope_mine_is_the_opportunitys_owner(crm):
    me = crm.ok("get_current_user")["id"]
    mine = [line for line in _lines(crm) if line[3] == me]
    report = crm.ok("run_report", report_type="opportunity_products", scope="mine", include_details=True)
    assert report["total_count"] == len(mine) and {r["id"] for r in report["rows"]} == {m[0] for m in mine}


def test_bad_columns_and_sort_are_refused_naming_the_field(crm):
    crm.refused(
        "run_report", "columns", "product_name", report_type="opportunities", columns=["product_name"]
    )
    crm.refused("run_report", "sort_by", "not a field", report_type="opportunity_products", sort_by="colour")


def test_over_mcp_and_saved_reports_keep_their_details(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    definition = {"report_type": "opportunity_products", "include_details": True, "sort_by": "discount",
                  "filters": ["discount greater_than 0"], "columns": ["name", "discount"]}  # fmt: skip
    report = mcp.ok(url, "run_report", **definition)
    assert report["total_count"] == len(report["rows"]) > 0
    assert all(r["values"]["discount"] > 0 for r in report["rows"])
    saved = mcp.ok(url, "save_report", name="Discounted lines", **definition)
    again = mcp.ok(url, "run_saved_report", report_id=saved["id"])
    assert again["rows"] == report["rows"] and again["columns"] == ["name", "discount"]
    mcp.refused(
        episode, url, "run_report", "INVALID_FIELD", "columns:", report_type="leads", columns=["amount"]
    )


def test_cli_runs_the_report(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    columns = '["name", "product_name", "discount"]'
    out = saasgym("crm", "run-report", "--report-type", "opportunity_products", "--include-details",
                  "--columns", columns, "--sort-by", "discount", "--descending", "--json",
                  url=f"{urls.base}/e/{urls.token}")  # fmt: skip
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["columns"] == ["name", "product_name", "discount"] and report["rows"]
    discounts = [r["values"]["discount"] for r in report["rows"] if r["values"]["discount"] is not None]
    assert discounts == sorted(discounts, reverse=True)
