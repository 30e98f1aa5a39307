"""Plain-text rendering of tool results for the terminal (no dependency): lists of records as aligned
tables with their most telling columns, records as field/value lines, nested parts in turn."""

from __future__ import annotations

from typing import Any

PREFERRED = (
    "id", "name", "number", "subject", "title", "company", "last_name", "first_name", "email", "stage_name",
    "status", "state", "amount", "close_date", "industry", "type", "owner_id",
)  # fmt: skip
MAX_COLUMNS, MAX_CELL = 8, 40


def _cell(value: Any) -> str:
    if value is None:
        return ""
    text = f"{value:,.2f}" if isinstance(value, float) else str(value)
    text = " ".join(text.split())
    return text if len(text) <= MAX_CELL else text[: MAX_CELL - 1] + "…"


def table(rows: list[dict[str, Any]], title: str = "") -> str:
    """Rows as an aligned text table of their scalar columns (the preferred ones first, at most eight)."""
    keys = list(dict.fromkeys(k for r in rows for k, v in r.items() if not isinstance(v, dict | list)))
    columns = ([k for k in PREFERRED if k in keys] or keys)[:MAX_COLUMNS]
    cells = [[_cell(r.get(c)) for c in columns] for r in rows]
    widths = [max([len(c), *(len(row[i]) for row in cells)]) for i, c in enumerate(columns)]
    line = "  ".join
    out = [title] if title else []
    out += [line(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    out += [line("-" * w for w in widths)]
    out += [line(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    return "\n".join(out)


def lines(data: Any, title: str = "") -> list[str]:
    """The text of a result, line by line."""
    if isinstance(data, list):
        if data and all(isinstance(r, dict) for r in data):
            return [table(data, title)]
        text = ", ".join(map(_cell, data)) or "(none)"
        return [f"{title}: {text}" if title else text]
    if not isinstance(data, dict):
        return [str(data)]
    out = [title] if title else []
    scalars = {k: v for k, v in data.items() if not isinstance(v, dict | list)}
    width = max((len(k) for k in scalars), default=0)
    out += [f"  {k.ljust(width)}  {_cell(v)}" for k, v in scalars.items()]
    for key, value in data.items():
        if isinstance(value, dict):
            out += lines(value, key)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            out += [table(value, f"{key} ({len(value)})")]
        elif isinstance(value, list):
            out.append(f"{key}: {', '.join(map(_cell, value)) if value else '(none)'}")
    return out


def render(data: Any, *, title: str = "") -> None:
    """Print a result (what `saasgym-tools … ` shows without --json)."""
    print("\n".join(lines(data, title)))
