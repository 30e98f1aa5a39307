"""What the deck families share: the world's decks (`decks/facts.jsonl`, the decks part's rows, read from
the main tables since the families' world view hides a part's rows from the others), a deck's slides and
shapes, the truth pieces (the deck's shown text by the table rule, its edits allowed) and the browser
steps that open a deck, type into a placeholder and insert a table."""

from __future__ import annotations

import json
from typing import Any

from apps.office.families.common import AMBER, edited
from tasks.families.base import Draw, Redraw
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Allowance, Deliverable, Expectation, UiStep

FACTS = "decks/facts.jsonl"


def deck_facts(d: Draw, kind: str) -> list[dict[str, Any]]:
    """The world's decks of one kind (qbr, draft, pir, kickoff, allhands, onepager, template)."""
    return [f for f in d.world.file_rows(FACTS) if f["kind"] == kind]


def editable(d: Draw, item_id: str) -> bool:
    """Whether Amber owns the deck or may edit it (shared with her, or its folder is)."""
    me = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
    row = d.world.rows("SELECT owner_id, parent_id FROM main.office_drive_item WHERE id = ?", item_id)
    if not row:
        return False
    if row[0]["owner_id"] == me:
        return True
    grants = d.world.rows(
        "SELECT roles FROM main.office_permission WHERE user_id = ? AND item_id IN (?, ?) ORDER BY id",
        me,
        item_id,
        row[0]["parent_id"],
    )
    return any("write" in g["roles"] for g in grants)


def slides_of(d: Draw, item_id: str) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT id, position, layout, hidden, notes FROM main.office_slide WHERE item_id = ? "
        "ORDER BY position",
        item_id,
    )


def shapes_of(d: Draw, slide_id: str) -> list[dict[str, Any]]:
    rows = d.world.rows(
        "SELECT id, kind, name, placeholder, paragraphs, table_rows, chart FROM main.office_slide_shape "
        "WHERE slide_id = ? ORDER BY position",
        slide_id,
    )
    out = []
    for r in rows:
        paragraphs = json.loads(r["paragraphs"] or "[]")
        text = "\n".join("".join(run["text"] for run in p["runs"]) for p in paragraphs)
        out.append(
            {
                **r,
                "text": text,
                "table_rows": json.loads(r["table_rows"] or "[]"),
                "chart": json.loads(r["chart"] or "{}"),
            }
        )
    return out


def placeholder(d: Draw, slide_id: str, role: str) -> dict[str, Any]:
    found = next((s for s in shapes_of(d, slide_id) if s["placeholder"] == role), None)
    if found is None:
        raise Redraw(f"the slide has no {role} placeholder")
    return found


def shown(table: TableMatch) -> Match:
    """A rule on the deck's shown slides' text (the derived field `slides`)."""
    return Match(table=table)


def row(
    key: str, *amounts: float, aliases: list[str] | None = None, words: list[str] | None = None
) -> TableRow:
    """An expected line of the deck: naming `key` (or an alias) and showing every amount as a number. A
    zero amount must be written as one ("$0"), since a count of zero on the line would match it too."""
    zero = ["$0"] if amounts and amounts[0] == 0 else []
    return TableRow(key=key, amounts=list(amounts), aliases=aliases or [], words=(words or []) + zero)


def deck_changed(item_id: str, table: TableMatch, more: dict[str, Match] | None = None) -> Expectation:
    """The deck was saved and its shown slides now hold `table`'s rows (and none of its absent ones);
    `more` are other fields of its drive item the request changes (its name)."""
    return Expectation(
        table="office_drive_item", op="update", pk=item_id, fields={"slides": shown(table), **(more or {})}
    )


def deck_edits(d: Draw, item_id: str) -> list[Allowance]:
    """What editing a deck's slides changes besides what a task checks: its slides (places, layouts,
    hidden), their shapes (text, tables, charts, places), new and removed shapes, the saved stamps."""
    out = [edited(item_id)]
    for s in slides_of(d, item_id):
        out.append(Allowance(table="office_slide", ops=["update"], pk=s["id"]))
        out += [
            Allowance(table="office_slide_shape", ops=["update", "delete"], pk=sh["id"])
            for sh in shapes_of(d, s["id"])
        ]
    out.append(Allowance(table="office_slide_shape", ops=["insert"]))
    return out


def new_deck_text(name: str) -> Deliverable:
    """A new deck's shown slides as its audience sees them, for rubric criteria (the derived field `slides`:
    "# Slide <n>: <title>", then its paragraphs, table rows and chart categories); the deck is the new
    presentation whose name holds `name`."""
    return Deliverable(
        table="office_drive_item",
        where={"kind": Match(equals="presentation"), "name": Match(contains=name)},
        field="slides",
    )


def new_deck_parts() -> list[Allowance]:
    """What making a new deck inserts besides its drive item: its presentation row, slides and shapes
    (only inserts: another deck's slides are never allowed to change)."""
    return [Allowance(table=f"office_{t}", ops=["insert"]) for t in ("presentation", "slide", "slide_shape")]


def has_table(d: Draw, table: str) -> bool:
    """Whether the world's episode holds `table` (an app the family may not use is still in the view)."""
    return bool(d.world.value("SELECT count(*) FROM sqlite_master WHERE name = ?", table))


def open_deck_ui(item_id: str, slide: int = 1, **query: str) -> UiStep:
    extra = "".join(f"&{k}={v}" for k, v in query.items())
    return UiStep(goto=f"/s/office/decks/{item_id}?slide={slide}{extra}")


def retype_ui(label: str, new_text: str) -> list[UiStep]:
    """Click into the placeholder named `label` (Title, Subtitle, Content ...), select all its text, type
    `new_text` (a paragraph per line) and leave it with Esc, which saves it."""
    steps = [UiStep(click=("textbox", label)), UiStep(press="Control+A")]
    for i, line in enumerate(new_text.split("\n")):
        if i:
            steps.append(UiStep(press="Enter"))
        steps.append(UiStep(type=line))
    return steps + [UiStep(press="Escape")]


def table_ui(rows: list[list[str]], name: str) -> list[UiStep]:
    """Insert > Table with the rows' size, then the new table (`name`, as PowerPoint names it: "Table" and
    its place on the slide) selected in the Selection pane, its cells filled and Save table."""
    steps = [
        UiStep(click=("tab", "Insert")),
        UiStep(click=("button", "Table")),
        UiStep(fill=("Number of columns", str(len(rows[0])))),
        UiStep(fill=("Number of rows", str(len(rows)))),
        UiStep(click=("button", "OK")),
    ]
    return steps + cells_ui(rows, name)


def cells_ui(rows: list[list[str]], name: str) -> list[UiStep]:
    """Select the slide's table in the Selection pane, type every cell on the slide (Row r, column c) and
    leave the table with Esc, which saves its cells."""
    steps = [UiStep(click=("link", f"Select {name}"))]
    for r, cells in enumerate(rows, start=1):
        steps += [UiStep(fill=(f"Row {r}, column {c}", text)) for c, text in enumerate(cells, start=1)]
    return steps + [UiStep(press="Escape")]


def chart_grid_ui(
    rows: list[list[str]], label: str = "Cell", have: tuple[int, int] = (5, 3), clear: bool = False
) -> list[UiStep]:
    """Type a chart's data sheet (a header row of series names, then a category and its values per row)
    into the data grid whose cells are called `label` and their address ("Cell A1", "Chart data B2"):
    Add row / Add column until the grid (`have` rows and columns) is big enough, then every cell; with
    `clear`, the grid's cells past the new data are emptied (a shorter sheet than the chart had)."""
    height, width = len(rows), max(len(r) for r in rows)
    steps = [UiStep(click=("button", "Add row"))] * max(0, height - have[0])
    steps += [UiStep(click=("button", "Add column"))] * max(0, width - have[1])
    for r in range(1, max(height, have[0]) + 1):
        for c in range(1, max(width, have[1]) + 1):
            text = rows[r - 1][c - 1] if r <= height and c <= len(rows[r - 1]) else None
            if text is not None or (clear and r <= have[0] and c <= have[1]):
                steps.append(UiStep(fill=(f"{label} {'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[c - 1]}{r}", text or "")))
    return steps


def chart_data_ui(rows: list[list[str]], have: tuple[int, int], edit: bool = True) -> list[UiStep]:
    """A selected chart's data typed into its Chart Data pane, as PowerPoint for the web edits it: with
    `edit`, Chart Design > Edit Data opens the pane first (selecting a chart does not; inserting one
    does); the sheet (`have` rows and columns now) takes `rows`, the cells past them emptied, each cell
    applied as it is left, and Enter applies the last one."""
    opened = [UiStep(click=("tab", "Chart Design")), UiStep(click=("button", "Edit Data"))] if edit else []
    return [*opened, *chart_grid_ui(rows, "Chart data", have=have, clear=True), UiStep(press="Enter")]


def chart_title_ui(title: str) -> list[UiStep]:
    """Chart Design > Chart Title: the chart's Format pane at its title, typed and applied as it is left."""
    steps = [UiStep(click=("tab", "Chart Design")), UiStep(click=("button", "Chart Title"))]
    return [*steps, UiStep(fill=("Chart title", title)), UiStep(press="Tab")]
