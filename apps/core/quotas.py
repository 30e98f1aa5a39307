"""Per-episode quotas: what one episode may store, each bound refused in the product's own words.

An episode lives in memory, so every store it can grow is bounded (issue 36: the UI event beacon grew a
worker by 512 MiB in 14.5 s, refused nowhere):

- the event log: at most `events` rows; past it every call is refused (and not logged: the log is full),
  but a forbidden call is always recorded and `complete_task` always accepted;
- the browser's low-level events (the UI beacon, form traces): at most `browser_events`; past it the
  beacon is refused and traces are dropped — the actions they led to still run and are logged;
- each app's stores (`AppSpec.stores`: the office's mail and its drive content): at most the bytes the
  quota names may be *added* to the store's tables in this episode (a row's size is the length of its
  values); a write past it is rolled back with the store's own product error (Exchange's
  `ErrorQuotaExceeded`, OneDrive's `quotaLimitReached`);
- the whole database: at most `growth_bytes` beyond its golden image, whatever table grows (every other
  store: CRM records, incidents, chats, the journal); past it a write is rolled back with the app's
  `limit` error (Salesforce `STORAGE_LIMIT_EXCEEDED`, Graph `ErrorQuotaExceeded`, ServiceNow).

Quotas are a Gym setting (the gateway's `Settings`), so a lab embedding the Python API has them too.
A store's usage is kept per episode: charged with each write action's own journal entries (cost grows
with what the action wrote), recounted from the journal after a restore or fork.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from apps.core.errors import ActionError, ErrorKind
from apps.core.journal import SHADOW_PREFIX, columns, parse_literal, primary_key_column

MIB = 1024 * 1024


@dataclass(frozen=True)
class Store:
    """Tables whose content an app bills to one quota, and the product's refusal past it.

    `message` is formatted with `limit` (the quota, in MiB) and `used` (after the refused write, in MiB).
    """

    name: str
    tables: tuple[str, ...]
    code: str
    message: str

    def refusal(self, limit: int, used: int) -> ActionError:
        text = self.message.format(limit=_mib(limit), used=_mib(used))
        return ActionError(text, code=self.code)


@dataclass(frozen=True)
class EpisodeQuotas:
    """What one episode may store (None: unbounded). Defaults are far above any task's needs."""

    events: int | None = 200_000
    browser_events: int | None = 100_000
    growth_bytes: int | None = 256 * MIB
    stores: Mapping[str, int | None] = field(default_factory=lambda: {"mail": 128 * MIB, "drive": 128 * MIB})

    def log_full(self, logged: int) -> ActionError | None:
        """The refusal of a call when the event log already holds `logged` events (None: room left)."""
        if self.events is None or logged < self.events:
            return None
        return ActionError(
            f"this episode's event log is full ({self.events:,} events, the episode's quota): "
            "no further calls are accepted",
            code=ErrorKind.LIMIT,
        )

    def browser_room(self, logged: int, browser: int, *, reserve: int = 0) -> int:
        """How many more browser events an episode whose log holds `logged` events, `browser` of them the
        browser's, may log (keeping `reserve` events of room for the call they come with)."""
        room = 1 << 62
        if self.browser_events is not None:
            room = self.browser_events - browser
        if self.events is not None:
            room = min(room, self.events - logged - reserve)
        return max(0, room)

    def check_growth(self, grown: int) -> None:
        """Refuse a write that made the episode's database `grown` bytes larger than its golden image."""
        if self.growth_bytes is not None and grown > self.growth_bytes:
            raise ActionError(
                f"this episode's storage is full: the change would make it {_mib(grown)} MiB larger than the "
                f"world it started from, and an episode may grow by at most {_mib(self.growth_bytes)} MiB; "
                "nothing was saved. Delete something, or store less.",
                code=ErrorKind.LIMIT,
            )


def _mib(n: int) -> str:
    return f"{n / MIB:,.1f}".rstrip("0").rstrip(".")


def _size_sql(conn: sqlite3.Connection, table: str, source: str) -> str:
    """The size of a row of `table` read from `source` (the table or its shadow): its values' lengths."""
    return " + ".join(f'coalesce(length({source}."{c}"), 0)' for c in columns(conn, table))


def growth(conn: sqlite3.Connection, tables: Iterable[str], *, since: int = 0) -> int:
    """Bytes the rows of `tables` gained through the journal entries after seq `since`: each touched row's
    size now, less its size before its first entry in that range (0 when it was inserted)."""
    total = 0
    for table in tables:
        first = conn.execute(
            "SELECT pk, min(seq), op FROM _journal WHERE seq > ? AND tbl = ? GROUP BY pk", (since, table)
        ).fetchall()
        if not first:
            continue
        pk = primary_key_column(conn, table)
        keys = [parse_literal(p) for p, _, _ in first]
        for i in range(0, len(keys), 500):
            chunk = keys[i : i + 500]
            marks = ",".join("?" * len(chunk))
            (now,) = conn.execute(
                f'SELECT sum({_size_sql(conn, table, "t")}) FROM "{table}" t WHERE t."{pk}" IN ({marks})',
                chunk,
            ).fetchone()
            total += now or 0
        before = [seq for _, seq, op in first if op != "I"]
        for i in range(0, len(before), 500):
            chunk = before[i : i + 500]
            marks = ",".join("?" * len(chunk))
            shadow = f'"{SHADOW_PREFIX}{table}"'
            (was,) = conn.execute(
                f"SELECT sum({_size_sql(conn, table, 's')}) FROM {shadow} s WHERE s._seq IN ({marks})", chunk
            ).fetchone()
            total -= was or 0
    return total


def journal_head(conn: sqlite3.Connection) -> int:
    """The seq of the journal's last entry (0 when empty)."""
    (seq,) = conn.execute("SELECT coalesce(max(seq), 0) FROM _journal").fetchone()
    return seq


@dataclass
class Usage:
    """One episode's usage of its stores (bytes added per store), kept between actions."""

    stores: dict[str, int] | None = None  # None: to be recounted from the journal

    def add(self, added: Mapping[str, int]) -> None:
        """Book what a committed action added to its stores."""
        if self.stores is not None:
            for name, delta in added.items():
                self.stores[name] = self.stores.get(name, 0) + delta

    def of(self, conn: sqlite3.Connection, stores: Iterable[Store]) -> dict[str, int]:
        if self.stores is None:
            self.stores = {s.name: growth(conn, s.tables) for s in stores}
        for s in stores:
            self.stores.setdefault(s.name, growth(conn, s.tables))
        return self.stores


def charge_stores(
    conn: sqlite3.Connection, usage: Usage, stores: Iterable[Store], quotas: EpisodeQuotas, since: int
) -> dict[str, int]:
    """What a write action (its journal entries after `since`) adds to each store; raises the store's
    refusal when that takes it past its quota. The caller applies the result once the action commits."""
    stores = [s for s in stores if quotas.stores.get(s.name) is not None]
    if not stores:
        return {}
    used = usage.of(conn, stores)  # counted before the action ran (`EpisodeDb.count_stores`)
    added = {}
    for store in stores:
        delta = growth(conn, store.tables, since=since)
        limit = quotas.stores[store.name]
        if delta > 0 and used[store.name] + delta > limit:
            raise store.refusal(limit, used[store.name] + delta)
        added[store.name] = delta
    return added
