"""Integrity gates: they can only void a verdict (→ invalid), never add reward.

1. world_integrity — the world's files (truth included) still match the manifest;
2. journal_attributed — every journaled write belongs to a successful, logged action on an allowed surface;
3. no_forbidden_calls — no forbidden call was made (outside the task's apps, or a refused privileged call);
4. clock_intact — the logical clock equals what the logged actions advanced it to.
"""

from __future__ import annotations

from typing import Any

from apps.core.events import surface_allowed
from apps.core.worlds import World, world_problems
from tasks.verifier.checks import Check

GateResult = Check  # a gate's result is a check whose failure makes the verdict `invalid`


def world_integrity(world: World) -> GateResult:
    problems = world_problems(world)
    return GateResult("world_integrity", not problems, "; ".join(problems[:5]))


def journal_attributed(journal: list, events_by_seq: dict[int, Any], surfaces: list[str]) -> GateResult:
    bad = []
    for entry in journal:
        event = events_by_seq.get(entry.action_id) if entry.action_id is not None else None
        if event is None:
            bad.append(f"{entry.table} {entry.op} #{entry.seq} was written outside any logged action")
        elif event.kind != "action" or event.outcome != "ok":
            bad.append(
                f"{entry.table} #{entry.seq} belongs to event {event.seq}, which is not a successful action"
            )
        elif not surface_allowed(event.surface, surfaces):
            bad.append(
                f"{entry.table} #{entry.seq} came from surface {event.surface!r}, not allowed by the task"
            )
    return GateResult("journal_attributed", not bad, "; ".join(bad[:5]))


def no_forbidden_calls(events: list, apps: list[str]) -> GateResult:
    bad = [
        f"event {e.seq}: {e.name}" + (f" ({e.detail.get('reason')})" if e.detail else "")
        for e in events
        if e.kind == "forbidden" or (e.kind == "action" and e.app is not None and e.app not in apps)
    ]
    return GateResult("no_forbidden_calls", not bad, "; ".join(bad[:5]))


def clock_intact(events: list, last_tick: int, clock: int) -> GateResult:
    """`events`: the calls of the log (actions and forbidden calls), `last_tick`: the log's last tick."""
    ticks = [e.tick for e in events]
    if any(b < a for a, b in zip(ticks, ticks[1:], strict=False)):
        return GateResult("clock_intact", False, "logged ticks go backwards")
    expected = last_tick
    if clock != expected:
        return GateResult(
            "clock_intact", False, f"clock is at {clock}s but the logged actions moved it to {expected}s"
        )
    return GateResult("clock_intact", True)
