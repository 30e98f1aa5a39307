"""Excel's Home > Font and Alignment on a range (Graph's range `format/font`, `format/fill`,
`horizontalAlignment`, `wrapText`): stored per cell in `Cell.style`, drawn by the grid, written to .xlsx."""

from __future__ import annotations

import re
from typing import Any, Literal

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.models import Cell
from apps.office.services.access import item_for
from apps.office.services.common import actions
from apps.office.services.sheets import WorksheetView, _sheet, view
from apps.office.services.workbook import a1, parse_a1

Horizontal = Literal["general", "left", "center", "right"]
MAX_CELLS = 5000
COLOR = re.compile(r"^#?([0-9A-Fa-f]{6})$")
STYLE_KEYS = (
    "font_name",
    "font_size",
    "bold",
    "italic",
    "underline",
    "font_color",
    "fill_color",
    "horizontal",
    "wrap",
)
SETTINGS = ("font_name", "font_size", "bold", "italic", "underline", "font_color", "fill_color")
SETTINGS += ("horizontal_alignment", "wrap_text")  # format_range's arguments besides the range
DEFAULT_FONT, DEFAULT_SIZE = "Aptos Narrow", 11.0  # Excel's Normal style: what a cell without a style shows
FONT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 \-]{0,30}$")


def _font(name: str | None, size: float | None) -> tuple[str | None, float | None]:
    """The font name ("" back to the workbook's) and size in points (1 to 409, halves allowed), checked."""
    if name is not None and name != "" and not FONT_NAME.match(name.strip()):
        raise ActionError(
            f"font_name must be a font's name such as Calibri or Arial (at most 31 characters); got {name!r}",
            field="font_name",
            code=ErrorKind.INVALID_VALUE,
        )
    if size is not None and not (1 <= size <= 409 and float(size * 2).is_integer()):
        raise ActionError(
            f"font_size is in points, from 1 to 409 in steps of 0.5; got {size!r}",
            field="font_size",
            code=ErrorKind.INVALID_VALUE,
        )
    name = None if name is None else ("" if name.strip() == DEFAULT_FONT else name.strip())
    return name, None if size is None else (0.0 if size == DEFAULT_SIZE else float(size))


def _color(value: str | None, field: str) -> str | None:
    """`value` as "#RRGGBB" (upper case), "" for no colour (Automatic / No Fill), or None (unchanged)."""
    if value is None or value == "":
        return value
    match = COLOR.match(value.strip()) if isinstance(value, str) else None
    if not match:
        raise ActionError(
            f"{field} must be a colour as #RRGGBB (e.g. #C00000), or '' to remove it; got {value!r}",
            field=field,
            code=ErrorKind.INVALID_VALUE,
        )
    return "#" + match.group(1).upper()


def merged_style(style: dict[str, Any] | None, changes: dict[str, Any]) -> dict[str, Any] | None:
    """`style` with `changes` applied; defaults (False, "", "general") dropped; None when nothing is left."""
    out = dict(style or {})
    for key, value in changes.items():
        if value is None:
            continue
        if value is False or value in ("", "general", 0.0):
            out.pop(key, None)
        else:
            out[key] = value
    return {k: out[k] for k in STYLE_KEYS if k in out} or None


def _cells(address: str) -> tuple[int, int, int, int]:
    first, _, last = address.strip().partition(":")
    (r1, c1), (r2, c2) = parse_a1(first, "address"), parse_a1(last or first, "address")
    r1, r2, c1, c2 = min(r1, r2), max(r1, r2), min(c1, c2), max(c1, c2)
    if (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_CELLS:
        raise ActionError(
            f"format at most {MAX_CELLS} cells at once; {address!r} has more",
            field="address",
            code=ErrorKind.INVALID_VALUE,
        )
    return r1, c1, r2, c2


@actions.write
def format_range(
    ctx: Ctx,
    *,
    item_id: str,
    address: str,
    worksheet: str | None = None,
    font_name: str | None = None,
    font_size: float | None = None,
    bold: bool | None = None,
    italic: bool | None = None,
    underline: bool | None = None,
    font_color: str | None = None,
    fill_color: str | None = None,
    horizontal_alignment: Horizontal | None = None,
    wrap_text: bool | None = None,
) -> WorksheetView:
    """Format a cell or range as Excel's Home > Font and Alignment do (values are unchanged). Only the
    settings you pass change; empty cells in the range keep the format for what is typed later.

    Args:
        item_id: the workbook's id (you need edit access).
        address: a cell or range, e.g. B2 or A1:D1 (at most 5000 cells).
        worksheet: the worksheet's name (default: the first).
        font_name: the font, e.g. Calibri or Arial; '' for the workbook's (Aptos Narrow).
        font_size: the size in points, e.g. 14 (1 to 409; the workbook's is 11).
        bold: true for bold, false for regular.
        italic: true for italic, false for upright.
        underline: true to underline (single), false to remove it.
        font_color: the font colour as #RRGGBB, e.g. #C00000; '' for Automatic.
        fill_color: the cell fill as #RRGGBB, e.g. #FFFF00; '' for No Fill.
        horizontal_alignment: general (Excel's default: text left, numbers right), left, center or right.
        wrap_text: true to wrap long text onto more lines in the cell.
    """
    font_name, font_size = _font(font_name, font_size)
    changes = {
        "font_name": font_name,
        "font_size": font_size,
        "bold": bold,
        "italic": italic,
        "underline": underline,
        "font_color": _color(font_color, "font_color"),
        "fill_color": _color(fill_color, "fill_color"),
        "horizontal": horizontal_alignment,
        "wrap": wrap_text,
    }
    if all(v is None for v in changes.values()):
        raise ActionError(
            "pass at least one of font_name, font_size, bold, italic, underline, font_color, fill_color, "
            "horizontal_alignment, wrap_text",
            field="bold",
            code=ErrorKind.REQUIRED,
        )
    item, _ = item_for(ctx, item_id, "write", kind="workbook")
    sheet = _sheet(ctx, item, worksheet)
    r1, c1, r2, c2 = _cells(address)
    for row in range(r1, r2 + 1):
        for col in range(c1, c2 + 1):
            cell_id = f"{sheet.id}!{a1(row, col)}"
            cell = ctx.db.get(Cell, cell_id)
            style = merged_style(cell.style if cell else None, changes)
            if cell is None and style is None:
                continue
            if cell is None:
                cell = Cell(
                    id=cell_id, worksheet_id=sheet.id, address=a1(row, col), row_index=row, column_index=col
                )
            if style is None and cell.formula is None and cell.value is None:
                ctx.db.delete(cell)  # an empty cell back to the default look: nothing left to keep
                continue
            cell.style = style
            ctx.db.add(cell)
    item.last_modified_date_time, item.last_modified_by_id = ctx.now, ctx.user_id
    ctx.db.add(item)
    ctx.db.flush()
    return view(
        ctx, item, sheet, cell_range=f"{a1(r1, c1)}:{a1(r2, c2)}", changed=(r2 - r1 + 1) * (c2 - c1 + 1)
    )
