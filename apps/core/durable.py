"""Durable episodes: checkpointed to disk at every action boundary, restored after a restart.

An episode made durable keeps a folder:

- `meta.json`: its id, world, apps and the sha256 of the golden image its pages are relative to;
- `base.ckpt`: a full checkpoint — the pages its database changed against the golden image (or the
  whole database where episodes are full copies) — and where the journal and event log stood then;
- `log.ckpt`: one frame per action boundary since that base: the rows the boundary's actions wrote
  (each touched row as it is now, with its rowid, or gone), the journal entries and before-images they
  added, their events and the `_episode` row (clock, next event, completion). Writing one costs what the
  actions wrote, not what the episode holds.

A boundary is the moment the episode's lock is let go by its outermost holder (`EpisodeLock.on_release`):
after an MCP or CLI call, after a UI save of several actions as one unit, after a reset. A reset, a
restore, an undone UI save or raw SQL replace the state other than by actions: the next boundary writes
a new base instead, as does a log grown past `COMPACT_FRAMES` frames or `COMPACT_BYTES`. Frames are
written before the call is answered, so a crash loses only calls nobody saw answered.

Restoring maps the golden image with the base's pages, then applies the log's frames in order, each
checked to follow the one before (its journal and event positions, a chain of digests) after every
frame's checksum was checked: a damaged checkpoint is refused whole (`CorruptCheckpoint`), never
half-loaded. The result has the same rows, rowids, clock and event log as the episode had, hence the
same state hash and the same future.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from apps.core import checkpoint_files as files
from apps.core.checkpoint_files import CorruptCheckpoint
from apps.core.cow_image import PagePatch
from apps.core.journal import (
    JOURNALED_ENGINE_TABLES,
    SHADOW_PREFIX,
    columns,
    parse_literal,
    primary_key_column,
)

log = logging.getLogger("saasgym.durable")

BASE, PAGES, IMAGE, LOG_HEAD, ROWS = 1, 2, 3, 4, 5
COMPACT_FRAMES = 5_000
COMPACT_BYTES = 64 * 1024 * 1024
FORMAT = 1


@dataclass
class Position:
    """Where the journal and the event log stood at a boundary."""

    journal: int  # the journal's last seq
    events: int  # the next event seq
    changes: int  # the connection's write count


def _position(db: Any) -> Position:
    (journal,) = db.conn.execute("SELECT coalesce(max(seq), 0) FROM _journal").fetchone()
    (events,) = db.conn.execute("SELECT next_event FROM _episode").fetchone()
    return Position(journal, events, db.write_count())


# -- capturing and applying one boundary's rows ------------------------------------------------------
def capture(conn: sqlite3.Connection, since: Position) -> dict[str, Any]:
    """The rows written since `since`: touched rows of journaled tables (now, or gone), new journal
    entries and before-images, new events, and the `_episode` row."""
    journal = conn.execute(
        "SELECT seq, action_id, tick, tbl, pk, op FROM _journal WHERE seq > ? ORDER BY seq", (since.journal,)
    ).fetchall()
    touched: dict[str, list[str]] = {}
    for _, _, _, table, pk, _ in journal:
        touched.setdefault(table, [])
        if pk not in touched[table]:
            touched[table].append(pk)
    rows = {}
    for table, pks in touched.items():
        pk_col = primary_key_column(conn, table)
        keys = [parse_literal(pk) for pk in pks]
        marks = ",".join("?" * len(keys))
        live = conn.execute(
            f'SELECT quote("{pk_col}"), rowid, * FROM "{table}" WHERE "{pk_col}" IN ({marks})', keys
        ).fetchall()
        found = {r[0] for r in live}
        shadow = conn.execute(
            f'SELECT * FROM "{SHADOW_PREFIX}{table}" WHERE _seq > ?', (since.journal,)
        ).fetchall()
        rows[table] = {
            "columns": list(columns(conn, table)),
            "live": files.encode_rows([r[1:] for r in live]),
            "gone": [pk for pk in pks if pk not in found],
            "shadow": files.encode_rows(shadow),
        }
    events = conn.execute("SELECT * FROM _event WHERE seq >= ? ORDER BY seq", (since.events,)).fetchall()
    episode = conn.execute("SELECT tick, next_event, completed, answer FROM _episode").fetchone()
    return {
        "journal": files.encode_rows(journal),
        "rows": rows,
        "events": files.encode_rows(events),
        "episode": files.encode_rows([episode])[0],
    }


def apply(conn: sqlite3.Connection, frame: dict[str, Any], tables: set[str]) -> None:
    """Write one boundary's rows into `conn` (in one transaction, journal triggers off)."""
    conn.execute("BEGIN")
    try:
        conn.execute("UPDATE _ctx SET journaling = 0")
        for table, part in frame["rows"].items():
            if table not in tables or part["columns"] != list(columns(conn, table)):
                raise CorruptCheckpoint(
                    f"a frame names table {table!r} or columns this episode does not have"
                )
            pk_col, names = primary_key_column(conn, table), part["columns"]
            gone = [parse_literal(pk) for pk in part["gone"]]
            conn.executemany(f'DELETE FROM "{table}" WHERE "{pk_col}" = ?', [(k,) for k in gone])
            pk_at = names.index(pk_col) + 1
            conn.executemany(
                f'DELETE FROM "{table}" WHERE rowid = ? OR "{pk_col}" = ?',
                [(r[0], r[pk_at]) for r in part["live"]],
            )
            marks = ",".join("?" * (len(names) + 1))
            quoted = ",".join(f'"{c}"' for c in names)
            conn.executemany(f'INSERT INTO "{table}" (rowid, {quoted}) VALUES ({marks})', part["live"])
            shadow_marks = ",".join("?" * (len(names) + 1))
            conn.executemany(f'INSERT INTO "{SHADOW_PREFIX}{table}" VALUES ({shadow_marks})', part["shadow"])
        for seq, action_id, tick, table, pk, op in frame["journal"]:
            conn.execute("INSERT INTO _journal (seq, tbl, pk, op) VALUES (?,?,?,?)", (seq, table, pk, op))
            conn.execute("UPDATE _journal SET action_id = ?, tick = ? WHERE seq = ?", (action_id, tick, seq))
        conn.executemany("INSERT INTO _event VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", frame["events"])
        conn.execute(
            "UPDATE _episode SET tick = ?, next_event = ?, completed = ?, answer = ?", frame["episode"]
        )
        conn.execute("UPDATE _ctx SET journaling = 1, action_id = NULL")
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        conn.execute("ROLLBACK")
        raise CorruptCheckpoint(f"a frame does not apply to the state before it ({exc})") from None
    except BaseException:
        conn.execute("ROLLBACK")
        raise


# -- the checkpointer of one episode ---------------------------------------------------------------
_DIGESTS: dict[int, tuple[Any, str]] = {}


def image_digest(golden: Any) -> str:
    """The sha256 of a golden image's bytes (once per image and process: images live as long)."""
    kept = _DIGESTS.get(id(golden))
    if kept is None or kept[0] is not golden:
        kept = _DIGESTS[id(golden)] = (golden, hashlib.sha256(golden.data).hexdigest())
    return kept[1]


class Checkpointer:
    """Writes one episode's checkpoint files at its boundaries (see the module doc)."""

    def __init__(self, folder: Path, db: Any, *, sync: bool = False):
        self.folder, self.db, self.sync = folder, db, sync
        self.generation = 0
        self.position = Position(0, 1, 0)
        self.frames = 0
        self.log_bytes = 0
        self.chain = b""
        self.broken: str | None = None

    # -- writing -------------------------------------------------------------------------------
    def start(self, meta: dict[str, Any]) -> None:
        """Make the folder and its first base (the episode as it is now)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        files.write_file(self.folder / "meta.json", [json.dumps(meta, indent=1).encode()], sync=self.sync)
        self.write_base()

    def boundary(self) -> None:
        """Checkpoint what changed since the last boundary (called under the episode's lock)."""
        if self.broken is not None:
            return
        db = self.db
        if db.write_count() == self.position.changes and not db.replaced:
            return
        try:
            if db.replaced or self.frames >= COMPACT_FRAMES or self.log_bytes >= COMPACT_BYTES:
                self.write_base()
            else:
                self._append(capture(db.conn, self.position))
        except Exception as exc:  # a full or lost disk: never leave a checkpoint that looks whole
            self.broken = f"checkpointing failed ({exc!r}); the episode is no longer durable"
            log.error("episode checkpoint in %s: %s", self.folder, self.broken)
            try:
                (self.folder / "meta.json").unlink(missing_ok=True)  # a restart then voids it
            except OSError:
                log.exception("could not withdraw the checkpoint in %s", self.folder)

    def write_base(self) -> None:
        db = self.db
        self.generation += 1
        position = _position(db)
        where = {"format": FORMAT, "generation": self.generation}
        where |= {"journal": position.journal, "events": position.events}
        head = files.frame(BASE, files.dumps(where))
        if db.mapping is not None:
            from apps.core import cow_image

            patch = cow_image.changed_pages(db.conn, db.mapping)
            body = files.frame(PAGES, files.encode_pages(patch.size, patch.pages))
        else:
            body = files.frame(IMAGE, db.conn.serialize())
        files.write_file(self.folder / "base.ckpt", [head, body], sync=self.sync)
        log_head = files.frame(LOG_HEAD, files.dumps({"generation": self.generation}))
        files.write_file(self.folder / "log.ckpt", [log_head], sync=self.sync)
        self.chain = hashlib.sha256(log_head).digest()
        self.position, self.frames, self.log_bytes = position, 0, len(log_head)
        db.replaced = False

    def _append(self, rows: dict[str, Any]) -> None:
        position = _position(self.db)
        after = [self.position.journal, self.position.events]
        payload = files.dumps({"after": after, "chain": self.chain.hex(), "rows": rows})
        data = files.frame(ROWS, payload)
        fd = os.open(self.folder / "log.ckpt", os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, data)
            if self.sync:
                os.fdatasync(fd)
        finally:
            os.close(fd)
        self.chain = hashlib.sha256(data[: files.HEAD.size]).digest()
        self.position = position
        self.frames += 1
        self.log_bytes += len(data)

    def discard(self) -> None:
        """Delete the checkpoint (the episode was closed)."""
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- snapshots -------------------------------------------------------------------------------
    def save_snapshot(self, name: str, payload: PagePatch | bytes) -> None:
        folder = self.folder / "snapshots"
        folder.mkdir(exist_ok=True)
        if isinstance(payload, PagePatch):
            data = files.frame(PAGES, files.encode_pages(payload.size, payload.pages))
        else:
            data = files.frame(IMAGE, payload)
        files.write_file(folder / f"{name}.ckpt", [data], sync=self.sync)

    def snapshot_names(self) -> list[str]:
        folder = self.folder / "snapshots"
        return sorted(p.stem for p in folder.glob("*.ckpt")) if folder.is_dir() else []

    def load_snapshot(self, name: str, image: Any) -> PagePatch | bytes:
        [(kind, payload)], _ = files.read_frames(self.folder / "snapshots" / f"{name}.ckpt")
        return _state(kind, payload, image)


def _state(kind: int, payload: bytes, image: Any) -> PagePatch | bytes:
    if kind == PAGES:
        size, pages = files.decode_pages(payload)
        return PagePatch(image, size, pages)
    if kind == IMAGE:
        return payload
    raise CorruptCheckpoint(f"a frame of kind {kind} where a database state belongs")


# -- restoring -------------------------------------------------------------------------------------
def read_meta(folder: Path) -> dict[str, Any]:
    try:
        return json.loads((folder / "meta.json").read_text())
    except FileNotFoundError:
        raise CorruptCheckpoint(
            "meta.json is missing (never written whole, or checkpointing failed)"
        ) from None
    except ValueError as exc:
        raise CorruptCheckpoint(f"meta.json is not readable ({exc})") from None


@dataclass
class Recovered:
    """A checkpoint read and checked whole: the base state and the frames to apply after it."""

    generation: int
    base: PagePatch | bytes
    position: Position
    frames: list[dict[str, Any]]
    chain: bytes
    log_length: int


def recover(folder: Path, image: Any) -> Recovered:
    """Read and check a checkpoint's base and log (nothing is applied; CorruptCheckpoint if damaged)."""
    base, _ = files.read_frames(folder / "base.ckpt")
    if len(base) != 2 or base[0][0] != BASE:
        raise CorruptCheckpoint("base.ckpt does not hold a base")
    head = files.loads(base[0][1])
    if head.get("format") != FORMAT:
        raise CorruptCheckpoint(f"base.ckpt is of format {head.get('format')}, this version reads {FORMAT}")
    state = _state(base[1][0], base[1][1], image)
    entries, length = files.read_frames(folder / "log.ckpt", torn_tail=True)
    if not entries or entries[0][0] != LOG_HEAD:
        raise CorruptCheckpoint("log.ckpt does not start with its header")
    log_generation = files.loads(entries[0][1])["generation"]
    position = Position(head["journal"], head["events"], 0)
    frames, chain = [], hashlib.sha256(files.frame(LOG_HEAD, entries[0][1])).digest()
    if log_generation < head["generation"]:  # a crash between a new base and its log: the base holds it all
        return Recovered(head["generation"], state, position, [], chain, 0)
    if log_generation > head["generation"]:
        raise CorruptCheckpoint("log.ckpt follows a base that is not there")
    expected = [head["journal"], head["events"]]
    for kind, payload in entries[1:]:
        if kind != ROWS:
            raise CorruptCheckpoint(f"log.ckpt holds a frame of kind {kind}")
        body = files.loads(payload)
        if body["chain"] != chain.hex() or body["after"] != expected:
            raise CorruptCheckpoint("log.ckpt's frames do not follow each other (one is missing or moved)")
        frames.append(body["rows"])
        last_journal = max([expected[0], *(row[0] for row in body["rows"]["journal"])])
        expected = [last_journal, body["rows"]["episode"][1]]
        chain = hashlib.sha256(files.frame(ROWS, payload)[: files.HEAD.size]).digest()
    return Recovered(head["generation"], state, position, frames, chain, length)


def restore_db(store: Any, golden: Any, folder: Path, *, sync: bool = False) -> tuple[Any, Checkpointer]:
    """The episode database a checkpoint holds, and its checkpointer (which starts a new base)."""
    image = golden.source if not isinstance(golden.source, bytes) else None
    recovered = recover(folder, image)
    db = store.from_state(golden, recovered.base)
    try:
        allowed = set(db.tables) | set(JOURNALED_ENGINE_TABLES)
        for rows in recovered.frames:
            apply(db.conn, rows, allowed)
        db.forget_head()
        checkpointer = Checkpointer(folder, db, sync=sync)
        checkpointer.generation = recovered.generation
        checkpointer.write_base()  # the restored state as one base; the next boundary appends to it
    except BaseException:
        store.close(db)
        raise
    return db, checkpointer
