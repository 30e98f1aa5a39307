"""Renaming a worksheet (Excel's sheet tab → Rename; Graph PATCH worksheet `name`): formulas that point
at the old name are rewritten to the new one, as Excel does, so every computed value stays the same."""

from __future__ import annotations

import re

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.office.models import Cell
from apps.office.services.access import item_for
from apps.office.services.common import actions, require_text
from apps.office.services.sheets import WorksheetView, _saved, _sheet
from apps.office.services.workbook import check_sheet_name, sheets_of
from apps.office.services.xlfn import outside_strings


def sheet_ref(name: str) -> str:
    """How a formula names sheet `name`: bare when it is a plain word, else in single quotes."""
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name) else "'" + name.replace("'", "''") + "'"


def _renamed(formula: str, old: str, new: str) -> str:
    """`formula` with its references to sheet `old` (bare or quoted, any case) pointing at `new`."""
    quoted = re.escape("'" + old.replace("'", "''") + "'")
    pattern = re.compile(rf"(?<![A-Za-z0-9_.'])(?:{quoted}|{re.escape(old)})!", re.IGNORECASE)
    return outside_strings(formula, lambda part: pattern.sub(sheet_ref(new) + "!", part))


@actions.write
def rename_worksheet(ctx: Ctx, *, item_id: str, worksheet: str, new_name: str) -> WorksheetView:
    """Rename a worksheet of a workbook; formulas referring to it follow the new name.

    Args:
        item_id: the workbook's id.
        worksheet: the sheet's current name.
        new_name: its new name (unique in the workbook, at most 31 characters, none of [ ] : * ? / \\).
    """
    item, _ = item_for(ctx, item_id, "write", kind="workbook")
    sheet = _sheet(ctx, item, require_text(worksheet, "worksheet", "the sheet's current name"))
    name = require_text(new_name, "new_name", "the sheet's new name")
    if name == sheet.name:
        return _saved(ctx, item, sheet)
    check_sheet_name(name, [s for s in sheets_of(ctx, item.id) if s.id != sheet.id], "new_name")
    ids = [s.id for s in sheets_of(ctx, item.id)]
    for cell in ctx.db.exec(
        select(Cell).where(col(Cell.worksheet_id).in_(ids), col(Cell.formula).is_not(None))
    ):
        text = _renamed(cell.formula, sheet.name, name)
        if text != cell.formula:
            cell.formula = text
            ctx.db.add(cell)
    sheet.name = name
    ctx.db.add(sheet)
    return _saved(ctx, item, sheet)
