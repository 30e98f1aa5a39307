"""`tasks check`: format validation plus calibration of each task on each allowed surface."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from apps.core.api import Gym
from apps.core.naming import split_qualified
from apps.core.worlds import load_world
from mcp_gateway.taskcheck.rotation import slow_share, slower_surfaces_kept
from tasks.calibration import Calibration, mutants, score_steps
from tasks.model import Task
from tasks.store import TaskError, load_task, task_ids


def format_problems(gym: Gym, task: Task, canaries: dict[str, str]) -> list[str]:
    """What is wrong with a task's format (unknown apps or tools, shared canaries, missing parts)."""
    problems = []
    for app in task.public.apps:
        if app not in gym.apps:
            problems.append(f"unknown app {app}")
    for i, step in enumerate(task.truth.oracle, start=1):
        if step.tool == "complete_task":
            continue
        app, name = split_qualified(step.tool, [a for a in task.public.apps if a in gym.apps]) or (None, "")
        if app is None or name not in gym.apps[app].actions.actions:
            problems.append(f"oracle step {i}: {step.tool} is not a tool of the task's apps")
    # a family instance may ask for an answer its own variant does not need: the flag is the family's, so
    # that it does not tell a refusal from a change (tasks.families.public); a hand-written task's is exact
    needs = task.truth.answer is not None
    if needs and not task.public.answer_required:
        problems.append("answer_required must be true when the truth has an answer")
    if task.public.answer_required and not needs and task.public.family is None:
        problems.append("answer_required must be false when the truth has no answer")
    if not task.truth.expect and task.truth.answer is None:
        problems.append("a task needs expected changes or an expected answer")
    if "ui" in task.public.surfaces and not task.truth.ui_oracle:
        problems.append("the task allows the UI but has no ui_oracle")
    if "ui" not in task.public.surfaces and not task.public.no_ui_reason:
        problems.append("the task leaves out the UI without a no_ui_reason (say why a browser cannot do it)")
    if "ui" in task.public.surfaces and task.public.no_ui_reason:
        problems.append("no_ui_reason is set but the task allows the UI")
    other = canaries.setdefault(task.truth.canary, task.id)
    if other != task.id:
        problems.append(f"canary shared with {other}")
    return problems


class Checker:
    """Calibrates tasks one by one, starting the live server for MCP, CLI and UI runs on first need."""

    def __init__(self, gym: Gym | None = None):
        self.gym = gym or Gym()
        self.canaries: dict[str, str] = {}
        self.server = None

    def calibrate(self, task: Task, surfaces: list[str], row: Calibration | None = None) -> Calibration:
        """Validate `task` and calibrate it on the `surfaces` it allows (null run, mutants, hacks)."""
        row = row or Calibration(task.id)
        problems = format_problems(self.gym, task, self.canaries)
        if problems:
            row.results["oracle_python"] = "error: format"
            row.notes["format"] = "; ".join(problems)
            return row
        if "python" in task.public.surfaces and "python" in surfaces:
            row.results["oracle_python"] = score_steps(self.gym, task, list(task.truth.oracle))
        row.results.update(mutants(self.gym, task))
        live = [s for s in ("mcp", "cli", "ui") if s in surfaces and s in task.public.surfaces]
        if live and self.server is None:
            from mcp_gateway.live import start_live_server

            self.server = start_live_server(
                self.gym, state_dir=Path(tempfile.mkdtemp(prefix="saasgym-check-"))
            )
        for surface in live:
            from mcp_gateway.taskcheck.surfaces import oracle_outcome

            row.results[f"oracle_{surface}"] = oracle_outcome(self.server, task, surface)
        for key, value in row.results.items():
            if value.startswith("error"):
                row.notes[key] = value
        return row

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


def run_checks(
    worlds: list[str],
    only: list[str],
    surfaces: list[str],
    progress: Callable[[str, int], None] | None = None,
    share: int = 1,
) -> list[Calibration]:
    """Validate and calibrate the tasks of `worlds` (or only the ids in `only`).

    Args:
        worlds: the worlds whose hand-written tasks are calibrated.
        only: only these task ids (all of their surfaces, whatever `share`); empty: every task.
        surfaces: the surfaces to run each oracle on (each task's allowed ones of them).
        progress: called with ("", n) first (how many tasks), then (task id, 0) after each.
        share: the CLI and the browser on one task in `share` (rotating with the release); the python and
            MCP surfaces on every task.
    """
    checker = Checker()
    rows: list[Calibration] = []
    chosen = {name: [t for t in task_ids(load_world(name)) if not only or t in only] for name in worlds}
    if progress:
        progress("", sum(map(len, chosen.values())))
    try:
        for name in worlds:
            world = load_world(name)
            for tid in chosen[name]:
                row = Calibration(tid)
                rows.append(row)
                try:
                    task = load_task(world, tid)
                except TaskError as exc:
                    row.results["format"] = "error"
                    row.notes["format"] = str(exc)
                    continue
                slow = tid in slow_share(chosen[name], 1 if only else share)
                checker.calibrate(task, slower_surfaces_kept(surfaces, slow), row)
                if progress:
                    progress(tid, 0)
    finally:
        checker.close()
    return rows
