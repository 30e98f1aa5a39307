"""Families whose deliverable is prose are read by rubric criteria: any wording that states the facts passes
the deterministic criteria, a wrong fact or another person fails, and the judged criterion is void without a
judge and decided (and recorded) by a calibrated one — in the verdict and in the harness API's response."""

from __future__ import annotations

import httpx
import pytest

from apps.core.api import Gym
from tasks.families.instances import build_task
from tasks.families.registry import get_family
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify
from tests.rubric.conftest import make_judge

FAMILY = "xapp.incident-status-mail"


@pytest.fixture(scope="module")
def task():
    return build_task("acme", get_family(FAMILY), 0)


def _facts(task) -> tuple[str, str, str, str]:
    mail = next(s for s in task.truth.oracle if s.tool == "office_send_mail")
    crit = next(c for c in task.truth.criteria if c.kind == "deterministic")
    return mail.args["to"][0], mail.args["subject"], crit.phrases[0], crit.names[0]


def _run(gym: Gym, task, body: str | None = None):
    ep = gym.create_episode("acme", apps=task.public.apps)
    steps = list(task.truth.oracle)
    if body is not None:
        to, subject, _, _ = _facts(task)
        steps[-1] = steps[-1].model_copy(update={"args": {"to": [to], "subject": subject, "body": body}})
    run_python(ep, steps)
    return ep


def test_any_wording_of_the_facts_passes_and_a_wrong_fact_fails(gym, task):
    _, _, state, assignee = _facts(task)
    first, last = assignee.split()[0], assignee.split()[-1]
    other = "Jamie Collins" if assignee != "Jamie Collins" else "Amber Miller"
    cases = [
        (
            f"Hello! Quick update: {last}, {first} is handling your ticket; it's currently {state.lower()}.",
            "pass",
        ),
        (f"Hello! {other} is handling your ticket; it's currently {state.lower()}.", "fail"),
    ]
    for body, outcome in cases:
        ep = _run(gym, task, body)
        try:
            verdict = verify(ep, task, judge=ASSUME_MET)
            assert verdict.outcome == outcome, verdict.explain()
        finally:
            ep.close()


def test_the_oracle_is_void_without_a_judge_and_passes_with_a_calibrated_one(gym, task, tmp_path):
    from tests.support.scripted_model import ScriptedModel

    ep = _run(gym, task)
    try:
        verdict = verify(ep, task, judge=None)
        assert verdict.outcome == "void" and verdict.reason_codes == ["judge_unavailable"]
        with ScriptedModel(default={"met": True, "evidence": "assigned to"}) as server:
            verdict = verify(ep, task, judge=make_judge(server, tmp_path))
            assert verdict.outcome == "pass", verdict.explain()
            assert [c["id"] for c in verdict.criteria] == ["state-and-assignee", "answers-the-caller"]
            assert len(server.requests) == 1
    finally:
        ep.close()


def test_the_harness_api_returns_the_criteria_and_the_judgments(live_server, task, tmp_path, monkeypatch):
    from tests.support.scripted_model import ScriptedModel

    with ScriptedModel(default={"met": True, "evidence": "assigned to"}) as server:
        judge = make_judge(server, tmp_path)  # writes its calibration where the environment points
        monkeypatch.setenv("SAASGYM_JUDGE_URL", server.url)
        monkeypatch.setenv("SAASGYM_JUDGE_MODEL", "scripted-judge")
        monkeypatch.setenv("SAASGYM_JUDGE_CALIBRATIONS", str(judge.calibrations.folder))
        with httpx.Client(
            base_url=live_server.base, headers={"Authorization": "Bearer test-harness-key"}
        ) as api:
            made = api.post("/v1/episodes", json={"world": "acme", "task": task.id}, timeout=120).json()
            episode = live_server.gym.episode(made["episode_id"])
            run_python(episode, task.truth.oracle)
            body = api.post(f"/v1/episodes/{made['episode_id']}/verify", timeout=120).json()
            again = api.post(f"/v1/episodes/{made['episode_id']}/verify", timeout=120).json()
            api.delete(f"/v1/episodes/{made['episode_id']}")
        assert body["outcome"] == "pass", body
        assert [c["met"] for c in body["criteria"]] == [True, True]
        assert body["judgments"][0]["judge"] == "scripted-judge@prompts-v1"
        assert again["criteria"] == body["criteria"] and len(server.requests) == 1
