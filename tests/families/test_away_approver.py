"""office.chase-approval, the away approver (`apps/office/coworkers/away.py`): an automatic reply and an
out-of-office block on their calendar; no answer to a chase the same day; an answer to a reminder mail or a
Teams nudge once a working day has passed, once; on their return an answer to the mail that waited, unless
it was answered already; the other colleagues answer the probes' notes as their roles make them. Being away
is a world fact: nobody other families ask is away, and their oracles still pass."""

from __future__ import annotations

import pytest

from tasks.families.instances import instance, instance_ids
from tasks.families.worldview import world_view
from tasks.oracle import run_python
from tests.families.chase_kit import (
    REMINDER,
    START,
    away_until,
    chase_task,
    heard_after_return,
    nudge,
    request_row,
    verdict_of,
)

OTHERS = ["xapp.customer-discount-request", "xapp.freeze-change-request", "office.handbook-approval"]


def test_a_reminder_the_same_day_gets_no_answer(gym):
    """A reminder an hour after the first mail is not a chase after a working day: still no answer."""
    task = chase_task(False)
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


def test_the_away_approvers_free_busy_shows_them_out_of_the_office(gym):
    """Chase probe 2026-12-05 (second look): an approver's automatic reply said "out of the office until
    Friday" while their free/busy showed them free all week; their calendar now holds the all-day block
    Outlook makes beside an automatic reply, shown as out of office (availability 3) until they are back."""
    task = chase_task(partial=False)
    approver = request_row(task)["approver"]
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        week = ep.call(
            "office_get_schedule",
            schedules=[approver],
            start="2026-11-02T00:00:00Z",
            end="2026-11-09T00:00:00Z",
            interval_minutes=1440,
        )["schedules"][0]
        reply = away_until(ep, approver)
        back = int(reply[8:10]) - 2  # days from Nov 2 until they are back
        view = week["availability_view"]
        assert view[:back] == "3" * back and "3" not in view[back + 1 :], (view, reply)
    finally:
        ep.close()


def test_the_away_approver_answers_the_first_mail_on_return(gym):
    """Fourth review: an away colleague answered a reminder but never, once back, the mail that waited for
    them. On their return they answer it — too late for the order, so the chase still decides the task."""
    task = chase_task(False)
    heard, back = heard_after_return(gym, task, task.truth.oracle[:REMINDER])  # forwarded, no reminder
    assert len(heard) == 2, heard  # the automatic reply, then the answer on return
    assert "out of the office" in heard[0]["body_preview"], heard
    assert heard[1]["received_date_time"][:16] >= back.replace(" ", "T")[:16], (heard, back)
    assert "out of the office" not in heard[1]["body_preview"], heard


def test_an_answered_reminder_is_not_answered_again_on_return(gym):
    """Once the reminder got its answer, the first mail gets no second one when the approver is back."""
    task = chase_task(False)
    heard, _ = heard_after_return(gym, task, task.truth.oracle[: REMINDER + 2])  # chased and answered
    assert len(heard) == 2, heard  # the automatic reply and the answer to the reminder, nothing more


def test_a_teams_nudge_the_same_day_is_read_a_working_day_after_the_mail(gym):
    """Fifth probe: a nudge hours after the first mail is no chase yet — no answer that day — but the chat
    stays in the approver's Teams: once a working day has passed since the mail they answer the mail (before
    their return), once; a second nudge gets no second answer."""
    task = chase_task(False)
    approver = request_row(task)["approver"]

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
    task = chase_task(False)
    approver = request_row(task)["approver"]
    steps = task.truth.oracle[:REMINDER] + nudge(approver, REMINDER)
    heard, back = heard_after_return(gym, task, steps)
    assert len(heard) == 2, heard  # the automatic reply and the answer to the nudge, nothing more
    assert "out of the office" not in heard[1]["body_preview"], heard
    assert heard[1]["received_date_time"][:16] < back.replace(" ", "T")[:16], (heard, back)


def test_a_reminder_by_mail_and_by_teams_gets_one_answer(gym):
    """s11 week probe: the approver chased on Teams and by a reminder mail the same hour sent the same
    approval twice, word for word. Their decision comes once."""
    task = chase_task(False)
    approver = request_row(task)["approver"]
    steps = (
        task.truth.oracle[:REMINDER] + nudge(approver, REMINDER) + task.truth.oracle[REMINDER : REMINDER + 1]
    )
    heard, _ = heard_after_return(gym, task, steps)
    answers = [m for m in heard if "out of the office" not in m["body_preview"]]
    assert len(answers) == 1, heard


def test_the_approval_colleagues_answer_the_chase_probes_notes_as_their_roles_make_them(gym):
    """s10 chase probe: the managers' manager, sent the requester's mail, named the forwarding writer's line
    manager; the requester, told of his own order, got a rejection or the policy's table; the approver, asked
    again after her partial approval, approved the full amount. Now: the requester's line manager is named,
    news of one's own order asks nothing, and a decision given stands (restated)."""
    task = chase_task(partial=True)
    req = request_row(task)
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


@pytest.mark.parametrize("family", OTHERS)
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


@pytest.mark.parametrize("family", OTHERS)
def test_other_families_oracles_still_pass(gym, family):
    task_id = next(iter(instance_ids(family=family)))
    task = instance("acme", family, int(task_id.split("@")[1]))
    verdict = verdict_of(gym, task, task.truth.oracle)
    assert verdict.outcome == "pass", verdict.explain()


def test_a_thank_you_for_a_partial_approval_gets_no_second_decision(gym):
    """s12 week probe: the away approver, nudged on Teams, approved up to $800; the agent's thank-you
    ("understood: approved up to $800 … I've passed this on") got the same approval again, word for word."""
    task = chase_task(True)
    approver = request_row(task)["approver"]
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, task.truth.oracle[:REMINDER] + nudge(approver, REMINDER))

        def answers() -> list[dict]:
            inbox = ep.call("office_list_messages", folder="inbox", limit=100)["records"]
            return [
                m
                for m in inbox
                if m["from_address"] == approver
                and m["received_date_time"] >= START
                and "out of the office" not in m["body_preview"]
            ]

        for _ in range(3):
            if answers():
                break
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=True)
        [decision] = answers()
        ep.call(
            "office_reply_to_message",
            message_id=decision["id"],
            body="Thank you - understood: approved up to $800, and the rest waits for next quarter's budget. "
            "I've passed this on (you're copied).\n\nEnjoy the rest of the offsite,\nAmber",
        )
        for _ in range(6):
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        own_words = [m["body_preview"].split("_____")[0] for m in answers()]
        assert sum("approved up to" in words for words in own_words) == 1, own_words
    finally:
        ep.close()
