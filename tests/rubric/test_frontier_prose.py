"""Prose deliverables of the frontier and rewritten families, read by rubric criteria on real episodes: the
deal notes in any title and words pass and each note is judged alone; a discount confirmed to the customer
without an approver's answer fails; a ticket overview that names another customer, or leaves a ticket out,
fails."""

from __future__ import annotations

import pytest

from tasks.families.instances import build_task, instance
from tasks.families.registry import get_family
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify
from tests.rubric.conftest import make_judge


def _verdict(gym, task, steps, judge=ASSUME_MET):
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, steps)
        return verify(ep, task, judge=judge)
    finally:
        ep.close()


def _first(family: str, tag: str):
    for seed in range(200):
        task = instance("acme", family, seed)
        if tag in task.tags:
            return task
    pytest.fail(f"no {family} instance tagged {tag}")


def test_deal_notes_in_any_title_and_words_pass_and_each_note_is_judged_alone(gym, tmp_path):
    from tests.support.scripted_model import ScriptedModel

    task = build_task("acme", get_family("xapp.incident-deal-notes"), 0)
    assert "Support:" not in task.public.prompt  # nothing dictated
    notes = [s for s in task.truth.oracle if s.tool == "crm_add_note"]
    number = notes[0].args["body"].split()[3].rstrip(":")
    mine = [
        s.model_copy(
            update={"args": {**s.args, "title": "Heads-up from support", "body": f"FYI {number} hit them"}}
        )
        for s in notes
    ]
    reads = [s for s in task.truth.oracle if s.tool != "crm_add_note"]
    with ScriptedModel(default={"met": True, "evidence": number}) as server:
        verdict = _verdict(gym, task, [*reads, *mine], make_judge(server, tmp_path))
        assert verdict.outcome == "pass", verdict.explain()
        assert len(server.requests) == len(notes)  # one reading per deal's note
    assert _verdict(gym, task, [*reads, *mine[1:]]).outcome == "fail"  # a deal left without a note


def test_a_discount_confirmed_without_the_approvers_answer_fails(gym):
    task = _first("xapp.customer-discount-request", "approver")
    asked = next(i for i, s in enumerate(task.truth.oracle) if s.tool == "office_send_mail")
    hasty = [s for i, s in enumerate(task.truth.oracle) if i != asked and s.tool != "office_wait_for_replies"]
    assert _verdict(gym, task, task.truth.oracle).outcome == "pass"
    assert _verdict(gym, task, hasty).outcome == "fail"


def test_a_ticket_overview_naming_another_customer_or_missing_a_ticket_fails(gym):
    task = _first("xapp.customer-info-request", "others")
    listed = next(c for c in task.truth.criteria if c.id == "lists-their-tickets")
    *reads, send = task.truth.oracle
    body = send.args["body"]
    leaky = send.model_copy(
        update={"args": {**send.args, "body": body + f"\nPS: {listed.forbid[0]} had it too."}}
    )
    short = send.model_copy(
        update={"args": {**send.args, "body": body.replace(listed.names[0], "one ticket")}}
    )
    assert _verdict(gym, task, task.truth.oracle).outcome == "pass"
    assert _verdict(gym, task, [*reads, leaky]).outcome == "fail"
    assert _verdict(gym, task, [*reads, short]).outcome == "fail"


def test_the_heads_up_in_any_subject_and_words_passes_and_one_without_the_account_fails(gym):
    task = build_task("acme", get_family("xapp.account-owner-mail"), 0)
    assert '"' not in task.public.prompt  # no dictated subject or text
    *reads, send = task.truth.oracle
    account = next(c for c in task.truth.criteria if c.id == "names-the-account").names[0]

    def mail(subject: str, body: str):
        return send.model_copy(update={"args": {**send.args, "subject": subject, "body": body}})

    mine = mail("FYI", f"Hey — news on {account}: thought you'd want to know before your next call.")
    vague = mail("FYI", "Hey — news on one of your customers: thought you'd want to know.")
    assert _verdict(gym, task, [*reads, mine]).outcome == "pass"
    assert _verdict(gym, task, [*reads, vague]).outcome == "fail"


def test_the_controllers_memo_is_judged_on_its_materiality_verdict(gym, tmp_path):
    from apps.core.worlds import load_world
    from tasks.store import load_task
    from tests.support.scripted_model import ScriptedModel

    task = load_task(load_world("acme"), "dataroom-report-controller")
    (crit,) = task.truth.criteria
    assert crit.kind == "judged" and "exceeds the materiality threshold" in crit.holds
    assert _verdict(gym, task, task.truth.oracle, judge=None).outcome == "void"
    for met, outcome in ((True, "pass"), (False, "fail")):  # a fresh episode each: judgments are recorded
        with ScriptedModel(default={"met": met, "evidence": "exceeds"}) as server:
            judge = make_judge(server, tmp_path / str(met))
            assert _verdict(gym, task, task.truth.oracle, judge).outcome == outcome


def test_a_batch_of_replies_keeps_each_requests_criterion_and_a_missing_reply_fails(gym):
    task = next(t for t in (instance("acme", "office.reply-mail", s) for s in range(9)) if "batch" in t.tags)
    replies = [s for s in task.truth.oracle if s.tool == "office_reply_to_message"]
    ids = [c.id for c in task.truth.criteria]
    assert ids == [f"r{i}-tells-the-sender" for i in range(1, len(replies) + 1)]
    pinned = {c.deliverable.where["conversation_id"].equals for c in task.truth.criteria}
    assert len(pinned) == len(replies)  # each reads its own thread's reply
    assert all(
        s.args["body"].split(", ", 1)[1] not in task.public.prompt for s in replies
    )  # nothing to paste
    assert _verdict(gym, task, task.truth.oracle).outcome == "pass"
    assert _verdict(gym, task, [s for s in task.truth.oracle if s is not replies[-1]]).outcome == "fail"
