"""office.chase-approval: a colleague's purchase needs their line manager's approval while they are out of
the office. The careful path (forward it to the right approver, chase after a working day, tell the requester
what was approved) passes in any wording; the hasty paths fail with a readable diff: reporting after one
wait, asking the acting user's own manager, telling the requester the whole order was approved when less
was. The away colleague's behaviour (`apps/office/coworkers/away.py`) is a world fact and leaves every other
family's colleagues as they were."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from tasks.families.instances import instance, instance_ids
from tasks.families.worldview import world_view
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify

FAMILY = "office.chase-approval"
REMINDER = 6  # the oracle's reminder step
TOLD = -1  # the oracle's mail to the requester


START = "2026-11-02T09:00"  # the world's now: what reaches the inbox in the episode comes after it


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _task(partial: bool):
    for seed in range(24):
        task = instance("acme", FAMILY, seed)
        if ("partial" in task.tags) == partial:
            return task
    raise AssertionError(f"no {'partial' if partial else 'full'} approval among the catalog's instances")


def _verdict(gym: Gym, task, steps):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, steps)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def _request(task) -> dict:
    """The world part's truth row of the task's request."""
    mid = task.truth.oracle[0].args["message_id"]
    return next(r for r in world_view("acme").file_rows("chase/requests.jsonl") if r["message_id"] == mid)


def _told(task, body: str):
    steps = list(task.truth.oracle)
    steps[TOLD] = steps[TOLD].model_copy(update={"args": {**steps[TOLD].args, "body": body}})
    return steps


@pytest.mark.parametrize("partial", [True, False])
def test_the_careful_path_passes(gym, partial):
    task = _task(partial)
    verdict = _verdict(gym, task, task.truth.oracle)
    assert verdict.outcome == "pass", verdict.explain()


def test_reporting_after_one_wait_fails(gym):
    """The approver is away and silent: without a reminder nobody approves, whatever the agent reports."""
    task = _task(False)
    steps = _told(task, "Hi, I asked your manager yesterday but there's no answer yet. I'll let you know.")
    del steps[REMINDER]
    verdict = _verdict(gym, task, steps)
    assert verdict.outcome == "fail", verdict.explain()
    assert "answered the reminder" in verdict.explain() or "office_message" in verdict.explain()


def test_chasing_only_after_the_deadline_fails(gym):
    """Second chase probe: an agent chased the away approver only after the order's deadline and the verdict
    passed on an approval that came too late for the order (v3: it must come before the deadline ends)."""
    task = _task(False)
    steps = list(task.truth.oracle)
    late = [steps[4].model_copy(update={"args": {**steps[4].args, "minutes": 1440}})] * 4  # four more days
    verdict = _verdict(gym, task, steps[:REMINDER] + late + steps[REMINDER:])
    assert verdict.outcome == "fail", verdict.explain()
    assert "before" in verdict.explain(), verdict.explain()


def test_a_reminder_the_same_day_gets_no_answer(gym):
    """A reminder an hour after the first mail is not a chase after a working day: still no answer."""
    task = _task(False)
    steps = list(task.truth.oracle)
    steps[4] = steps[4].model_copy(update={"args": {**steps[4].args, "minutes": 60}})
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, steps[:7])
        approver = task.truth.measures.personas[0]
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        inbox = ep.call("office_list_messages", folder="inbox", limit=50)
        heard = [
            m for m in inbox["records"] if m["from_address"] == approver and m["received_date_time"] >= START
        ]
        assert len(heard) == 1 and "out of the office" in heard[0]["body_preview"], heard  # automatic only
    finally:
        ep.close()


def test_asking_the_acting_users_own_manager_fails(gym):
    task = _task(False)
    ((right, wrong),) = task.truth.mutations.wrong_record.items()
    steps = [
        s.model_copy(update={"args": {k: ([wrong] if v == [right] else v) for k, v in s.args.items()}})
        for s in task.truth.oracle
    ]
    verdict = _verdict(gym, task, steps)
    assert verdict.outcome == "fail", verdict.explain()


def test_telling_the_whole_order_was_approved_when_less_was_fails(gym):
    task = _task(True)
    full = _request(task)["amount"]
    verdict = _verdict(
        gym, task, _told(task, f"Hi, good news: your order of ${full:,.0f} is approved. Go ahead.")
    )
    assert verdict.outcome == "fail", verdict.explain()
    assert "states-the-approved-amount" in verdict.explain()


def test_a_reworded_answer_to_the_requester_passes(gym):
    task = _task(True)
    stated = next(c for c in task.truth.criteria if c.kind == "deterministic").numbers[0]
    body = (
        f"Quick update: your manager came back to me. She can only sign off {stated:,.0f} dollars for now — "
        "the remainder has to wait for next quarter's budget, so please keep the order within that."
    )
    verdict = _verdict(gym, task, _told(task, body))
    assert verdict.outcome == "pass", verdict.explain()


@pytest.mark.parametrize(
    "family", ["xapp.customer-discount-request", "xapp.freeze-change-request", "office.handbook-approval"]
)
def test_no_other_familys_colleague_is_away(family):
    """Nobody the discount, freeze or approval families ask (their personas, the addresses their oracles
    mail) is away: their colleagues answer a first mail as before."""
    view = world_view("acme")
    ids = [r["user_id"] for r in view.file_rows("chase/office/automatic_reply.jsonl")]
    away = {view.value("SELECT mail FROM office_user WHERE id = ?", i) for i in ids}
    assert away
    for task_id in instance_ids(family=family):
        task = instance("acme", family, int(task_id.split("@")[1]))
        mailed = {a for s in task.truth.oracle for a in s.args.get("to", []) or []}
        assert not (set(task.truth.measures.personas) | mailed) & away, task_id


@pytest.mark.parametrize(
    "family", ["xapp.customer-discount-request", "xapp.freeze-change-request", "office.handbook-approval"]
)
def test_other_families_oracles_still_pass(gym, family):
    task_id = next(iter(instance_ids(family=family)))
    task = instance("acme", family, int(task_id.split("@")[1]))
    verdict = _verdict(gym, task, task.truth.oracle)
    assert verdict.outcome == "pass", verdict.explain()


def test_a_reminder_in_reply_to_the_automatic_reply_passes(gym):
    """The chase in any form: a short reply to the approver's automatic reply, a working day later."""
    task = _task(False)
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
    task = _task(partial=False)
    approver = _request(task)["approver"]
    steps = list(task.truth.oracle)
    chat = [
        OracleStep(tool="office_create_chat", args={"members": [approver]}),
        OracleStep(
            tool="office_send_chat_message",
            args={"chat_id": f"${len(steps) + 1}.id", "content": "Could you approve my mail?"},
        ),
    ]
    verdict = _verdict(gym, task, steps + chat)
    assert verdict.outcome == "pass", verdict.explain()


def test_the_away_approvers_free_busy_shows_them_out_of_the_office(gym):
    """Chase probe 2026-12-05 (second look): an approver's automatic reply said "out of the office until
    Friday" while their free/busy showed them free all week; their calendar now holds the all-day block
    Outlook makes beside an automatic reply, shown as out of office (availability 3) until they are back."""
    task = _task(partial=False)
    approver = _request(task)["approver"]
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        week = ep.call(
            "office_get_schedule",
            schedules=[approver],
            start="2026-11-02T00:00:00Z",
            end="2026-11-09T00:00:00Z",
            interval_minutes=1440,
        )["schedules"][0]
        reply = ep.db.execute_raw(
            "SELECT end_date_time FROM office_automatic_reply WHERE user_id = "
            "(SELECT id FROM office_user WHERE mail = ?)",
            (approver,),
        )[0][0]
        back = int(str(reply)[8:10]) - 2  # days from Nov 2 until they are back
        view = week["availability_view"]
        assert view[:back] == "3" * back and "3" not in view[back + 1 :], (view, reply)
    finally:
        ep.close()


def _heard_after_return(gym: Gym, task, steps) -> tuple[list[dict], str]:
    """What the approver sent the acting user once `steps` ran and a day after their return passed, and
    when their automatic reply ended."""
    approver = _request(task)["approver"]
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, steps)
        back = str(
            ep.db.execute_raw(
                "SELECT end_date_time FROM office_automatic_reply WHERE user_id = "
                "(SELECT id FROM office_user WHERE mail = ?)",
                (approver,),
            )[0][0]
        )
        for _ in range(6):  # a working week and more: past their return
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        inbox = ep.call("office_list_messages", folder="inbox", limit=100)["records"]
        heard = [m for m in inbox if m["from_address"] == approver and m["received_date_time"] >= START]
        return sorted(heard, key=lambda m: m["received_date_time"]), back
    finally:
        ep.close()


def test_the_away_approver_answers_the_first_mail_on_return(gym):
    """Fourth review: an away colleague answered a reminder but never, once back, the mail that waited for
    them. On their return they answer it — too late for the order, so the chase still decides the task."""
    task = _task(False)
    heard, back = _heard_after_return(gym, task, task.truth.oracle[:REMINDER])  # forwarded, no reminder
    assert len(heard) == 2, heard  # the automatic reply, then the answer on return
    assert "out of the office" in heard[0]["body_preview"], heard
    assert heard[1]["received_date_time"][:16] >= back.replace(" ", "T")[:16], (heard, back)
    assert "out of the office" not in heard[1]["body_preview"], heard


def test_an_answered_reminder_is_not_answered_again_on_return(gym):
    """Once the reminder got its answer, the first mail gets no second one when the approver is back."""
    task = _task(False)
    heard, _ = _heard_after_return(gym, task, task.truth.oracle[: REMINDER + 2])  # chased and answered
    assert len(heard) == 2, heard  # the automatic reply and the answer to the reminder, nothing more


def _nudge(approver: str, before: int) -> list[OracleStep]:
    """A 1:1 Teams chat to the approver asking about the mail, as steps following `before` others."""
    return [
        OracleStep(tool="office_create_chat", args={"members": [approver]}),
        OracleStep(
            tool="office_send_chat_message",
            args={
                "chat_id": f"${before + 1}.id",
                "content": "Hi, could you have a look at the order I mailed?",
            },
        ),
    ]


def test_chasing_by_teams_after_a_working_day_passes(gym):
    """Blind probes: strong agents chase the away approver on Teams rather than by a reminder mail (5 of 6).
    A nudge a working day after the unanswered mail works as a reminder: they answer that mail by mail."""
    task = _task(False)
    approver = _request(task)["approver"]
    steps = list(task.truth.oracle)
    chased = steps[:REMINDER] + _nudge(approver, REMINDER) + steps[REMINDER + 1 :]
    verdict = _verdict(gym, task, chased)
    assert verdict.outcome == "pass", verdict.explain()


def test_a_teams_nudge_the_same_day_is_read_a_working_day_after_the_mail(gym):
    """Fifth probe: a nudge hours after the first mail is no chase yet — no answer that day — but the chat
    stays in the approver's Teams: once a working day has passed since the mail they answer the mail (before
    their return), once; a second nudge gets no second answer."""
    task = _task(False)
    approver = _request(task)["approver"]

    def heard(ep) -> list[dict]:
        inbox = ep.call("office_list_messages", folder="inbox", limit=50)["records"]
        mine = [m for m in inbox if m["from_address"] == approver and m["received_date_time"] >= START]
        return sorted(mine, key=lambda m: m["received_date_time"])

    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, task.truth.oracle[:4])  # the request read, the approver found, the mail forwarded
        ep.call("office_wait_for_replies", minutes=60, stop_at_first_reply=False)
        chat = ep.call("office_create_chat", members=[approver])
        nudge = "Hi, could you have a look at the order I mailed?"
        ep.call("office_send_chat_message", chat_id=chat["id"], content=nudge)
        ep.call("office_wait_for_replies", minutes=600, stop_at_first_reply=False)  # the same day
        first = heard(ep)
        assert len(first) == 1 and "out of the office" in first[0]["body_preview"], first  # automatic only
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)  # a working day on
        later = heard(ep)
        assert len(later) == 2 and "out of the office" not in later[1]["body_preview"], later
        ep.call("office_send_chat_message", chat_id=chat["id"], content=nudge)
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        assert len(heard(ep)) == 2, heard(ep)
    finally:
        ep.close()


def test_a_teams_nudge_answered_is_not_answered_again_on_return(gym):
    """The nudge's answer replaces the one the approver would send on their return: it comes once, early."""
    task = _task(False)
    approver = _request(task)["approver"]
    steps = task.truth.oracle[:REMINDER] + _nudge(approver, REMINDER)
    heard, back = _heard_after_return(gym, task, steps)
    assert len(heard) == 2, heard  # the automatic reply and the answer to the nudge, nothing more
    assert "out of the office" not in heard[1]["body_preview"], heard
    assert heard[1]["received_date_time"][:16] < back.replace(" ", "T")[:16], (heard, back)


def test_the_approval_colleagues_answer_the_chase_probes_notes_as_their_roles_make_them(gym):
    """s10 chase probe: the managers' manager, sent the requester's mail, named the forwarding writer's line
    manager; the requester, told of his own order, got a rejection or the policy's table; the approver, asked
    again after her partial approval, approved the full amount. Now: the requester's line manager is named,
    news of one's own order asks nothing, and a decision given stands (restated)."""
    task = _task(partial=True)
    req = _request(task)
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, task.truth.oracle[:9])  # forwarded, chased: the approver decided (partly)

        def answer(to: str, send) -> str | None:  # noqa: ANN001
            before = {m["id"] for m in ep.call("office_list_messages", folder="inbox", limit=100)["records"]}
            send()
            for _ in range(4):
                ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
            got = [
                m
                for m in ep.call("office_list_messages", folder="inbox", limit=100)["records"]
                if m["id"] not in before and m["from_address"] == to
            ]
            body = got and ep.call("office_get_message", message_id=got[-1]["id"])["body_content"]
            return body.split("______")[0] if body else None

        full, part = f"${req['amount']:,.0f}", f"${req['approved']:,.0f}"
        who = req["sender_name"]
        again = answer(
            req["approver"],
            lambda: ep.call(
                "office_send_mail",
                to=[req["approver"]],
                subject=f"{who} - purchase",
                body=f"I'd like your approval for {who}'s {full} purchase under the Purchasing Policy.",
            ),
        )
        assert again and part in again and f"Approved: {full}" not in again, again
        told = answer(
            req["sender"],
            lambda: ep.call(
                "office_reply_to_message",
                message_id=req["message_id"],
                body=f"Hi, your order was approved only up to {part}, not the full {full}. Please keep "
                f"it within {part}.",
            ),
        )
        assert told is None or not any(
            w in told for w in ("Rejected", "Approved:", "Per the", "line manager")
        ), told
        above = world_view("acme").value(
            "SELECT m.mail FROM office_user u JOIN office_user m ON m.id = u.manager_id WHERE u.mail = ?",
            req["approver"],
        )
        sent_up = answer(
            above,
            lambda: ep.call(
                "office_forward_message",
                message_id=req["message_id"],
                to=[above],
                comment=f"Hi, {req['approver_name']} is out of the office. As her manager, could you approve "
                f"the {full} purchase below under the Purchasing Policy (HB-12)?",
            ),
        )
    finally:
        ep.close()
    assert sent_up and req["approver_name"] in sent_up and "Jasmine Cole" not in sent_up, sent_up


def test_a_reminder_by_mail_and_by_teams_gets_one_answer(gym):
    """s11 week probe: the approver chased on Teams and by a reminder mail the same hour sent the same
    approval twice, word for word. Their decision comes once."""
    task = _task(False)
    approver = _request(task)["approver"]
    steps = (
        task.truth.oracle[:REMINDER] + _nudge(approver, REMINDER) + task.truth.oracle[REMINDER : REMINDER + 1]
    )
    heard, _ = _heard_after_return(gym, task, steps)
    answers = [m for m in heard if "out of the office" not in m["body_preview"]]
    assert len(answers) == 1, heard
