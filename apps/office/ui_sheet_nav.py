"""Excel for the web's ways around a long sheet, over the read action get_range: Find (Ctrl+F: the next
or previous cell whose value contains a text, row by row, wrapping) and Ctrl+arrow (the edge of the data
region in that direction). Both read the sheet in pages of rows, as an agent would, never the whole
file at once; the active cell and the rows drawn stay the browser's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.errors import ActionError
from apps.core.ui_kit import UiKit
from apps.office.services.ranges import MAX_RANGE_CELLS
from apps.office.services.workbook import a1, parse_a1
from apps.office.ui_sheets import body, open_sheet

NOT_FOUND = "We couldn't find what you were looking for."
STEPS = {"down": (1, 0), "up": (-1, 0), "right": (0, 1), "left": (0, -1)}


def _parse(address: Any) -> tuple[int, int] | None:
    """(row, column) of an A1 address, or None."""
    try:
        return parse_a1(address.replace("$", "")) if isinstance(address, str) else None
    except ActionError:
        return None


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


async def _pages(
    kit: UiKit, request: Request, item_id: str, worksheet: str, rows: range, cols: int
) -> AsyncIterator[tuple[int, list[list[Any]]]]:
    """(first row, values) of the sheet's rows `rows` (ascending), a page of at most MAX_RANGE_CELLS cells
    per get_range read."""
    per_page = max(1, MAX_RANGE_CELLS // cols)
    for first in range(rows.start, rows.stop, per_page):
        last = min(rows.stop - 1, first + per_page - 1)
        data = await kit.read(
            request,
            "get_range",
            {"item_id": item_id, "worksheet": worksheet, "address": f"A{first}:{a1(last, cols)}"},
        )
        yield first, data["values"]


async def find_cell(
    kit: UiKit,
    request: Request,
    item_id: str,
    worksheet: str,
    size: tuple[int, int],
    text: str,
    after: tuple[int, int],
    backward: bool,
) -> str | None:
    """Address of the next (or previous) cell after `after` whose value contains `text` (any case),
    searching row by row and wrapping around the sheet of `size` (rows, columns); None when none does."""
    rows, cols = size
    needle = text.casefold()
    first_hit = last_hit = before = None
    async for first, values in _pages(kit, request, item_id, worksheet, range(1, rows + 1), cols):
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                if needle not in _text(value).casefold():
                    continue
                hit = (first + i, 1 + j)
                if not backward and hit > after:
                    return a1(*hit)
                first_hit = first_hit or hit
                last_hit = hit
                if hit < after:
                    before = hit
    found = (before or last_hit) if backward else first_hit
    return a1(*found) if found else None


def edge(filled: list[bool], start: int, step: int) -> int:
    """Excel's Ctrl+arrow along one line of cells (`filled[i]`: cell i+1 holds a value), from `start`
    (1-based) in direction `step` (±1): to the last filled cell of the block it is in, or else to the
    next filled cell, or else to the line's end."""
    n = len(filled)
    at = start
    nxt = at + step
    if not 1 <= nxt <= n:
        return at
    if filled[at - 1] and filled[nxt - 1]:
        while 1 <= nxt + step <= n and filled[nxt + step - 1]:
            nxt += step
        return nxt
    while 1 <= nxt <= n and not filled[nxt - 1]:
        nxt += step
    return nxt if 1 <= nxt <= n else (n if step > 0 else 1)


async def line_of(
    kit: UiKit,
    request: Request,
    item_id: str,
    worksheet: str,
    size: tuple[int, int],
    cell: tuple[int, int],
    vertical: bool,
) -> list[bool]:
    """Which cells of the column (vertical) or row through `cell` hold a value."""
    rows, cols = size
    args = {"item_id": item_id, "worksheet": worksheet}
    if not vertical:
        data = await kit.read(request, "get_range", {**args, "address": f"A{cell[0]}:{a1(cell[0], cols)}"})
        return [v not in (None, "") for v in data["values"][0]]
    column = a1(1, cell[1]).rstrip("0123456789")
    filled: list[bool] = []
    for first in range(1, rows + 1, MAX_RANGE_CELLS):
        last = min(rows, first + MAX_RANGE_CELLS - 1)
        data = await kit.read(request, "get_range", {**args, "address": f"{column}{first}:{column}{last}"})
        filled += [row[0] not in (None, "") for row in data["values"]]
    return filled


def build_sheet_nav_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.post("/sheets/{item_id}/find", name="sheet_find")
    async def sheet_find(request: Request, item_id: str) -> Response:
        data = await body(request)
        text = data.get("text") if data else None
        after = _parse(data.get("after")) if data else None
        if not isinstance(text, str) or not text.strip() or after is None:
            return JSONResponse(
                {"error": "Type what to find, e.g. part of a name or a number."}, status_code=400
            )
        sheet, _ = await open_sheet(kit, request, item_id, data.get("worksheet"))
        size = (sheet.used["row_count"], min(sheet.used["column_count"], sheet.cols))
        found = await find_cell(
            kit, request, item_id, sheet.name, size, text.strip(), after, data.get("backward") is True
        )
        if found is None:
            return JSONResponse({"error": NOT_FOUND}, status_code=404)
        return JSONResponse({"address": found})

    @router.post("/sheets/{item_id}/edge", name="sheet_edge")
    async def sheet_edge(request: Request, item_id: str) -> Response:
        data = await body(request)
        cell = _parse(data.get("address")) if data else None
        direction = data.get("direction") if data else None
        if cell is None or not isinstance(direction, str) or direction not in STEPS:
            return JSONResponse(
                {"error": 'send {"worksheet", "address", "direction": "up|down|left|right"}'}, status_code=400
            )
        sheet, _ = await open_sheet(kit, request, item_id, data.get("worksheet"))
        dr, dc = STEPS[direction]
        size = (sheet.rows, sheet.cols)
        if not (1 <= cell[0] <= sheet.rows and 1 <= cell[1] <= sheet.cols):
            return JSONResponse({"error": "That cell is outside the sheet."}, status_code=400)
        used = (
            min(sheet.rows, max(sheet.used["row_count"], 1)),
            min(sheet.cols, max(sheet.used["column_count"], 1)),
        )
        filled = await line_of(kit, request, item_id, sheet.name, used, cell, vertical=bool(dr))
        length = size[0] if dr else size[1]
        filled += [False] * (length - len(filled))
        to = edge(filled, cell[0] if dr else cell[1], dr or dc)
        return JSONResponse({"address": a1(to, cell[1]) if dr else a1(cell[0], to)})

    return router
