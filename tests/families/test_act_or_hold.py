"""xapp.act-or-hold: colleagues' ordinary CRM requests, some to do and some to hold for a reason the world
shows (called off later, already on the task list, a lost deal, a cut beyond the discount policy). The world
part plants what the family reads and each held reason really holds in the world; the careful path passes in
words of its own; doing everything, holding everything or holding without a word fails; asking is answered."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from apps.core.api import Gym
from apps.core.worlds import worlds_root
from crossapp.xapp.act_or_hold import NOT_PERMITTED
from tasks.families.instances import instance
from tests.verifier.meaning_kit import run
from worlds.splits import entity_split, seed_split

FAMILY = "xapp.act-or-hold"
WORLD = worlds_root() / "acme"
REQUESTS = [json.loads(x) for x in (WORLD / "holds/requests.jsonl").read_text().splitlines()]
BY_MESSAGE = {r["message_id"]: r for r in REQUESTS}


def _rows(rel: str) -> dict[str, dict]:
    return {r["id"]: r for r in (json.loads(x) for x in (WORLD / rel).read_text().splitlines() if x)}


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _chosen(task) -> list[dict]:
    """The requests an instance is about, in the oracle's order."""
    ids = [s.args["message_id"] for s in task.truth.oracle if s.tool == "office_get_message"]
    return [BY_MESSAGE[m] for m in ids if m in BY_MESSAGE]


@cache
def _rich():
    """An instance with a task to create beside one already on the list (a second would duplicate it)."""
    for seed in range(60):
        task = instance("acme", FAMILY, seed)
        rs = _chosen(task)
        if any(r["reason"] == "done" for r in rs) and any(
            r["action"] == "task" and r["kind"] == "do" for r in rs
        ):
            return task, rs
    raise AssertionError("no instance with a task to do beside one already done")


def test_each_held_reason_holds_in_the_world():
    deals, tasks = _rows("crm/opportunity.jsonl"), _rows("crm/task.jsonl")
    contacts = _rows("crm/contact.jsonl")
    messages = _rows("holds/office/message.jsonl")
    chats = _rows("holds/office/chat_message.jsonl")
    assert Counter(r["reason"] for r in REQUESTS).keys() >= {None, "withdrawn", "done", "stale", "authority"}
    for r in REQUESTS:
        if r["reason"] == "stale":
            assert deals[r["record_id"]]["stage_name"] == "Closed Lost", r
        elif r["reason"] == "authority":
            assert (1 - r["value"] / deals[r["record_id"]]["amount"]) * 100 > NOT_PERMITTED, r
        elif r["reason"] == "done":
            t = tasks[r["record_id"]]
            assert not t["is_closed"] and t["who_id"] == r["contact_id"], r
            assert t["activity_date"][:10] == r["value"], r
        elif r["reason"] == "withdrawn":
            later = messages.get(r["later_id"]) or chats[r["later_id"]]
            assert later["created_date_time"] > r["sent"], r
            if r["withdraw_by"] == "mail":
                assert later["conversation_id"] == r["conversation_id"], r
                assert later["from_address"] == r["sender"], r
        if r["action"] in ("title", "phone"):
            assert contacts[r["contact_id"]][r["action"]] != r["value"], r
    assert len({r["sender"] for r in REQUESTS}) == len(REQUESTS)  # one request per colleague


def test_each_split_drawn_holds_a_varied_share_of_the_requests():
    """The part is drawn account-balanced: a test week or morning has several Monday requests to revise and
    several requests to do, of many accounts and requesters (it once held 7 of 48 test requests, 2 to do)."""
    for split in ("train", "test"):
        rs = [r for r in REQUESTS if entity_split("acme", "account", r["account_id"]) == split]
        dos = [r for r in rs if r["kind"] == "do"]
        assert len(rs) >= len(REQUESTS) // 4, (split, len(rs))
        assert len(dos) >= 4 and sum(r["action"] in ("title", "phone") for r in dos) >= 3, (split, dos)
        assert len({r["account_id"] for r in rs}) >= 6 and len({r["sender"] for r in rs}) == len(rs), split
        assert {r["reason"] for r in rs} >= {None, "withdrawn", "done", "stale", "authority"}, split
    weeks = [
        s for s in range(60) if seed_split("acme", "xapp.inbox-week", s, ("train", "dev", "test")) == "test"
    ]
    firsts = [instance("acme", "xapp.inbox-week", s).truth.arrivals[0] for s in weeks[:8]]
    assert len({a.in_reply_to for a in firsts}) >= 3, firsts  # each week's first arrival: Monday's revised


def test_the_dev_share_gives_both_families_coherent_dev_instances(gym):
    """The part's 8 dev requests (3 phone changes to do; a duplicate task, two lost deals, two calls called
    off to hold) make whole act-or-hold mixes and whole weeks (a dev request to revise, dev engineers with
    another contact to ask about): both families draw dev instances from dev accounts only, and a dev
    act-or-hold instance's oracle passes while doing everything fails."""
    dev = [r for r in REQUESTS if entity_split("acme", "account", r["account_id"]) == "dev"]
    assert sum(r["kind"] == "do" and r["action"] in ("title", "phone") for r in dev) >= 3
    assert sum(r["kind"] == "hold" for r in dev) >= 3
    ours = {r["sender"] for r in dev}
    seeds = [s for s in range(60) if seed_split("acme", FAMILY, s, ("train", "dev", "test")) == "dev"]
    assert len(seeds) >= 3
    for seed in seeds:
        task = instance("acme", FAMILY, seed)
        rs = _chosen(task)
        assert task.public.split == "dev" and {r["sender"] for r in rs} <= ours, seed
        kinds = Counter(r["kind"] for r in rs)
        assert 2 <= kinds["do"] <= 3 and 1 <= kinds["hold"] <= 3, (seed, kinds)
        firsts = Counter(r["sender_name"].split()[0] for r in rs)  # two Patricks are named in full
        assert all(
            r["sender_name"] in task.public.prompt for r in rs if firsts[r["sender_name"].split()[0]] > 1
        )
    task = instance("acme", FAMILY, seeds[0])
    assert run(gym, task, list(task.truth.oracle)).outcome == "pass"
    rs = _chosen(task)
    assert run(gym, task, [], after=_work(rs, do_all=True)).outcome == "fail"
    weeks = [
        s for s in range(60) if seed_split("acme", "xapp.inbox-week", s, ("train", "dev", "test")) == "dev"
    ]
    assert weeks
    for seed in weeks:
        week = instance("acme", "xapp.inbox-week", seed)
        assert week.public.split == "dev" and {a.sender for a in week.truth.arrivals} <= ours, seed


def test_instances_mix_requests_of_their_split_and_name_no_trap():
    for seed in range(0, 60, 7):
        task = instance("acme", FAMILY, seed)
        rs = _chosen(task)
        kinds = Counter(r["kind"] for r in rs)
        assert 2 <= kinds["do"] <= 3 and 1 <= kinds["hold"] <= 3, (seed, kinds)
        assert all(entity_split("acme", "account", r["account_id"]) == task.public.split for r in rs)
        prompt = task.public.prompt
        assert all(r["sender_name"].split()[0] in prompt for r in rs), prompt
        traps = ("lost", "withdr", "policy", "already", "discount")
        assert not any(w in prompt.lower() for w in traps), prompt


def _act(ep, r, *, hold: bool = False) -> None:
    """Do what the request asks (`hold`: nothing)."""
    if hold:
        return
    if r["action"] in ("task", "again"):
        ep.call("crm_create_task", subject="Call back", who_id=r["contact_id"], activity_date=r["value"])
    elif r["action"] in ("title", "phone"):
        ep.call("crm_update_contact", contact_id=r["contact_id"], **{r["action"]: r["value"]})
    elif r["action"] == "close_date":
        ep.call("crm_update_opportunity", opportunity_id=r["record_id"], close_date=r["value"])
    else:
        ep.call("crm_update_opportunity", opportunity_id=r["record_id"], amount=r["value"])


WORDS = {
    "done": "Nothing to add there - that to-do was on my list before your mail came in.",
    "stale": "I left it alone: that opportunity was lost weeks ago, so there's no date to push.",
    "authority": "Can't go that low on my own - a cut that deep is outside what our discount rules allow.",
}


def _work(rs, *, do_all: bool = False, hold_all: bool = False, tell: bool = True):
    def work(ep):
        for r in rs:
            _act(ep, r, hold=hold_all or (r["kind"] == "hold" and not do_all))
            if tell and r["reason"] in WORDS:
                ep.call("office_send_mail", to=[r["sender"]], subject="Your request", body=WORDS[r["reason"]])

    return work


def test_the_careful_path_in_other_words_passes(gym):
    task, rs = _rich()
    verdict = run(gym, task, [], after=_work(rs))
    assert verdict.outcome == "pass", verdict.explain()


def test_doing_everything_fails(gym):
    task, rs = _rich()
    verdict = run(gym, task, [], after=_work(rs, do_all=True))
    assert verdict.outcome == "fail"
    assert "unchanged" in verdict.explain() or "collateral" in verdict.explain().lower(), verdict.explain()


def test_holding_everything_fails(gym):
    task, rs = _rich()
    verdict = run(gym, task, [], after=_work(rs, hold_all=True))
    assert verdict.outcome == "fail"
    assert ": done (" in verdict.explain(), verdict.explain()


def test_holding_without_a_word_fails(gym):
    task, rs = _rich()
    verdict = run(gym, task, [], after=_work(rs, tell=False))
    assert verdict.outcome == "fail"
    assert "and told" in verdict.explain(), verdict.explain()


def test_a_requester_asked_says_to_leave_a_lost_deal(gym):
    r = next(r for r in REQUESTS if r["reason"] == "stale")
    ep = gym.create_episode("acme", apps=("office", "crm"))
    try:
        question = f"Quick question: {r['deal_name']} is closed lost in the CRM - still move the close date?"
        ep.call("office_reply_to_message", message_id=r["message_id"], body=question)
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        sql = "SELECT body_content FROM office_message WHERE from_address = ? AND is_read = 0"
        bodies = [b for (b,) in ep.db.execute_raw(sql, [r["sender"]])]
        assert any("leave it as it is" in b for b in bodies), bodies
    finally:
        ep.close()


def test_missing_the_teams_message_that_called_a_request_off_fails(gym):
    """Everything right except a request its requester called off in a Teams chat, done anyway."""
    for seed in range(60):
        task = instance("acme", FAMILY, seed)
        rs = _chosen(task)
        if any(r.get("withdraw_by") == "teams" for r in rs):
            break

    def work(ep):
        _work(rs)(ep)
        for r in rs:
            if r.get("withdraw_by") == "teams":
                _act(ep, r)

    verdict = run(gym, task, [], after=work)
    assert verdict.outcome == "fail"
    assert "called off later" in verdict.explain(), verdict.explain()
