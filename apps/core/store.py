"""The episode store interface: golden images per world, and isolated episode databases cut from them.

Apps never see this layer; they get a SQLModel session. The embedded backend is SQLite in memory
(`apps.core.sqlite_store`); a PostgreSQL backend (template databases + the same journal in plpgsql
triggers) implements these two classes and nothing else changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from apps.core.events import EventRecord
from apps.core.journal import Entry, NetChange
from apps.core.spec import AppSpec
from apps.core.worlds import World


@dataclass(frozen=True)
class Snapshot:
    """A checkpoint of one episode's whole state (opaque to callers)."""

    episode_id: str
    payload: Any
    hasher: Callable[[Any], str] = field(repr=False, compare=False)

    @cached_property
    def state_hash(self) -> str:
        """The content hash of the checkpointed state (computed on first use: it reads every row)."""
        return self.hasher(self.payload)


class EpisodeDb(ABC):
    """One episode's database: its SQLAlchemy engine plus the journal, clock and event log over it.

    `lock` (re-entrant) serializes everything that touches the database: every action holds it from
    its first read to its event row, and every reader (verify, diff, events, hash, snapshot, UI pages,
    the harness API) holds it for all of its reads, so a reader only ever sees action boundaries.
    """

    engine: Any
    lock: Any

    @property
    def action_bind(self) -> Any:
        """What an action's ORM session binds to: the engine, or a connection kept open for actions."""
        return self.engine

    @abstractmethod
    def begin_action(self, reserve: int = 1) -> tuple[int, int]:
        """Reserve `reserve` event sequence numbers; returns (first seq, tick of this action)."""

    @abstractmethod
    def mark_action(self, connection: Any, action_id: int | None, tick: int) -> None:
        """Stamp journal entries written on `connection` with `action_id` and logical `tick`."""

    @abstractmethod
    def finish_action(
        self,
        *,
        last_seq: int,
        tick: int,
        events: Sequence[dict[str, Any]],
        completion: tuple[str | None] | None = None,
    ) -> None:
        """Clear the action marker, advance clock and sequence, and append events atomically.

        `completion=(answer,)` also marks the episode's task complete with that answer.
        """

    @abstractmethod
    def completion(self) -> tuple[bool, str | None]:
        """Whether the performer completed its task, and the answer it gave."""

    @abstractmethod
    def deadline(self, seconds: float | None) -> Any:
        """A context manager: database work past `seconds` is interrupted (raises TimeoutError)."""

    @abstractmethod
    def write_count(self) -> int:
        """Rows written on this database so far (to catch a read-only action that writes)."""

    @abstractmethod
    def clock(self) -> int:
        """The logical tick (actions so far)."""

    @abstractmethod
    def journal(self, *, since: int = 0, action_id: int | None = None) -> list[Entry]:
        """Raw journal entries."""

    @abstractmethod
    def net_changes(self) -> list[NetChange]:
        """Net row changes against the golden state."""

    @abstractmethod
    def events(self, *, since: int = 0, kinds: tuple[str, ...] | None = None) -> list[EventRecord]:
        """The event log (after seq `since`; of `kinds` only, when given)."""

    @abstractmethod
    def last_tick(self) -> int:
        """The tick of the last logged event (0 when none), without reading the log."""

    @abstractmethod
    def events_jsonl(self, start: Any) -> str:
        """The event log as JSON lines with each action's journal entries."""

    @abstractmethod
    def observe(self, seq: int, arguments: dict[str, Any] | None, observation: dict[str, Any]) -> None:
        """Record call `seq`'s full arguments and the observation its caller received (observations.py)."""

    @abstractmethod
    def observations(self) -> dict[int, tuple[dict[str, Any] | None, dict[str, Any]]]:
        """seq → (arguments, observation) of every observed call."""

    @abstractmethod
    def content_hash(self) -> str:
        """sha256 over every app table's content and the id counters (not the clock)."""

    # -- quotas (apps/core/quotas.py) ----------------------------------------------------------------
    @abstractmethod
    def logged_events(self) -> tuple[int, int]:
        """(events in the log, of which browser events)."""

    @abstractmethod
    def grown_bytes(self) -> int:
        """How many bytes larger the database is than the golden image it started from."""

    @abstractmethod
    def journal_head(self) -> int:
        """The seq of the journal's last entry (0 when empty)."""

    @abstractmethod
    def count_stores(self, stores: Sequence[Any]) -> None:
        """Know what each store gained in this episode so far (recounted from the journal if need be)."""

    @abstractmethod
    def charge_stores(self, stores: Sequence[Any], limits: Any, since: int) -> dict[str, int]:
        """What the journal entries after `since` add to each store; raise its refusal past its quota."""

    @abstractmethod
    def execute_raw(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run SQL outside any action (tests and integrity probes): journaled but unattributed."""


class EpisodeStore(ABC):
    """Creates, resets, checkpoints, forks and closes episode databases."""

    @abstractmethod
    def golden(self, world: World, apps: Sequence[AppSpec]) -> Any:
        """The world's golden image, built once per process (after the world's checksums passed)."""

    @abstractmethod
    def create(self, golden: Any) -> EpisodeDb:
        """A fresh episode: an isolated copy of the golden image."""

    @abstractmethod
    def from_state(self, golden: Any, state: Any) -> EpisodeDb:
        """An episode database holding `state`, a checkpoint payload of an episode of `golden`."""

    @abstractmethod
    def reset(self, db: EpisodeDb, golden: Any) -> None:
        """Bring an episode back to the golden state (content hash equal to a fresh episode)."""

    @abstractmethod
    def snapshot(self, db: EpisodeDb) -> Any:
        """A checkpoint payload of the episode's current state."""

    @abstractmethod
    def payload_hash(self, db: EpisodeDb, payload: Any) -> str:
        """The content hash of a checkpoint payload taken from `db`."""

    @abstractmethod
    def restore(self, db: EpisodeDb, payload: Any) -> None:
        """Return the episode to a checkpoint taken from it (or from its fork ancestry)."""

    @abstractmethod
    def fork(self, db: EpisodeDb) -> EpisodeDb:
        """A new, independent episode with a copy of this one's current state."""

    @abstractmethod
    def close(self, db: EpisodeDb) -> None:
        """Free the episode's memory; it cannot be used afterwards."""
