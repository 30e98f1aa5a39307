"""xapp.inbox-day: five or six frontier requests in one episode, always a chase of an away approver, a
request to clarify and a policy refusal. The merged oracle passes; a day without the chase's reminder, or
with one request left undone, fails with a verdict that names that requester; over the whole catalog the
requests of a day never share a person or a record; the prompt is the requests' own pointers, one a line."""

from __future__ import annotations

import itertools
from functools import cache

from crossapp.xapp.inbox_day import FAMILIES, refuses
from tasks.calibration import without_steps
from tasks.families.compose import collision, requester
from tasks.families.instances import instance
from tests.support.composed import done_unmet, run_verdict, undone, unmet

FAMILY = "xapp.inbox-day"
SIZE = FAMILIES[0].size
SEED = 3  # one day scored three ways (oracle, no reminder, one request undone): about 10 s


@cache
def parts_of(seed: int) -> list:
    """The parts of the day `seed` (drawn once per test session)."""
    return FAMILIES[0].drawn("acme", seed)


def test_every_day_chases_asks_and_refuses_and_no_two_requests_share_anything():
    kinds = set()
    for seed in range(SIZE):
        parts = parts_of(seed)
        slugs = [p.slug for p in parts]
        assert 5 <= len(parts) <= 6, (seed, slugs)
        assert "chase-approval" in slugs and "clarify-deal-request" in slugs, (seed, slugs)
        assert any(refuses(p) for p in parts), (seed, slugs)
        assert len(set(slugs)) == len(parts) and len({p.label for p in parts}) == len(parts)
        for a, b in itertools.combinations(parts, 2):
            assert collision(a, b) is None, (seed, collision(a, b))
            assert not a.people() & b.people() and not a.records() & b.records()
            assert not set(a.spec.personas) & set(b.spec.personas)
        kinds |= set(slugs)
    assert len(kinds) >= 9  # beside the three every day holds, the days draw from the other families


def test_the_prompt_is_the_requests_pointers_one_a_line_and_measures_are_summed():
    for seed in (0, 7):
        task, parts = instance("acme", FAMILY, seed), parts_of(seed)
        lines = task.public.prompt.split("\n")
        assert sorted(lines) == sorted(f"- {p.spec.prompt}" for p in parts)  # nothing more
        f = task.truth.measures.frontier
        assert f.discover == sum(p.spec.frontier.discover for p in parts)
        assert f.people == sum(p.spec.frontier.people for p in parts)
        assert f.ask and task.public.difficulty == "frontier"
        assert len([c for c in task.truth.checkpoints if c.name.endswith("request done")]) == len(parts)


def test_a_request_is_named_by_a_person_not_its_customer_or_the_word_it_opens_with():
    firm = "Could you catch up on the Stewart PLC mails Alan, Justin and Brian sent you last week?"
    assert requester(firm, "x") == "Alan"
    deal = "Could you catch up on the Fowler mails Tommy and Jordan sent you last week?"
    assert requester(deal, "x", {"debra.santiago@fowlerbellblack.com"}) == "Tommy"
    assert requester(deal, "x") == "Fowler"  # without the part's people a bare customer name passes
    assert requester("Tonight's work on db-bidash-01, as Patrick Chen asked: the fix", "x") == "Patrick Chen"
    assert requester("Handle Robert Watkins's request — it's in your inbox.", "x") == "Robert Watkins"


def test_the_oracle_passes(gym):
    task = instance("acme", FAMILY, SEED)
    assert run_verdict(gym, task, list(task.truth.oracle)).outcome == "pass"


def test_a_day_without_the_reminder_fails_and_names_the_requester_of_the_purchase(gym):
    task = instance("acme", FAMILY, SEED)
    chase = next(p for p in parts_of(SEED) if p.slug == "chase-approval")
    reminder = {chase.steps[i] for i in chase.spec.exchange}  # the away approver answers only a reminder
    verdict = run_verdict(gym, task, without_steps(list(task.truth.oracle), reminder))
    assert verdict.outcome == "fail"
    names = unmet(verdict)
    assert f"{chase.label}: the requester's line manager answered the reminder" in names
    assert done_unmet(names) == [f"{chase.label}: request done"], names


def test_a_day_with_one_request_undone_fails_and_names_its_requester(gym):
    task, parts = instance("acme", FAMILY, SEED), parts_of(SEED)
    left = next(p for p in parts if refuses(p))
    verdict = run_verdict(gym, task, undone(task, parts, left))
    assert verdict.outcome == "fail"
    assert done_unmet(unmet(verdict)) == [f"{left.label}: request done"], unmet(verdict)
