"""The results as a rich table (figure, median, baseline, ratio, target, met?) and as JSON."""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.runner import Figure


def _num(value: float | None, unit: str = "") -> str:
    if value is None:
        return "—"
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}" if abs(value) < 1 else f"{value:.2f}"
    return f"{text} {unit}".strip()


def _ratio(fig: Figure) -> str:
    if fig.ratio is None:
        return "—"
    return f"{fig.ratio:.2f}×" + (" of target" if fig.ratio_of == "target" else "")


def _met(fig: Figure) -> str:
    return {True: "[green]yes[/]", False: "[red]NO[/]", None: "report"}[fig.met]


def table(figures: list[Figure], title: str) -> Table:
    t = Table(title=title, title_justify="left")
    for name, justify in (
        ("figure", "left"),
        ("median", "right"),
        ("baseline", "right"),
        ("ratio", "right"),
        ("target", "left"),
        ("met?", "left"),
    ):
        t.add_column(name, justify=justify)  # type: ignore[arg-type]
    for fig in figures:
        t.add_row(
            fig.name, _num(fig.median, fig.unit), _num(fig.baseline), _ratio(fig), fig.target.text, _met(fig)
        )
    return t


def machine() -> dict[str, Any]:
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_1min": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def document(figures: list[Figure], *, command: str, quick: bool, seconds: float) -> dict[str, Any]:
    return {
        "command": command,
        "quick": quick,
        "seconds": round(seconds, 1),
        "machine": machine(),
        "figures": [f.as_dict() for f in figures],
    }


def print_table(figures: list[Figure], title: str, console: Console | None = None) -> None:
    console = console or Console(width=None if Console().is_terminal else 140)
    console.print(table(figures, title))


def write_json(path: Path, doc: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
