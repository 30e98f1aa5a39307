"""Checkpoints report partial progress next to the outcome bit and never change it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from apps.core.api import Gym
from apps.core.worlds import load_world
from tasks.model import Task
from tasks.oracle import resolve_args
from tasks.store import tasks_of
from tasks.truth_model import Checkpoint, TaskTruth
from tasks.verifier import verify

TASK = "crm-jones-switch-followup"
OPP = "0065g0000000017AAA"


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _with_checkpoints(points: list[dict]) -> Task:
    task = tasks_of(load_world("acme"))[TASK]
    truth = task.truth.model_copy(update={"checkpoints": [Checkpoint.model_validate(p) for p in points]})
    return Task(public=task.public, truth=truth)


POINTS = [
    {
        "name": "looked at the deal",
        "called": {"tool": "crm_get_opportunity", "args": {"opportunity_id": {"equals": OPP}}},
    },
    {
        "name": "call logged",
        "expect": [{"table": "crm_task", "op": "insert", "fields": {"task_subtype": {"equals": "Call"}}}],
    },
    {
        "name": "stage moved",
        "called": {
            "tool": "crm_update_opportunity",
            "args": {"stage_name": {"equals": "Perception Analysis"}},
        },
        "expect": [
            {
                "table": "crm_opportunity",
                "op": "update",
                "pk": OPP,
                "fields": {"stage_name": {"equals": "Perception Analysis"}},
            }
        ],
    },
]


def _run(gym, task: Task, steps) -> dict:
    ep = gym.create_episode("acme", apps=["crm"])
    try:
        results = []
        for step in steps:
            results.append(ep.call(step.tool, **resolve_args(step.args, results)))
        return verify(ep, task).as_dict()
    finally:
        ep.close()


def test_partial_progress_is_reported_without_weight(gym):
    task = _with_checkpoints(POINTS)
    oracle = list(task.truth.oracle)
    partial = _run(gym, task, oracle[:1])  # only the call is logged
    assert partial["outcome"] == "fail"
    assert partial["progress"] == {"met": 1, "of": 3}
    met = {c["name"]: c["ok"] for c in partial["checkpoints"]}
    assert met == {"looked at the deal": False, "call logged": True, "stage moved": False}
    detail = {c["name"]: c["detail"] for c in partial["checkpoints"]}
    assert "no successful crm_get_opportunity call" in detail["looked at the deal"]
    assert "no successful crm_update_opportunity call" in detail["stage moved"]


def test_an_unmet_checkpoint_never_fails_a_passing_run(gym):
    task = _with_checkpoints(POINTS)
    full = _run(gym, task, list(task.truth.oracle))
    assert full["outcome"] == "pass" and full["reward"] == 1
    assert full["progress"] == {"met": 2, "of": 3}  # the oracle never reads the deal first
    assert "checkpoint not met looked at the deal" in verify_text(gym, task)


def verify_text(gym, task: Task) -> str:
    ep = gym.create_episode("acme", apps=["crm"])
    try:
        return verify(ep, task).explain()
    finally:
        ep.close()


def test_a_read_counts_as_progress_and_a_failed_call_does_not(gym):
    task = _with_checkpoints(POINTS)
    ep = gym.create_episode("acme", apps=["crm"])
    try:
        ep.invoke("crm", "update_opportunity", {"opportunity_id": OPP, "stage_name": "No Such Stage"})
        ep.call("crm_get_opportunity", opportunity_id=OPP)
        report = verify(ep, task).as_dict()
    finally:
        ep.close()
    met = {c["name"]: c["ok"] for c in report["checkpoints"]}
    assert met["looked at the deal"] is True and met["stage moved"] is False


def test_tasks_without_checkpoints_report_no_progress(gym):
    task = tasks_of(load_world("acme"))[TASK]
    assert _run(gym, task, [])["progress"] is None


def test_checkpoints_are_checked_when_a_task_is_loaded():
    with pytest.raises(ValidationError, match="needs `expect` or `called`"):
        Checkpoint.model_validate({"name": "nothing"})
    truth = tasks_of(load_world("acme"))[TASK].truth.model_dump(exclude_unset=True)
    with pytest.raises(ValidationError, match="unique"):
        TaskTruth.model_validate({**truth, "checkpoints": [POINTS[0], POINTS[0]]})
