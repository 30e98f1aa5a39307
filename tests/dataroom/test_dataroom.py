"""The data room (worlds/parts/dataroom): generated deterministically from the world's own records, its
planted anomalies are exactly what an independent reconciliation of the workbook (read by openpyxl) and
the CRM's files finds, and the ledger reads through the office's range tools in pages (also over MCP)."""

from __future__ import annotations

import base64
import io
import json
from collections import defaultdict
from datetime import date
from types import SimpleNamespace

import anyio
import openpyxl
import pytest
from mcp.client import Client

from apps.core.worlds import load_world
from apps.office.cell_text import cell_texts
from worlds.generator.common import write_jsonl
from worlds.generator.parts import BuildContext
from worlds.parts.dataroom import PART

WORLD = load_world("acme")


def _jsonl(rel: str) -> list[dict]:
    return list(WORLD.rows(rel))


ENG = _jsonl("dataroom/engagement.jsonl")[0]
ANOMALIES = _jsonl("dataroom/anomalies.jsonl")


def _context() -> BuildContext:
    """What the earlier parts leave in `ctx.shared`, rebuilt from the world's committed files."""
    crm = SimpleNamespace(
        rows={
            t: _jsonl(f"crm/{t}.jsonl")
            for t in ("opportunity", "opportunity_line_item", "product", "account")
        }
    )
    users = _jsonl("office/user.jsonl")
    actor = next(u for u in users if u["id"] == WORLD.manifest["actors"]["office"])
    office = SimpleNamespace(users=users, actor=actor, rows={"drive_item": _jsonl("office/drive_item.jsonl")})
    company = SimpleNamespace(employees=_jsonl("company/employees.jsonl"))
    shared = {"crm": crm, "office": office, "company": company}
    return BuildContext(
        WORLD.seed, WORLD.manifest["scale"], WORLD.now.replace(tzinfo=None), WORLD.path, shared
    )


def test_generation_is_deterministic_and_reproduces_the_committed_files(tmp_path):
    first, _ = PART.build(_context())
    second, _ = PART.build(_context())
    assert first == second
    for rel, rows in first.items():
        write_jsonl(tmp_path / rel, rows)
        assert (tmp_path / rel).read_bytes() == (WORLD.path / rel).read_bytes(), rel
    assert ENG["rows"] >= 10_000


def _ledger() -> list[dict]:
    """The workbook's rows as dicts, read by openpyxl from the world's stored file."""
    content = base64.b64decode(_jsonl("dataroom/office/file_content.jsonl")[0]["content"])
    sheet = openpyxl.load_workbook(io.BytesIO(content), read_only=True).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def _reconcile(ledger: list[dict]) -> dict[tuple[str, str], float]:
    """An independent reconciliation of the ledger against the CRM's files: {(kind, opp id): amount}."""
    won = {
        o["id"]: o
        for o in _jsonl("crm/opportunity.jsonl")
        if o["stage_name"] == "Closed Won" and ENG["fy_start"] <= o["close_date"] <= ENG["fy_end"]
    }
    invoices: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    found: dict[tuple[str, str], float] = {}
    for r in ledger:
        ref, gl, cents = r["Opportunity Ref"], r["GL Account"], round(r["Amount"] * 100)
        if ref is None or not gl.startswith("4"):
            continue
        posted = r["Posting Date"].date()
        if r["Document Type"] == "Invoice":
            invoices[ref][r["Document No"]] += cents
            if r["Period"] != f"{posted:%Y-%m}":
                found["wrong_period", ref] = found.get(("wrong_period", ref), 0) + cents
        elif gl == "4900" and r["D/C"] == "C":
            found["sign_flip", ref] = 2 * cents
    for opp_id, opp in won.items():
        docs, crm = invoices.get(opp_id, {}), round(opp["amount"] * 100)
        billed = sum(docs.values())
        if not docs:
            found["missing_counterpart", opp_id] = crm
        elif len(docs) > 1 and billed == crm and max(docs.values()) <= ENG["approval_limit"] * 100:
            found["split_invoice", opp_id] = billed
        elif len(docs) > 1 and len(set(docs.values())) == 1:
            found["duplicate", opp_id] = billed - crm
        elif billed != crm:
            found["amount_mismatch", opp_id] = abs(billed - crm)
    return {k: v / 100 for k, v in found.items()}


def test_recorded_anomalies_are_what_the_files_show():
    ledger = _ledger()
    recorded = {(a["type"], a["opportunity_id"]): a["amount"] for a in ANOMALIES}
    assert _reconcile(ledger) == recorded
    assert {kind for kind, _ in recorded} == {
        "duplicate",
        "amount_mismatch",
        "missing_counterpart",
        "wrong_period",
        "sign_flip",
        "split_invoice",
    }
    assert round(sum(recorded.values()), 2) == ENG["combined_effect"] > ENG["materiality"]
    assert all(isinstance(r["Posting Date"].date(), date) for r in ledger[:5])


@pytest.fixture(scope="module")
def room(gym):
    ep = gym.create_episode("acme", apps=["office", "crm"])
    yield ep
    ep.close()


def test_ledger_reads_in_pages_and_exports_with_the_same_totals(room):
    item = ENG["item_id"]
    used = room.invoke("office", "get_used_range", {"item_id": item}).data()
    assert used["address"] == f"A1:P{ENG['rows'] + 1}" and used["header"][13] == "Amount"
    values, start = [], 2
    while start <= used["row_count"]:
        end = min(used["row_count"], start + 1874)
        page = room.invoke("office", "get_range", {"item_id": item, "address": f"A{start}:P{end}"}).data()
        values += page["values"]
        start = end + 1
    assert len(values) == ENG["rows"]
    paged = round(sum(v[13] for v in values), 2)
    exported = room.invoke("office", "export_workbook", {"item_id": item}).data()
    book = openpyxl.load_workbook(io.BytesIO(base64.b64decode(exported["content_base64"])), read_only=True)
    rows = list(book.worksheets[0].iter_rows(min_row=2, values_only=True))
    assert len(rows) == ENG["rows"] and round(sum(r[13] for r in rows), 2) == paged
    assert [list(map(str, r[:2])) for r in rows[:3]] == [list(map(str, v[:2])) for v in values[:3]]


def test_a_range_carries_the_exports_number_formats_and_the_grid_shows_them(room):
    """Graph's range.numberFormat: the export's amounts are "#,##0.00" (its columns' format, read from the
    file itself by openpyxl), text and headers General; Excel for the web draws the amounts so (44,705.81)."""
    page = room.invoke("office", "get_range", {"item_id": ENG["item_id"], "address": "A1:P3"}).data()
    header, first = page["number_format"][0], page["number_format"][1]
    assert set(header) == {"General"} and first[13] == "#,##0.00" and first[0] == "General"
    amount = page["values"][1][13]
    assert cell_texts([(amount, first[13])]) == [f"{amount:,.2f}"]


def test_big_ranges_and_edits_of_the_stored_export_are_refused(room):
    before = room.state_hash()
    big = room.invoke("office", "get_range", {"item_id": ENG["item_id"], "address": "A1:P5000"})
    assert not big.ok and big.field == "address" and "A1:P1875" in big.error
    edit = room.invoke("office", "update_cell", {"item_id": ENG["item_id"], "address": "A2", "value": "x"})
    assert not edit.ok and "view-only" in edit.error
    sheet = room.invoke("office", "get_worksheet", {"item_id": ENG["item_id"]})
    assert not sheet.ok and "get_range" in sheet.error
    bad = room.invoke("office", "get_range", {"item_id": ENG["item_id"], "address": "A1:P"})
    assert not bad.ok and bad.field == "address"
    assert room.state_hash() == before


def test_range_tools_over_mcp(live_server):
    episode, urls = live_server.new_episode("acme", apps=["office"])

    async def session():
        async with Client(urls.mcp("office")) as client:
            found = await client.call_tool("search_drive", {"query": "GL Detail FY2026"})
            item = found.structured_content["records"][0]["id"]
            used = await client.call_tool("get_used_range", {"item_id": item})
            page = await client.call_tool("get_range", {"item_id": item, "address": "A2:P1000"})
            return item, used, page

    item, used, page = anyio.run(session)
    assert item == ENG["item_id"] and used.structured_content["row_count"] == ENG["rows"] + 1
    assert page.structured_content["row_count"] == 999 and len(page.structured_content["values"][0]) == 16
    assert json.dumps(page.structured_content["values"][0][13])  # plain JSON numbers
