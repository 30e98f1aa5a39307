"""The verifier on real tasks: pass, fail with a readable diff, invalid on tampering, void when lost."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from apps.core.worlds import load_world
from tasks.model import Task
from tasks.oracle import run_python
from tasks.store import load_task
from tasks.verifier import verify

CLOSE_WON = "crm-close-won-villanueva"
QUESTION = "crm-qa-negotiation-total"
OFFICE_REPLY = "office-reply-vance-quote"


@pytest.fixture(scope="module")
def acme_gym():
    return Gym()


def _task(task_id: str):
    return load_task(load_world("acme"), task_id)


def _episode(gym, task):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    return ep


def test_oracle_passes_and_scoring_again_gives_the_same_verdict(acme_gym):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    run_python(ep, task.truth.oracle)
    first, second = verify(ep, task), verify(ep, task)
    assert first.outcome == "pass" and first.reward == 1 and first.reason_codes == []
    assert first.as_dict() == second.as_dict()
    assert {g.name for g in first.gates} == {
        "world_integrity",
        "journal_attributed",
        "no_forbidden_calls",
        "clock_intact",
    }
    statuses = {(d["table"], d["status"]) for d in first.diff}
    assert statuses == {("crm_opportunity", "expected"), ("crm_opportunity_history", "allowed")}


def test_do_nothing_fails(acme_gym):
    task = _task(CLOSE_WON)
    verdict = verify(_episode(acme_gym, task), task)
    assert verdict.outcome == "fail" and verdict.reward == 0 and "expectation_unmet" in verdict.reason_codes
    assert "the row was not changed" in verdict.explain()


def test_collateral_damage_fails_and_the_diff_names_it(acme_gym):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    run_python(ep, task.truth.oracle)
    victim = ep.call("crm_list_accounts", limit=1)["records"][0]
    ep.call("crm_update_account", account_id=victim["id"], phone="555-0000")
    verdict = verify(ep, task)
    assert verdict.outcome == "fail" and verdict.reason_codes == ["collateral_damage"]
    (row,) = [d for d in verdict.diff if d["status"] == "collateral"]
    assert (
        row["table"] == "crm_account"
        and row["pk"] == victim["id"]
        and row["fields"]["phone"][1] == "555-0000"
    )
    assert f"[collateral] update crm_account {victim['id']}" in verdict.explain()


def test_touching_a_record_without_changing_it_is_harmless(acme_gym):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    run_python(ep, task.truth.oracle)
    other = ep.call("crm_list_accounts", limit=1)["records"][0]
    ep.call("crm_update_account", account_id=other["id"], phone=other["phone"] or "")
    verdict = verify(ep, task)
    assert verdict.outcome == "pass", verdict.explain()


def test_reading_other_mail_is_harmless_but_flagging_it_is_damage(acme_gym):
    task = _task(OFFICE_REPLY)
    ep = _episode(acme_gym, task)
    run_python(ep, task.truth.oracle)
    unread = ep.call("office_list_messages", unread_only=True, limit=5)["records"]
    ep.call("office_update_message", message_id=unread[-1]["id"], is_read=True)  # opened in Outlook
    assert verify(ep, task).outcome == "pass", verify(ep, task).explain()
    ep.call("office_update_message", message_id=unread[-1]["id"], flag_status="flagged")
    verdict = verify(ep, task)
    assert verdict.outcome == "fail" and verdict.reason_codes == ["collateral_damage"]


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [("346850", "pass"), ("$346,850.00", "pass"), ("346851", "fail"), ("", "fail"), (None, "fail")],
)
def test_question_answers(acme_gym, answer, outcome):
    task = _task(QUESTION)
    ep = _episode(acme_gym, task)
    if answer is not None:
        assert ep.complete_task(answer).ok
    assert verify(ep, task).outcome == outcome


def test_writes_after_completion_are_refused(acme_gym):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    assert ep.complete_task().ok
    assert not ep.complete_task().ok  # only once
    late = ep.invoke(
        "crm", "update_opportunity", {"opportunity_id": "0065g00000000L5AAI", "stage_name": "Closed Won"}
    )
    assert not late.ok and "completed" in late.error
    assert ep.invoke("crm", "list_accounts", {"limit": 1}).ok  # reads still work
    assert verify(ep, task).outcome == "fail"


def test_an_episode_without_a_task_cannot_be_completed(acme_gym):
    ep = acme_gym.create_episode("tiny")
    assert "no task" in ep.complete_task("x").error


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(
            lambda ep: ep.db.execute_raw("UPDATE crm_account SET name = 'x' WHERE rowid = 1"), id="bypass"
        ),
        pytest.param(lambda ep: ep.db.execute_raw("UPDATE _episode SET tick = tick + 60"), id="clock"),
        pytest.param(lambda ep: ep.record_forbidden("harness_api", "planted"), id="forbidden"),
    ],
)
def test_integrity_gates_void_the_verdict(acme_gym, tamper):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    run_python(ep, task.truth.oracle)
    tamper(ep)
    verdict = verify(ep, task)
    assert verdict.outcome == "invalid" and verdict.reward is None
    assert any(code.startswith("gate:") for code in verdict.reason_codes)


def test_a_modified_truth_file_voids_the_verdict(acme_gym, tmp_path, monkeypatch):
    import shutil

    from apps.core.worlds import worlds_root

    copy = tmp_path / "acme"
    shutil.copytree(worlds_root() / "acme", copy)
    world = load_world(copy)
    task = load_task(world, CLOSE_WON)
    ep = acme_gym.create_episode(world, apps=["crm"])
    ep.task = task.public
    run_python(ep, task.truth.oracle)
    truth = copy / "tasks" / "private" / f"{CLOSE_WON}.json"
    truth.write_text(truth.read_text().replace("Closed Won", "Closed Lost"))
    verdict = verify(ep, task)
    assert verdict.outcome == "invalid" and "gate:world_integrity" in verdict.reason_codes


def test_a_closed_episode_is_void_not_zero(acme_gym):
    task = _task(CLOSE_WON)
    ep = _episode(acme_gym, task)
    ep.close()
    verdict = verify(ep, task)
    assert verdict.outcome == "void" and verdict.reward is None


def test_a_write_from_a_surface_the_task_does_not_allow_voids_the_verdict(acme_gym):
    allowed = _task(QUESTION)
    public = allowed.public.model_copy(
        update={"surfaces": ["mcp", "cli", "python"], "no_ui_reason": "this test's task leaves the UI out"}
    )
    task = Task(public=public, truth=allowed.truth)  # allows mcp, cli and python, not the UI
    ep = _episode(acme_gym, task)
    changed = ep.invoke(
        "crm", "update_account", {"account_id": "0015g0000000001AAA", "phone": "555-0199"}, surface="ui"
    )
    assert changed.ok
    ep.complete_task("346850")
    verdict = verify(ep, task)
    assert verdict.outcome == "invalid" and "gate:journal_attributed" in verdict.reason_codes
