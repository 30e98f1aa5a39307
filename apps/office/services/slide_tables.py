"""Tables on slides (Insert > Table, then the Table Layout tab): cells of text, the first row the header;
rows and columns inserted or deleted where PowerPoint's commands put them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.deck_models import Slide, SlideShape
from apps.office.services.common import actions
from apps.office.services.deck_layouts import MAX_TABLE_SIDE
from apps.office.services.decks import (
    SlideOut,
    content_area,
    new_shape,
    shape_in,
    shapes_of,
    slide_out,
    touch,
)
from apps.office.services.slide_shapes import Emu, Size, editable_slide

Index = Annotated[int, Field(ge=1, le=MAX_TABLE_SIDE)]
After = Annotated[int, Field(ge=0, le=MAX_TABLE_SIDE)]
Count = Annotated[int, Field(ge=1, le=MAX_TABLE_SIDE)]
ROW_HEIGHT = 370_840  # PowerPoint's default row height (0.4 in)


class TableCellIn(BaseModel):
    """One cell's new text."""

    row: Index = Field(description="the cell's row, 1 for the header row")
    column: Index = Field(description="the cell's column, 1 for the first")
    text: str = Field(description="the cell's text")


def _check_rows(rows: list[list[str]], field: str = "rows") -> list[list[str]]:
    if not rows or not rows[0]:
        raise ActionError("a table needs at least one row of one cell", field=field, code=ErrorKind.REQUIRED)
    width = max(len(r) for r in rows)
    if len(rows) > MAX_TABLE_SIDE or width > MAX_TABLE_SIDE:
        raise ActionError(
            f"a table has at most {MAX_TABLE_SIDE} rows and {MAX_TABLE_SIDE} columns",
            field=field,
            code=ErrorKind.LIMIT,
        )
    return [[str(c).strip() for c in r] + [""] * (width - len(r)) for r in rows]


def _table(ctx: Ctx, slide: Slide, shape_id: str) -> SlideShape:
    shape = shape_in(ctx, slide, shape_id)
    if shape.kind != "table":
        raise ActionError(f"{shape.name!r} is not a table", field="shape_id", code=ErrorKind.INVALID_VALUE)
    return shape


def _saved(ctx: Ctx, item, slide: Slide, shape: SlideShape, rows: list[list[str]]) -> SlideOut:  # noqa: ANN001
    shape.table_rows = _check_rows(rows, "rows")
    ctx.db.add(shape)
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def add_table(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    rows: list[list[str]],
    x: Emu | None = None,
    y: Emu | None = None,
    width: Size | None = None,
    height: Size | None = None,
) -> SlideOut:
    """Insert a table on a slide, the first row its header. Without a position it takes the place of the
    slide's empty content placeholder, as PowerPoint's table icon does (else the content area).

    Args:
        item_id: the presentation's id (you need edit access).
        slide_id: the slide's id.
        rows: the rows, each a list of cell texts, e.g. [["Deal", "Amount"], ["Renewal", "$40,000"]].
        x: left edge in EMU.
        y: top edge in EMU.
        width: width in EMU.
        height: height in EMU (default: 0.4 inch a row).
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    rows = _check_rows(rows)
    count = len(shapes_of(ctx, slide.id))
    box = content_area(ctx, slide, x is not None or y is not None)
    shape = new_shape(
        ctx, slide, kind="table", name=f"Table {count + 1}",
        x=box[0] if x is None else x, y=box[1] if y is None else y,
        cx=width or box[2], cy=height or ROW_HEIGHT * len(rows),
    )  # fmt: skip
    return _saved(ctx, item, slide, shape, rows)


@actions.write
def update_table_cells(
    ctx: Ctx, *, item_id: str, slide_id: str, shape_id: str, cells: list[TableCellIn]
) -> SlideOut:
    """Change the text of table cells.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the table's id.
        cells: the cells to change, each {row, column, text} (1-based; row 1 is the header).
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _table(ctx, slide, shape_id)
    rows = [list(r) for r in shape.table_rows]
    if not cells:
        raise ActionError("give at least one cell", field="cells", code=ErrorKind.REQUIRED)
    for cell in cells:
        if cell.row > len(rows) or cell.column > len(rows[0]):
            raise ActionError(
                f"the table has {len(rows)} rows and {len(rows[0])} columns: "
                f"there is no cell ({cell.row}, {cell.column})",
                field="cells",
                code=ErrorKind.INVALID_VALUE,
            )
        rows[cell.row - 1][cell.column - 1] = cell.text.strip()
    return _saved(ctx, item, slide, shape, rows)


@actions.write
def insert_table_rows(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    shape_id: str,
    after_row: After,
    count: Count = 1,
    values: list[list[str]] | None = None,
) -> SlideOut:
    """Insert rows into a table (Insert Above / Insert Below), empty or with their cell texts.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the table's id.
        after_row: the row they go below (0 puts them on top, above the header).
        count: how many rows (ignored when values are given).
        values: the new rows' cell texts, a list per row.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _table(ctx, slide, shape_id)
    rows = [list(r) for r in shape.table_rows]
    if after_row > len(rows):
        raise ActionError(f"the table has {len(rows)} rows", field="after_row", code=ErrorKind.INVALID_VALUE)
    width = len(rows[0])
    new = [list(r)[:width] + [""] * (width - len(r)) for r in values] if values else [[""] * width] * count
    rows[after_row:after_row] = [list(r) for r in new]
    shape.cy = max(shape.cy, ROW_HEIGHT * len(rows))
    return _saved(ctx, item, slide, shape, rows)


@actions.write
def insert_table_columns(
    ctx: Ctx, *, item_id: str, slide_id: str, shape_id: str, after_column: After, count: Count = 1
) -> SlideOut:
    """Insert empty columns into a table (Insert Left / Insert Right).

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the table's id.
        after_column: the column they go right of (0 puts them first).
        count: how many columns.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _table(ctx, slide, shape_id)
    if after_column > len(shape.table_rows[0]):
        raise ActionError(
            f"the table has {len(shape.table_rows[0])} columns",
            field="after_column",
            code=ErrorKind.INVALID_VALUE,
        )
    rows = [r[:after_column] + [""] * count + r[after_column:] for r in shape.table_rows]
    return _saved(ctx, item, slide, shape, rows)


def _without(items: list, numbers: list[int], what: str, field: str) -> list:
    gone = {n - 1 for n in numbers}
    if not numbers or max(gone) >= len(items):
        raise ActionError(f"the table has {len(items)} {what}", field=field, code=ErrorKind.INVALID_VALUE)
    if len(gone) >= len(items):
        raise ActionError(
            f"deleting every {what[:-1]} deletes the table: use delete_shape",
            field=field,
            code=ErrorKind.INVALID_VALUE,
        )
    return [x for i, x in enumerate(items) if i not in gone]


@actions.destructive
def delete_table_rows(ctx: Ctx, *, item_id: str, slide_id: str, shape_id: str, rows: list[Index]) -> SlideOut:
    """Delete rows of a table.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the table's id.
        rows: the row numbers to delete (1 is the header).
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _table(ctx, slide, shape_id)
    return _saved(ctx, item, slide, shape, _without(list(shape.table_rows), rows, "rows", "rows"))


@actions.destructive
def delete_table_columns(
    ctx: Ctx, *, item_id: str, slide_id: str, shape_id: str, columns: list[Index]
) -> SlideOut:
    """Delete columns of a table.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the table's id.
        columns: the column numbers to delete (1 is the first).
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _table(ctx, slide, shape_id)
    kept = [_without(list(r), columns, "columns", "columns") for r in shape.table_rows]
    return _saved(ctx, item, slide, shape, kept)
