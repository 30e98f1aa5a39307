"""What an episode does with its database image: reset it to the world's golden image, take and restore
snapshots, undo a stretch of calls, fork a copy-on-write child, and checkpoint it to disk.

`EpisodeImages` is a part of `apps.core.api.Episode` (its base class): the store (`apps.core.store`) does the
copying; these methods hold the episode's lock around it and keep what is no state of the world (the
recorded model answers, the task and its start-up writes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from apps.core.durable import Checkpointer, image_digest
from apps.core.model_endpoint.recorder import EpisodeRecorder, carry_over
from apps.core.runtime import relog_undone
from apps.core.store import EpisodeDb, Snapshot

if TYPE_CHECKING:  # apps.core.api imports this module: no import back (the episode's Gym is `Any` here)
    from apps.core.spec import AppSpec
    from apps.core.worlds import World


class EpisodeImages:
    """Reset, snapshot/restore, undo, fork and durable checkpoints of an episode (`Episode`'s base)."""

    gym: Any  # the Gym that opened the episode (apps.core.api)
    id: str
    world: World
    db: EpisodeDb
    apps: dict[str, AppSpec]
    task: Any
    setup: Callable[[Self], None] | None
    durable: Checkpointer | None
    _golden: Any
    _lock: Any
    _check_open: Callable[[], None]  # raises when the episode is closed

    def reset(self) -> None:
        """Back to the world's golden state: same content hash as a fresh episode; log cleared; the
        recorded model answers kept (`apps.core.model_endpoint.recorder`: they are no state of the world)."""
        self._check_open()
        with self._lock:
            recorded = EpisodeRecorder(self.db).calls()
            self.gym.store.reset(self.db, self._golden)
            carry_over(self.db, recorded)
        if self.setup is not None:
            self.setup(self)

    def snapshot(self) -> Snapshot:
        """A checkpoint to `restore` later within this episode (or one of its forks)."""
        self._check_open()
        with self._lock:
            payload = self.gym.store.snapshot(self.db)
        return Snapshot(self.id, payload, functools.partial(self.gym.store.payload_hash, self.db))

    def restore(self, snapshot: Snapshot) -> None:
        """Return to a checkpoint: state, clock, id counters and event log as they were then.

        Args:
            snapshot: a checkpoint `snapshot` took of this episode (or of the one it was forked from).
        """
        self._check_open()
        with self._lock:
            self.gym.store.restore(self.db, snapshot.payload)

    def undo_since(self, snapshot: Snapshot, after_seq: int, reason: str) -> None:
        """Restore `snapshot` (taken when the log ended at `after_seq`) but keep the log of what was
        tried since: the calls made after it are logged again, the successful ones as `rolled_back`.

        Args:
            snapshot: the checkpoint to go back to.
            after_seq: the last event's seq when the snapshot was taken.
            reason: why the calls were undone, logged with each of them.
        """
        self._check_open()
        with self._lock:
            tried = self.db.events(since=after_seq)
            self.gym.store.restore(self.db, snapshot.payload)
            relog_undone(self.db, tried, reason)

    def fork(self, *, episode_id: str | None = None) -> Self:
        """A new independent episode starting from this one's current state (a copy-on-write copy of its
        image), with the same task.

        Args:
            episode_id: the child's id (default: the gym's next one).
        """
        self._check_open()
        with self._lock:
            db = self.gym.store.fork(self.db)
        child = self.gym._register(self.world, self._golden, db, list(self.apps), episode_id)
        child.task, child.setup = self.task, self.setup
        return child

    def make_durable(self, folder: Path, *, sync: bool = False) -> None:
        """Checkpoint this episode to `folder` from now on, at every action boundary; `Gym.restore_episode`
        brings it back after a restart with the same state, clock and event log.

        Args:
            folder: where the checkpoint is kept (created if missing).
            sync: flush each checkpoint to the disk itself, not only to the operating system.
        """
        self._check_open()
        with self._lock:
            checkpointer = Checkpointer(folder, self.db, sync=sync)
            checkpointer.start(
                {
                    "format": 1,
                    "episode_id": self.id,
                    "world": self.world.name,
                    "world_fingerprint": self.world.fingerprint,
                    "apps": list(self.apps),
                    "image_sha256": image_digest(self._golden),
                }
            )
            self._attach(checkpointer)

    def _attach(self, checkpointer: Checkpointer) -> None:
        """Checkpoint at every action boundary from now on (the episode lock's release).

        Args:
            checkpointer: the episode's checkpointer, started or restored.
        """
        self.durable = checkpointer
        self.db.lock.on_release = checkpointer.boundary
