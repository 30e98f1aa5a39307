"""What a verifier may read of a deliverable beyond its own row (`AppSpec.derived_fields`): a worksheet as
the grid of its computed values, a document as its sections. Both are plain text, one line per row or
section, so the verifier's table rule (a row found by its key with its exact amounts, any layout) scores
them while tolerating row order, column order and formatting.
"""

from __future__ import annotations

import json
import re
from typing import Any

SEP = " | "
_EMPHASIS = re.compile(r"[*_`]+")


def _shown(raw: Any) -> str:
    """A stored cell value (JSON) as the grid shows it: numbers without a trailing .0."""
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        value = raw
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value is None else str(value)


def worksheet_grid(db: Any, worksheet_id: str) -> str:
    """The worksheet's computed values, a line per row, cells left to right joined by " | " (formula
    cells show what the engine computed)."""
    rows = db.execute_raw(
        "SELECT row_index, value FROM office_cell WHERE worksheet_id = ? ORDER BY row_index, column_index",
        [worksheet_id],
    )
    lines: dict[int, list[str]] = {}
    for row, value in rows:
        shown = _shown(value)
        if shown:
            lines.setdefault(row, []).append(shown)
    return "\n".join(SEP.join(cells) for cells in lines.values())


def document_sections(db: Any, item_id: str) -> str:
    """The document as one line per section: "# <heading> | <every block's text under it>" (any heading
    level; the text before the first heading is a line of its own; emphasis marks dropped)."""
    blocks = db.execute_raw(
        "SELECT block_type, text, rows FROM office_doc_block WHERE item_id = ? ORDER BY position", [item_id]
    )
    lines: list[list[str]] = [[]]
    for kind, text, rows in blocks:
        if kind.startswith("heading"):
            lines.append([f"# {text}"])
        elif kind == "table":
            lines[-1] += [SEP.join(r) for r in json.loads(rows or "[]")]
        else:
            lines[-1].append(text)
    return "\n".join(_EMPHASIS.sub("", SEP.join(parts)) for parts in lines if parts)


DERIVED_FIELDS = {
    "office_worksheet": {"grid": worksheet_grid},
    "office_drive_item": {"sections": document_sections},
}
