"""The editor's commands: each ribbon button, dialog, pane form and thumbnail key posts one form to
`/decks/<id>/command` naming its command; `COMMANDS` turns the form into the arguments of one office
action (positions typed in inches become EMU, colours lose their "#", pasted chart data becomes categories
and series) and says which slide to show after it. A refusal shows the editor again with the error, the
dialog open and what was typed."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.office.services.deck_layouts import EMU_PER_INCH


class FormError(ValueError):
    """What was typed cannot be an argument (a position that is not a number)."""


def emu(values: dict[str, str], name: str, label: str) -> int | None:
    raw = (values.get(name) or "").strip().replace(",", ".")
    if not raw:
        return None
    try:
        return round(float(raw) * EMU_PER_INCH)
    except ValueError:
        raise FormError(f"{label} must be a number of inches, e.g. 1.5") from None


def color(values: dict[str, str], name: str) -> str | None:
    return (values.get(name) or "").strip().lstrip("#") or None


def grid_rows(values: dict[str, str]) -> list[list[str]]:
    """The data grid's cells (grid-<row>-<column>) as rows, blank rows and columns left out."""
    cells = {}
    for key, text in values.items():
        if m := re.fullmatch(r"grid-(\d+)-(\d+)", key):
            cells[int(m[1]), int(m[2])] = text.strip()
    used_rows = sorted({1} | {r for (r, c), t in cells.items() if t}) if cells else []
    used_cols = sorted({c for (r, c), t in cells.items() if t})
    return [[cells.get((r, c), "") for c in used_cols] for r in used_rows]


def chart_data(text: str) -> tuple[list[str], list[dict[str, Any]]]:
    """Chart data pasted as rows (cells split by tabs or "|")."""
    return chart_table(
        [[c.strip() for c in re.split(r"\t|\|", line)] for line in text.strip().splitlines() if line.strip()]
    )


def chart_table(rows: list[list[str]]) -> tuple[list[str], list[dict[str, Any]]]:
    """A chart's data sheet as categories and series: a header of series names after a corner cell, then
    a category and its values per row — as Excel's data sheet behind a chart is laid out."""
    if len(rows) < 2 or len(rows[0]) < 2:
        raise FormError(
            "Chart data needs a header row (a corner cell, then series names) and a row per category"
        )
    series = []
    for j, name in enumerate(rows[0][1:], start=1):
        values = []
        for row in rows[1:]:
            cell = row[j].replace("$", "").replace(",", "").replace("%", "") if j < len(row) else ""
            try:
                values.append(float(cell) if cell else None)
            except ValueError:
                raise FormError(f"{row[j]!r} in the {name} column is not a number") from None
        series.append({"name": name, "values": values})
    return [r[0] for r in rows[1:]], series


def typed_data(v: dict[str, str]) -> tuple[list[str], list[dict[str, Any]]] | None:
    """The chart data a form carries: its data grid, else pasted text; None when it has neither."""
    if any(k.startswith("grid-") for k in v):
        return chart_table(grid_rows(v))
    if v.get("data", "").strip():
        return chart_data(v["data"])
    return None


def _box(values: dict[str, str], args: dict[str, Any]) -> dict[str, Any]:
    for field, key, label in (("x", "x", "Horizontal position"), ("y", "y", "Vertical position"),
                              ("width", "width", "Width"), ("height", "height", "Height")):  # fmt: skip
        found = emu(values, field, label)
        if found is not None:
            args[key] = found
    return args


def _slide_args(v: dict[str, str]) -> dict[str, Any]:
    return {"slide_id": v.get("slide_id", "")}


def _shape_args(v: dict[str, str]) -> dict[str, Any]:
    return {"slide_id": v.get("slide_id", ""), "shape_id": v.get("shape_id", "")}


def _table(v: dict[str, str]) -> dict[str, Any]:
    cols, rows = int(v.get("columns") or 0), int(v.get("rows") or 0)
    if not (1 <= cols <= 75 and 1 <= rows <= 75):
        raise FormError("A table has 1 to 75 columns and 1 to 75 rows")
    return {**_slide_args(v), "rows": [[""] * cols for _ in range(rows)]}


def _cells(v: dict[str, str]) -> dict[str, Any]:
    cells = []
    for key, text in v.items():
        if m := re.fullmatch(r"cell-(\d+)-(\d+)", key):
            cells.append({"row": int(m[1]), "column": int(m[2]), "text": text})
    return {**_shape_args(v), "cells": sorted(cells, key=lambda c: (c["row"], c["column"]))}


def _chart(v: dict[str, str]) -> dict[str, Any]:
    args = {**_slide_args(v), "chart_type": v.get("chart_type", "column"), "title": v.get("title") or None}
    if v.get("source") == "workbook":
        return {
            **args,
            "workbook_id": v.get("workbook_id", ""),
            "address": v.get("address", ""),
            "worksheet": v.get("worksheet") or None,
        }
    categories, series = typed_data(v) or chart_data("")
    return {**args, "categories": categories, "series": series}


def _chart_update(v: dict[str, str]) -> dict[str, Any]:
    args = {**_shape_args(v), "chart_type": v.get("chart_type") or None, "title": v.get("title")}
    if v.get("refresh"):
        return {**args, "refresh": True}
    if data := typed_data(v):
        args["categories"], args["series"] = data
    return args


def _format(v: dict[str, str]) -> dict[str, Any]:
    args = {
        **_shape_args(v),
        "bold": v.get("bold") == "on" or None,
        "italic": v.get("italic") == "on" or None,
    }
    if v.get("size"):
        args["size"] = float(v["size"])
    if color(v, "color") and v.get("apply_color"):
        args["color"] = color(v, "color")
    return {k: val for k, val in args.items() if val is not None}


def _new_slide(v: dict[str, str]) -> dict[str, Any]:
    return {"layout": v.get("layout", "Title and Content"), "position": int(v.get("slide") or 0) + 1}


def _text_box(v: dict[str, str]) -> dict[str, Any]:
    return _box(v, {**_slide_args(v), "x": 914_400, "y": 914_400, "text": v.get("text", "")})


def _shape(v: dict[str, str]) -> dict[str, Any]:
    args = {**_slide_args(v), "geometry": v.get("geometry", ""), "x": 914_400, "y": 914_400}
    return _box(v, {**args, "text": v.get("text") or None, "fill_color": color(v, "fill_color")})


def _picture(v: dict[str, str]) -> dict[str, Any]:
    return _box(v, {**_slide_args(v), "image_id": v.get("image_id", ""), "x": 914_400, "y": 914_400})


def _table_edit(key: str, field: str, as_list: bool) -> Callable[[dict[str, str]], dict[str, Any]]:
    """A Table Layout command: its number (a row or column) from the form's `field`."""

    def build(v: dict[str, str]) -> dict[str, Any]:
        number = int(v.get(field) or 0)
        return {**_shape_args(v), key: [number] if as_list else number}

    return build


def _replace(v: dict[str, str]) -> dict[str, Any]:
    return {
        "find": v.get("find", ""),
        "replace": v.get("replace", ""),
        "match_case": v.get("match_case") == "on",
        "whole_words": v.get("whole_words") == "on",
    }


def _comment(v: dict[str, str]) -> dict[str, Any]:
    reply = {"reply_to_id": v["reply_to_id"]} if v.get("reply_to_id") else {}
    return {**_slide_args(v), "content": v.get("content", ""), **reply}


def _one(name: str, field: str, default: Any = "") -> Callable[[dict[str, str]], dict[str, Any]]:
    """A command of the slide with one field of the form."""
    return lambda v: {**_slide_args(v), name: v.get(field, default)}


# command -> (action, arguments from the form, the slide to show after it: the next, the same, the one
# in the deleted one's place, where it moved, the shape kept selected, the comments pane open)
COMMANDS: dict[str, tuple[str, Callable[[dict[str, str]], dict[str, Any]], str]] = {
    "new_slide": ("add_slide", _new_slide, "next"),
    "duplicate": ("duplicate_slide", _slide_args, "next"),
    "delete_slide": ("delete_slide", _slide_args, "prev"),
    "hide": ("set_slide_hidden", lambda v: {**_slide_args(v), "hidden": v.get("hidden") != "false"}, "same"),
    "move": ("move_slide", lambda v: {**_slide_args(v), "position": int(v.get("position") or 1)}, "moved"),
    "layout": ("set_slide_layout", _one("layout", "layout"), "same"),
    "notes": ("update_slide_notes", _one("notes", "notes"), "same"),
    "textbox": ("add_text_box", _text_box, "same"),
    "shape": ("add_shape", _shape, "same"),
    "picture": ("add_picture", _picture, "same"),
    "table": ("add_table", _table, "same"),
    "table_cells": ("update_table_cells", _cells, "shape"),
    "row_insert": ("insert_table_rows", _table_edit("after_row", "after", False), "shape"),
    "column_insert": ("insert_table_columns", _table_edit("after_column", "after", False), "shape"),
    "row_delete": ("delete_table_rows", _table_edit("rows", "number", True), "shape"),
    "column_delete": ("delete_table_columns", _table_edit("columns", "number", True), "shape"),
    "chart": ("add_chart", _chart, "new_shape"),
    "chart_update": ("update_chart", _chart_update, "shape"),
    "position": (
        "update_shape",
        lambda v: _box(v, {**_shape_args(v), "name": v.get("name") or None}),
        "shape",
    ),
    "font": ("format_shape_text", _format, "shape"),
    "delete_shape": ("delete_shape", _shape_args, "same"),
    "replace": ("replace_presentation_text", _replace, "same"),
    "theme": ("apply_presentation_template", lambda v: {"template_id": v.get("template_id", "")}, "same"),
    "comment": ("add_slide_comment", _comment, "comments"),
    "resolve": ("resolve_slide_comment", lambda v: {"comment_id": v.get("comment_id", "")}, "comments"),
    "delete_comment": ("delete_slide_comment", lambda v: {"comment_id": v.get("comment_id", "")}, "comments"),
}
DIALOGS = (
    "replace",
    "table",
    "chart",
    "chart_workbook",
    "picture",
    "shape",
    "textbox",
    "theme",
)  # its dialog


def _after(command: str, where: str, values: dict[str, str], data: Any) -> dict[str, Any]:
    """The editor's query after a command: which slide, whether a shape stays selected or comments open."""
    number = int(values.get("slide") or 1)
    if where == "next":
        number = data.get("number", number + 1) if isinstance(data, dict) else number + 1
    elif where == "prev":  # the slide that took the deleted one's place, or the new last one
        number = max(1, min(number, len(data.get("slides", []))))
    elif where == "moved":
        number = int(values.get("position") or number)
    query: dict[str, Any] = {"slide": number}
    if where == "shape":
        query["shape"] = values.get("shape_id")
    if where == "new_shape" and isinstance(data, dict):
        charts = [shape for shape in data["shapes"] if shape["kind"] == "chart"]
        query["shape"] = charts[-1]["id"] if charts else None  # the new chart, selected,
        query["data"] = "1"  # its Chart Data pane open, as PowerPoint opens a new chart's data sheet
    if where == "comments":
        query["comments"] = "1"
    if values.get("view") == "sorter":
        query["view"] = "sorter"
    return query


def build_deck_forms(kit: UiKit, editor: Callable[..., Any]) -> APIRouter:
    router = APIRouter()

    @router.post("/decks/{item_id}/command", name="deck_command")
    async def command(request: Request, item_id: str) -> Response:
        values, trace = await kit.form(request)
        name = values.get("command", "")
        found = COMMANDS.get(name)
        reopen = {
            "slide": values.get("slide") or "1",
            "dialog": "chart_workbook"
            if values.get("source") == "workbook"
            else name
            if name in DIALOGS
            else None,
            "shape": values.get("shape_id"),
            "view": values.get("view"),
            "comments": "1" if name in ("comment", "resolve", "delete_comment") else None,
        }
        reopen = {k: v for k, v in reopen.items() if v}
        if found is None:
            await kit.record_events(request, trace)
            return await editor(
                kit, request, item_id, status=422, error=f"Unknown command {name!r}", **reopen
            )
        action, build, where = found
        try:
            args = {"item_id": item_id, **build(values)}
        except (FormError, ValueError) as exc:
            await kit.record_events(request, trace)
            return await editor(kit, request, item_id, status=422, error=str(exc), values=values, **reopen)
        outcome = await kit.run(request, action, args, trace)
        if not outcome.ok:
            return await editor(
                kit, request, item_id, status=422, error=outcome.error, values=values, **reopen
            )
        return kit.redirect(request, f"/decks/{item_id}", **_after(name, where, values, outcome.data()))

    return router
