"""What a verifier may read of a deliverable beyond its own row (`AppSpec.derived_fields`): a worksheet as
the grid of its computed values, a document as its sections, a presentation as its shown slides' text.
All are plain text, one line per row, section, paragraph or chart category, so the verifier's table rule
(a row found by its key with its exact amounts, any layout) scores them while tolerating row order,
column order and formatting.
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


def _number(value: Any) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def deck_slides(db: Any, item_id: str) -> str:
    """The presentation as its audience sees it: each shown slide (hidden ones left out) as a line
    "# Slide <n>: <title>", then a line per paragraph, per table row (cells joined by " | ") and per
    chart category ("<category> | <value of each series>"), after the chart's title."""
    slides = db.execute_raw(
        "SELECT id, position FROM office_slide WHERE item_id = ? AND NOT hidden ORDER BY position", [item_id]
    )
    lines: list[str] = []
    for n, (slide_id, _) in enumerate(slides, start=1):
        shapes = db.execute_raw(
            "SELECT placeholder, paragraphs, table_rows, chart FROM office_slide_shape WHERE slide_id = ? "
            "ORDER BY position",
            [slide_id],
        )
        body: list[str] = []
        title = ""
        for placeholder, paragraphs, table_rows, chart in shapes:
            texts = ["".join(r["text"] for r in p["runs"]) for p in json.loads(paragraphs or "[]")]
            if placeholder == "title":
                title = " ".join(" ".join(texts).split())
                continue
            body += [t for t in texts if t.strip()]
            body += [SEP.join(row) for row in json.loads(table_rows or "[]")]
            data = json.loads(chart or "{}")
            body += [data["title"]] if data.get("title") else []
            for i, category in enumerate(data.get("categories", [])):
                body.append(SEP.join([category, *(_number(s["values"][i]) for s in data.get("series", []))]))
        lines += [f"# Slide {n}: {title}", *body]
    return "\n".join(lines)


def message_recipients(db: Any, message_id: str) -> str:
    """Everyone a mail went to, To and Cc, as "a@x; b@y" — a person told in a mail they were copied on was
    told (a reply to one colleague with the other in Cc; the customer's mail with the requester in Cc)."""
    rows = db.execute_raw(
        "SELECT to_recipients, cc_recipients FROM office_message WHERE id = ?", [message_id]
    )
    out: list[str] = []
    for raw in rows[0] if rows else ():
        value = json.loads(raw) if isinstance(raw, str) and raw.startswith("[") else raw
        out += [str(a) for a in value or []] if isinstance(value, list) else ([str(value)] if value else [])
    return "; ".join(out)


DERIVED_FIELDS = {
    "office_worksheet": {"grid": worksheet_grid},
    "office_drive_item": {"sections": document_sections, "slides": deck_slides},
    "office_message": {"recipients": message_recipients},
}
