"""The event log: every action from every surface, and the browser's low-level events, in one schema.

Stored in the episode database (table `_event`, outside the content hash) so fork and snapshot
carry it. Low-level browser events (navigate, click, type, select) point at the action they led to
through `parent`.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from apps.core.journal import entries
from apps.core.safe_values import dumps, printable

Surface = Literal["mcp", "cli", "ui", "python", "api"]
SURFACES: tuple[str, ...] = ("mcp", "cli", "ui", "python", "api")
# The products' own REST APIs (SOQL, the Table API, Graph) are the programmatic surface in the product's
# shape: a task that allows MCP allows them too (their calls run the same actions as the MCP tools).
IMPLIED_SURFACES = {"api": "mcp"}


def surface_allowed(surface: str, allowed: list[str] | tuple[str, ...]) -> bool:
    """Whether an action made on `surface` is allowed by a task that allows `allowed`."""
    return surface in allowed or IMPLIED_SURFACES.get(surface) in allowed


EVENT_DDL = """
CREATE TABLE _event (
    seq INTEGER PRIMARY KEY,
    parent INTEGER,
    kind TEXT NOT NULL,
    tick INTEGER NOT NULL,
    wall REAL NOT NULL,
    surface TEXT NOT NULL,
    app TEXT,
    name TEXT NOT NULL,
    args TEXT,
    outcome TEXT,
    error TEXT,
    detail TEXT
);
"""


@dataclass(frozen=True)
class EventRecord:
    seq: int
    parent: int | None
    kind: str
    tick: int
    wall: float
    surface: str
    app: str | None
    name: str
    args: dict[str, Any] | None
    outcome: str | None
    error: str | None
    detail: dict[str, Any] | None


def record(
    conn: sqlite3.Connection,
    *,
    seq: int,
    kind: str,
    tick: int,
    surface: str,
    app: str | None,
    name: str,
    args: dict[str, Any] | None = None,
    outcome: str | None = None,
    error: str | None = None,
    detail: dict[str, Any] | None = None,
    parent: int | None = None,
) -> None:
    """Append one event row (inside the caller's transaction). Texts are stored as UTF-8: a lone
    surrogate in what a refused call sent is kept as its escape, so the refusal is still logged."""
    conn.execute(
        "INSERT INTO _event(seq, parent, kind, tick, wall, surface, app, name, args, outcome, error, detail)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            seq,
            parent,
            kind,
            tick,
            time.time(),
            surface,
            app,
            printable(name),
            dumps(args, sort_keys=True) if args is not None else None,
            outcome,
            printable(error) if error is not None else None,
            dumps(detail, sort_keys=True) if detail is not None else None,
        ),
    )


def read(
    conn: sqlite3.Connection, *, since: int = 0, kinds: tuple[str, ...] | None = None
) -> list[EventRecord]:
    """Events after seq `since` (of `kinds` only, when given), oldest first."""
    where, params = "seq > ?", [since]
    if kinds is not None:
        where += f" AND kind IN ({','.join('?' * len(kinds))})"
        params.extend(kinds)
    rows = conn.execute(
        "SELECT seq, parent, kind, tick, wall, surface, app, name, args, outcome, error, detail"
        f" FROM _event WHERE {where} ORDER BY seq",
        params,
    )
    return [
        EventRecord(
            *r[:8], json.loads(r[8]) if r[8] else None, r[9], r[10], json.loads(r[11]) if r[11] else None
        )
        for r in rows
    ]


def last_tick(conn: sqlite3.Connection) -> int:
    """The tick of the last logged event (0 when none)."""
    row = conn.execute("SELECT tick FROM _event ORDER BY seq DESC LIMIT 1").fetchone()
    return row[0] if row else 0


def to_jsonl(conn: sqlite3.Connection, start: datetime) -> str:
    """The whole log as JSON lines, each action with the journal entries it caused."""
    lines = []
    for ev in read(conn):
        item = {
            "seq": ev.seq,
            "kind": ev.kind,
            "logical_time": (start + timedelta(seconds=ev.tick)).isoformat(),
            "tick": ev.tick,
            "wall_time": datetime.fromtimestamp(ev.wall).astimezone().isoformat(),
            "surface": ev.surface,
            "app": ev.app,
            "name": ev.name,
            "args": ev.args,
            "outcome": ev.outcome,
            "error": ev.error,
            "detail": ev.detail,
            "led_to": ev.parent,
        }
        if ev.kind == "action":
            item["changes"] = [e.as_dict() for e in entries(conn, action_id=ev.seq)]
        lines.append(dumps(item, sort_keys=True))
    return "\n".join(lines) + ("\n" if lines else "")
