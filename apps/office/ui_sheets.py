"""Excel for the web: a grid you type into (ARIA grid, Name Box, formula bar, sheet tabs at the bottom).
Every commit runs update_cell, the action MCP and the CLI use; the grid is drawn in windows of rows read
by range (get_worksheet's cell_range for a workbook edited here, get_range for a stored .xlsx file), so a
10,000-row ledger is never sent whole."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.ui_kit import UiKit
from apps.core.ui_trace import parse_trace
from apps.office.cell_text import cell_texts
from apps.office.services.cell_format import SETTINGS
from apps.office.services.workbook import a1
from apps.office.ui_download import download
from apps.office.ui_submit import submit

WINDOW = 60  # rows drawn at a time
MAX_ROWS_PER_READ = 200
FORMATS = (  # Home > Number format, Excel's list (labels and the codes it stores, en-US)
    ("General", "General"),
    ("Number", "0.00"),
    ("Currency", "$#,##0.00"),
    ("Accounting", '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)'),
    ("Short Date", "m/d/yyyy"),
    ("Long Date", "dddd, mmmm d, yyyy"),
    ("Time", "h:mm:ss AM/PM"),
    ("Percentage", "0.00%"),
    ("Fraction", "# ?/?"),
    ("Scientific", "0.00E+00"),
    ("Text", "@"),
)


def style_css(style: dict[str, Any] | None) -> str:
    """A cell's Font / Alignment (format_range's `style`) as the grid cell's inline CSS."""
    if not style:
        return ""
    parts = [
        f"font-family:'{style['font_name']}',sans-serif" if style.get("font_name") else "",
        f"font-size:{style['font_size'] * 13 / 11:.1f}px" if style.get("font_size") else "",  # 11 pt is 13px
        "font-weight:700" if style.get("bold") else "",
        "font-style:italic" if style.get("italic") else "",
        "text-decoration:underline" if style.get("underline") else "",
        f"color:{style['font_color']}" if style.get("font_color") else "",
        f"background:{style['fill_color']}" if style.get("fill_color") else "",
        f"text-align:{style['horizontal']}" if style.get("horizontal") else "",
        "white-space:normal;overflow-wrap:anywhere" if style.get("wrap") else "",
    ]
    return ";".join(p for p in parts if p)


class Sheet:
    """One worksheet as the grid sees it: its size and whether it is a stored (read-only) file."""

    def __init__(self, used: dict[str, Any], stored: bool, role: str):
        self.used, self.stored = used, stored
        self.editable = not stored and role in ("owner", "write")
        self.name = used["worksheet"]
        self.rows = max(used["row_count"] + (0 if stored else 50), 1 if stored else 100)
        self.cols = min(max(used["column_count"] + (0 if stored else 4), 1 if stored else 12), 60)

    def context(self) -> dict[str, Any]:
        return {"rows": self.rows, "cols": self.cols, "editable": self.editable, "stored": self.stored}


async def open_sheet(kit: UiKit, request: Request, item_id: str, worksheet: str | None) -> tuple[Sheet, dict]:
    item = await kit.read(request, "get_drive_item", {"item_id": item_id})
    used = await kit.read(request, "get_used_range", {"item_id": item_id, "worksheet": worksheet})
    stored = not (
        await kit.run(
            request, "get_worksheet", {"item_id": item_id, "worksheet": used["worksheet"], "cell_range": "A1"}
        )
    ).ok
    return Sheet(used, stored, item.get("my_role") or "read"), item


async def window(
    kit: UiKit, request: Request, item_id: str, sheet: Sheet, first: int, last: int
) -> list[dict]:
    """Rows first..last (clipped to the sheet) as [{index, cells: [{address, text, raw, num}]}]."""
    first, last = max(1, first), min(sheet.rows, last, first + MAX_ROWS_PER_READ - 1)
    if last < first:
        return []
    address = f"A{first}:{a1(last, sheet.cols)}"
    args = {"item_id": item_id, "worksheet": sheet.name}
    grid: dict[tuple[int, int], tuple[Any, str | None, str]] = {}
    styles: dict[tuple[int, int], dict[str, Any]] = {}
    if sheet.stored:
        data = await kit.read(request, "get_range", {**args, "address": address})
        for i, (row, fmts) in enumerate(zip(data["values"], data["number_format"], strict=True)):
            for j, (value, fmt) in enumerate(zip(row, fmts, strict=True)):
                grid[first + i, 1 + j] = (value, None, fmt)
    else:
        data = await kit.read(request, "get_worksheet", {**args, "cell_range": address})
        for c in data["cells"]:
            grid[c["row_index"], c["column_index"]] = (c["value"], c["formula"], c["number_format"])
            if c.get("style"):
                styles[c["row_index"], c["column_index"]] = c["style"]
    keys = [(r, c) for r in range(first, last + 1) for c in range(1, sheet.cols + 1)]
    texts = dict(
        zip(
            keys,
            cell_texts([(grid.get(k, (None,))[0], grid.get(k, (0, 0, "General"))[2]) for k in keys]),
            strict=True,
        )
    )
    rows = []
    for r in range(first, last + 1):
        cells = []
        for c in range(1, sheet.cols + 1):
            value, formula, fmt = grid.get((r, c), (None, None, "General"))
            raw = (
                formula
                if formula
                else (
                    ""
                    if value is None
                    else ("TRUE" if value is True else "FALSE" if value is False else str(value))
                )
            )
            cells.append(
                {
                    "address": a1(r, c),
                    "text": texts[r, c],
                    "raw": raw,
                    "fmt": fmt,
                    "num": isinstance(value, int | float) and not isinstance(value, bool),
                    "value": value,
                    "style": styles.get((r, c)),
                    "css": style_css(styles.get((r, c))),
                }
            )
        rows.append({"index": r, "cells": cells})
    return rows


async def body(request: Request) -> dict[str, Any] | None:
    """The request's JSON object (under 100 kB), or None."""
    raw = await request.body()
    try:
        data = json.loads(raw) if len(raw) < 100_000 else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def build_sheets_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    def rows_html(rows: list[dict]) -> str:
        return kit.env.get_template("sheet_rows.html").render(rows=rows)

    @router.get("/sheets/{item_id}", name="sheet")
    async def sheet_page(request: Request, item_id: str) -> Response:
        q = request.query_params
        return await render_sheet(request, item_id, q.get("sheet"), (q.get("cell") or "A1").upper())

    async def render_sheet(
        request: Request, item_id: str, name: str | None, active: str, rename_error: str | None = None
    ) -> Response:
        sheet, item = await open_sheet(kit, request, item_id, name)
        rows = await window(kit, request, item_id, sheet, 1, WINDOW)
        letters = [a1(1, c)[:-1] for c in range(1, sheet.cols + 1)]
        context = {
            "title": item["name"],
            "item": item,
            "used": sheet.used,
            "sheet": sheet.context(),
            "letters": letters,
        }
        context |= {"rows_html": rows_html(rows), "active": active, "window": WINDOW, "formats": FORMATS}
        context["rename_error"] = rename_error
        return kit.render(request, "sheet.html", context, status=422 if rename_error else 200)

    @router.get("/sheets/{item_id}/download", name="sheet_download")
    async def sheet_download(request: Request, item_id: str) -> Response:
        return await download(kit, request, "export_workbook", item_id)

    @router.post("/sheets/{item_id}/worksheets", name="sheet_add")
    async def sheet_add(request: Request, item_id: str) -> Response:
        """Excel's "+": a new sheet at the end, named Sheet<n> with the first n not taken; it opens."""
        used = await kit.read(request, "get_used_range", {"item_id": item_id})
        taken = {w.lower() for w in used["worksheets"]}
        name = next(f"Sheet{n}" for n in range(len(taken) + 1, len(taken) + 300) if f"sheet{n}" not in taken)
        return await submit(
            kit,
            request,
            "add_worksheet",
            {"item_id": item_id, "name": name},
            f"/sheets/{item_id}",
            sheet=name,
        )

    @router.post("/sheets/{item_id}/rename", name="sheet_rename")
    async def sheet_rename(request: Request, item_id: str) -> Response:
        """The active tab's Rename (rename_worksheet); a refused name is shown under the tabs."""
        values, trace = await kit.form(request)
        old, new = values.get("worksheet", ""), values.get("new_name", "")
        args = {"item_id": item_id, "worksheet": old, "new_name": new}
        outcome = await kit.run(request, "rename_worksheet", args, trace)
        if not outcome.ok:
            return await render_sheet(
                request, item_id, old, "A1", outcome.error or "the sheet was not renamed"
            )
        return kit.redirect(request, f"/sheets/{item_id}", sheet=outcome.data()["worksheet"]["name"])

    def span(data: dict[str, Any]) -> tuple[int, int]:
        first = data.get("first") if isinstance(data.get("first"), int) else 1
        last = data.get("last") if isinstance(data.get("last"), int) else first + WINDOW - 1
        return first, last

    @router.post("/sheets/{item_id}/rows", name="sheet_rows")
    async def sheet_rows(request: Request, item_id: str) -> Response:
        data = await body(request)
        if data is None:
            return JSONResponse(
                {"error": 'send {"worksheet": …, "first": row, "last": row}'}, status_code=400
            )
        sheet, _ = await open_sheet(kit, request, item_id, data.get("worksheet"))
        first, last = span(data)
        return JSONResponse({"html": rows_html(await window(kit, request, item_id, sheet, first, last))})

    async def answer(request: Request, item_id: str, data: dict, outcome: Any, refused: str) -> Response:
        """A change's answer to the grid: the rows shown (data's first..last) redrawn, or the error (422).

        Args:
            data: the request's JSON (its worksheet and the rows shown).
            outcome: the action's outcome.
            refused: the message when the action gave none.
        """
        if not outcome.ok:
            return JSONResponse({"error": outcome.error or refused}, status_code=422)
        sheet, _ = await open_sheet(kit, request, item_id, data.get("worksheet"))
        first, last = span(data)
        return JSONResponse({"html": rows_html(await window(kit, request, item_id, sheet, first, last))})

    @router.post("/sheets/{item_id}/cell", name="sheet_cell")
    async def sheet_cell(request: Request, item_id: str) -> Response:
        data = await body(request)
        if data is None or not isinstance(data.get("address"), str) or not isinstance(data.get("value"), str):
            return JSONResponse({"error": 'send {"worksheet", "address", "value"} as JSON'}, status_code=400)
        trace = parse_trace(json.dumps(data.get("trace") or []))
        args = {
            "item_id": item_id,
            "address": data["address"],
            "value": data["value"],
            "worksheet": data.get("worksheet"),
        }
        if isinstance(data.get("number_format"), str) and data["number_format"]:
            args["number_format"] = data["number_format"]
        outcome = await kit.run(request, "update_cell", args, trace)
        return await answer(request, item_id, data, outcome, "the cell was not changed")

    @router.post("/sheets/{item_id}/format", name="sheet_format")
    async def sheet_format(request: Request, item_id: str) -> Response:
        """Home > Font and Alignment on the selected cells (format_range); the rows shown come back."""
        data = await body(request)
        if data is None or not isinstance(data.get("address"), str):
            return JSONResponse(
                {"error": 'send {"worksheet", "address", and the settings} as JSON'}, status_code=400
            )
        trace = parse_trace(json.dumps(data.get("trace") or []))
        args = {"item_id": item_id, "address": data["address"], "worksheet": data.get("worksheet")}
        args |= {k: data[k] for k in SETTINGS if data.get(k) is not None}
        outcome = await kit.run(request, "format_range", args, trace)
        return await answer(request, item_id, data, outcome, "the cells were not formatted")

    return router
