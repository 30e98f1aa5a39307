"""A UI form whose one submit maps to several service actions, run as one unit: when one is refused
the episode goes back to where it was before the first (nothing changed) and every call stays in the
event log (ServiceNow's "Invalid update"; a OneDrive share with several people)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Request

from apps.core.runtime import Outcome
from apps.core.tool_runner import run_for
from apps.core.ui_kit import UiKit


@dataclass(frozen=True)
class Step:
    """One action of a submit."""

    action: str
    args: dict[str, Any]


async def run_steps(
    kit: UiKit,
    request: Request,
    steps: list[Step],
    trace: list[dict[str, Any]],
    done: list[Outcome] | None = None,
) -> Outcome | None:
    """Run `steps` in order under the episode's lock; None when all succeed, else the first refusal.
    `done`, when given, receives each step's outcome as it succeeds (a checkout reads what it created).

    A form save is atomic, as in ServiceNow, where a business rule that aborts aborts the whole update
    ("Invalid update"): on a refusal the episode goes back to its state before the first step. Every
    call made stays in the event log exactly as it was made (the same name, arguments, order and
    ticks as over MCP): the refused one with its error, the earlier ones marked rolled_back."""
    episode = kit.episode(request)
    app = kit.spec.name

    def work() -> Outcome | None:
        with episode.lock:
            snapshot = episode.snapshot() if len(steps) > 1 else None
            after, cause = 0, None  # the last seq logged before the first step; the step that caused them
            for i, step in enumerate(steps):
                outcome = episode.invoke(
                    app,
                    step.action,
                    step.args,
                    surface="ui",
                    browser_events=trace if i == 0 else (),
                    caused_by=cause,
                )
                cause = outcome.cause_seq
                if outcome.ok and done is not None:
                    done.append(outcome)
                if i == 0:
                    after = outcome.seq - len(trace) - 1
                if not outcome.ok:
                    if i > 0 and snapshot is not None:
                        reason = f"Invalid update: not saved because {step.action} was refused"
                        episode.undo_since(snapshot, after, reason)
                    return outcome
            if not steps and trace:
                episode.record_browser_events(app, trace)
            return None

    return await run_for(episode, work)
