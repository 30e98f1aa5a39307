"""The change journal: SQLite triggers record every insert, update and delete on app tables.

Each entry in `_journal`: table, primary key, operation, the id of the action that caused it (NULL for a
write made outside any action) and the logical tick. It is an undo log: an update or delete also copies
the row as it was *before* into the table's shadow `_jr_<table>` (same columns, no declared types, so every
value keeps its exact storage class), keyed by the entry's seq. The image *after* an entry is the next
entry's before-image of the same row, or the row as it is now. Table triggers name no columns
(`SELECT *`) and one trigger on `_journal` stamps every entry with the action and tick, so an episode
parses a small schema (all three apps: 2.2 → 0.9 MiB per episode); readers render images as SQL
literals in `quote()`'s notation from the values themselves (exact, NUL bytes included).
Diff and undo read only the journal and the rows it names: their cost grows with the changes, not the world.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

ENGINE_DDL = """
CREATE TABLE _journal (
    seq INTEGER PRIMARY KEY,
    action_id INTEGER,
    tick INTEGER,
    tbl TEXT NOT NULL,
    pk TEXT NOT NULL,
    op TEXT NOT NULL
);
CREATE INDEX _journal_row ON _journal(tbl, pk, seq);
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
CREATE TRIGGER _journal_stamp AFTER INSERT ON _journal BEGIN
  UPDATE _journal SET action_id = (SELECT action_id FROM _ctx), tick = (SELECT tick FROM _episode)
  WHERE seq = NEW.seq; END;
"""

ENGINE_TABLES = ("_journal", "_ctx", "_episode", "_idseq", "_event", "_observation")
JOURNALED_ENGINE_TABLES = ("_idseq",)
SHADOW_PREFIX = "_jr_"
_ROWS_PER_STATEMENT = 200

Image = dict[str, str]  # column -> SQL literal (see `literal`)


def shadow(table: str) -> str:
    """The table holding `table`'s before-images."""
    return f"{SHADOW_PREFIX}{table}"


def install_triggers(conn: sqlite3.Connection, table: str) -> None:
    """Create the shadow table and the insert/update/delete journal triggers for one table."""
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    columns = [r[1] for r in info]
    pks = [r[1] for r in info if r[5]]
    if len(pks) != 1:
        raise ValueError(f"{table}: the journal needs exactly one primary-key column")
    conn.execute(f'SELECT rowid FROM "{table}" LIMIT 0')  # rowid tables only (fails WITHOUT ROWID)
    pk, copy = pks[0], shadow(table)
    head = "INSERT INTO _journal(tbl, pk, op) VALUES ("
    when = "WHEN (SELECT journaling FROM _ctx) = 1"
    keep = f'INSERT INTO "{copy}" SELECT last_insert_rowid(), * FROM "{table}" WHERE rowid = OLD.rowid'
    names = ", ".join(f'"{c}"' for c in columns)
    conn.executescript(
        f"""
        CREATE TABLE "{copy}" (_seq INTEGER PRIMARY KEY, {names});
        CREATE TRIGGER "_j_{table}_i" AFTER INSERT ON "{table}" {when} BEGIN
          {head}'{table}', quote(NEW."{pk}"), 'I'); END;
        CREATE TRIGGER "_j_{table}_u" BEFORE UPDATE ON "{table}" {when} BEGIN
          {head}'{table}', quote(NEW."{pk}"), 'U'); {keep}; END;
        CREATE TRIGGER "_j_{table}_d" BEFORE DELETE ON "{table}" {when} BEGIN
          {head}'{table}', quote(OLD."{pk}"), 'D'); {keep}; END;
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


def decode_image(image: Image | None) -> dict[str, Any] | None:
    """A journal row image with its SQL literals turned into Python values."""
    return {k: parse_literal(v) for k, v in image.items()} if image is not None else None


# -- reading images ------------------------------------------------------------------------------
_SHAPES: dict[str, tuple[tuple[str, ...], str]] = {}


def _shape(conn: sqlite3.Connection, table: str) -> tuple[tuple[str, ...], str]:
    """(columns in order, primary-key column) of `table`; table names are unique across apps, so
    cached by name."""
    if table not in _SHAPES:
        info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
        _SHAPES[table] = (tuple(r[1] for r in info), next(r[1] for r in info if r[5]))
    return _SHAPES[table]


def columns(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """`table`'s columns in order."""
    return _shape(conn, table)[0]


def primary_key_column(conn: sqlite3.Connection, table: str) -> str:
    """The primary-key column of `table`."""
    return _shape(conn, table)[1]


def _chunks(items: list[Any]) -> list[list[Any]]:
    return [items[i : i + _ROWS_PER_STATEMENT] for i in range(0, len(items), _ROWS_PER_STATEMENT)]


def literal(value: Any) -> str:
    """`value` as an SQL literal in `quote()`'s notation, exact for every storable value.

    Rendered in Python from the value itself: SQLite's `quote()` stops a text at its first NUL, so two
    different rows could render alike (and hide a change from the diff and the verifier).
    """
    if value is None:
        return "NULL"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, bytes):
        return "X'" + value.hex().upper() + "'"
    if isinstance(value, float):
        return repr(value)  # shortest text that reads back as the same double
    return str(value)


def _names(conn: sqlite3.Connection, table: str) -> str:
    return ", ".join(f'"{c}"' for c in columns(conn, table))


def _image(cols: tuple[str, ...], values: Any) -> Image:
    return {c: literal(v) for c, v in zip(cols, values, strict=True)}


def before_images(conn: sqlite3.Connection, table: str, seqs: list[int]) -> dict[int, Image]:
    """The rows of `table` as they were before the journal entries `seqs` (updates and deletes)."""
    cols, out = columns(conn, table), {}
    for part in _chunks(sorted(set(seqs))):
        marks = ", ".join("?" * len(part))
        sql = f'SELECT _seq, {_names(conn, table)} FROM "{shadow(table)}" WHERE _seq IN ({marks})'
        for seq, *values in conn.execute(sql, part):
            out[seq] = _image(cols, values)
    return out


def current_images(conn: sqlite3.Connection, table: str, pks: list[str]) -> dict[str, Image]:
    """The rows of `table` with these primary keys (as `quote()` literals) as they are now."""
    cols, pk, out = columns(conn, table), primary_key_column(conn, table), {}
    for part in _chunks(sorted(set(pks))):
        keys = ", ".join(part)
        sql = f'SELECT quote("{pk}"), {_names(conn, table)} FROM "{table}" WHERE "{pk}" IN ({keys})'
        for key, *values in conn.execute(sql):
            out[key] = _image(cols, values)
    return out


def image_after(conn: sqlite3.Connection, table: str, pk: str, seq: int) -> Image | None:
    """The row as entry `seq` left it: the next entry's before-image of it, or the row now."""
    (later,) = conn.execute(
        "SELECT min(seq) FROM _journal WHERE tbl = ? AND pk = ? AND seq > ?", (table, pk, seq)
    ).fetchone()
    if later is not None:
        return before_images(conn, table, [later]).get(later)
    return current_images(conn, table, [pk]).get(pk)


@dataclass(frozen=True)
class Entry:
    """One journaled write. Row images are read on first use (most readers need none)."""

    seq: int
    action_id: int | None
    tick: int
    table: str
    pk: str
    op: str
    conn: sqlite3.Connection | None = field(default=None, repr=False, compare=False)

    @cached_property
    def old(self) -> Image | None:
        if self.op == "I" or self.conn is None:
            return None
        return before_images(self.conn, self.table, [self.seq]).get(self.seq)

    @cached_property
    def new(self) -> Image | None:
        if self.op == "D" or self.conn is None:
            return None
        return image_after(self.conn, self.table, self.pk, self.seq)

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


_SELECT = "SELECT seq, action_id, tick, tbl, pk, op FROM _journal"


def entries(conn: sqlite3.Connection, *, since: int = 0, action_id: int | None = None) -> list[Entry]:
    """Journal entries after seq `since` (optionally only those of one action), oldest first."""
    if action_id is not None:
        rows = conn.execute(f"{_SELECT} WHERE action_id = ? ORDER BY seq", (action_id,))
    else:
        rows = conn.execute(f"{_SELECT} WHERE seq > ? ORDER BY seq", (since,))
    return [Entry(*r, conn=conn) for r in rows]


@dataclass(frozen=True)
class NetChange:
    """The net effect on one row: its image before the first and after the last journaled write."""

    table: str
    pk: str
    before: Image | None
    after: Image | None
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

    Per touched table, one query reads the before-images of first writes and one the rows as they are.
    """
    first: dict[tuple[str, str], tuple[str, int]] = {}
    last_op: dict[tuple[str, str], str] = {}
    actions: dict[tuple[str, str], list[int | None]] = {}
    rows = conn.execute(
        "SELECT seq, action_id, tbl, pk, op FROM _journal WHERE seq > ? ORDER BY seq", (since,)
    )
    for seq, action_id, tbl, pk, op in rows:
        key = (tbl, pk)
        if key not in first:
            first[key] = (op, seq)
            actions[key] = []
        last_op[key] = op
        actions[key].append(action_id)
    olds: dict[str, list[int]] = {}
    lives: dict[str, list[str]] = {}
    for (tbl, pk), (op, seq) in first.items():
        if op != "I":
            olds.setdefault(tbl, []).append(seq)
        if last_op[(tbl, pk)] != "D":
            lives.setdefault(tbl, []).append(pk)
    before = {t: before_images(conn, t, seqs) for t, seqs in olds.items()}
    now = {t: current_images(conn, t, pks) for t, pks in lives.items()}
    out = []
    for key, (op, seq) in first.items():
        tbl, pk = key
        old = before[tbl].get(seq) if op != "I" else None
        new = now[tbl].get(pk) if last_op[key] != "D" else None
        if old != new:
            out.append(NetChange(tbl, pk, old, new, tuple(dict.fromkeys(actions[key]))))
    return out


_FIRST_WRITES = (
    "SELECT tbl, pk, op, seq FROM _journal WHERE seq IN"
    " (SELECT min(seq) FROM _journal WHERE seq > ? GROUP BY tbl, pk) ORDER BY seq"
)


def undo(conn: sqlite3.Connection, *, to_seq: int = 0) -> int:
    """Put every row touched after journal seq `to_seq` back as it was, and drop those entries.

    Returns the number of rows restored. Runs with journaling off, inside the caller's transaction.
    Per table, one DELETE of the touched keys and one INSERT … SELECT of their before-images from the
    shadow table (the stored values themselves, so exact): a handful of statements however many rows.
    """
    touched: dict[str, list[str]] = {}
    restore: dict[str, list[int]] = {}
    rows = conn.execute(_FIRST_WRITES, (to_seq,)).fetchall()
    for table, pk, op, seq in rows:
        touched.setdefault(table, []).append(pk)
        if op != "I":
            restore.setdefault(table, []).append(seq)
    journaled = [t for (t,) in conn.execute("SELECT DISTINCT tbl FROM _journal WHERE seq > ?", (to_seq,))]
    conn.execute("UPDATE _ctx SET journaling = 0")
    try:
        for table, keys in touched.items():
            pk_col = primary_key_column(conn, table)
            for part in _chunks(keys):
                conn.execute(f'DELETE FROM "{table}" WHERE "{pk_col}" IN ({", ".join(part)})')
        for table, seqs in restore.items():
            names = ", ".join(f'"{c}"' for c in columns(conn, table))
            for part in _chunks(seqs):
                marks = ", ".join("?" * len(part))
                conn.execute(
                    f'INSERT INTO "{table}" ({names}) SELECT {names} FROM "{shadow(table)}"'
                    f" WHERE _seq IN ({marks}) ORDER BY _seq",
                    part,
                )
        for table in journaled:
            conn.execute(f'DELETE FROM "{shadow(table)}" WHERE _seq > ?', (to_seq,))
        conn.execute("DELETE FROM _journal WHERE seq > ?", (to_seq,))
    finally:
        conn.execute("UPDATE _ctx SET journaling = 1")
    return len(rows)
