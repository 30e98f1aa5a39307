"""The change journal: SQLite triggers record every insert, update and delete on app tables.

Each entry: table, primary key, operation, old row, new row, the id of the action that caused it
(NULL for a write made outside any action) and the logical tick. Row images are JSON objects whose
values are SQL literals from `quote()`, which round-trip exactly (floats included).
Diff and undo read only the journal, so their cost grows with the changes, not the world.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

ENGINE_DDL = """
CREATE TABLE _journal (
    seq INTEGER PRIMARY KEY,
    action_id INTEGER,
    tick INTEGER NOT NULL,
    tbl TEXT NOT NULL,
    pk TEXT NOT NULL,
    op TEXT NOT NULL,
    old TEXT,
    new TEXT
);
CREATE TABLE _ctx (
    id INTEGER PRIMARY KEY CHECK (id = 1), action_id INTEGER, journaling INTEGER NOT NULL
);
INSERT INTO _ctx VALUES (1, NULL, 1);
CREATE TABLE _episode (
    id INTEGER PRIMARY KEY CHECK (id = 1), tick INTEGER NOT NULL, next_event INTEGER NOT NULL,
    completed INTEGER NOT NULL DEFAULT 0, answer TEXT
);
INSERT INTO _episode(id, tick, next_event) VALUES (1, 0, 1);
CREATE TABLE _idseq (object TEXT PRIMARY KEY, next INTEGER NOT NULL);
"""

ENGINE_TABLES = ("_journal", "_ctx", "_episode", "_idseq", "_event")
JOURNALED_ENGINE_TABLES = ("_idseq",)


def _row_image(prefix: str, columns: list[str]) -> str:
    pairs = ", ".join(f"'{c}', quote({prefix}.\"{c}\")" for c in columns)
    return f"json_object({pairs})"


def install_triggers(conn: sqlite3.Connection, table: str) -> None:
    """Create the insert/update/delete journal triggers for one table."""
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    columns = [r[1] for r in info]
    pks = [r[1] for r in info if r[5]]
    if len(pks) != 1:
        raise ValueError(f"{table}: the journal needs exactly one primary-key column")
    if len(columns) > 60:
        raise ValueError(f"{table}: more than 60 columns; split the row image")
    pk = pks[0]
    head = (
        "INSERT INTO _journal(action_id, tick, tbl, pk, op, old, new)"
        " VALUES ((SELECT action_id FROM _ctx), (SELECT tick FROM _episode)"
    )
    when = "WHEN (SELECT journaling FROM _ctx) = 1"
    old, new = _row_image("OLD", columns), _row_image("NEW", columns)
    conn.executescript(
        f"""
        CREATE TRIGGER "_j_{table}_i" AFTER INSERT ON "{table}" {when} BEGIN
          {head}, '{table}', quote(NEW."{pk}"), 'I', NULL, {new}); END;
        CREATE TRIGGER "_j_{table}_u" AFTER UPDATE ON "{table}" {when} BEGIN
          {head}, '{table}', quote(NEW."{pk}"), 'U', {old}, {new}); END;
        CREATE TRIGGER "_j_{table}_d" AFTER DELETE ON "{table}" {when} BEGIN
          {head}, '{table}', quote(OLD."{pk}"), 'D', {old}, NULL); END;
        """
    )


def parse_literal(text: str | None) -> Any:
    """Turn an SQLite `quote()` literal back into its Python value."""
    if text is None or text == "NULL":
        return None
    if text.startswith("'"):
        return text[1:-1].replace("''", "'")
    if text[:2] in ("X'", "x'"):
        return bytes.fromhex(text[2:-1])
    if any(ch in text for ch in ".eEn"):
        return float(text.replace("Inf", "inf"))
    return int(text)


def decode_image(image: dict[str, str] | None) -> dict[str, Any] | None:
    """A journal row image with its SQL literals turned into Python values."""
    return {k: parse_literal(v) for k, v in image.items()} if image is not None else None


@dataclass(frozen=True)
class Entry:
    """One journaled write. Row images are decoded from JSON on first use (most readers need none)."""

    seq: int
    action_id: int | None
    tick: int
    table: str
    pk: str
    op: str
    old_json: str | None = field(default=None, repr=False)
    new_json: str | None = field(default=None, repr=False)

    @cached_property
    def old(self) -> dict[str, str] | None:
        return json.loads(self.old_json) if self.old_json else None

    @cached_property
    def new(self) -> dict[str, str] | None:
        return json.loads(self.new_json) if self.new_json else None

    def as_dict(self) -> dict[str, Any]:
        """The entry with row images decoded to plain values (for logs and exports)."""
        return {
            "seq": self.seq,
            "action_id": self.action_id,
            "tick": self.tick,
            "table": self.table,
            "pk": parse_literal(self.pk),
            "op": {"I": "insert", "U": "update", "D": "delete"}[self.op],
            "old": decode_image(self.old),
            "new": decode_image(self.new),
        }


_SELECT = "SELECT seq, action_id, tick, tbl, pk, op, old, new FROM _journal"


def entries(conn: sqlite3.Connection, *, since: int = 0, action_id: int | None = None) -> list[Entry]:
    """Journal entries after seq `since` (optionally only those of one action), oldest first."""
    if action_id is not None:
        rows = conn.execute(f"{_SELECT} WHERE action_id = ? ORDER BY seq", (action_id,))
    else:
        rows = conn.execute(f"{_SELECT} WHERE seq > ? ORDER BY seq", (since,))
    return [Entry(*r) for r in rows]


@dataclass(frozen=True)
class NetChange:
    """The net effect on one row: its image before the first and after the last journaled write."""

    table: str
    pk: str
    before: dict[str, str] | None
    after: dict[str, str] | None
    action_ids: tuple[int | None, ...]

    @property
    def op(self) -> str:
        if self.before is None:
            return "insert"
        return "delete" if self.after is None else "update"

    def changed_fields(self) -> dict[str, tuple[Any, Any]]:
        """Field -> (old value, new value) for every field whose value differs (computed once)."""
        found = self.__dict__.get("_changed")
        if found is None:
            before, after = self.before or {}, self.after or {}
            keys = list(dict.fromkeys([*before, *after])) if before else list(after)
            found = {
                k: (parse_literal(before.get(k)), parse_literal(after.get(k)))
                for k in keys
                if before.get(k) != after.get(k)
            }
            self.__dict__["_changed"] = found
        return dict(found)


def net_changes(conn: sqlite3.Connection, *, since: int = 0) -> list[NetChange]:
    """Net row changes after journal seq `since`; rows changed and changed back are left out.

    Only the first image before and the last image after of each row are decoded.
    """
    first: dict[tuple[str, str], tuple[str, str | None]] = {}
    last: dict[tuple[str, str], tuple[str, str | None]] = {}
    actions: dict[tuple[str, str], list[int | None]] = {}
    rows = conn.execute(
        "SELECT action_id, tbl, pk, op, old, new FROM _journal WHERE seq > ? ORDER BY seq", (since,)
    )
    for action_id, tbl, pk, op, old, new in rows:
        key = (tbl, pk)
        if key not in first:
            first[key] = (op, old)
            actions[key] = []
        last[key] = (op, new)
        actions[key].append(action_id)
    out = []
    for key, (op, old) in first.items():
        last_op, new = last[key]
        before = json.loads(old) if op != "I" and old else None
        after = json.loads(new) if last_op != "D" and new else None
        if before != after:
            out.append(NetChange(key[0], key[1], before, after, tuple(dict.fromkeys(actions[key]))))
    return out


_FIRST_IMAGES = (
    "SELECT tbl, pk, op, old FROM _journal WHERE seq IN"
    " (SELECT min(seq) FROM _journal WHERE seq > ? GROUP BY tbl, pk) ORDER BY seq"
)
_ROWS_PER_STATEMENT = 200


def undo(conn: sqlite3.Connection, *, to_seq: int = 0) -> int:
    """Put every row touched after journal seq `to_seq` back as it was, and drop those entries.

    Returns the number of rows restored. Runs with journaling off, inside the caller's transaction.
    Per table, one DELETE of the touched keys and one multi-row INSERT of their original images,
    written as the journal's own `quote()` literals (exact, and parsed by SQLite, not Python):
    a handful of statements however many rows, so the cost grows with the changes, not the world.
    """
    touched: dict[str, list[str]] = {}
    images: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    rows = conn.execute(_FIRST_IMAGES, (to_seq,)).fetchall()
    for table, pk, op, old in rows:
        touched.setdefault(table, []).append(pk)
        if op != "I":
            image = json.loads(old)
            images.setdefault((table, tuple(image)), []).append(f"({', '.join(image.values())})")
    n = _ROWS_PER_STATEMENT
    conn.execute("UPDATE _ctx SET journaling = 0")
    try:
        for table, keys in touched.items():
            pk_col = primary_key_column(conn, table)
            for i in range(0, len(keys), n):
                conn.execute(f'DELETE FROM "{table}" WHERE "{pk_col}" IN ({", ".join(keys[i : i + n])})')
        for (table, cols), values in images.items():
            names = ", ".join(f'"{c}"' for c in cols)
            for i in range(0, len(values), n):
                conn.execute(f'INSERT INTO "{table}" ({names}) VALUES {", ".join(values[i : i + n])}')
        conn.execute("DELETE FROM _journal WHERE seq > ?", (to_seq,))
    finally:
        conn.execute("UPDATE _ctx SET journaling = 1")
    return len(rows)


_PK_CACHE: dict[str, str] = {}


def primary_key_column(conn: sqlite3.Connection, table: str) -> str:
    """The primary-key column of `table` (table names are unique across apps, so cached by name)."""
    if table not in _PK_CACHE:
        info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
        _PK_CACHE[table] = next(r[1] for r in info if r[5])
    return _PK_CACHE[table]
