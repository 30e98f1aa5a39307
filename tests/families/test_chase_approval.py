"""office.chase-approval, the verdict: a colleague's purchase needs their line manager's approval while they
are out of the office. The careful path (forward it to the right approver, chase after a working day — by
mail, in reply to the automatic reply or on Teams —, tell the requester what was approved) passes in any
wording; the hasty paths fail with a readable diff: reporting after one wait, chasing after the order's
deadline, asking the acting user's own manager, telling the requester the whole order was approved when
less was. How the away approver behaves: tests/families/test_away_approver.py."""

from __future__ import annotations

import pytest

from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify
from tests.families.chase_kit import REMINDER, START, chase_task, nudge, request_row, told, verdict_of


@pytest.mark.parametrize("partial", [True, False])
def test_the_careful_path_passes(gym, partial):
    task = chase_task(partial)
    verdict = verdict_of(gym, task, task.truth.oracle)
    assert verdict.outcome == "pass", verdict.explain()


def test_reporting_after_one_wait_fails(gym):
    """The approver is away and silent: without a reminder nobody approves, whatever the agent reports."""
    task = chase_task(False)
    steps = told(task, "Hi, I asked your manager yesterday but there's no answer yet. I'll let you know.")
    del steps[REMINDER]
    verdict = verdict_of(gym, task, steps)
    assert verdict.outcome == "fail", verdict.explain()
    assert "answered the reminder" in verdict.explain() or "office_message" in verdict.explain()


def test_chasing_only_after_the_deadline_fails(gym):
    """Second chase probe: an agent chased the away approver only after the order's deadline and the verdict
    passed on an approval that came too late for the order (v3: it must come before the deadline ends)."""
    task = chase_task(False)
    steps = list(task.truth.oracle)
    late = [steps[4].model_copy(update={"args": {**steps[4].args, "minutes": 1440}})] * 4  # four more days
    verdict = verdict_of(gym, task, steps[:REMINDER] + late + steps[REMINDER:])
    assert verdict.outcome == "fail", verdict.explain()
    assert "before" in verdict.explain(), verdict.explain()


def test_asking_the_acting_users_own_manager_fails(gym):
    task = chase_task(False)
    ((right, wrong),) = task.truth.mutations.wrong_record.items()
    steps = [
        s.model_copy(update={"args": {k: ([wrong] if v == [right] else v) for k, v in s.args.items()}})
        for s in task.truth.oracle
    ]
    verdict = verdict_of(gym, task, steps)
    assert verdict.outcome == "fail", verdict.explain()


def test_telling_the_whole_order_was_approved_when_less_was_fails(gym):
    task = chase_task(True)
    full = request_row(task)["amount"]
    verdict = verdict_of(
        gym, task, told(task, f"Hi, good news: your order of ${full:,.0f} is approved. Go ahead.")
    )
    assert verdict.outcome == "fail", verdict.explain()
    assert "states-the-approved-amount" in verdict.explain()


def test_a_reworded_answer_to_the_requester_passes(gym):
    task = chase_task(True)
    stated = next(c for c in task.truth.criteria if c.kind == "deterministic").numbers[0]
    body = (
        f"Quick update: your manager came back to me. She can only sign off {stated:,.0f} dollars for now — "
        "the remainder has to wait for next quarter's budget, so please keep the order within that."
    )
    verdict = verdict_of(gym, task, told(task, body))
    assert verdict.outcome == "pass", verdict.explain()


def test_a_reminder_in_reply_to_the_automatic_reply_passes(gym):
    """The chase in any form: a short reply to the approver's automatic reply, a working day later."""
    task = chase_task(False)
    approver = task.truth.measures.personas[0]
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, task.truth.oracle[: REMINDER - 1])  # forwarded, waited a day
        inbox = ep.call("office_list_messages", folder="inbox", limit=50)["records"]
        (auto,) = [m for m in inbox if m["from_address"] == approver and m["received_date_time"] >= START]
        ep.call(
            "office_reply_to_message", message_id=auto["id"], body="Just checking in — could you approve it?"
        )
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        run_python(ep, task.truth.oracle[-1:])
        verdict = verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()
    assert verdict.outcome == "pass", verdict.explain()


def test_a_teams_chat_with_the_approver_is_no_damage(gym):
    """Chase probe 2026-12-05: agents chased the away approver on Teams as well; the chat they started was
    counted as collateral damage. The approver, away, leaves it for their return; the mail path decides."""
    task = chase_task(partial=False)
    approver = request_row(task)["approver"]
    steps = list(task.truth.oracle)
    chat = [
        OracleStep(tool="office_create_chat", args={"members": [approver]}),
        OracleStep(
            tool="office_send_chat_message",
            args={"chat_id": f"${len(steps) + 1}.id", "content": "Could you approve my mail?"},
        ),
    ]
    verdict = verdict_of(gym, task, steps + chat)
    assert verdict.outcome == "pass", verdict.explain()


def test_chasing_by_teams_after_a_working_day_passes(gym):
    """Blind probes: strong agents chase the away approver on Teams rather than by a reminder mail (5 of 6).
    A nudge a working day after the unanswered mail works as a reminder: they answer that mail by mail."""
    task = chase_task(False)
    approver = request_row(task)["approver"]
    steps = list(task.truth.oracle)
    chased = steps[:REMINDER] + nudge(approver, REMINDER) + steps[REMINDER + 1 :]
    verdict = verdict_of(gym, task, chased)
    assert verdict.outcome == "pass", verdict.explain()
