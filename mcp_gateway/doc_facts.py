"""Figures and tables in README.md and docs/ that come from the code, so they cannot go stale.

In a Markdown file, `<!-- fact:NAME -->VALUE<!-- /fact -->` holds one figure and a block between
`<!-- generated:NAME -->` and `<!-- /generated -->` a whole table; `saasgym docs write` fills them from the
live code and `saasgym docs check` (run by the test suite) exits 1 naming every one that differs.

Figures: `tools:<app>` (the tools the app's MCP endpoint lists, complete_task included), `tools` (every
app's actions plus complete_task: the combined endpoint of an all-apps episode), `handwritten_tasks`,
`families`, `instances`, `catalogue` (hand-written tasks and instances), `worlds`. Tables: `families`. An
example's expected output line "N tasks and instances in the catalogue" is kept to the `catalogue` figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FACT = re.compile(r"<!-- fact:([a-z_:]+) -->(.*?)<!-- /fact -->")
BLOCK = re.compile(r"(<!-- generated:([a-z_]+) -->\n)(.*?)(<!-- /generated -->)", re.S)
# an example's expected output that prints the catalogue's size (a code block cannot hold a fact marker)
CATALOGUE_OUTPUT = re.compile(r"^(\d+)( tasks and instances in the catalogue)$", re.M)


def _count(n: int) -> str:
    return f"{n:,}"


def facts() -> dict[str, str]:
    """Every figure by name, as the docs print it."""
    from apps.core.registry import discover
    from apps.core.worlds import list_worlds, load_world
    from tasks.families.instances import instance_ids
    from tasks.families.registry import families
    from tasks.store import tasks_of

    apps = discover()
    handwritten = sum(len(tasks_of(load_world(w))) for w in list_worlds())
    instances = sum(1 for _ in instance_ids("acme"))
    out = {f"tools:{name}": _count(len(list(spec.actions)) + 1) for name, spec in apps.items()}
    out["tools"] = _count(sum(len(list(s.actions)) for s in apps.values()) + 1)
    out |= {
        "handwritten_tasks": _count(handwritten),
        "families": _count(len(families())),
        "instances": _count(instances),
        "catalogue": _count(handwritten + instances),
        "worlds": _count(len(list_worlds())),
    }
    return out


def families_table() -> str:
    """Every task family: name, apps, code version, catalogue size, splits and what it asks."""
    from tasks.families.registry import families

    rows = ["| family | apps | v | instances | splits | what |", "|---|---|---|---|---|---|"]
    for fam in families().values():
        what = " ".join(fam.summary.split()).replace("|", "\\|")
        apps, splits = ", ".join(fam.apps), ", ".join(fam.splits)
        rows.append(f"| `{fam.name}` | {apps} | {fam.version} | {fam.size:,} | {splits} | {what} |")
    return "\n".join(rows) + "\n"


BLOCKS: dict[str, Callable[[], str]] = {"families": families_table}


def documents() -> list[Path]:
    """The Markdown files that may hold figures: the README and every file in docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def refreshed(text: str, known: dict[str, str]) -> tuple[str, list[str]]:
    """`text` with every figure and block filled in, and the names that differed (an unknown name too)."""
    changed: list[str] = []

    def fact(m: re.Match[str]) -> str:
        value = known.get(m[1])
        if value is None:
            changed.append(f"{m[1]} (unknown figure)")
            return m[0]
        if value != m[2]:
            changed.append(f"{m[1]}: {m[2]!r} → {value!r}")
        return f"<!-- fact:{m[1]} -->{value}<!-- /fact -->"

    def block(m: re.Match[str]) -> str:
        make = BLOCKS.get(m[2])
        if make is None:
            changed.append(f"{m[2]} (unknown table)")
            return m[0]
        body = make()
        if body != m[3]:
            changed.append(f"table {m[2]}")
        return m[1] + body + m[4]

    def printed(m: re.Match[str]) -> str:
        value = known.get("catalogue", m[1]).replace(",", "")
        if value != m[1]:
            changed.append(f"printed catalogue: {m[1]!r} → {value!r}")
        return value + m[2]

    return CATALOGUE_OUTPUT.sub(printed, BLOCK.sub(block, FACT.sub(fact, text))), changed


def sync(write: bool) -> dict[str, list[str]]:
    """Check (or, with `write`, rewrite) every document; returns what differed, by file."""
    known = facts()
    stale: dict[str, list[str]] = {}
    for path in documents():
        text = path.read_text(encoding="utf-8")
        new, changed = refreshed(text, known)
        if changed:
            stale[str(path.relative_to(ROOT))] = changed
            if write:
                path.write_text(new, encoding="utf-8")
    return stale
