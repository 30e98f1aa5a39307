"""Rubric criteria in verdicts: deterministic ones by extraction, judged ones by a scripted judge model that
is asked one criterion at a time with only the deliverable, recorded so a re-verification or a replay calls
nothing; no judge, an uncalibrated judge or a failing endpoint make the verdict void, never pass or fail."""

from __future__ import annotations

from tasks.rubric.evaluate import ASSUME_MET, seed_judgments
from tasks.verifier import verify
from tests.rubric.conftest import ANSWERS, APPROVER, GOOD, TOTAL, make_judge, reply_task, send


def test_deterministic_criteria_read_meaning_and_refuse_stuffing(episode):
    task = reply_task(TOTAL, APPROVER)
    send(episode, "Dana — renewal: 12.5k USD; approved by Graham, Laura.")
    verdict = verify(episode, task, judge=None)
    assert verdict.outcome == "pass", verdict.explain()
    assert [c["met"] for c in verdict.criteria] == [True, True]
    assert "criterion met  approver (deterministic, extraction)" in verdict.explain()


def test_a_wrong_number_or_every_candidate_fails_with_the_criterion_named(gym):
    for body, failed in [
        ("Your renewal is $12,600.00, approved by Laura Graham.", "total"),
        ("Your renewal is $12,500.00, approved by Laura Graham, Jamie Collins or Amber Miller.", "approver"),
    ]:
        ep = gym.create_episode("tiny", apps=["office"])
        try:
            send(ep, body)
            verdict = verify(ep, reply_task(TOTAL, APPROVER), judge=None)
            assert verdict.outcome == "fail" and "criterion_unmet" in verdict.reason_codes
            assert [c["id"] for c in verdict.criteria if not c["met"]] == [failed]
        finally:
            ep.close()


def test_a_judged_criterion_without_a_judge_voids_the_verdict(episode):
    send(episode, GOOD)
    verdict = verify(episode, reply_task(TOTAL, ANSWERS), judge=None)
    assert verdict.outcome == "void" and verdict.reward is None
    assert verdict.reason_codes == ["judge_unavailable"]
    assert "no judge is configured" in verdict.explain()
    assert verify(episode, reply_task(TOTAL, ANSWERS), judge=ASSUME_MET).outcome == "pass"


def test_a_failing_verdict_stays_fail_and_asks_no_judge(episode, judge_model, tmp_path):
    send(episode, "Your renewal is $99.00.")
    verdict = verify(episode, reply_task(TOTAL, ANSWERS), judge=make_judge(judge_model, tmp_path))
    assert verdict.outcome == "fail" and judge_model.requests == []
    assert verdict.criteria[1]["met"] is None and "not judged" in verdict.criteria[1]["detail"]


def test_an_uncalibrated_or_refused_judge_is_not_asked(episode, judge_model, tmp_path):
    send(episode, GOOD)
    uncalibrated = make_judge(judge_model, tmp_path / "none", admitted=None)
    verdict = verify(episode, reply_task(ANSWERS), judge=uncalibrated)
    assert verdict.outcome == "void" and verdict.reason_codes == ["judge_refused"]
    assert "has no calibration" in verdict.explain()
    refused = make_judge(judge_model, tmp_path / "other", admitted=("states_fact",))
    verdict = verify(episode, reply_task(ANSWERS), judge=refused)
    assert "was not calibrated on answers_request" in verdict.explain()
    assert judge_model.requests == []


def test_the_judge_sees_one_criterion_and_only_the_deliverable_and_is_recorded(gym, judge_model, tmp_path):
    task = reply_task(TOTAL, ANSWERS)
    judge = make_judge(judge_model, tmp_path)
    ep = gym.create_episode("tiny", apps=["office"])
    try:
        send(ep, GOOD)
        verdict = verify(ep, task, judge=judge)
        assert verdict.outcome == "pass", verdict.explain()
        [request] = judge_model.requests
        assert request["temperature"] == 0 and request["model"] == "scripted-judge"
        user = request["messages"][-1]["content"]
        assert GOOD in user and ANSWERS["holds"] in user
        assert task.public.prompt not in str(request["messages"])  # never the task's prompt or trajectory
        [judgment] = verdict.judgments
        assert judgment["criterion"] == "answers" and judgment["judge"] == "scripted-judge@prompts-v1"
        assert judgment["answer"]["met"] is True
        assert verdict.as_dict()["criteria"][1]["decided_by"] == "scripted-judge@prompts-v1"
        # re-verifying the same episode: the same verdict, no call (even with the endpoint gone)
        judge_model.stop()
        assert verify(ep, task, judge=judge).as_dict() == verdict.as_dict()
        assert verify(ep, task, judge=None).as_dict() == verdict.as_dict()
        assert len(judge_model.requests) == 1
        # a replay of the same work on a fresh episode, seeded with the verdict's judgments: no model at all
        fresh = gym.create_episode("tiny", apps=["office"])
        try:
            send(fresh, GOOD)
            seed_judgments(fresh, verdict.judgments)
            assert verify(fresh, task, judge=None).as_dict() == verdict.as_dict()
        finally:
            fresh.close()
    finally:
        ep.close()


def test_a_judge_that_finds_it_unmet_fails_the_verdict_with_its_evidence(episode, judge_model, tmp_path):
    judge_model.default = {"met": False, "evidence": "never says who approved"}
    send(episode, GOOD)
    verdict = verify(episode, reply_task(ANSWERS), judge=make_judge(judge_model, tmp_path))
    assert verdict.outcome == "fail" and verdict.reason_codes == ["criterion_unmet"]
    assert "never says who approved" in verdict.criteria[0]["detail"]


def test_an_endpoint_that_fails_voids_the_verdict(episode, judge_model, tmp_path):
    judge_model.fail(10, status=500)
    judge = make_judge(judge_model, tmp_path)
    judge.client.settings = type(judge.client.settings)(
        url=judge_model.url, model="scripted-judge", retries=0
    )
    send(episode, GOOD)
    verdict = verify(episode, reply_task(ANSWERS), judge=judge)
    assert verdict.outcome == "void" and verdict.reason_codes == ["judge_error"]
    assert "HTTP 500" in verdict.explain()
