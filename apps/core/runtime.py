"""Running an action inside an episode: validate, execute in one transaction, journal, log.

This is the single path every surface takes (MCP, CLI, UI, Python), so they behave identically.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from apps.core.actions import Action, Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.ids import IdFactory
from apps.core.quotas import EpisodeQuotas
from apps.core.spec import AppSpec
from apps.core.store import EpisodeDb
from apps.core.worlds import World

log = logging.getLogger("saasgym.runtime")

MAX_LOGGED_ARG = 2_000


@dataclass(frozen=True)
class Outcome:
    """What an action returned: `result` (a pydantic model or plain value) or an error."""

    seq: int
    ok: bool
    result: Any = None
    error: str | None = None
    field: str | None = None
    code: str | None = None
    failures: tuple[ActionError, ...] = ()  # the separate failures when the call broke several rules
    cause_seq: int | None = None  # the browser step that led to the call (a UI call), logged with it

    def data(self) -> Any:
        """The result as plain JSON-able data."""
        return to_plain(self.result)


def to_plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    return value


def cause_index(browser_events: Sequence[dict[str, Any]]) -> int | None:
    """Which of a submit's browser steps led to its action: the one the page marked `cause` (the click on
    Save, the Enter, the choice), else the last; None when there are none."""
    if not browser_events:
        return None
    marked = [i for i, ev in enumerate(browser_events) if ev.get("cause")]
    return marked[-1] if marked else len(browser_events) - 1


def browser_rows(
    browser_events: Sequence[dict[str, Any]],
    first_seq: int,
    surface: str,
    app: str | None,
    led_to: int | None,
) -> list[dict[str, Any]]:
    """Event rows for browser steps logged from `first_seq` on; only the step that caused the call `led_to`
    points at it (every other step of the same submit led to no call)."""
    cause = cause_index(browser_events)
    return [
        {
            "seq": first_seq + i,
            "kind": "browser",
            "surface": surface,
            "app": app,
            "name": str(ev.get("type", "event")),
            "detail": ev,
            "parent": led_to if i == cause else None,
        }
        for i, ev in enumerate(browser_events)
    ]


def _loggable(arguments: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in arguments.items():
        if isinstance(v, str) and len(v) > MAX_LOGGED_ARG:
            v = v[:MAX_LOGGED_ARG] + f"…(+{len(v) - MAX_LOGGED_ARG} chars)"
        out[k] = v
    return out


@dataclass(frozen=True)
class ClockPeer:
    """Another app of the episode whose scheduled jobs run when time passes during an action
    (`AppSpec.on_time_passed`), with the user it acts as and its options."""

    spec: AppSpec
    user_id: str | None = None
    options: Mapping[str, Any] | None = None


def clock_peers(
    apps: Mapping[str, AppSpec], app: str, world: World, options: Mapping[str, Any]
) -> list[ClockPeer]:
    """The episode's apps other than `app` whose scheduled jobs run when time passes during its actions.

    Args:
        apps: the episode's apps by name.
        app: the app whose action runs.
        world: the episode's world (who each app acts as).
        options: the lab's options per app name.
    """
    return [
        ClockPeer(spec, spec.acting_user(world), options.get(name))
        for name, spec in apps.items()
        if name != app and spec.on_time_passed is not None
    ]


def _run_peers(peers: Sequence[ClockPeer], session: Session, connection: Any, now: datetime) -> None:
    """Time passed during the action: every other app's due jobs, in the action's transaction."""
    for peer in peers:
        ids = IdFactory(connection, peer.spec.id_formats, peer.spec.name)
        options = peer.options or {}
        ctx = Ctx(db=session, now=now, ids=ids, user_id=peer.user_id, options=options, sql=connection)
        peer.spec.on_time_passed(ctx)


def run_action(
    db: EpisodeDb,
    world: World,
    spec: AppSpec,
    action: Action,
    arguments: dict[str, Any],
    *,
    surface: str,
    user_id: str | None = None,
    browser_events: Sequence[dict[str, Any]] = (),
    timeout_s: float | None = None,
    options: Mapping[str, Any] | None = None,
    quotas: EpisodeQuotas | None = None,
    caused_by: int | None = None,
    peers: Sequence[ClockPeer] = (),
) -> Outcome:
    """Run one action and record it; a failed action writes nothing but is still logged.

    `peers` are the episode's other apps with scheduled jobs: when the action lets time pass, theirs run
    too, in the same transaction (one clock for the whole episode).

    With `timeout_s`, database work past the deadline is interrupted and the action fails cleanly.
    `quotas` bound what the episode may store: a full event log refuses the call unlogged, browser
    events past their quota are dropped, a write past a store's quota is refused (apps/core/quotas.py).
    `browser_events` are the browser steps the call came with (the one that caused it points at it);
    `caused_by` names the step that caused an earlier call of the same UI submit, which caused this one too.
    """
    limits = quotas or EpisodeQuotas(events=None, browser_events=None, growth_bytes=None, stores={})
    logged, browser = db.logged_events()
    full = limits.log_full(logged)
    if full is not None:
        return Outcome(seq=0, ok=False, error=full.message, code=full.code)
    browser_events = browser_events[: limits.browser_room(logged, browser, reserve=1)]
    first_seq, tick = db.begin_action()
    seq = first_seq + len(browser_events)
    now = world.now + timedelta(seconds=tick)
    result, error, field, code, elapsed, failures = None, None, None, None, 0, ()
    try:
        if not action.read_only and db.completion()[0]:
            raise ActionError(
                "the task was completed: no further changes are accepted in this episode",
                code=ErrorKind.CLOSED,
            )
        validated = action.validate(arguments)
        with db.deadline(timeout_s):
            result, elapsed = _execute(
                db,
                spec,
                action,
                validated,
                now=now,
                seq=seq,
                tick=tick,
                user_id=user_id,
                options=options,
                quotas=limits,
                peers=peers,
            )
    except ActionError as exc:
        error, field, code, failures = exc.message, exc.field, exc.code, exc.failures
    except TimeoutError:
        error, code = (
            f"{action.name} timed out after {timeout_s:g} s; nothing was changed",
            ErrorKind.INTERNAL,
        )
    except Exception:  # a bug, never shown to the agent as a stack trace
        log.exception("action %s.%s failed", spec.name, action.name)
        error, code = f"internal error while running {action.name}; nothing was changed", ErrorKind.INTERNAL
    events = browser_rows(browser_events, first_seq, surface, spec.name, seq)
    cause = cause_index(browser_events)
    events.append(
        {
            "seq": seq,
            "kind": "action",
            "surface": surface,
            "app": spec.name,
            "name": action.name,
            "args": _loggable(arguments),
            "outcome": "ok" if error is None else "error",
            "error": error,
            "parent": caused_by,
        }
    )
    db.finish_action(last_seq=seq, tick=tick + elapsed, events=events)
    return Outcome(
        seq=seq,
        ok=error is None,
        result=result,
        error=error,
        field=field,
        code=code,
        failures=failures,
        cause_seq=first_seq + cause if cause is not None else caused_by,
    )


def _execute(
    db: EpisodeDb,
    spec: AppSpec,
    action: Action,
    validated: dict[str, Any],
    *,
    now: datetime,
    seq: int,
    tick: int,
    user_id: str | None,
    options: Mapping[str, Any] | None = None,
    quotas: EpisodeQuotas,
    peers: Sequence[ClockPeer] = (),
) -> tuple[Any, int]:
    """Run the service function in one transaction; returns its result and the logical seconds it waited."""
    with Session(db.action_bind, expire_on_commit=False) as session:
        try:
            connection = session.connection()
            changes_before = db.write_count()
            if not action.read_only:
                db.mark_action(connection, seq, tick)
                journal_before = db.journal_head()
                db.count_stores(spec.stores)  # what they held before this action (recounted if unknown)
            ids = IdFactory(connection, spec.id_formats, spec.name)
            ctx = Ctx(db=session, now=now, ids=ids, user_id=user_id, options=options or {}, sql=connection)
            result = action.fn(ctx, **validated)
            if ctx.elapsed and not action.read_only:
                _run_peers(peers, session, connection, ctx.now)
            session.flush()
            if action.read_only and db.write_count() != changes_before:
                raise RuntimeError(f"read-only action {action.name} tried to write")
            added = {}
            if not action.read_only and db.write_count() != changes_before:
                added = db.charge_stores(spec.stores, quotas, journal_before)
                quotas.check_growth(db.grown_bytes())
            session.commit()
            db.usage.add(added)
            return result, ctx.elapsed
        except (sqlite3.OperationalError, OperationalError) as exc:
            session.rollback()
            if "full" in str(exc):  # the database hit its hard size while the action wrote
                raise ActionError(
                    "this episode's storage is full; nothing was saved", code=ErrorKind.LIMIT
                ) from None
            raise
        except BaseException:
            session.rollback()
            raise


def complete_task(
    db: EpisodeDb, answer: str | None, *, surface: str, browser_events: Sequence[dict[str, Any]] = ()
) -> Outcome:
    """End the performer's turn with an optional answer; later writes are refused. `browser_events`: the
    browser steps of the UI's Finish task (the click on it points at the call)."""
    first_seq, tick = db.begin_action()
    seq = first_seq + len(browser_events)
    done, _ = db.completion()
    steps = browser_rows(browser_events, first_seq, surface, None, seq)
    event = {
        "seq": seq,
        "kind": "action",
        "surface": surface,
        "app": None,
        "name": "complete_task",
        "args": {"answer": answer} if answer is not None else {},
    }
    if done:
        error = "the task was already completed"
        db.finish_action(
            last_seq=seq, tick=tick, events=[*steps, {**event, "outcome": "error", "error": error}]
        )
        return Outcome(seq=seq, ok=False, error=error, code=ErrorKind.CLOSED)
    db.finish_action(
        last_seq=seq, tick=tick, events=[*steps, {**event, "outcome": "ok"}], completion=(answer,)
    )
    return Outcome(seq=seq, ok=True, result={"completed": True, "answer": answer})


def record_browser_events(db: EpisodeDb, app: str, browser_events: Sequence[dict[str, Any]]) -> None:
    """Log low-level browser events that led to no action (link clicks, typing, page views)."""
    if not browser_events:
        return
    first_seq, _ = db.begin_action()
    tick = db.clock()
    events = [
        {
            "seq": first_seq + i,
            "kind": "browser",
            "surface": "ui",
            "app": app,
            "name": str(ev.get("type", "event")),
            "detail": ev,
        }
        for i, ev in enumerate(browser_events)
    ]
    db.finish_action(last_seq=first_seq + len(events) - 1, tick=tick, events=events)


def relog_undone(db: EpisodeDb, records: Sequence[Any], reason: str) -> None:
    """Log again, with their own seqs and ticks, the events of a unit of actions that was undone by
    restoring a snapshot (which took the log back too): every call stays in the log as it was made,
    the refused one with its error, and each one that had succeeded marked `rolled_back` with `reason`,
    so no checkpoint counts it as a successful call. The clock ends where the calls moved it."""
    by_tick: dict[int, list[dict[str, Any]]] = {}
    for r in records:
        ev = {
            "seq": r.seq,
            "parent": r.parent,
            "kind": r.kind,
            "surface": r.surface,
            "app": r.app,
            "name": r.name,
            "args": r.args,
            "outcome": "rolled_back" if r.kind == "action" and r.outcome == "ok" else r.outcome,
            "error": reason if r.kind == "action" and r.outcome == "ok" else r.error,
            "detail": r.detail,
        }
        by_tick.setdefault(r.tick, []).append(ev)
    for tick, events in sorted(by_tick.items()):
        db.finish_action(last_seq=max(e["seq"] for e in events), tick=tick, events=events)
