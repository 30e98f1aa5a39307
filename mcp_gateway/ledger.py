"""The ledger: episodes, their capacity reservations and capability tokens, in a SQLite file.

It survives a restart: at start-up, episodes the ledger thinks are live but whose memory is gone
are marked `void` (never silently reused) and their tokens revoked — except durable episodes, which
their worker restores from their checkpoint (or voids, saying why, when it cannot). Tokens are stored only as
sha256 digests. Capacity is reserved in a write transaction before an episode is provisioned.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_gateway.ledger_tokens import LedgerTokens, TokenRow

SCHEMA = """
CREATE TABLE IF NOT EXISTS episodes (
    id TEXT PRIMARY KEY,
    world TEXT NOT NULL,
    apps TEXT NOT NULL,
    task TEXT,
    seed INTEGER,
    parent TEXT,
    state TEXT NOT NULL,          -- reserved | live | closed | expired | void | failed
    reason TEXT,
    created_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    ended_at REAL,
    worker TEXT,                  -- the worker process or Ray actor holding its memory (NULL: this one)
    durable INTEGER NOT NULL DEFAULT 0  -- checkpointed to the state dir: restored after a restart
);
CREATE INDEX IF NOT EXISTS episodes_state ON episodes(state);
CREATE TABLE IF NOT EXISTS workers (
    id TEXT PRIMARY KEY,
    base TEXT NOT NULL,           -- where its harness API and performer URLs are served
    pid INTEGER,
    started_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    episode_id TEXT NOT NULL,
    kind TEXT NOT NULL,           -- performer | launch | ui_session
    created_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    redeemed_at REAL,
    revoked_at REAL
);
CREATE INDEX IF NOT EXISTS tokens_episode ON tokens(episode_id);
"""

ACTIVE = ("reserved", "live")
BUSY_TIMEOUT_S = 30.0  # how long a write waits for another worker's transaction


class CapacityError(Exception):
    """No capacity left; retry after `retry_after` seconds."""

    def __init__(self, retry_after: int):
        super().__init__("capacity exhausted")
        self.retry_after = retry_after


@dataclass(frozen=True)
class EpisodeRow:
    id: str
    world: str
    apps: list[str]
    task: str | None
    seed: int | None
    parent: str | None
    state: str
    reason: str | None
    created_at: float
    expires_at: float
    ended_at: float | None
    worker: str | None = None
    durable: bool = False

    def public(self) -> dict[str, Any]:
        return {
            "episode_id": self.id,
            "world": self.world,
            "apps": self.apps,
            "task": self.task,
            "seed": self.seed,
            "parent": self.parent,
            "state": self.state,
            "reason": self.reason,
            "created_at": _iso(self.created_at),
            "expires_at": _iso(self.expires_at),
            "ended_at": _iso(self.ended_at) if self.ended_at else None,
            "durable": self.durable,
        }


def _iso(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


class Ledger(LedgerTokens):
    """Thread-safe access to the ledger database, shared by every worker process of one server.

    `worker` names the process this handle belongs to: the episodes it reserves are its own, and its
    start-up reconciliation and expiry sweep touch only those. Writes are `BEGIN IMMEDIATE`
    transactions, so a capacity check and its reservation are atomic across processes too.
    """

    def __init__(self, path: Path | str, worker: str | None = None):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.worker = worker
        self._conn = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_S
        )
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.executescript(SCHEMA)
        columns = [r[1] for r in self._conn.execute("PRAGMA table_info(episodes)")]
        if "worker" not in columns:  # a ledger written before workers existed
            self._conn.execute("ALTER TABLE episodes ADD COLUMN worker TEXT")
        if "durable" not in columns:  # ... or before durable episodes
            self._conn.execute("ALTER TABLE episodes ADD COLUMN durable INTEGER NOT NULL DEFAULT 0")
        self._lock = threading.Lock()
        # Token rows read on every request, kept in memory; any write to the ledger empties it
        # (under the same lock), so a revocation is seen by the very next request.
        self._tokens: dict[str, TokenRow] = {}

    def _tx(self):
        return _Tx(self._conn, self._lock, self._tokens)

    # -- episodes ----------------------------------------------------------------------------
    def reserve(
        self,
        *,
        world: str,
        apps: list[str],
        task: str | None,
        seed: int | None,
        ttl_s: int,
        capacity: int,
        parent: str | None = None,
        durable: bool = False,
    ) -> str:
        """Reserve a slot for a new episode (raises CapacityError when full); returns its id."""
        now = time.time()
        episode_id = "ep_" + secrets.token_hex(8)
        with self._tx() as c:
            (active,) = c.execute(
                f"SELECT count(*) FROM episodes WHERE state IN {ACTIVE} AND expires_at > ?", (now,)
            ).fetchone()
            if active >= capacity:
                (soonest,) = c.execute(
                    f"SELECT min(expires_at) FROM episodes WHERE state IN {ACTIVE}"
                ).fetchone()
                raise CapacityError(max(1, min(60, int((soonest or now + 5) - now) + 1)))
            c.execute(
                "INSERT INTO episodes(id, world, apps, task, seed, parent, state, created_at, expires_at,"
                " worker, durable) VALUES (?,?,?,?,?,?, 'reserved', ?, ?, ?, ?)",
                (
                    episode_id,
                    world,
                    json.dumps(apps),
                    task,
                    seed,
                    parent,
                    now,
                    now + ttl_s,
                    self.worker,
                    int(durable),
                ),
            )
        return episode_id

    def adopt(
        self,
        episode_id: str,
        *,
        world: str,
        apps: list[str],
        task: str | None,
        worker: str,
        expires_at: float,
    ) -> None:
        """Record a live episode that `worker` provisioned and holds (a Ray actor; the router's copy)."""
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO episodes(id, world, apps, task, state, created_at, expires_at,"
                " worker) VALUES (?,?,?,?, 'live', ?, ?, ?)",
                (episode_id, world, json.dumps(apps), task, time.time(), expires_at, worker),
            )

    def set_state(self, episode_id: str, state: str, reason: str | None = None) -> None:
        """Move an episode to `state`; ending states stamp `ended_at` and revoke its tokens."""
        now = time.time()
        with self._tx() as c:
            ended = now if state not in ACTIVE else None
            c.execute(
                "UPDATE episodes SET state = ?, reason = ?, ended_at = ? WHERE id = ?",
                (state, reason, ended, episode_id),
            )
            if ended:
                c.execute(
                    "UPDATE tokens SET revoked_at = ? WHERE episode_id = ? AND revoked_at IS NULL",
                    (now, episode_id),
                )

    def get(self, episode_id: str) -> EpisodeRow | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM episodes WHERE id = ?", (episode_id,)).fetchone()
        return _episode(row) if row else None

    def list(self, *, states: tuple[str, ...] = ACTIVE) -> list[EpisodeRow]:
        marks = ",".join("?" * len(states))
        with self._lock:
            rows = self._conn.execute(
                f"SELECT * FROM episodes WHERE state IN ({marks}) ORDER BY created_at", states
            ).fetchall()
        return [_episode(r) for r in rows]

    def expired(self, now: float | None = None) -> list[str]:
        """Ids of this worker's active episodes past their expiry."""
        with self._lock:
            rows = self._conn.execute(
                f"SELECT id FROM episodes WHERE state IN {ACTIVE} AND expires_at <= ? AND worker IS ?",
                (now or time.time(), self.worker),
            ).fetchall()
        return [r[0] for r in rows]

    def reconcile(self) -> list[str]:
        """At start-up: every episode still marked active (of this worker, when it is one of several)
        lost its memory; mark it void — unless it is durable and live (its checkpoint restores it)."""
        reason = "the server restarted and the episode's state was lost"
        if self.worker:
            return self.void_worker(self.worker, reason, keep_durable=True)
        return self.void_all(reason, keep_durable=True)

    def void_worker(self, worker: str | None, reason: str, *, keep_durable: bool = False) -> list[str]:
        """Mark every active episode held by `worker` void (its process or node is gone); their ids.
        With `keep_durable`, live durable episodes are left for the worker to restore."""
        kept = " AND NOT (durable = 1 AND state = 'live')" if keep_durable else ""
        with self._lock:
            rows = self._conn.execute(
                f"SELECT id FROM episodes WHERE state IN {ACTIVE} AND worker IS ?{kept}", (worker,)
            ).fetchall()
        lost = [r[0] for r in rows]
        for episode_id in lost:
            self.set_state(episode_id, "void", reason)
        return lost

    def void_all(self, reason: str, *, keep_durable: bool = False) -> list[str]:
        """Mark every active episode of every worker void (a supervisor starting over); their ids.
        With `keep_durable`, live durable episodes are left for their workers to restore."""
        lost = [r.id for r in self.list() if not (keep_durable and r.durable and r.state == "live")]
        for episode_id in lost:
            self.set_state(episode_id, "void", reason)
        return lost

    def durable_to_restore(self) -> list[EpisodeRow]:
        """This worker's live durable episodes (after a restart: to restore from their checkpoints). A
        single-process server (no worker name) takes every one, whichever worker held it before."""
        if self.worker is None:
            with self._tx() as c:
                c.execute("UPDATE episodes SET worker = NULL WHERE state = 'live' AND durable = 1")
        return [r for r in self.list(states=("live",)) if r.durable and r.worker == self.worker]

    def move_durable(self, workers: list[str]) -> None:
        """Give the live durable episodes of workers that no longer exist to the first of `workers`."""
        marks = ",".join("?" * len(workers))
        with self._tx() as c:
            c.execute(
                f"UPDATE episodes SET worker = ? WHERE state = 'live' AND durable = 1"
                f" AND (worker IS NULL OR worker NOT IN ({marks}))",
                (workers[0], *workers),
            )

    def owner(self, episode_id: str) -> tuple[str | None, str] | None:
        """(worker, state) of an episode, or None when unknown."""
        with self._lock:
            row = self._conn.execute(
                "SELECT worker, state FROM episodes WHERE id = ?", (episode_id,)
            ).fetchone()
        return (row[0], row[1]) if row else None

    # -- workers -----------------------------------------------------------------------------
    def forget_workers(self) -> None:
        """Drop every worker registration (a supervisor starting: the old workers are gone)."""
        with self._tx() as c:
            c.execute("DELETE FROM workers")

    def active_by_worker(self) -> dict[str, int]:
        """Active episodes held by each registered worker (0 for one holding none)."""
        with self._lock:
            rows = self._conn.execute(
                f"SELECT w.id, count(e.id) FROM workers w LEFT JOIN episodes e ON e.worker = w.id"
                f" AND e.state IN {ACTIVE} GROUP BY w.id"
            ).fetchall()
        return dict(rows)

    def register_worker(self, worker: str, base: str, pid: int) -> None:
        """Record where `worker` serves (other workers forward its episodes' harness calls there)."""
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO workers(id, base, pid, started_at) VALUES (?,?,?,?)",
                (worker, base, pid, time.time()),
            )

    def worker_base(self, worker: str) -> str | None:
        """The base URL `worker` serves at, or None when it never registered."""
        with self._lock:
            row = self._conn.execute("SELECT base FROM workers WHERE id = ?", (worker,)).fetchone()
        return row[0] if row else None

    def close(self) -> None:
        self._conn.close()


def _episode(row: tuple) -> EpisodeRow:
    id_, world, apps, task, seed, parent, state, reason, created, expires, ended, worker, durable = row[:13]
    return EpisodeRow(
        id_, world, json.loads(apps), task, seed, parent, state, reason, created, expires, ended, worker,
        bool(durable),
    )  # fmt: skip


class _Tx:
    """`BEGIN IMMEDIATE` … `COMMIT` under the ledger's lock (rolls back on error)."""

    def __init__(self, conn: sqlite3.Connection, lock: threading.Lock, cache: dict):
        self.conn, self.lock, self.cache = conn, lock, cache

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            self.conn.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self.cache.clear()
            self.lock.release()
