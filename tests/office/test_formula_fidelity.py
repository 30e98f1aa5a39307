"""Formulas as Excel computes them (the LibreOffice-computed corpus) and .xlsx files other readers
understand: cached values for pandas/openpyxl, `_xlfn.` prefixes for newer functions. Through MCP."""

from __future__ import annotations

import base64
import io

import anyio
import openpyxl
import pandas as pd
from mcp.client import Client

from apps.office.services.workbook import wait_until_warm
from scripts.formula_engines import agreement, load_corpus, matches

MIN_AGREEMENT = 0.98


def _grid(cells: dict[str, object]) -> tuple[str, list[list[object]]]:
    """Cells {address: input} as one update_range block starting at A1 (None where nothing is typed)."""
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    spots = {}
    for address, value in cells.items():
        column, row = coordinate_from_string(address)
        if isinstance(value, str) and not value.startswith("="):
            value = "'" + value  # typed as text, as Excel's apostrophe does ("'42" stays text)
        spots[row - 1, column_index_from_string(column) - 1] = value
    rows, cols = max(r for r, _ in spots) + 1, max(c for _, c in spots) + 1
    return "A1", [[spots.get((r, c)) for c in range(cols)] for r in range(rows)]


def _corpus_over_mcp(live_server, corpus: dict) -> tuple[dict, bytes]:
    _, urls = live_server.new_episode("tiny")
    wait_until_warm()  # the engine's one-time compilation is not part of the 10 s tool deadline
    calc_cells = {}
    for case in corpus["cases"]:
        calc_cells[case["cell"]] = case["formula"]
        calc_cells.update(case.get("helpers", {}))

    async def session():
        async with Client(urls.mcp("office")) as client:
            made = await client.call_tool("create_workbook", {"name": "Corpus", "worksheet": "Data"})
            item_id = made.structured_content["item"]["id"]
            start, values = _grid(corpus["data"])
            await client.call_tool(
                "update_range", {"item_id": item_id, "start_address": start, "values": values}
            )
            await client.call_tool("add_worksheet", {"item_id": item_id, "name": "Calc"})
            start, values = _grid(calc_cells)
            done = await client.call_tool(
                "update_range",
                {"item_id": item_id, "worksheet": "Calc", "start_address": start, "values": values},
            )
            assert not done.is_error, done.content[0].text
            sheet = await client.call_tool("get_worksheet", {"item_id": item_id, "worksheet": "Calc"})
            exported = await client.call_tool("export_workbook", {"item_id": item_id})
            return sheet.structured_content, base64.b64decode(exported.structured_content["content_base64"])

    return anyio.run(session)


def test_formula_corpus_agrees_with_libreoffice_and_the_export_keeps_the_values(live_server):
    corpus = load_corpus()
    assert len(corpus["cases"]) >= 150
    sheet, xlsx = _corpus_over_mcp(live_server, corpus)
    ours = {c["address"]: c["value"] for c in sheet["cells"]}
    got = {case["id"]: ours.get(case["cell"]) for case in corpus["cases"]}
    share, wrong = agreement(corpus, got)
    assert share >= MIN_AGREEMENT, f"{share:.1%} agreement; wrong: {wrong}"
    by_id = {c["id"]: c for c in corpus["cases"]}
    for named in ("counta", "xlookup", "networkdays", "textjoin", "edate_end", "trim"):  # once wrong
        assert matches(by_id[named]["expected"], got[named]), (named, got[named])

    book = openpyxl.load_workbook(io.BytesIO(xlsx), data_only=True)["Calc"]
    formulas = openpyxl.load_workbook(io.BytesIO(xlsx))["Calc"]
    for case in corpus["cases"]:
        assert matches(ours[case["cell"]], book[case["cell"]].value), case["id"]

    def text(case_id: str) -> str:  # dynamic-array functions (XLOOKUP) are stored as array formulas
        value = formulas[by_id[case_id]["cell"]].value
        return getattr(value, "text", value)

    assert text("textjoin").startswith("=_xlfn.TEXTJOIN(") and text("ifs").startswith("=_xlfn.IFS(")
    assert text("xlookup").startswith("=_xlfn.XLOOKUP(")
    assert formulas[by_id["sum_range"]["cell"]].value == "=SUM(Data!C2:C9)"
    frame = pd.read_excel(io.BytesIO(xlsx), sheet_name="Calc", header=None, keep_default_na=False)
    column = frame.iloc[:, 0].tolist()  # pandas sees the cached values; it reads Excel errors as NaN

    def same(ours_value, theirs) -> bool:
        if isinstance(ours_value, str) and ours_value.startswith("#"):
            return pd.isna(theirs) or theirs == ours_value
        return matches(ours_value, theirs)

    mismatched = [c["id"] for i, c in enumerate(corpus["cases"]) if not same(ours[c["cell"]], column[i])]
    assert mismatched == []


def test_volatile_functions_are_deterministic_per_episode(gym):
    def run() -> tuple[dict, str]:
        ep = gym.create_episode("tiny")
        try:
            made = ep.invoke("office", "create_workbook", {"name": "Dice"}).data()
            item_id = made["item"]["id"]
            values = [["=RAND()"], ["=RANDBETWEEN(1,6)"], ["=RANDBETWEEN(10,10)"], ["=NOW()"]]
            args = {"item_id": item_id, "start_address": "A1", "values": values}
            view = ep.invoke("office", "update_range", args).data()
            return {c["address"]: c["value"] for c in view["cells"]}, ep.state_hash()
        finally:
            ep.close()

    (first, hash1), (second, hash2) = run(), run()
    assert first == second and hash1 == hash2
    assert 0 <= first["A1"] < 1 and first["A2"] in range(1, 7) and first["A3"] == 10
    assert first["A4"] > 46000  # NOW() is the episode clock as an Excel serial (late 2026)
