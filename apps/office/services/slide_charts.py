"""Charts on slides (Insert > Chart): column, bar, line or pie, with their data given or read from a
workbook range in OneDrive (first row the series names, first column the categories), as PowerPoint
keeps a chart's data in its own embedded workbook; Refresh Data reads the range again."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, Field

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.deck_models import Slide, SlideShape
from apps.office.services.common import actions
from apps.office.services.deck_layouts import MAX_CATEGORIES, MAX_SERIES, ChartType
from apps.office.services.decks import (
    SlideOut,
    content_area,
    new_shape,
    shape_in,
    shapes_of,
    slide_out,
    touch,
)
from apps.office.services.ranges import Address, get_range
from apps.office.services.slide_shapes import Emu, Size, editable_slide
from apps.office.services.workbook import a1, parse_a1


class SeriesIn(BaseModel):
    """One data series: its name and a value per category."""

    name: str = Field(description="the series' name (the legend's entry)")
    values: list[float | None] = Field(description="a value per category, in order (null for none)")


def _data(categories: list[str], series: list[SeriesIn]) -> tuple[list[str], list[dict[str, Any]]]:
    if not categories or not series:
        raise ActionError(
            "a chart needs categories and at least one series", field="series", code=ErrorKind.REQUIRED
        )
    if len(categories) > MAX_CATEGORIES or len(series) > MAX_SERIES:
        raise ActionError(
            f"a chart holds at most {MAX_CATEGORIES} categories and {MAX_SERIES} series",
            field="series",
            code=ErrorKind.LIMIT,
        )
    for s in series:
        if len(s.values) != len(categories):
            raise ActionError(
                f"series {s.name!r} has {len(s.values)} values for {len(categories)} categories",
                field="series",
                code=ErrorKind.INVALID_VALUE,
            )
    return [str(c).strip() for c in categories], [
        {"name": s.name.strip() or f"Series {i + 1}", "values": list(s.values)} for i, s in enumerate(series)
    ]


def _number(value: Any, where: str) -> float | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ActionError(
            f"cell {where} holds {value!r}, not a number: a chart's values must be numbers",
            field="address",
            code=ErrorKind.INVALID_VALUE,
        )
    return float(value)


def range_data(ctx: Ctx, workbook_id: str, address: str, worksheet: str | None) -> dict[str, Any]:
    """A chart's data read from a workbook range: the first row names the series, the first column the
    categories; the source is kept so Refresh Data can read it again."""
    found = get_range(ctx, item_id=workbook_id, address=address, worksheet=worksheet)
    values = found.values
    if len(values) < 2 or len(values[0]) < 2:
        raise ActionError(
            "the range needs a header row of series names and a first column of categories, e.g. A1:C5",
            field="address",
            code=ErrorKind.INVALID_VALUE,
        )
    r0, c0 = parse_a1(found.address.split(":")[0], "address")
    categories = [("" if row[0] is None else str(row[0])) for row in values[1:]]
    series = [
        SeriesIn(
            name="" if values[0][j] is None else str(values[0][j]),
            values=[_number(row[j], a1(r0 + i + 1, c0 + j)) for i, row in enumerate(values[1:])],
        )
        for j in range(1, len(values[0]))
    ]
    cats, data = _data(categories, series)
    source = {"item_id": workbook_id, "worksheet": found.worksheet, "address": found.address}
    return {"categories": cats, "series": data, "source": source}


def _chart(ctx: Ctx, slide: Slide, shape_id: str) -> SlideShape:
    shape = shape_in(ctx, slide, shape_id)
    if shape.kind != "chart":
        raise ActionError(f"{shape.name!r} is not a chart", field="shape_id", code=ErrorKind.INVALID_VALUE)
    return shape


@actions.write
def add_chart(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    chart_type: ChartType,
    title: str | None = None,
    categories: list[str] | None = None,
    series: list[SeriesIn] | None = None,
    workbook_id: str | None = None,
    address: Address | None = None,
    worksheet: str | None = None,
    x: Emu | None = None,
    y: Emu | None = None,
    width: Size | None = None,
    height: Size | None = None,
) -> SlideOut:
    """Insert a chart (column, bar, line or pie) on a slide with its data: given as categories and series,
    or read from a workbook range in OneDrive (first row the series names, first column the categories).
    Without a position it takes the place of the slide's empty content placeholder (else the content area).

    Args:
        item_id: the presentation's id (you need edit access).
        slide_id: the slide's id.
        chart_type: column (clustered), bar (clustered), line or pie (one series).
        title: the chart's title.
        categories: the category labels (x axis, or the pie's slices).
        series: the data series, each {name, values} with a value per category.
        workbook_id: instead of categories and series, a workbook's drive item id to read the data from.
        address: the workbook range, e.g. A1:C5.
        worksheet: the range's worksheet (default: the first).
        x: left edge in EMU.
        y: top edge in EMU.
        width: width in EMU.
        height: height in EMU.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    if workbook_id:
        if categories or series:
            raise ActionError(
                "give categories and series, or a workbook range, not both",
                field="workbook_id",
                code=ErrorKind.INVALID_VALUE,
            )
        if not address:
            raise ActionError(
                "a workbook range needs its address, e.g. A1:C5", field="address", code=ErrorKind.REQUIRED
            )
        data = range_data(ctx, workbook_id, address, worksheet)
    else:
        cats, data_series = _data(categories or [], series or [])
        data = {"categories": cats, "series": data_series, "source": None}
    if chart_type == "pie" and len(data["series"]) > 1:
        raise ActionError("a pie chart shows one series", field="series", code=ErrorKind.INVALID_VALUE)
    count = len(shapes_of(ctx, slide.id))
    box = content_area(ctx, slide, x is not None or y is not None)
    new_shape(
        ctx, slide, kind="chart", name=f"Chart {count + 1}",
        chart={"chart_type": chart_type, "title": (title or "").strip() or None, **data},
        x=box[0] if x is None else x, y=box[1] if y is None else y, cx=width or box[2], cy=height or box[3],
    )  # fmt: skip
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def update_chart(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    shape_id: str,
    chart_type: ChartType | None = None,
    title: str | None = None,
    categories: list[str] | None = None,
    series: list[SeriesIn] | None = None,
    refresh: bool = False,
) -> SlideOut:
    """Change a chart: its type, title, or data (Edit Data: new categories and series), or read its data
    again from the workbook range it came from (Refresh Data).

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the chart's id.
        chart_type: column, bar, line or pie.
        title: the new title (empty text removes it).
        categories: new category labels (give series too).
        series: new data series, each {name, values}.
        refresh: read the data again from the chart's workbook range.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _chart(ctx, slide, shape_id)
    chart = dict(shape.chart)
    if refresh:
        source = chart.get("source")
        if not source:
            raise ActionError(
                "this chart's data was typed in, not read from a workbook",
                field="refresh",
                code=ErrorKind.INVALID_STATE,
            )
        chart.update(range_data(ctx, source["item_id"], source["address"], source["worksheet"]))
    if categories is not None or series is not None:
        cats, data = _data(
            categories or chart["categories"], series or [SeriesIn(**s) for s in chart["series"]]
        )
        chart.update(categories=cats, series=data, source=None)
    if chart_type is not None:
        chart["chart_type"] = chart_type
    if title is not None:
        chart["title"] = title.strip() or None
    if chart == shape.chart and not refresh:
        raise ActionError(
            "give a chart type, title, data or refresh", field="chart_type", code=ErrorKind.REQUIRED
        )
    if chart["chart_type"] == "pie" and len(chart["series"]) > 1:
        raise ActionError("a pie chart shows one series", field="chart_type", code=ErrorKind.INVALID_VALUE)
    shape.chart = chart
    ctx.db.add(shape)
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)
