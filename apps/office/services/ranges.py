"""Range reads of a workbook, as Microsoft Graph's workbook API serves them (`worksheet/usedRange`,
`worksheet/range(address='A1:M500')`): a 2-D array of values, read in pages of rows.

Works on both kinds of workbook: one edited here (cell rows) and a stored .xlsx file uploaded to the
drive (`office_file_content`, e.g. a 10,000-row export from a finance system), which is parsed once per
process per content hash and never copied into cell rows.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.param_schema import Examples
from apps.office.models import DriveItem
from apps.office.services.access import item_for
from apps.office.services.common import actions
from apps.office.services.stored_files import Grid, stored_grid
from apps.office.services.workbook import a1, cells_of, parse_a1, sheets_of

MAX_RANGE_CELLS = 30_000  # per call; Graph also asks large ranges to be read in pieces
Address = Annotated[str, Examples(["A1:O2000", "A2001:O4000"])]


class UsedRange(BaseModel):
    """A worksheet's used range (Graph `usedRange`): its address, size and the first row (the header)."""

    item_id: str
    name: str
    worksheet: str
    worksheets: list[str]
    address: str
    row_count: int
    column_count: int
    header: list[Any]


class RangeValues(BaseModel):
    """The values of a range, row by row (Graph `range.values`); empty cells are null; and their number
    formats (Graph `range.numberFormat`, e.g. "#,##0.00", "General")."""

    item_id: str
    worksheet: str
    address: str
    row_count: int
    column_count: int
    values: list[list[Any]]
    number_format: list[list[str]] = []


def _grid_of_cells(ctx: Ctx, item: DriveItem) -> dict[str, Grid]:
    grids: dict[str, Grid] = {}
    for sheet in sheets_of(ctx, item.id):
        rows = cells_of(ctx, sheet.id)
        cells = {(c.row_index, c.column_index): c.value for c in rows}
        formats = {(c.row_index, c.column_index): c.number_format for c in rows if c.number_format}
        grids[sheet.name] = Grid(cells, formats=formats)
    return grids


def workbook_grids(ctx: Ctx, item: DriveItem) -> dict[str, Grid]:
    """Every worksheet of a workbook as a grid of values, stored file or edited cells alike."""
    stored = stored_grid(ctx, item.id)
    return stored if stored is not None else _grid_of_cells(ctx, item)


def _pick(grids: dict[str, Grid], item: DriveItem, worksheet: str | None) -> tuple[str, Grid]:
    if not grids:
        raise NotFoundError(f"{item.name!r} has no worksheets", field="worksheet")
    if not worksheet:
        name = next(iter(grids))
        return name, grids[name]
    for name, grid in grids.items():
        if name.lower() == worksheet.strip().lower():
            return name, grid
    raise NotFoundError(
        f"no worksheet {worksheet!r} in {item.name!r}; it has {', '.join(grids)}", field="worksheet"
    )


@actions.read
def get_used_range(ctx: Ctx, *, item_id: str, worksheet: str | None = None) -> UsedRange:
    """The used range of a worksheet (Graph `usedRange`): its address (e.g. A1:O10432), how many rows and
    columns it spans and its first row (usually the column headers). Read the rows with get_range.

    Args:
        item_id: the workbook's drive item id.
        worksheet: the worksheet's name (default: the first).
    """
    item, _ = item_for(ctx, item_id, kind="workbook")
    grids = workbook_grids(ctx, item)
    name, grid = _pick(grids, item, worksheet)
    rows, cols = grid.extent()
    address = f"A1:{a1(rows, cols)}" if rows else "A1"
    return UsedRange(
        item_id=item.id,
        name=item.name,
        worksheet=name,
        worksheets=list(grids),
        address=address,
        row_count=rows,
        column_count=cols,
        header=grid.values(1, 1, 1, cols)[0] if rows else [],
    )


@actions.read
def get_range(ctx: Ctx, *, item_id: str, address: Address, worksheet: str | None = None) -> RangeValues:
    """The values of a rectangular range (Graph `range(address=…)`), row by row; empty cells are null.
    At most 30,000 cells per call: read a long sheet in pages of rows (A1:O2000, A2001:O4000, …); see
    get_used_range for how far the data goes.

    Args:
        item_id: the workbook's drive item id.
        address: the range, e.g. A1:O2000 (one cell, e.g. C7, is a 1x1 range).
        worksheet: the worksheet's name (default: the first).
    """
    item, _ = item_for(ctx, item_id, kind="workbook")
    name, grid = _pick(workbook_grids(ctx, item), item, worksheet)
    first, _, last = address.strip().partition(":")
    (r1, c1), (r2, c2) = parse_a1(first, "address"), parse_a1(last or first, "address")
    r1, r2 = sorted((r1, r2))
    c1, c2 = sorted((c1, c2))
    cells = (r2 - r1 + 1) * (c2 - c1 + 1)
    if cells > MAX_RANGE_CELLS:
        per_page = max(1, MAX_RANGE_CELLS // (c2 - c1 + 1))
        raise ActionError(
            f"{address} holds {cells:,} cells; read at most {MAX_RANGE_CELLS:,} per call, e.g. "
            f"{a1(r1, c1)}:{a1(r1 + per_page - 1, c2)}",
            field="address",
            code=ErrorKind.INVALID_VALUE,
        )
    return RangeValues(
        item_id=item.id,
        worksheet=name,
        address=f"{a1(r1, c1)}:{a1(r2, c2)}",
        row_count=r2 - r1 + 1,
        column_count=c2 - c1 + 1,
        values=grid.values(r1, c1, r2, c2),
        number_format=grid.number_formats(r1, c1, r2, c2),
    )
