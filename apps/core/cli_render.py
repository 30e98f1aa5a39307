"""Human-readable rendering of action results in the terminal (tables via rich)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

console = Console(soft_wrap=False, width=160)

PREFERRED = (
    "id",
    "sys_id",
    "name",
    "display_name",
    "number",
    "subject",
    "title",
    "short_description",
    "job_title",
    "department",
    "mail",
    "company",
    "last_name",
    "first_name",
    "email",
    "stage_name",
    "status",
    "state",
    "amount",
    "close_date",
    "industry",
    "type",
)
MAX_COLUMNS = 8


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    """Every scalar column when there are few, else the preferred ones, then the others, up to eight."""
    keys = list(dict.fromkeys(k for r in rows for k, v in r.items() if not isinstance(v, dict | list)))
    if len(keys) <= MAX_COLUMNS:
        return keys
    rest = [k for k in keys if k not in PREFERRED and not k.endswith("_id")]
    return ([k for k in PREFERRED if k in keys] + rest)[:MAX_COLUMNS]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    return f"{value:,.2f}" if isinstance(value, float) else str(value)


def _table(rows: list[dict[str, Any]], title: str) -> Table:
    cols = _columns(rows)
    hidden = len({k for r in rows for k in r} - set(cols))
    caption = f"{hidden} more fields not shown; --json shows every field" if hidden else None
    table = Table(title=title, caption=caption, show_lines=False)
    for c in cols:
        table.add_column(c)
    for r in rows:
        table.add_row(*[_cell(r.get(c)) for c in cols])
    return table


def render(data: Any, *, title: str = "") -> None:
    """Print a result: lists as tables, records as field/value tables, nested parts in turn."""
    if isinstance(data, list):
        if data and all(isinstance(r, dict) for r in data):
            console.print(_table(data, title))
        else:
            console.print(*data)
        return
    if not isinstance(data, dict):
        console.print(data)
        return
    scalars = {k: v for k, v in data.items() if not isinstance(v, dict | list)}
    if scalars:
        table = Table(title=title, show_header=False)
        table.add_column("field", style="bold")
        table.add_column("value")
        for k, v in scalars.items():
            table.add_row(k, _cell(v))
        console.print(table)
    for key, value in data.items():
        if isinstance(value, dict):
            render(value, title=key)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            console.print(_table(value, f"{key} ({len(value)})"))
        elif isinstance(value, list):
            console.print(f"{key}: (none)" if not value else f"{key}: {value}")
