"""Renders an audit with rich: the checks as a table, then each distribution as a text histogram."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from worlds.audit import audit

WIDTH = 40


def render(name: str, folder: Path, console: Console | None = None) -> int:
    """Print the audit of world `name`; returns the number of violated checks."""
    console = console or Console(width=120)
    findings, dists = audit(folder)
    table = Table(title=f"realism audit: {name}")
    for col in ("check", "measured", "result"):
        table.add_column(col)
    for f in findings:
        table.add_row(f.check, f.measured, "ok" if f.ok else f"FAIL {f.detail}".strip())
    console.print(table)
    for title, rows in dists.items():
        console.print(f"[bold]{title}[/bold]")
        top = max((v for _, v in rows), default=0) or 1
        for label, value in rows:
            console.print(f"  {label:>12} {value:>10g} {'#' * round(WIDTH * value / top)}", highlight=False)
    bad = sum(not f.ok for f in findings)
    console.print(f"{name}: {'ok' if not bad else f'{bad} violation(s)'}")
    return bad
