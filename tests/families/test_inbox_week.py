"""xapp.inbox-week: a week in which work keeps arriving. Planned mails (the task's private arrivals) are
nowhere a performer can read before their time, land in the inbox as real mail (unread, a revision threaded
to the mail it revises) when the episode's clock passes it, and decide the verdict: a run that stops after
Monday fails naming the arrivals' requesters; acting on each arrival — putting Monday's change right —
passes; the same actions end in the same state, after a reset too. A new request needed by a time of the
next day is met only before then (letting the days pass to Friday first fails, the diff saying when the
write landed); a revision may come as a Teams chat message, nowhere before it is sent and reported as chat
(a run that reads only mail fails). Tests run a light week (only the week's own part: its Monday CRM
request and the arrivals) to stay fast; `tasks check` calibrates the full family."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

import pytest

from apps.core.api import Gym
from crossapp.xapp.inbox_week import InboxWeek, stop_on_monday
from tasks.arrivals import begin
from tasks.calibration import moved_to_end, without_steps
from tasks.families.instances import build_task
from tasks.families.worldview import world_view
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
def _task(channel: str = "mail"):
    """The first light week from SEED on with a revision (sent by `channel`) then one new request (a version
    of any part moves the draws, so the seed is searched, not fixed)."""
    for seed in range(SEED, SEED + 30):
        task = build_task("acme", LIGHT, seed)
        arrivals = task.truth.arrivals
        two = len(arrivals) == 2 and arrivals[0].in_reply_to and not arrivals[1].in_reply_to
        if two and arrivals[0].channel == channel and arrivals[0].send_at < arrivals[1].send_at:
            return task, LIGHT.drawn("acme", seed)
    raise AssertionError(f"no light week with a revision by {channel} and a new request")


def _kind(task) -> str:
    """Which kind of deadline the week's new request carries, read from the world (the sender's zone and
    working day) and the window alone: the same day at the end of their day, earlier the same day, the
    next day, or two days on."""
    window = next(e.written for e in task.truth.expect if e.written is not None)
    due = next(a for a in task.truth.arrivals if not a.in_reply_to and a.send_at == window.after)
    [row] = world_view("acme").rows(
        "SELECT time_zone, working_hours_end FROM office_user WHERE mail = ?", due.sender
    )
    zone = ZoneInfo(row["time_zone"])
    sent, before = (datetime.fromisoformat(t).replace(tzinfo=UTC).astimezone(zone) for t in (due.send_at,
                    window.before))  # fmt: skip
    days = (before.date() - sent.date()).days
    if days == 0:
        return "today" if f"{before:%H:%M}" == row["working_hours_end"] else "soon"
    return {1: "morning", 2: "later"}[days]


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
    for _ in range(4):  # asked on Friday afternoon, a colleague may answer on Monday
        episode.call("office_wait_for_replies", minutes=1440)
        answers = [
            m for m in _inbox(episode) if m["from_address"] == first.sender and m["id"] != revised["id"]
        ]
        if answers:
            break
    answer = episode.call("office_get_message", message_id=answers[0]["id"])["body_content"]
    assert " ".join(first.body.split("\n\n")[1].split()) in " ".join(answer.split())
    # acting on the latest word now, after the week: the revision is met — asking cost nothing — but the
    # new request was needed by a time its sender set, and a write after that does not count
    handled = [s for s in task.truth.oracle if s not in monday]
    run_python(episode, handled)
    verdict = verify(episode, task)
    assert verdict.outcome == "fail"
    window = next(e.written for e in task.truth.expect if e.written is not None)
    [late] = [c.detail for c in verdict.checks if not c.ok]
    assert late.startswith(f"{window.said} — it was written ")
    assert [c.ok for c in verdict.checkpoints if first.sender_name in c.name] == [True]


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


def test_a_deadline_and_a_chat_arrival(gym):
    """v2: the new request is needed by a time of the next day, in its sender's words and zone; the revision
    comes in the sender's 1:1 Teams chat. Letting the days pass to Friday and doing everything then fails on
    the deadline (the diff says when the write landed); reading only mail fails on the chat; the oracle,
    which checks in each morning, passes."""
    task, _ = _task("chat")
    chat, due = task.truth.arrivals
    window = next(e.written for e in task.truth.expect if e.written is not None)
    assert window.after == due.send_at and window.before > due.send_at
    assert any(z in due.body for z in ("Pacific", "Central", "Eastern", "Mountain"))
    ep = begin(gym.create_episode("acme", apps=task.public.apps), task)
    try:
        # Monday: the chat message is in no chat yet
        chats = ep.call("office_list_chats")["records"]
        said = [
            m["body_content"]
            for c in chats
            for m in ep.call("office_list_chat_messages", chat_id=c["id"])["records"]
        ]
        assert chat.body not in said
        oracle, marked = task.truth.oracle, task.truth.mutations
        assert marked.late and len(marked.unseen) == 1  # the calibration's late and unseen mutants
        results = run_python(ep, moved_to_end(oracle, set(marked.late)))
        arrived = [a for r in results if isinstance(r, dict) for a in r.get("arrived", [])]
        assert {a["kind"] for a in arrived if a["from_name"] == chat.sender_name} == {"chat"}
        verdict = verify(ep, task)
        assert verdict.outcome == "fail"
        late = [c.detail for c in verdict.checks if not c.ok and c.name.startswith("expect")]
        assert len(late) == 1 and late[0].startswith(f"{window.said} — it was written Friday "), late
        # the chat arrived: Amber's 1:1 chat with its sender holds it, from them
        chats = ep.call("office_list_chats")["records"]
        one = next(c for c in chats if c["chat_type"] == "oneOnOne" and chat.sender in c["members"])
        posts = ep.call("office_list_chat_messages", chat_id=one["id"])["records"]
        assert [m["from_name"] for m in posts if m["body_content"] == chat.body] == [chat.sender_name]
        ep.reset()
        run_python(ep, without_steps(oracle, set(marked.unseen)))
        verdict = verify(ep, task)
        assert verdict.outcome == "fail"
        failed = [c.name for c in verdict.checkpoints if not c.ok]  # the chat's sender's, not the deadline's
        assert any(chat.sender_name in n for n in failed) and not any(due.sender_name in n for n in failed)
        ep.reset()
        run_python(ep, task.truth.oracle)
        assert verify(ep, task).outcome == "pass"
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


@pytest.mark.parametrize("kind", ["soon", "today", "morning", "later"])
def test_every_kind_of_deadline_is_met_in_time_and_missed_late(gym, kind):
    """v4: the week's first new request is needed a few hours later the same day, by the end of its sender's
    day, the next morning or by the end of the day after next — drawn per instance, in the sender's own words
    and zone, inside their working hours, at least two hours after the mail and before the week ends. The
    oracle (which checks in the afternoon a same-day request comes) meets each kind; its `late` mutant
    (everything done on Friday evening) misses each, the diff saying when the write landed."""
    task = next(t for t in (build_task("acme", LIGHT, s) for s in range(SEED, SEED + 60)) if _kind(t) == kind)
    window = next(e.written for e in task.truth.expect if e.written is not None)
    due = next(a for a in task.truth.arrivals if a.send_at == window.after)
    [row] = world_view("acme").rows(
        "SELECT time_zone, working_hours_start, working_hours_end FROM office_user WHERE mail = ?", due.sender
    )
    zone = ZoneInfo(row["time_zone"])
    sent, before = (datetime.fromisoformat(t).replace(tzinfo=UTC).astimezone(zone) for t in (due.send_at,
                    window.before))  # fmt: skip
    hours = (row["working_hours_start"], row["working_hours_end"])
    assert hours[0] <= f"{sent:%H:%M}" and hours[0] <= f"{before:%H:%M}" <= hours[1]
    assert before - sent >= timedelta(hours=2) and before.weekday() <= 4
    assert before.astimezone(UTC) <= datetime(2026, 11, 6, 21, 0, tzinfo=UTC)  # Friday 16:00 ET
    clock = f"{before.hour % 12 or 12}{f':{before.minute:02d}' if before.minute else ''} "
    assert clock in due.body, due.body  # the moment in the sender's words
    ep = begin(gym.create_episode("acme", apps=task.public.apps), task)
    try:
        run_python(ep, moved_to_end(task.truth.oracle, set(task.truth.mutations.late)))
        verdict = verify(ep, task)
        late = [c.detail for c in verdict.checks if not c.ok and c.name.startswith("expect")]
        assert verdict.outcome == "fail" and len(late) == 1, late
        assert late[0].startswith(f"{window.said} — it was written Friday "), late
        ep.reset()
        run_python(ep, task.truth.oracle)
        assert verify(ep, task).outcome == "pass"
    finally:
        ep.close()
