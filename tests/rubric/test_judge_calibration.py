"""Judge calibration against scripted judges: a judge that reads right is admitted per criterion type and then
scores; one that says "met" to everything, or that misses one kind of planted defect, is refused and a
verdict needing it is void with the reason named. The CLI runs as a subprocess against a scripted endpoint."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest

from apps.core.worlds import load_world
from tasks.rubric.calibrate import THRESHOLDS, calibrate, cohen_kappa
from tasks.rubric.labelled import ADVERSARIAL, labelled_set
from tasks.verifier import verify
from tests.rubric.conftest import ANSWERS, GOOD, make_judge, reply_task, send
from tests.support.scripted_model import Rule, ScriptedModel, user_text

PER_TYPE = 5


@pytest.fixture(scope="module")
def items():
    return labelled_set(load_world("acme"), PER_TYPE)


def label_judge(items, wrong_on: str | None = None) -> ScriptedModel:
    """Answers each labelled item with its label (except the defects made by `wrong_on`, passed as met)."""
    by_text = {(i.holds, i.text): i for i in items}

    def answer(body):
        user = user_text(body)
        item = next(i for (holds, text), i in by_text.items() if holds in user and text in user)
        return {"met": item.met or item.made_by == wrong_on, "evidence": ""}

    return ScriptedModel([Rule(lambda body: True, answer)])


def test_cohen_kappa():
    assert cohen_kappa([(True, True), (False, False)] * 5) == 1.0
    assert cohen_kappa([(True, True), (False, True)] * 5) == 0.0  # always "met": no agreement beyond chance
    assert (
        round(cohen_kappa([(True, True)] * 4 + [(False, False)] * 4 + [(True, False), (False, True)]), 2)
        == 0.6
    )


def test_the_labelled_set_is_built_from_the_world_with_every_planted_defect(items):
    assert labelled_set(load_world("acme"), PER_TYPE) == items  # deterministic
    kinds = Counter(i.type for i in items)
    assert set(kinds) == {"states_fact", "names_person", "cites_policy", "covers_items", "answers_request"}
    for kind in kinds:
        assert sum(i.met for i in items if i.type == kind) >= THRESHOLDS.min_positives
    assert {i.made_by for i in items if not i.met} == set(ADVERSARIAL)
    assert all(i.made_by == "paraphrase" for i in items if i.met)


def test_a_judge_that_reads_right_is_admitted_and_then_scores(items, tmp_path, episode):
    with label_judge(items) as server:
        judge = make_judge(server, tmp_path, admitted=None)
        report = calibrate(judge, load_world("acme"), PER_TYPE)
        assert report["admitted_types"] == sorted(report["types"])
        assert all(t["kappa"] == 1.0 and t["tnr"] == 1.0 for t in report["types"].values())
        assert len(server.requests) == len(items)
        calibrate(judge, load_world("acme"), PER_TYPE)  # a re-run reads its recorded answers
        assert len(server.requests) == len(items)
        assert judge.calibrations.load(judge.id)["judge"] == "scripted-judge@prompts-v1"
        server.rules.insert(0, Rule(GOOD, {"met": True, "evidence": "$12,500.00"}))
        send(episode, GOOD)
        assert verify(episode, reply_task(ANSWERS), judge=judge).outcome == "pass"


def test_a_yes_judge_and_a_judge_blind_to_stuffing_are_refused(items, tmp_path, episode):
    with ScriptedModel(default={"met": True, "evidence": ""}) as yes:
        judge = make_judge(yes, tmp_path / "yes", admitted=None)
        report = calibrate(judge, load_world("acme"), PER_TYPE)
        assert report["admitted_types"] == []
        assert report["types"]["answers_request"]["tnr"] == 0.0
        assert "κ 0.00 < 0.80" in report["types"]["answers_request"]["failed"]
        send(episode, GOOD)
        verdict = verify(episode, reply_task(ANSWERS), judge=judge)
        assert verdict.outcome == "void" and verdict.reason_codes == ["judge_refused"]
        assert "below the thresholds on answers_request" in verdict.explain()
    with label_judge(items, wrong_on="keyword_stuffing") as blind:
        report = calibrate(make_judge(blind, tmp_path / "blind", admitted=None), load_world("acme"), PER_TYPE)
        fact = report["types"]["states_fact"]
        assert not fact["admitted"] and "TNR" in fact["failed"]
        assert fact["by_defect"]["keyword_stuffing"] == {"n": PER_TYPE, "caught": 0}


def test_the_cli_calibrates_the_configured_judge_and_refuses_without_one(items, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAASGYM_JUDGE")}
    env["PYTHONPATH"] = os.getcwd()
    cmd = [sys.executable, "-m", "mcp_gateway", "judge"]
    bare = subprocess.run([*cmd, "calibrate"], env=env, capture_output=True, text=True, timeout=120)
    assert bare.returncode == 1 and "no judge is configured" in bare.stderr
    with label_judge(items) as server:
        env |= {
            "SAASGYM_JUDGE_URL": server.url,
            "SAASGYM_JUDGE_MODEL": "scripted-judge",
            "SAASGYM_JUDGE_CALIBRATIONS": str(tmp_path),
        }
        done = subprocess.run(
            [*cmd, "calibrate", "--per-type", str(PER_TYPE)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        assert "answers_request" in done.stdout and "admitted" in done.stdout and "refused" not in done.stdout
        shown = subprocess.run([*cmd, "status"], env=env, capture_output=True, text=True, timeout=120)
        assert shown.returncode == 0 and "scripted-judge@prompts-v1" in shown.stdout
