"""Sheets (Excel): workbooks of worksheets whose formulas are recalculated on every edit; .xlsx export."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.models import Cell, DriveItem, Worksheet
from apps.office.schemas import CellOut, DriveItemOut, ExportOut, WorksheetOut
from apps.office.services.access import item_for
from apps.office.services.common import actions, require_text
from apps.office.services.cycles import date_format
from apps.office.services.doc_format import b64
from apps.office.services.drive import item_out, new_item
from apps.office.services.drive_names import ItemName
from apps.office.services.stored_files import stored_bytes
from apps.office.services.workbook import (
    a1,
    cells_of,
    check_sheet_name,
    parse_a1,
    parse_input,
    recalculate,
    sheets_of,
    xlsx_bytes,
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CellInput = str | float | int | bool | None


class WorksheetView(BaseModel):
    """A worksheet's non-empty cells: `formula` is what was typed, `value` what the engine computed."""

    item: DriveItemOut  # type: ignore[valid-type]
    worksheet: WorksheetOut  # type: ignore[valid-type]
    worksheets: list[str]
    cells: list[CellOut]  # type: ignore[valid-type]
    changed_cells: int = 0


def _sheet(ctx: Ctx, item: DriveItem, name: str | None) -> Worksheet:
    sheets = sheets_of(ctx, item.id)
    if not sheets and stored_bytes(ctx, item.id) is not None:
        raise ActionError(
            f"{item.name!r} is a stored .xlsx file (an export, opened read-only): read it with "
            "get_used_range and get_range, or download it with export_workbook",
            field="item_id",
            code=ErrorKind.ACCESS_DENIED,
        )
    if not name:
        return sheets[0]
    for s in sheets:
        if s.name.lower() == name.strip().lower():
            return s
    raise NotFoundError(
        f"no worksheet {name!r} in {item.name!r}; it has {', '.join(s.name for s in sheets)}",
        field="worksheet",
    )


def view(
    ctx: Ctx,
    item: DriveItem,
    sheet: Worksheet,
    role: str | None = None,
    cell_range: str | None = None,
    changed: int = 0,
) -> WorksheetView:
    cells = cells_of(ctx, sheet.id)
    if cell_range:
        first, _, last = cell_range.partition(":")
        (r1, c1), (r2, c2) = parse_a1(first, "cell_range"), parse_a1(last or first, "cell_range")
        cells = [c for c in cells if r1 <= c.row_index <= r2 and c1 <= c.column_index <= c2]
    return WorksheetView(
        item=item_out(ctx, item, role),
        worksheet=WorksheetOut.model_validate(sheet),
        worksheets=[s.name for s in sheets_of(ctx, item.id)],
        cells=[CellOut.model_validate(c) for c in cells],
        changed_cells=changed,
    )


def write_cell(
    ctx: Ctx, sheet: Worksheet, row: int, col: int, raw: CellInput, number_format: str | None = None
) -> None:
    """Set or clear one cell (an empty string or None clears it). Typed into a cell already formatted as
    Text ("@"), input stays text as in Excel (a formula too); formatting a number as Text keeps the number."""
    formula, value = parse_input(raw)
    cell_id = f"{sheet.id}!{a1(row, col)}"
    cell = ctx.db.get(Cell, cell_id)
    was = cell.number_format if cell is not None else number_format
    if was == "@" and number_format in (None, "@") and isinstance(raw, str) and raw:
        formula, value = None, (raw[1:] if raw.startswith("'") else raw) or None
    if formula is None and value is None:
        if cell is not None and cell.style:  # Excel's Delete clears the contents, not the formatting
            cell.formula, cell.value = None, None
            ctx.db.add(cell)
        elif cell is not None:
            ctx.db.delete(cell)
        return
    if cell is None:
        cell = Cell(id=cell_id, worksheet_id=sheet.id, address=a1(row, col), row_index=row, column_index=col)
    cell.formula, cell.value = formula, (None if formula else value)
    number_format = number_format or date_format(formula, cell.number_format)  # =DATE()/TODAY(): a date
    if number_format:
        cell.number_format = number_format
    ctx.db.add(cell)


def _saved(ctx: Ctx, item: DriveItem, sheet: Worksheet, field: str = "value") -> WorksheetView:
    ctx.db.flush()
    changed = recalculate(ctx, item.id, field)
    item.last_modified_date_time, item.last_modified_by_id = ctx.now, ctx.user_id
    ctx.db.add(item)
    ctx.db.flush()
    return view(ctx, item, sheet, changed=changed)


@actions.write
def create_workbook(
    ctx: Ctx, *, name: ItemName, parent_id: str | None = None, worksheet: str = "Sheet1"
) -> WorksheetView:
    """Create an empty Excel workbook in your drive (fill it with update_range / update_cell).

    Args:
        name: file name; ".xlsx" is added when missing (OneDrive's naming rules apply, see create_file).
        parent_id: the folder's id (default: your drive's root).
        worksheet: the first worksheet's name.
    """
    name = require_text(name, "name", "a name")
    item = new_item(
        ctx, parent_id, name if name.lower().endswith(".xlsx") else name + ".xlsx", "workbook", XLSX
    )
    sheet = Worksheet(
        id=ctx.new_id("Worksheet"),
        item_id=item.id,
        name=require_text(worksheet, "worksheet", "a worksheet name"),
        position=0,
    )
    ctx.db.add(sheet)
    ctx.db.flush()
    return view(ctx, item, sheet, "owner")


@actions.read
def get_worksheet(
    ctx: Ctx, *, item_id: str, worksheet: str | None = None, cell_range: str | None = None
) -> WorksheetView:
    """Read a worksheet's cells: each with its address, typed formula (if any) and computed value.

    Args:
        item_id: the workbook's drive item id.
        worksheet: the worksheet's name (default: the first).
        cell_range: only cells in this range, e.g. A1:D20.
    """
    item, role = item_for(ctx, item_id, kind="workbook")
    return view(ctx, item, _sheet(ctx, item, worksheet), role, cell_range)


@actions.write
def update_cell(
    ctx: Ctx,
    *,
    item_id: str,
    address: str,
    value: str,
    worksheet: str | None = None,
    number_format: str | None = None,
) -> WorksheetView:
    """Type into one cell, as in Excel: '=SUM(B2:B9)' is a formula, '42' a number, '' clears the cell.
    Every formula in the workbook is recalculated; the answer lists the sheet with computed values.

    Args:
        item_id: the workbook's id (you need edit access).
        address: the cell, e.g. B7.
        value: what to type.
        worksheet: the worksheet's name (default: the first).
        number_format: optional Excel number format, e.g. "$#,##0.00" or "0%"; "@" (Text) on a new or
            Text cell keeps the value as typed text.
    """
    item, _ = item_for(ctx, item_id, "write", kind="workbook")
    sheet = _sheet(ctx, item, worksheet)
    row, col = parse_a1(address)
    write_cell(ctx, sheet, row, col, value, number_format)
    return _saved(ctx, item, sheet)


@actions.write
def update_range(
    ctx: Ctx, *, item_id: str, start_address: str, values: list[list[CellInput]], worksheet: str | None = None
) -> WorksheetView:
    """Write a block of cells at once (Graph range `values`): rows of values starting at start_address.
    Strings starting with '=' are formulas; null or '' clears a cell. All formulas are recalculated.

    Args:
        item_id: the workbook's id (you need edit access).
        start_address: the top-left cell, e.g. A1.
        values: rows of cell inputs, e.g. [["Region", "Q3"], ["East", 120], ["Total", "=SUM(B2:B2)"]].
        worksheet: the worksheet's name (default: the first).
    """
    item, _ = item_for(ctx, item_id, "write", kind="workbook")
    sheet = _sheet(ctx, item, worksheet)
    row0, col0 = parse_a1(start_address, "start_address")
    if not values or sum(len(r) for r in values) > 5000:
        raise ActionError(
            "values must hold between 1 and 5000 cells", field="values", code=ErrorKind.INVALID_VALUE
        )
    for i, row in enumerate(values):
        for j, raw in enumerate(row):
            write_cell(ctx, sheet, row0 + i, col0 + j, raw)
    return _saved(ctx, item, sheet, "values")


@actions.write
def add_worksheet(ctx: Ctx, *, item_id: str, name: str) -> WorksheetView:
    """Add a worksheet at the end of a workbook.

    Args:
        item_id: the workbook's id.
        name: the new sheet's name (unique in the workbook, at most 31 characters).
    """
    item, _ = item_for(ctx, item_id, "write", kind="workbook")
    name = require_text(name, "name", "a worksheet name")
    sheets = sheets_of(ctx, item.id)
    if not sheets:
        _sheet(ctx, item, None)  # a stored export file opens read-only
    check_sheet_name(name, sheets, "name")
    sheet = Worksheet(id=ctx.new_id("Worksheet"), item_id=item.id, name=name, position=len(sheets))
    ctx.db.add(sheet)
    ctx.db.flush()
    return view(ctx, item, sheet)


@actions.read
def export_workbook(ctx: Ctx, *, item_id: str) -> ExportOut:
    """Export a workbook as an .xlsx file (formulas kept), returned as base64.

    Args:
        item_id: the workbook's id.
    """
    item, _ = item_for(ctx, item_id, kind="workbook")
    data = stored_bytes(ctx, item.id) or xlsx_bytes(ctx, item.id)
    return ExportOut(name=item.name, content_type=XLSX, size=len(data), content_base64=b64(data))


_ = (select, Any)
