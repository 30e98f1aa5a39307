"""The Python API for labs that embed saasgym in their own harness (no HTTP involved).

    from apps.core.api import Gym

    ep = Gym().create_episode("acme")
    ep.call("crm_create_account", name="Globex")
    ep.diff(); ep.events(); ep.reset(); ep.close()

Every call runs the same service functions that the MCP tools, the CLI and the web UI run.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from apps.core import observations, runtime
from apps.core.actions import Action
from apps.core.checkpoint_files import CorruptCheckpoint
from apps.core.durable import Checkpointer, image_digest, read_meta, restore_db
from apps.core.episode_images import EpisodeImages
from apps.core.episode_views import Change, ToolInfo, net_change
from apps.core.errors import ActionError, ErrorKind, UnknownActionError
from apps.core.events import EventRecord
from apps.core.naming import qualified, split_qualified
from apps.core.quotas import EpisodeQuotas
from apps.core.registry import discover, selected_apps
from apps.core.runtime import Outcome, complete_task, record_browser_events, run_action
from apps.core.safe_values import text_problem
from apps.core.spec import AppSpec
from apps.core.sqlite_store import SqliteMemoryStore
from apps.core.store import EpisodeDb, EpisodeStore
from apps.core.worlds import World, load_world


class Episode(EpisodeImages):
    """One isolated copy of a world that actions run against."""

    def __init__(self, gym: Gym, episode_id: str, world: World, golden: Any, db: EpisodeDb, apps: list[str]):
        self.gym, self.id, self.world, self._golden, self.db = gym, episode_id, world, golden, db
        self.apps: dict[str, AppSpec] = {name: gym.apps[name] for name in apps}
        self._lock = db.lock  # one lock per episode database: actions and every reader take it
        self.closed = False
        self.task: Any = None  # the public part of the episode's task, when it has one
        # what the episode's task writes at its start (its planned arrivals, `tasks/arrivals.py`): run again
        # after a reset, so a reset task episode starts as a fresh one
        self.setup: Callable[[Episode], None] | None = None
        self.durable: Checkpointer | None = None  # set when checkpointed to disk (apps/core/durable.py)

    @property
    def lock(self) -> Any:
        """The episode's re-entrant lock: hold it to read several things as of one action boundary."""
        return self._lock

    # -- calling tools -------------------------------------------------------------------------
    def action(self, app: str, name: str) -> tuple[AppSpec, Action]:
        """Resolve an app's action, or raise UnknownActionError."""
        spec = self.apps.get(app)
        if spec is None:
            raise UnknownActionError(f"unknown app {app!r}; apps: {', '.join(self.apps)}")
        return spec, spec.actions.get(name)

    def invoke(
        self,
        app: str,
        name: str,
        arguments: dict[str, Any] | None = None,
        *,
        surface: str = "python",
        browser_events: Sequence[dict[str, Any]] = (),
        caused_by: int | None = None,
        observed: bool = True,
    ) -> Outcome:
        """Run `app.name` with `arguments`; never raises for bad input (see Outcome.error). A UI call carries
        its `browser_events`; a later call of the same submit names the step that caused it (`caused_by`).

        The call's full arguments and its result (or error) are recorded in the observation log, unless
        `observed` is False: a surface that shapes the result itself (MCP) records what it sends instead.
        """
        self._check_open()
        spec, action = self.action(app, name)
        arguments = dict(arguments or {})
        with self._lock:
            outcome = run_action(
                self.db,
                self.world,
                spec,
                action,
                arguments,
                surface=surface,
                user_id=spec.acting_user(self.world),
                timeout_s=self.gym.tool_timeout_s,
                quotas=self.gym.quotas,
                browser_events=browser_events,
                options=self.gym.app_options.get(app),
                caused_by=caused_by,
                peers=runtime.clock_peers(self.apps, app, self.world, self.gym.app_options),
            )
            if observed and outcome.seq and self.gym.observe:
                self.db.observe(outcome.seq, arguments, observations.generic(outcome))
            return outcome

    def call(self, tool: str, /, **arguments: Any) -> Any:
        """Call a tool by its full name (`crm_create_account`) and return its plain result.

        Raises ActionError with the tool's message when the action fails (nothing is written).
        """
        found = split_qualified(tool, self.apps)
        if found is None:
            raise UnknownActionError(f"unknown tool {tool!r}; tool names look like crm_create_account")
        outcome = self.invoke(*found, arguments)
        if not outcome.ok:
            raise ActionError(
                outcome.error or "failed", field=outcome.field, code=outcome.code, failures=outcome.failures
            )
        return outcome.data()

    def tools(self) -> list[ToolInfo]:
        """Every tool of every app in this episode."""
        return [
            ToolInfo(
                qualified(spec.name, a.name),
                spec.name,
                a.name,
                a.description,
                a.read_only,
                a.destructive,
                a.input_schema,
            )
            for spec in self.apps.values()
            for a in spec.actions
        ]

    def complete_task(
        self,
        answer: str | None = None,
        *,
        surface: str = "python",
        browser_events: Sequence[dict[str, Any]] = (),
        observed: bool = True,
    ) -> Outcome:
        """End the performer's turn (with an optional answer); later writes are refused.

        Only episodes that carry a task can be completed. `browser_events`: the UI's Finish task steps.
        Observed like `invoke`.
        """
        self._check_open()
        if self.task is None:
            return Outcome(seq=0, ok=False, error="this episode has no task to complete")
        if answer is not None and len(answer) > 20_000:
            error = "answer: at most 20,000 characters"
            return Outcome(seq=0, ok=False, error=error, field="answer", code=ErrorKind.TOO_LONG)
        problem = text_problem(answer) if isinstance(answer, str) else None
        if problem:
            error = f"answer {problem}"
            return Outcome(seq=0, ok=False, error=error, field="answer", code=ErrorKind.INVALID_VALUE)
        with self._lock:
            outcome = complete_task(self.db, answer, surface=surface, browser_events=browser_events)
            if observed and outcome.seq and self.gym.observe:
                arguments = {"answer": answer} if answer is not None else {}
                self.db.observe(outcome.seq, arguments, observations.generic(outcome))
            return outcome

    def observe(self, seq: int, arguments: dict[str, Any] | None, observation: dict[str, Any]) -> None:
        """Record what the performer received for call `seq` (a surface that shapes results itself)."""
        if not self.gym.observe:
            return
        with self._lock:
            self.db.observe(seq, arguments, observation)

    def observations(self) -> dict[int, tuple[dict[str, Any] | None, dict[str, Any]]]:
        """seq → (full arguments, observation as received) of every observed call (observations.py)."""
        with self._lock:
            return self.db.observations()

    @property
    def completed(self) -> tuple[bool, str | None]:
        """(completed?, answer) of the episode's task."""
        with self._lock:
            return self.db.completion()

    def record_forbidden(self, name: str, reason: str, *, surface: str = "mcp") -> None:
        """Log a refused privileged call by the performer (integrity gates void the episode's verdict)."""
        if self.closed:
            return
        with self._lock:
            seq, _ = self.db.begin_action()
            event = {"seq": seq, "kind": "forbidden", "surface": surface, "app": None, "name": name,
                     "detail": {"reason": reason}, "outcome": "error", "error": reason}  # fmt: skip
            self.db.finish_action(last_seq=seq, tick=self.db.clock(), events=[event])

    def record_browser_events(self, app: str, browser_events: Sequence[dict[str, Any]]) -> int:
        """Log browser events that led to no action; returns how many were logged (past the episode's
        quota of browser events, or of events, the rest are dropped)."""
        self._check_open()
        with self._lock:
            logged, browser = self.db.logged_events()
            kept = list(browser_events[: self.gym.quotas.browser_room(logged, browser)])
            record_browser_events(self.db, app, kept)
            return len(kept)

    # -- state ---------------------------------------------------------------------------------
    @property
    def now(self) -> datetime:
        """The episode's logical time."""
        with self._lock:
            return self.world.now + timedelta(seconds=self.db.clock())

    def state_hash(self) -> str:
        """Content hash of every app table and the id counters (reads and refused actions leave it as is)."""
        with self._lock:
            return self.db.content_hash()

    def diff(self) -> list[Change]:
        """Field-level changes against the world's golden state (cost grows with the changes)."""
        with self._lock:
            return [net_change(n) for n in self.db.net_changes() if not n.table.startswith("_")]

    def events(self) -> list[EventRecord]:
        """The event log, oldest first."""
        with self._lock:
            return self.db.events()

    def events_jsonl(self) -> str:
        """The event log as JSON lines (each action with the journal entries it caused)."""
        with self._lock:
            return self.db.events_jsonl(self.world.now)

    def close(self) -> None:
        """Free the episode's memory (and delete its checkpoint, when durable)."""
        if not self.closed:
            self.closed = True
            self.db.lock.on_release = None
            self.gym.store.close(self.db)
            self.gym._episodes.pop(self.id, None)
            if self.durable is not None:
                self.durable.discard()

    def _check_open(self) -> None:
        if self.closed:
            raise ActionError(f"episode {self.id} is closed", code=ErrorKind.CLOSED)


class Gym:
    """Opens worlds and manages episodes in this process."""

    def __init__(
        self,
        store: EpisodeStore | None = None,
        apps: dict[str, AppSpec] | None = None,
        app_options: Mapping[str, Mapping[str, Any]] | None = None,
    ):
        """`store` holds the episode databases; `apps` the apps served (default: those discovered,
        limited by $SAASGYM_APPS); `app_options` per app name what the lab configures for that app's
        actions (e.g. `{"office": {"responder": RecordedResponder(...)}}`), given to them as `ctx.options`.
        """
        self.store = store or SqliteMemoryStore()
        self.tool_timeout_s: float | None = None  # per-action deadline for every surface
        self.quotas = EpisodeQuotas()  # what one episode may store (apps/core/quotas.py)
        self.observe = True  # keep every call's arguments and observation (trajectories); off saves memory
        self.apps = apps or discover(selected_apps())
        self.app_options = dict(app_options or {})
        self._episodes: dict[str, Episode] = {}
        self._counter = itertools.count(1)
        self._lock = threading.Lock()

    def world(self, name: str = "acme") -> World:
        """Load (and verify) a world by name or path."""
        return load_world(name)

    def create_episode(
        self, world: str | World = "acme", *, apps: list[str] | None = None, episode_id: str | None = None
    ) -> Episode:
        """A fresh episode of `world` (its golden image is built on first use, once per process).

        `apps` limits which apps' tools the episode offers (default: all); `episode_id` names it.
        """
        unknown = sorted(set(apps or ()) - set(self.apps))
        if unknown:
            raise KeyError(f"unknown app(s) {', '.join(unknown)}; apps: {', '.join(self.apps)}")
        w = world if isinstance(world, World) else load_world(world)
        names = [a for a in self.apps if a in (apps or self.apps)]
        for name in names:
            if self.apps[name].prepare is not None:
                self.apps[name].prepare()
        # An episode holds only its apps' tables: a one-app episode costs that app's memory, not the world's.
        golden = self.store.golden(w, [self.apps[a] for a in names])
        return self._register(w, golden, self.store.create(golden), names, episode_id)

    def restore_episode(self, folder: Path, *, sync: bool = False) -> Episode:
        """The durable episode checkpointed in `folder` (`Episode.make_durable`), back in this process with
        its id, state, clock and event log; raises CorruptCheckpoint (nothing loaded) when the checkpoint
        is damaged, or was taken on another world image (another world or app code)."""
        meta = read_meta(folder)
        world = load_world(meta["world"])
        if world.fingerprint != meta["world_fingerprint"]:
            raise CorruptCheckpoint(f"world {meta['world']} changed since the episode was checkpointed")
        names = [a for a in self.apps if a in meta["apps"]]
        if names != meta["apps"]:
            raise CorruptCheckpoint(f"the episode's apps {meta['apps']} are not all served here")
        golden = self.store.golden(world, [self.apps[a] for a in names])
        if image_digest(golden) != meta["image_sha256"]:
            raise CorruptCheckpoint(
                "the episode was checkpointed on another golden image (world or app code)"
            )
        db, checkpointer = restore_db(self.store, golden, folder, sync=sync)
        episode = self._register(world, golden, db, names, meta["episode_id"])
        episode._attach(checkpointer)
        return episode

    def episode(self, episode_id: str) -> Episode:
        """A live episode by id."""
        try:
            return self._episodes[episode_id]
        except KeyError:
            raise KeyError(f"no live episode {episode_id!r}") from None

    def episodes(self) -> list[Episode]:
        return list(self._episodes.values())

    def golden_hash(self, world: str | World = "acme", apps: list[str] | None = None) -> str:
        """The content hash every fresh or reset episode of `world` (with `apps`, default all) has."""
        w = world if isinstance(world, World) else load_world(world)
        names = [a for a in self.apps if a in (apps or self.apps)]
        return self.store.golden(w, [self.apps[a] for a in names]).content_hash

    def _register(
        self, world: World, golden: Any, db: EpisodeDb, apps: list[str], episode_id: str | None = None
    ) -> Episode:
        with self._lock:
            episode_id = episode_id or f"ep{next(self._counter):06d}"
            if episode_id in self._episodes:
                raise KeyError(f"episode id {episode_id!r} is taken")
        ep = Episode(self, episode_id, world, golden, db, apps)
        self._episodes[episode_id] = ep
        return ep
