"""Test helpers over real episodes of the acme world: the first family instance that fits, and the verdict of
an oracle run (judged criteria assumed met unless a judge is given)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from apps.core.api import Gym
from tasks.families.instances import instance
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify


def first_instance(family: str, want: Callable[[Any], bool], seeds: int = 200) -> Any:
    """The first instance of `family` in acme whose task `want` accepts.

    family: the family's name · want: a predicate on the built task · seeds: how many seeds (0 …) to try.
    """
    for seed in range(seeds):
        task = instance("acme", family, seed)
        if want(task):
            return task
    pytest.fail(f"no instance of {family} fits in {seeds} seeds")


def verdict(
    gym: Gym,
    task: Any,
    steps: list | None = None,
    then: Callable[[Any], None] | None = None,
    judge: Any = ASSUME_MET,
) -> Any:
    """The verifier's verdict after `steps` (default: the task's oracle) and `then(episode)` run in a fresh
    episode.

    gym: the Gym episodes come from · task: the task · steps: the oracle steps to run · then: more work done
    on the episode after the steps · judge: the rubric judge (default: judged criteria assumed met).
    """
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, task.truth.oracle if steps is None else steps)
        if then is not None:
            then(ep)
        return verify(ep, task, judge=judge)
    finally:
        ep.close()
