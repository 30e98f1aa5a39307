"""Episode lifecycle on the trusted side: capacity first, then provisioning, tokens, expiry, closing."""

from __future__ import annotations

import contextlib
import functools
import shutil
import threading
import time
from dataclasses import dataclass
from typing import Any

from apps.core.api import Episode, Gym
from apps.core.checkpoint_files import CorruptCheckpoint
from apps.core.cow_image import PagePatch
from apps.core.quotas import MIB
from apps.core.store import Snapshot
from apps.core.worlds import list_worlds
from mcp_gateway.ledger import EpisodeRow, Ledger
from mcp_gateway.settings import Settings
from mcp_gateway.verdicts import VerdictBook
from tasks.arrivals import begin
from tasks.store import TaskError, find_task
from tasks.verifier import Verdict, verify

MAX_SNAPSHOTS = 16


class EpisodeError(Exception):
    """A harness request that cannot be honoured; `status` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def snapshot_bytes(snapshot: Snapshot) -> int:
    """The memory a snapshot holds: its changed pages, or its whole image."""
    payload = snapshot.payload
    return payload.nbytes if isinstance(payload, PagePatch) else len(payload)


def lost_verdict(detail: str) -> dict[str, Any]:
    """The verdict of an episode whose state was lost: `void` (reward None, never 0), saying why."""
    return Verdict("void", reason_codes=["episode_lost"]).as_dict() | {"detail": detail}


@dataclass(frozen=True)
class Provisioned:
    row: EpisodeRow
    episode: Episode
    performer_token: str
    launch_token: str


class EpisodeManager:
    """Creates, forks, resets, checkpoints and closes episodes, keeping the ledger in step."""

    def __init__(self, gym: Gym, ledger: Ledger, settings: Settings):
        self.gym, self.ledger, self.settings = gym, ledger, settings
        self.verdicts = VerdictBook(ledger)
        self._snapshots: dict[str, dict[str, Snapshot]] = {}
        self._lock = threading.Lock()

    # -- creating ------------------------------------------------------------------------------
    def create(
        self,
        *,
        world: str | None = None,
        apps: list[str] | None = None,
        task: str | None = None,
        seed: int | None = None,
        ttl_s: int | None = None,
        durable: bool = False,
    ) -> Provisioned:
        """Reserve capacity, then provision a fresh episode and its tokens (all or nothing); a `durable`
        one is checkpointed to the state dir at every action boundary and survives a restart."""
        found = None
        if world is not None and world not in list_worlds():
            raise EpisodeError(422, f"unknown world {world!r}; worlds: {', '.join(list_worlds())}")
        if task is not None:
            try:
                found = find_task(task, [world] if world else list_worlds())
            except TaskError as exc:
                raise EpisodeError(422, str(exc)) from None
            if found is None:
                raise EpisodeError(422, f"unknown task {task!r}; GET /v1/tasks lists the tasks")
            world, apps = found.public.world, apps or found.public.apps
            if set(found.public.apps) - set(apps):
                raise EpisodeError(422, f"task {task} needs apps {', '.join(found.public.apps)}")
        world = world or "acme"
        if world not in list_worlds():
            raise EpisodeError(422, f"unknown world {world!r}; worlds: {', '.join(list_worlds())}")
        apps = list(dict.fromkeys(apps or list(self.gym.apps)))
        unknown = sorted(set(apps) - set(self.gym.apps))
        if unknown:
            raise EpisodeError(422, f"unknown app(s) {', '.join(unknown)}; apps: {', '.join(self.gym.apps)}")
        ttl = self._ttl(ttl_s)
        episode_id = self.ledger.reserve(
            world=world,
            apps=apps,
            task=task,
            seed=seed,
            ttl_s=ttl,
            capacity=self.settings.capacity,
            durable=durable,
        )
        try:
            episode = self.gym.create_episode(world, apps=apps, episode_id=episode_id)
            if durable:
                episode.make_durable(
                    self.settings.checkpoint_dir(episode_id), sync=self.settings.durable_sync
                )
        except Exception as exc:
            self.ledger.set_state(episode_id, "failed", f"provisioning failed: {type(exc).__name__}")
            raise
        if found is not None:
            begin(episode, found)
        return self._go_live(episode_id, episode)

    def verify(self, episode_id: str, **judging: Any) -> dict[str, Any]:
        """Score a live episode against its task and record the verdict (void if its state was lost);
        `judge=` overrides the environment's rubric judge (calibration)."""
        row = self.ledger.get(episode_id)
        if row is None:
            raise EpisodeError(404, f"no episode {episode_id!r}")
        if row.task is None:
            raise EpisodeError(409, f"episode {episode_id} has no task to verify")
        task = find_task(row.task, [row.world])
        try:
            _, episode = self.live(episode_id)
            verdict = verify(episode, task, timeout_s=self.settings.verify_timeout_s, **judging).as_dict()
        except EpisodeError as exc:
            verdict = lost_verdict(exc.message)
        verdict_id = self.verdicts.record(episode_id, row.task, verdict)
        return {"verdict_id": verdict_id, "episode_id": episode_id, "task_id": row.task, **verdict}

    def fork(self, episode_id: str, *, ttl_s: int | None = None) -> Provisioned:
        """A new episode (new id, new URLs) starting from a live episode's current state."""
        row, parent = self.live(episode_id)
        ttl = self._ttl(ttl_s)
        child_id = self.ledger.reserve(
            world=row.world,
            apps=row.apps,
            task=row.task,
            seed=row.seed,
            ttl_s=ttl,
            capacity=self.settings.capacity,
            parent=row.id,
        )
        try:
            child = parent.fork(episode_id=child_id)
        except Exception as exc:
            self.ledger.set_state(child_id, "failed", f"fork failed: {type(exc).__name__}")
            raise
        return self._go_live(child_id, child)

    def _go_live(self, episode_id: str, episode: Episode) -> Provisioned:
        self.ledger.set_state(episode_id, "live")
        row = self.ledger.get(episode_id)
        performer = self.ledger.issue_token(episode_id, "performer", row.expires_at)
        launch = self.ledger.issue_token(episode_id, "launch", row.expires_at)
        return Provisioned(row, episode, performer, launch)

    def _ttl(self, ttl_s: int | None) -> int:
        ttl = ttl_s if ttl_s is not None else self.settings.default_ttl_s
        if not 1 <= ttl <= self.settings.max_ttl_s:
            raise EpisodeError(422, f"ttl_s must be between 1 and {self.settings.max_ttl_s}")
        return ttl

    # -- using ---------------------------------------------------------------------------------
    def live(self, episode_id: str) -> tuple[EpisodeRow, Episode]:
        """The ledger row and memory of a live episode, or EpisodeError 404/410."""
        row = self.ledger.get(episode_id)
        if row is None:
            raise EpisodeError(404, f"no episode {episode_id!r}")
        if row.state != "live" or row.expires_at <= time.time():
            raise EpisodeError(
                410, f"episode {episode_id} is {row.state if row.state != 'live' else 'expired'}"
            )
        try:
            return row, self.gym.episode(episode_id)
        except KeyError:
            self.ledger.set_state(episode_id, "void", "the episode's state was lost")
            raise EpisodeError(410, f"episode {episode_id} was lost and is void") from None

    def launch_token(self, episode_id: str) -> str:
        """A new one-time browser launch token for a live episode."""
        row, _ = self.live(episode_id)
        return self.ledger.issue_token(episode_id, "launch", row.expires_at)

    def reset(self, episode_id: str, *, rotate: bool = False) -> tuple[str, str] | None:
        """Reset to the world's golden state; with `rotate`, revoke old URLs and return new tokens."""
        row, episode = self.live(episode_id)
        episode.reset()
        with self._lock:
            self._snapshots.pop(episode_id, None)
        if not rotate:
            return None
        self.ledger.revoke_tokens(episode_id)
        return (
            self.ledger.issue_token(episode_id, "performer", row.expires_at),
            self.ledger.issue_token(episode_id, "launch", row.expires_at),
        )

    # -- durable episodes ----------------------------------------------------------------------
    def restore_durable(self) -> tuple[list[str], list[str]]:
        """At start-up: bring back this worker's durable episodes from their checkpoints (same id, URLs —
        new ones when the settings say so —, state, clock and snapshots); void those that cannot be, saying
        why. Returns (restored ids, voided ids)."""
        restored, voided = [], []
        for row in self.ledger.durable_to_restore():
            folder = self.settings.checkpoint_dir(row.id)
            try:
                episode = self.gym.restore_episode(folder, sync=self.settings.durable_sync)
                found = find_task(row.task, [row.world]) if row.task else None
                if found is not None:
                    begin(episode, found, plant=False)  # its database holds its arrivals already
            except (CorruptCheckpoint, OSError, KeyError, TaskError) as exc:
                reason = f"the server restarted and the episode's checkpoint could not be restored: {exc}"
                self.ledger.set_state(row.id, "void", reason)
                voided.append(row.id)
                continue
            if self.settings.rotate_durable_urls:
                self.ledger.revoke_tokens(row.id)
            restored.append(row.id)
        return restored, voided

    def new_urls(self, episode_id: str) -> tuple[str, str]:
        """Revoke a live episode's performer URLs and issue new ones (performer and launch tokens)."""
        row, _ = self.live(episode_id)
        self.ledger.revoke_tokens(episode_id)
        return (
            self.ledger.issue_token(episode_id, "performer", row.expires_at),
            self.ledger.issue_token(episode_id, "launch", row.expires_at),
        )

    def _stored_snapshot(self, episode: Episode, snapshot_id: str) -> Snapshot | None:
        """A durable episode's snapshot from its checkpoint folder (kept across restarts)."""
        if episode.durable is None or snapshot_id not in episode.durable.snapshot_names():
            return None
        image = episode._golden.source if not isinstance(episode._golden.source, bytes) else None
        payload = episode.durable.load_snapshot(snapshot_id, image)
        return Snapshot(episode.id, payload, functools.partial(self.gym.store.payload_hash, episode.db))

    def snapshot(self, episode_id: str) -> str:
        """Checkpoint a live episode; returns the snapshot id (at most 16 kept per episode, together at
        most the snapshot quota's bytes)."""
        _, episode = self.live(episode_id)
        snap = episode.snapshot()
        quota = self.settings.quota_snapshot_mb * MIB
        with self._lock:
            kept = self._snapshots.setdefault(episode_id, {})
            if len(kept) >= MAX_SNAPSHOTS:
                raise EpisodeError(409, f"episode {episode_id} already keeps {MAX_SNAPSHOTS} snapshots")
            held = sum(snapshot_bytes(s) for s in kept.values()) + snapshot_bytes(snap)
            if held > quota:
                raise EpisodeError(
                    409,
                    f"episode {episode_id}'s snapshots would hold {held / MIB:,.1f} MiB, over its quota of "
                    f"{self.settings.quota_snapshot_mb} MiB (SAASGYM_QUOTA_SNAPSHOT_MB); nothing was kept",
                )
            stored = episode.durable.snapshot_names() if episode.durable is not None else []
            snapshot_id = f"snap_{max(len(kept), len(stored)) + 1}"
            kept[snapshot_id] = snap
        if episode.durable is not None:
            episode.durable.save_snapshot(snapshot_id, snap.payload)
        return snapshot_id

    def restore(self, episode_id: str, snapshot_id: str) -> None:
        _, episode = self.live(episode_id)
        with self._lock:
            snap = self._snapshots.get(episode_id, {}).get(snapshot_id)
        if snap is None:
            try:
                snap = self._stored_snapshot(episode, snapshot_id)
            except CorruptCheckpoint as exc:
                raise EpisodeError(409, f"snapshot {snapshot_id!r} cannot be read: {exc}") from None
        if snap is None:
            raise EpisodeError(404, f"episode {episode_id} has no snapshot {snapshot_id!r}")
        episode.restore(snap)

    # -- ending --------------------------------------------------------------------------------
    def close(self, episode_id: str, *, state: str = "closed", reason: str | None = None) -> EpisodeRow:
        """End an episode: revoke its tokens, free its memory and capacity."""
        row = self.ledger.get(episode_id)
        if row is None:
            raise EpisodeError(404, f"no episode {episode_id!r}")
        if row.state in ("reserved", "live"):
            self.ledger.set_state(episode_id, state, reason)
        with contextlib.suppress(KeyError):
            self.gym.episode(episode_id).close()  # a durable episode's checkpoint goes with it
        if row.durable:  # one never restored (void) keeps its folder until it is closed
            shutil.rmtree(self.settings.checkpoint_dir(episode_id), ignore_errors=True)
        with self._lock:
            self._snapshots.pop(episode_id, None)
        return self.ledger.get(episode_id)

    def sweep(self) -> list[str]:
        """Close every episode past its expiry; returns their ids."""
        expired = self.ledger.expired()
        for episode_id in expired:
            self.close(episode_id, state="expired", reason="time to live elapsed")
        return expired

    def status(self, episode_id: str) -> dict[str, Any]:
        row = self.ledger.get(episode_id)
        if row is None:
            raise EpisodeError(404, f"no episode {episode_id!r}")
        out = row.public()
        if row.state == "live":
            try:
                episode = self.gym.episode(episode_id)
                out["logical_time"] = episode.now.isoformat()
                out["state_hash"] = episode.state_hash()
            except KeyError:
                pass
        return out
