"""Test helpers for composed frontier families (a morning, a day): the verdict of a run of some oracle steps
(the end state scored even when a hasty path breaks a later step), the checkpoints and criteria it left
unmet, and the oracle without one part's own work."""

from __future__ import annotations

import contextlib
from collections import Counter

from tasks.calibration import _episode, without_steps
from tasks.families.compose import Part
from tasks.oracle import StepFailed, run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify


def run_verdict(gym, task, steps: list[OracleStep]):
    """The verdict (judged criteria read as met) after running `steps` on a fresh episode of `task`.

    gym: the session's Gym · task: the composed instance · steps: the oracle steps to run, in order."""
    ep = _episode(gym, task)
    try:
        with contextlib.suppress(StepFailed):  # a hasty path may break a later step: the end state is scored
            run_python(ep, steps)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def unmet(verdict) -> list[str]:
    """The names of the checkpoints and criteria a verdict left unmet."""
    return [c.name for c in verdict.checkpoints if not c.ok] + [c.name for c in verdict.checks if not c.ok]


def undone(task, parts: list[Part], left: Part) -> list[OracleStep]:
    """`task`'s oracle without the steps only `left` needs (a wait shared with another part stays).

    task: the composed instance · parts: its parts (with their steps' places) · left: the part left undone."""
    owners = Counter(i for p in parts for i in set(p.steps))  # a wait is everybody's who waits
    return without_steps(list(task.truth.oracle), {i for i in left.steps if owners[i] == 1})


def done_unmet(names: list[str]) -> list[str]:
    """Which "<requester> (<family>): request done" checkpoints are among `names`."""
    return [n for n in names if n.endswith("request done")]
