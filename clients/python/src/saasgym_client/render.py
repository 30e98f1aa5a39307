"""Plain-text rendering of tool results for the terminal (no dependency): lists of records as aligned
tables, records as field/value lines (a long text — a mail's body, a description — in full, indented under its
field), nested parts in turn.

A table shows every column when its records have few (so a Table API query shows exactly the fields it
asked for, in their order); otherwise the most telling ones — names, titles, subjects, mail, state —
before the rest, and says which it left out (`--json` shows them all). A message's text (a chat message's
body, a description) is the table's last column and shown whole: a person reads a chat in its list."""

from __future__ import annotations

from typing import Any

PREFERRED = (
    "id", "sys_id", "number", "name", "display_name", "subject", "title", "short_description", "job_title",
    "department", "mail", "email", "company", "last_name", "first_name", "from_name", "from_address",
    "stage_name", "amount", "close_date", "status", "state_label", "state", "priority_label", "priority",
    "caller_name", "assigned_to_name", "assignment_group_name", "industry", "type", "chat_type", "topic",
    "members", "received_date_time", "start", "end", "opened_at",
)  # fmt: skip
LATER = ("description", "body", "text", "body_preview", "created_date", "last_modified_date")
MAX_COLUMNS, MAX_CELL, MAX_LISTED = 8, 40, 12
# the texts a row is read for: the first of them a table shows goes last, uncut (it needs no padding);
# a table of the fields asked keeps their order and cuts every cell alike
WHOLE_TEXT = ("body_content", "body", "text", "content", "comments", "description", "body_preview")


def _cell(value: Any, whole: bool = False) -> str:
    """A value as one line of a table cell, cut to `MAX_CELL` characters unless shown `whole`."""
    if value is None:
        return ""
    if isinstance(value, dict):  # a Table API reference or choice: what a person reads
        value = value.get("display_value", value.get("value", ""))
    elif isinstance(value, list):
        value = ", ".join(map(_cell, value))
    text = f"{value:,.2f}" if isinstance(value, float) else str(value)
    text = " ".join(text.split())
    return text if whole or len(text) <= MAX_CELL else text[: MAX_CELL - 1] + "…"


def _long_text(value: Any) -> bool:
    """A text a record shows whole under its field rather than cut to a cell."""
    return isinstance(value, str) and (len(value) > MAX_CELL or "\n" in value)


def _block(key: str, text: str) -> list[str]:
    """A record's long text under its field name: its own lines, indented, runs of blank lines as one."""
    body, blank = [], False
    for raw in text.strip().splitlines():
        line = raw.rstrip()
        if not line and blank:
            continue
        blank = not line
        body.append(f"    {line}" if line else "")
    return [f"  {key}:", *body]


def _shown(value: Any) -> bool:
    """A value that fits in a cell: a scalar, a list of scalars, a reference's display value."""
    if isinstance(value, dict):
        plain = all(not isinstance(v, dict | list) for v in value.values())
        return plain and ("display_value" in value or "value" in value)
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _rank(key: str) -> tuple[int, int]:
    if key in PREFERRED:
        return 0, PREFERRED.index(key)
    later = key in LATER or key.endswith(("_id", "_ids", "_by")) or key.startswith("sys_")
    return (2 if later else 1), 0


def columns_of(rows: list[dict[str, Any]], asked: list[str] | None = None) -> tuple[list[str], list[str]]:
    """The columns a table of `rows` shows, and those it leaves out: the `asked` ones in their order when
    given, every column when they are few, else the preferred ones first."""
    keys = list(dict.fromkeys(k for r in rows for k, v in r.items() if _shown(v)))
    if asked:
        chosen = [k for k in dict.fromkeys(asked) if k in keys]
    elif len(keys) <= MAX_COLUMNS:
        chosen = keys
    else:
        picked = set(sorted(keys, key=_rank)[:MAX_COLUMNS])
        chosen = sorted(picked, key=lambda k: (_rank(k)[0] > 0, _rank(k)[1], keys.index(k)))
    return chosen, [k for k in keys if k not in chosen]


def _flat(row: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A row with its related records' fields as dotted columns (a SOQL `Account.Name` comes back nested
    under `Account`); a query result's `attributes` left out."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key == "attributes" and isinstance(value, dict):
            continue
        if isinstance(value, dict) and not _shown(value):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def table(rows: list[dict[str, Any]], title: str = "", asked: list[str] | None = None) -> str:
    """Rows as an aligned text table (see `columns_of`), with a line naming the columns left out."""
    rows = [_flat(r) for r in rows]
    columns, left_out = columns_of(rows, asked)
    whole = None if asked else next((c for c in columns if c in WHOLE_TEXT), None)
    if whole:
        columns = [*(c for c in columns if c != whole), whole]
    cells = [[_cell(r.get(c), whole=c == whole) for c in columns] for r in rows]
    widths = [max([len(c), *(len(row[i]) for row in cells)]) for i, c in enumerate(columns)]
    if whole:
        widths[-1] = len(whole)  # the last column is not padded: its text runs to the line's end
    line = "  ".join
    out = [title] if title else []
    out += [line(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    out += [line("-" * w for w in widths)]
    out += [line(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    if left_out:
        named = ", ".join(left_out[:MAX_LISTED]) + (", …" if len(left_out) > MAX_LISTED else "")
        out.append(f"({len(left_out)} more fields not shown: {named}; --json shows every field)")
    return "\n".join(out)


def lines(data: Any, title: str = "", asked: list[str] | None = None) -> list[str]:
    """The text of a result, line by line."""
    if isinstance(data, list):
        if data and all(isinstance(r, dict) for r in data):
            return [table(data, title, asked)]
        text = ", ".join(map(_cell, data)) or "(none)"
        return [f"{title}: {text}" if title else text]
    if not isinstance(data, dict):
        return [str(data)]
    out = [title] if title else []
    scalars = {k: v for k, v in data.items() if not isinstance(v, list) and _shown(v) and not _long_text(v)}
    width = max((len(k) for k in scalars), default=0)
    out += [f"  {k.ljust(width)}  {_cell(v)}" for k, v in scalars.items()]
    for key, value in data.items():
        if key in scalars:
            continue
        if _long_text(value):
            out += _block(key, value)
        elif isinstance(value, dict):
            out += lines(value, key, asked)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            out += [table(value, f"{key} ({len(value)})", asked)]
        elif isinstance(value, list):
            out.append(f"{key}: {', '.join(map(_cell, value)) if value else '(none)'}")
    return out


def render(data: Any, *, title: str = "", asked: list[str] | None = None) -> None:
    """Print a result (what `saasgym-tools …` shows without --json); `asked` names the columns the call
    asked for (a `fields` argument), shown as asked."""
    print("\n".join(lines(data, title, asked)))
