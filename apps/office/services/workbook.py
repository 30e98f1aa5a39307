"""The spreadsheet engine: cells <-> an openpyxl workbook, formulas computed by pycel (a real Excel
formula engine), A1 addresses."""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.office.models import Cell, Worksheet

if TYPE_CHECKING:  # openpyxl is imported on first use: it is a third of the start-up of every process
    import openpyxl

A1 = re.compile(r"^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$")
MAX_ROW, MAX_COL = 1_048_576, 16_384
logging.getLogger("pycel").setLevel(logging.CRITICAL)


def parse_a1(address: str, field: str = "address") -> tuple[int, int]:
    """'B12' -> (row 12, column 2); refuses anything outside A1:XFD1048576."""
    m = A1.match(address.strip())
    if not m:
        raise ActionError(f"{address!r} is not a cell address like A1 or C12", field=field)
    from openpyxl.utils import column_index_from_string

    col, row = column_index_from_string(m.group(1).upper()), int(m.group(2))
    if col > MAX_COL or row > MAX_ROW:
        raise ActionError(f"{address!r} is outside the sheet (A1:XFD1048576)", field=field)
    return row, col


def a1(row: int, col: int) -> str:
    from openpyxl.utils import get_column_letter

    return f"{get_column_letter(col)}{row}"


def parse_input(raw: Any) -> tuple[str | None, Any]:
    """What a user typed -> (formula, constant). '=…' is a formula; numbers and TRUE/FALSE are typed."""
    if isinstance(raw, bool | int | float):
        return None, raw
    if raw is None:
        return None, None
    text = str(raw)
    if text.startswith("=") and len(text) > 1:
        return text, None
    upper = text.strip().upper()
    if upper in ("TRUE", "FALSE"):
        return None, upper == "TRUE"
    try:
        number = float(text.replace(",", "")) if text.strip() else None
    except ValueError:
        return None, text
    if number is None:
        return None, None
    return None, int(number) if number.is_integer() and "." not in text else number


def sheets_of(ctx: Ctx, item_id: str) -> list[Worksheet]:
    return list(
        ctx.db.exec(select(Worksheet).where(Worksheet.item_id == item_id).order_by(Worksheet.position))
    )


def cells_of(ctx: Ctx, worksheet_id: str) -> list[Cell]:
    return list(
        ctx.db.exec(
            select(Cell).where(Cell.worksheet_id == worksheet_id).order_by(Cell.row_index, Cell.column_index)
        )
    )


def delete_cells(ctx: Ctx, worksheet_id: str) -> None:
    for cell in cells_of(ctx, worksheet_id):
        ctx.db.delete(cell)


def to_openpyxl(ctx: Ctx, item_id: str) -> tuple[openpyxl.Workbook, dict[str, list[Cell]]]:
    """The workbook as openpyxl objects (formulas as formulas) plus the cells per sheet name."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    cells: dict[str, list[Cell]] = {}
    for sheet in sheets_of(ctx, item_id):
        ws = wb.create_sheet(sheet.name)
        cells[sheet.name] = cells_of(ctx, sheet.id)
        for c in cells[sheet.name]:
            target = ws.cell(row=c.row_index, column=c.column_index)
            target.value = c.formula if c.formula else c.value
            if c.number_format != "General":
                target.number_format = c.number_format
    return wb, cells


def _plain(value: Any) -> Any:
    """pycel/numpy results as JSON values (errors stay strings like '#DIV/0!')."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, tuple | list):  # an array result: its top-left value
        return _plain(
            value[0][0] if value and isinstance(value[0], tuple | list) else value[0] if value else None
        )
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value


def evaluate(wb: openpyxl.Workbook, targets: list[tuple[str, str]]) -> dict[tuple[str, str], Any]:
    """Values of the formula cells `targets` ((sheet, address)) of `wb`, computed by pycel.
    Errors show as Excel does: '#DIV/0!', '#NAME?' (unknown function), '#VALUE!' (bad formula or cycle)."""
    from pycel import ExcelCompiler
    from pycel.excelformula import UnknownFunction

    compiler = ExcelCompiler(excel=wb, cycles=False)
    out: dict[tuple[str, str], Any] = {}
    for sheet_name, address in targets:
        try:
            out[sheet_name, address] = _plain(compiler.evaluate(f"'{sheet_name}'!{address}"))
        except UnknownFunction:
            out[sheet_name, address] = "#NAME?"
        except Exception:  # a malformed formula or a circular reference
            out[sheet_name, address] = "#VALUE!"
    return out


def recalculate(ctx: Ctx, item_id: str) -> int:
    """Compute every formula of the workbook; store the values that changed. Returns how many changed."""
    wb, cells = to_openpyxl(ctx, item_id)
    formulas = {(name, c.address): c for name, rows in cells.items() for c in rows if c.formula}
    changed = 0
    for key, value in evaluate(wb, list(formulas)).items():
        cell = formulas[key]
        if value != cell.value:
            cell.value = value
            ctx.db.add(cell)
            changed += 1
    return changed


def xlsx_bytes(ctx: Ctx, item_id: str) -> bytes:
    wb, _ = to_openpyxl(ctx, item_id)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
