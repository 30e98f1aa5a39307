"""xapp.inbox-week: a week in which work keeps arriving. Planned mails (the task's private arrivals) are
nowhere a performer can read before their time, land in the inbox as real mail (unread, a revision threaded
to the mail it revises) when the episode's clock passes it, and decide the verdict: a run that stops after
Monday fails naming the arrivals' requesters; acting on each arrival — putting Monday's change right —
passes; the same actions end in the same state, after a reset too. Tests run a light week (only the week's
own part: its Monday CRM request and the arrivals) to stay fast; `tasks check` calibrates the full family."""

from __future__ import annotations

from functools import cache

import pytest

from apps.core.api import Gym
from crossapp.xapp.inbox_week import InboxWeek, stop_on_monday
from tasks.arrivals import begin
from tasks.families.instances import build_task
from tasks.oracle import run_python
from tasks.verifier import verify

SEED = 1  # where the search for a light week with a revision and a new request starts


class LightWeek(InboxWeek):
    """The week's own part alone (no Monday request of the inbox families): its own name, so that its
    public profile is cached apart from the catalog family's."""

    name = "xapp.inbox-week-light"
    apps = ("office", "crm")  # no desk: its clock jobs would only slow the waits
    size = 2  # its public profile is read from two draws


LIGHT = LightWeek(monday=(0,))


@cache
def _task():
    """The first light week from SEED on with a revision then one new request (a version of any part moves
    the draws, so the seed is searched, not fixed)."""
    for seed in range(SEED, SEED + 20):
        task = build_task("acme", LIGHT, seed)
        arrivals = task.truth.arrivals
        if len(arrivals) == 2 and arrivals[0].in_reply_to and not arrivals[1].in_reply_to:
            return task, LIGHT.drawn("acme", seed)
    raise AssertionError("no light week with a revision and a new request")


@pytest.fixture(scope="module")
def gym():
    return Gym()


@pytest.fixture(scope="module")
def episode(gym):
    task, _ = _task()
    ep = begin(gym.create_episode("acme", apps=task.public.apps), task)
    yield ep
    ep.close()


def _inbox(ep) -> list[dict]:
    return ep.call("office_list_messages", folder="inbox", limit=100)["records"]


def test_the_prompt_states_the_end_and_hides_the_arrivals():
    task, _ = _task()
    assert "Friday" in task.public.prompt and len(task.truth.arrivals) in (2, 3)
    public = task.public.model_dump_json()
    for mail in task.truth.arrivals:
        assert mail.body not in public and mail.subject not in task.public.prompt


def test_a_stopped_week_fails_then_the_latest_word_passes(episode):
    task, parts = _task()
    first, second = task.truth.arrivals
    assert first.in_reply_to and first.send_at < second.send_at
    # Monday: nothing of the week's mail is anywhere yet (list, search)
    senders = {(m["from_address"], m["subject"]) for m in _inbox(episode)}
    for mail in (first, second):
        assert (mail.sender, mail.subject) not in senders
        found = episode.call("office_search_messages", query=mail.sender_name)["records"]
        assert all(m["subject"] != mail.subject for m in found)
    # the week cut short: Monday's request done, the days let pass, nothing done about what came in
    monday = stop_on_monday(parts, task.truth.oracle)
    run_python(episode, monday)
    verdict = verify(episode, task)
    assert verdict.outcome == "fail"
    failed = [c.name for c in verdict.checkpoints if not c.ok]
    assert any(first.sender_name in n for n in failed) and any(second.sender_name in n for n in failed)
    # both arrived as mail: unread, the revision in the thread of the mail it revises
    inbox = {m["subject"]: m for m in _inbox(episode)}
    revised, new = inbox[first.subject], inbox[second.subject]
    assert not revised["is_read"] and not new["is_read"]
    detail = episode.call("office_get_message", message_id=revised["id"])
    assert detail["in_reply_to_id"] == first.in_reply_to and detail["from_address"] == first.sender
    assert detail["received_date_time"].startswith(first.send_at)
    # asked about the request now, its sender answers from their own latest word, not from Monday's
    ask = "Just to be sure before I touch the CRM again: which value should the record have now?"
    episode.call("office_reply_to_message", message_id=first.in_reply_to, body=ask)
    episode.call("office_wait_for_replies", minutes=600)
    answers = [m for m in _inbox(episode) if m["from_address"] == first.sender and m["id"] != revised["id"]]
    answer = episode.call("office_get_message", message_id=answers[0]["id"])["body_content"]
    assert " ".join(first.body.split("\n\n")[1].split()) in " ".join(answer.split())
    # acting on the latest word (Monday's change revised, the new request done) passes — asking cost nothing
    handled = [s for s in task.truth.oracle if s not in monday]
    run_python(episode, handled)
    assert verify(episode, task).outcome == "pass"


def test_same_actions_same_state_after_a_reset(gym):
    task, _ = _task()
    ep = begin(gym.create_episode("acme", apps=task.public.apps), task)
    try:
        run_python(ep, task.truth.oracle)
        assert verify(ep, task).outcome == "pass"
        first = ep.state_hash()
        ep.reset()  # the arrivals are planted again
        assert verify(ep, task).outcome == "fail"
        run_python(ep, task.truth.oracle)
        assert ep.state_hash() == first
    finally:
        ep.close()


def test_an_arrival_is_reported_as_mail_from_its_sender(gym):
    """Blind probe 2026-12-06: `wait-for-replies` reported a planned arrival as kind `planned`, telling the
    performer the mail was the simulation's; it is mail from its sender, like any other."""
    task, _ = _task()
    first = task.truth.arrivals[0]
    ep = begin(gym.create_episode("acme", apps=task.public.apps), task)
    try:
        arrived = []
        for _ in range(3):  # a day at a time until the first planned mail is sent
            arrived += ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)["arrived"]
            if any(a["from_name"] == first.sender_name for a in arrived):
                break
        mine = [a for a in arrived if a["from_name"] == first.sender_name]
        assert mine and {a["kind"] for a in mine} == {"mail"}
    finally:
        ep.close()


def test_a_first_name_pointer_names_one_sender_that_day():
    """Blind probe 2026-12-06: "Christopher sent you something on Thursday" while two Christophers had mailed
    Amber that Thursday. A first name and a day point at a mail only where they name one sender."""
    from types import SimpleNamespace

    from tasks.families.inbox_kit import handle, part_file, senders_that_day
    from tasks.families.worldview import world_view

    view = world_view("acme")
    first_name = SimpleNamespace(world=view, rng=SimpleNamespace(randrange=lambda n: 1))
    ambiguous = 0
    for rel in ("requests/requests.jsonl", "chase/requests.jsonl"):
        for req in part_file("acme", rel):
            if not {"message_id", "sender_name", "sent"} <= set(req):
                continue
            prompt, _ = handle(first_name, req)
            if senders_that_day(first_name, req) > 1:
                ambiguous += 1
                assert req["sender_name"] in prompt, prompt
            else:
                assert prompt.startswith(req["sender_name"].split()[0] + " sent you"), prompt
    assert ambiguous >= 1  # Christopher Mccarty and Christopher Grant, Thursday October 29
