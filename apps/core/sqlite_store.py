"""The embedded backend: each episode is an in-memory SQLite database cut from a golden image.

Where the platform allows (`apps/core/cow_image.py`), an episode is a copy-on-write mapping of the sealed
image: it costs the pages it wrote, and its checkpoints are those pages. Elsewhere it is a full copy.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy.exc import OperationalError

from apps.core import cow_image, journal, observations, quotas, tool_runner
from apps.core import events as event_log
from apps.core.cow_image import Mapping, PagePatch, SealedImage
from apps.core.episode_lock import EpisodeLock
from apps.core.golden_image import GoldenImage, cached_golden, connect_memory, content_hash
from apps.core.spec import AppSpec
from apps.core.sqlite_engine import engine_over
from apps.core.store import EpisodeDb, EpisodeStore
from apps.core.worlds import World

# Undo row by row while cheaper than copying the whole image again.
UNDO_LIMIT = 20_000
# SQLite VM steps between deadline checks during an action.
PROGRESS_STEPS = 1_000


def _load(conn: sqlite3.Connection, data: bytes) -> sqlite3.Connection:
    """Replace `conn`'s database with a copy of `data` (its schema is parsed lazily, on first use)."""
    conn.deserialize(data)
    return conn


class SqliteEpisodeDb(EpisodeDb):
    def __init__(
        self,
        conn: sqlite3.Connection,
        tables: tuple[str, ...],
        image: SealedImage | None = None,
        mapping: Mapping | None = None,
        base_bytes: int | None = None,
    ):
        self.conn = conn
        self.tables = tables
        self.image = image  # set when the database is a copy-on-write `mapping` of this sealed image
        self.mapping = mapping
        self.engine = engine_over(conn)
        self.lock = EpisodeLock()
        # One SQLAlchemy connection kept open for the actions' sessions: checking one out of the pool
        # and returning it (a reset) per action was a third of an empty action's session cost.
        self._action_connection = self.engine.connect()
        # The `_episode` row (next_event, tick, completed, answer) as last written by `finish_action`,
        # so an action reads no bookkeeping back; None after anything else may have written it.
        self._head: tuple[int, int, bool, str | None] | None = None
        self._marked = False  # `_ctx.action_id` may be set: `finish_action` clears it
        # Quotas: the size of the world it started from, what its stores gained, its browser events.
        self.base_bytes = self.size_bytes() if base_bytes is None else base_bytes
        self.usage = quotas.Usage(stores={})
        self.observed_bytes: int | None = None  # the observation log's size, counted on first use
        self._browser: int | None = 0
        self.replaced = False  # written other than by actions since the last durable checkpoint

    def repoint(self, patch: PagePatch | None) -> None:
        """Make the database a fresh mapping of its image, or of `patch`'s image with `patch` over it."""
        image = patch.image if patch else self.image
        assert image is not None
        old, self.mapping = self.mapping, cow_image.attach(self.conn, image, patch)
        self.image = image
        if old is not None:
            old.release()  # SQLite let go of it when the new mapping was attached

    def replace(self, data: bytes) -> None:
        """Make the database a private copy of `data` (leaving any copy-on-write mapping)."""
        _load(self.conn, data)
        if self.mapping is not None:
            self.mapping.release()
        self.image = self.mapping = None

    def forget_head(self, *, emptied: bool = False) -> None:
        """Drop what is kept of the database's state (the `_episode` row, the quota counts): call after
        writing the database other than by an action; `emptied` when it is back to its golden image."""
        self._head = None
        self.usage = quotas.Usage(stores={} if emptied else None)
        self._browser = 0 if emptied else None
        self.replaced = True

    def size_bytes(self) -> int:
        (pages,) = self.conn.execute("PRAGMA page_count").fetchone()
        (size,) = self.conn.execute("PRAGMA page_size").fetchone()
        return pages * size

    # -- quotas ------------------------------------------------------------------------------
    def logged_events(self) -> tuple[int, int]:
        if self._browser is None:
            (self._browser,) = self.conn.execute(
                "SELECT count(*) FROM _event WHERE kind = 'browser'"
            ).fetchone()
        return self._read_head()[0] - 1, self._browser

    def grown_bytes(self) -> int:
        """What the database grew by over its world, the observation log left out (its calls are bounded by
        the event quota)."""
        if self.observed_bytes is None:
            self.observed_bytes = observations.stored_bytes(self.conn)
        return self.size_bytes() - self.base_bytes - self.observed_bytes

    def journal_head(self) -> int:
        return quotas.journal_head(self.conn)

    def count_stores(self, stores: Sequence[quotas.Store]) -> None:
        self.usage.of(self.conn, stores)

    def charge_stores(self, stores: Sequence[quotas.Store], limits: quotas.EpisodeQuotas, since: int) -> dict:
        return quotas.charge_stores(self.conn, self.usage, stores, limits, since)

    def _read_head(self) -> tuple[int, int, bool, str | None]:
        if self._head is None:
            row = self.conn.execute("SELECT next_event, tick, completed, answer FROM _episode").fetchone()
            self._head = (row[0], row[1], bool(row[2]), row[3])
        return self._head

    @property
    def action_bind(self) -> Any:
        if self._action_connection.invalidated:  # never seen; a fresh one rather than a dead one
            self._action_connection = self.engine.connect()
        return self._action_connection

    # -- actions ---------------------------------------------------------------------------
    def begin_action(self, reserve: int = 1) -> tuple[int, int]:
        next_event, tick, _, _ = self._read_head()
        return next_event, tick + 1

    def mark_action(self, connection: Any, action_id: int | None, tick: int) -> None:
        # `connection` wraps `self.conn`, inside the action's transaction: the driver's own execute is
        # the same statement on the same transaction, without SQLAlchemy's execution machinery.
        self._marked = True
        self.conn.execute("UPDATE _ctx SET action_id = ?", (action_id,))
        self.conn.execute("UPDATE _episode SET tick = ?", (tick,))

    def finish_action(
        self,
        *,
        last_seq: int,
        tick: int,
        events: Sequence[dict[str, Any]],
        completion: tuple[str | None] | None = None,
    ) -> None:
        c = self.conn
        _, _, completed, answer = self._read_head()
        self._head = None  # until the bookkeeping below is committed
        c.execute("BEGIN")
        try:
            if self._marked:  # a read-only action never set it (and a rolled-back one left it NULL)
                c.execute("UPDATE _ctx SET action_id = NULL")
            c.execute("UPDATE _episode SET tick = ?, next_event = ?", (tick, last_seq + 1))
            if completion is not None:
                c.execute("UPDATE _episode SET completed = 1, answer = ?", completion)
                completed, answer = True, completion[0]
            for ev in events:
                event_log.record(c, tick=tick, **ev)
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        if self._browser is not None:
            self._browser += sum(1 for ev in events if ev.get("kind") == "browser")
        self._marked = False
        self._head = (last_seq + 1, tick, completed, answer)

    @contextmanager
    def deadline(self, seconds: float | None) -> Iterator[None]:
        if seconds is None:
            yield
            return
        # The call's own running time: a call paused so other episodes could run is not late for it.
        clock = tool_runner.call_clock
        limit = clock() + seconds
        self.conn.set_progress_handler(lambda: clock() > limit, PROGRESS_STEPS)
        try:
            yield
        except (sqlite3.OperationalError, OperationalError) as exc:
            if "interrupted" in str(exc):
                raise TimeoutError from exc
            raise
        finally:
            self.conn.set_progress_handler(None, 0)

    def completion(self) -> tuple[bool, str | None]:
        _, _, completed, answer = self._read_head()
        return completed, answer

    def write_count(self) -> int:
        return self.conn.total_changes

    def clock(self) -> int:
        return self._read_head()[1]

    # -- reading -----------------------------------------------------------------------------
    def journal(self, *, since: int = 0, action_id: int | None = None) -> list[journal.Entry]:
        return journal.entries(self.conn, since=since, action_id=action_id)

    def net_changes(self) -> list[journal.NetChange]:
        return journal.net_changes(self.conn)

    def events(self, *, since: int = 0, kinds: tuple[str, ...] | None = None) -> list[event_log.EventRecord]:
        return event_log.read(self.conn, since=since, kinds=kinds)

    def last_tick(self) -> int:
        return event_log.last_tick(self.conn)

    def events_jsonl(self, start: Any) -> str:
        return event_log.to_jsonl(self.conn, start)

    def observe(self, seq: int, arguments: dict[str, Any] | None, observation: dict[str, Any]) -> None:
        with self.lock:
            added = observations.record(self.conn, seq, arguments, observation)
            if self.observed_bytes is not None:
                self.observed_bytes += added

    def observations(self) -> dict[int, tuple[dict[str, Any] | None, dict[str, Any]]]:
        with self.lock:
            return observations.read(self.conn)

    def content_hash(self) -> str:
        return content_hash(self.conn, self.tables)

    def execute_raw(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with self.lock:
            self.forget_head()  # the statement may write `_episode`, the event log or any store
            return self.conn.execute(sql, tuple(params)).fetchall()


class SqliteMemoryStore(EpisodeStore):
    """Golden images kept as SQLite bytes in memory; episodes deserialized from them."""

    def __init__(self, *, copy_on_write: bool | None = None) -> None:
        """`copy_on_write`: episodes as copy-on-write mappings of the image (default: where available)."""
        self._golden: dict[str, GoldenImage] = {}
        self._lock = threading.Lock()
        self.copy_on_write = cow_image.available() if copy_on_write is None else copy_on_write

    def golden(self, world: World, apps: Sequence[AppSpec]) -> GoldenImage:
        key = world.fingerprint + ":" + ",".join(a.name for a in apps)
        with self._lock:
            if key not in self._golden:
                self._golden[key] = cached_golden(world, apps, sealed=self.copy_on_write)
            return self._golden[key]

    def create(self, golden: GoldenImage) -> SqliteEpisodeDb:
        if isinstance(golden.source, SealedImage):
            return _mapped(golden.source, golden.tables, None, golden.source.size)
        return SqliteEpisodeDb(
            _load(connect_memory(), golden.source), golden.tables, base_bytes=len(golden.source)
        )

    def from_state(self, golden: GoldenImage, state: PagePatch | bytes) -> SqliteEpisodeDb:
        """An episode database holding a checkpointed state of an episode of `golden`."""
        if isinstance(state, PagePatch):
            db = _mapped(state.image, golden.tables, state, state.image.size)
        else:
            db = SqliteEpisodeDb(_load(connect_memory(), state), golden.tables, base_bytes=len(golden.data))
        db.forget_head()
        return db

    def reset(self, db: SqliteEpisodeDb, golden: GoldenImage) -> None:
        with db.lock:
            db.forget_head(emptied=True)
            pending = db.conn.execute("SELECT count(*) FROM _journal").fetchone()[0]
            if pending > UNDO_LIMIT:
                if db.mapping is not None:
                    db.repoint(None)
                else:
                    _load(db.conn, golden.data)
                return
            db.conn.execute("BEGIN")
            try:
                journal.undo(db.conn, to_seq=0)
                db.conn.execute("DELETE FROM _event")
                db.conn.execute("DELETE FROM _observation")
                db.conn.execute("UPDATE _episode SET tick = 0, next_event = 1, completed = 0, answer = NULL")
                db.conn.execute("UPDATE _ctx SET action_id = NULL, journaling = 1")
                db.conn.execute("COMMIT")
            except BaseException:
                db.conn.execute("ROLLBACK")
                raise

    def snapshot(self, db: SqliteEpisodeDb) -> PagePatch | bytes:
        with db.lock:
            if db.mapping is not None:
                return cow_image.changed_pages(db.conn, db.mapping)
            return db.conn.serialize()

    def payload_hash(self, db: SqliteEpisodeDb, payload: PagePatch | bytes) -> str:
        if isinstance(payload, PagePatch):
            copy = _mapped(payload.image, db.tables, payload)
            try:
                return content_hash(copy.conn, db.tables)
            finally:
                self.close(copy)
        conn = connect_memory()
        try:
            conn.deserialize(payload)
            return content_hash(conn, db.tables)
        finally:
            conn.close()

    def restore(self, db: SqliteEpisodeDb, payload: PagePatch | bytes) -> None:
        with db.lock:
            db.forget_head()
            if isinstance(payload, PagePatch):  # a copy-on-write checkpoint, from any episode of its image
                db.repoint(payload)
            else:
                db.replace(payload)

    def fork(self, db: SqliteEpisodeDb) -> SqliteEpisodeDb:
        with db.lock:
            if db.mapping is not None:
                assert db.image is not None
                patch = cow_image.changed_pages(db.conn, db.mapping)
                child = _mapped(db.image, db.tables, patch, db.base_bytes)
            else:
                child = SqliteEpisodeDb(
                    _load(connect_memory(), db.conn.serialize()), db.tables, base_bytes=db.base_bytes
                )
        child.forget_head()  # its store usage and browser events are recounted on first need
        return child

    def close(self, db: SqliteEpisodeDb) -> None:
        with db.lock:
            db.action_bind.close()
            db.engine.dispose()
            if db.mapping is not None:
                cow_image.close(db.conn, db.mapping)
            else:
                db.conn.close()


def _mapped(
    image: SealedImage, tables: tuple[str, ...], patch: PagePatch | None, base_bytes: int | None = None
) -> SqliteEpisodeDb:
    """An episode database that is a copy-on-write mapping of `image` (with `patch` written over it)."""
    conn = connect_memory()
    try:
        mapping = cow_image.attach(conn, image, patch)
    except BaseException:
        conn.close()
        raise
    return SqliteEpisodeDb(conn, tables, image=image, mapping=mapping, base_bytes=base_bytes)
