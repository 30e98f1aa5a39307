"""Helpers for the verdict-on-meaning tests: family instances, oracles with their free text rewritten,
and the verdict of a run."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from apps.core.api import Gym
from tasks.families.instances import instance, instance_ids, parse_id
from tasks.model import Task
from tasks.oracle import StepFailed, run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify
from tasks.verifier.verdict import Verdict


def instances(family: str, n: int = 60, world: str = "acme") -> Iterable[Task]:
    """The first `n` catalog instances of a family, built lazily."""
    for task_id in list(instance_ids(world, family=family))[:n]:
        yield instance(world, *parse_id(task_id))


def first(family: str, test: Callable[[Task], bool], n: int = 120) -> Task:
    """The first instance of `family` that `test` accepts."""
    return next(t for t in instances(family, n) if test(t))


def run(gym: Gym, task: Task, steps: list[OracleStep], after: Callable[[Any], None] | None = None) -> Verdict:
    """The verdict of `steps` (and `after(episode)`) in a fresh episode of the task; judged rubric criteria
    are assumed met (these tests are about expectations and extraction, the judge has its own calibration)."""
    ep = gym.create_episode(task.public.world, apps=task.public.apps)
    ep.task = task.public
    try:
        with contextlib.suppress(StepFailed):
            run_python(ep, steps)
        if after:
            after(ep)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def rewrite(steps: list[OracleStep], tool: str, field: str, texts: list[str] | Callable[[str], str]) -> list:
    """The steps with `field` of each `tool` call replaced: by the next of `texts`, or by `texts(old)`."""
    out, i = [], 0
    for s in steps:
        if s.tool == tool and field in s.args:
            new = texts(s.args[field]) if callable(texts) else texts[i]
            i += 1
            out.append(OracleStep(tool=s.tool, args={**s.args, field: new}))
        else:
            out.append(s)
    return out


def answered(steps: list[OracleStep], answer: str) -> list[OracleStep]:
    """The steps with the final answer replaced."""
    return rewrite(steps, "complete_task", "answer", [answer])
