"""Checkpoints: a task's named intermediate conditions, scored as diagnostics next to the outcome bit.

A long task either ends right or not (one bit); checkpoints say how far a run got — the approver was
asked, the incident was assigned, the draft exists — so a lab can read partial progress without it
ever weighing on the reward.
"""

from __future__ import annotations

from typing import Any

from apps.core.journal import NetChange
from tasks.truth_model import CallPattern, Checkpoint
from tasks.verifier.checks import Check
from tasks.verifier.expectations import Derive, check_expectations
from tasks.verifier.matching import describe, matches


def checkpoint_checks(
    checkpoints: list[Checkpoint],
    changes: dict[tuple[str, str], NetChange],
    events: list[Any],
    derive: Derive | None = None,
) -> list[Check]:
    """One check per checkpoint, met or not, with what is missing when it is not."""
    out = []
    for point in checkpoints:
        found = check_expectations(point.expect, changes, derive)[0]
        missing = [c.detail or c.name for c in found if not c.ok]
        if point.called is not None and not _was_called(point.called, events):
            missing.append(f"no successful {point.called.tool} call{_wanted(point.called)}")
        out.append(Check(point.name, not missing, "; ".join(missing)))
    return out


def _was_called(pattern: CallPattern, events: list[Any]) -> bool:
    for event in events:
        if event.kind != "action" or event.outcome != "ok":
            continue
        full = event.name if event.app is None else f"{event.app}_{event.name}"
        if full != pattern.tool:
            continue
        args = event.args or {}
        if all(name in args and matches(rule, args[name]) for name, rule in pattern.args.items()):
            return True
    return False


def _wanted(pattern: CallPattern) -> str:
    if not pattern.args:
        return ""
    return " with " + ", ".join(f"{k} {describe(r)}" for k, r in pattern.args.items())
