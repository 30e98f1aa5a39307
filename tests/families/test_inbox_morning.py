"""xapp.inbox-morning: three or four frontier requests in one episode. The merged oracle passes (Python and
a real MCP client); leaving one request undone, or taking one request's hasty path, fails with a verdict
that names that request; the requests of a morning never share a person, a record or a hidden check over
the whole catalog; the prompt points at each request and reveals none of its answers."""

from __future__ import annotations

import itertools
from functools import cache
from types import SimpleNamespace

import anyio
import pytest

from crossapp.xapp.inbox_morning import FAMILIES, morning
from tasks.calibration import without_steps
from tasks.families.compose import collision, hides
from tasks.families.inbox_kit import pending
from tasks.families.instances import instance
from tasks.oracle import run_mcp
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify
from tests.support.composed import done_unmet, run_verdict, undone, unmet

FAMILY = "xapp.inbox-morning"
SIZE = FAMILIES[0].size


@cache
def parts_of(seed: int) -> list:
    """The parts of the morning `seed` (drawn once per test session)."""
    return morning("acme", seed)


def _with(slug: str, n: int = 8) -> list[int]:
    """The first `n` seeds whose morning holds a request of the family `xapp.<slug>`."""
    return [s for s in range(SIZE) if any(p.slug == slug for p in parts_of(s))][:n]


@pytest.mark.parametrize("seed", [0, 1, 5, 8])
def test_the_oracle_passes_in_python(gym, seed):
    task = instance("acme", FAMILY, seed)
    assert 3 <= len([c for c in task.truth.checkpoints if c.name.endswith("request done")]) <= 4
    assert run_verdict(gym, task, list(task.truth.oracle)).outcome == "pass"


def test_the_oracle_passes_through_a_real_mcp_client(live_server):
    task = instance("acme", FAMILY, 9)
    episode, urls = live_server.gateway.create("acme", task=task.id)
    try:
        anyio.run(run_mcp, urls.mcp(), task.truth.oracle)
        # judged criteria are read as met (no judge model here); every deterministic check is the verifier's
        assert verify(episode, task, judge=ASSUME_MET).outcome == "pass"
    finally:
        live_server.gateway.manager.close(episode.id)


@pytest.mark.parametrize("seed", [2, 3])
def test_leaving_one_request_undone_fails_and_names_it(gym, seed):
    task = instance("acme", FAMILY, seed)
    parts = parts_of(seed)
    for left in parts:
        verdict = run_verdict(gym, task, undone(task, parts, left))
        assert verdict.outcome == "fail"
        assert done_unmet(unmet(verdict)) == [f"{left.label}: request done"], unmet(verdict)


def test_changing_the_deal_without_asking_which_fails_and_names_the_requester(gym):
    seed = _with("clarify-deal-request", 1)[0]
    task = instance("acme", FAMILY, seed)
    part = next(p for p in parts_of(seed) if p.slug == "clarify-deal-request")
    asked = {part.steps[i] for i in part.spec.exchange}  # the question to the requester
    verdict = run_verdict(gym, task, without_steps(list(task.truth.oracle), asked))
    assert verdict.outcome == "fail"
    names = unmet(verdict)
    assert f"{part.label}: asked the requester which deal" in names
    assert done_unmet(names) == [f"{part.label}: request done"]


def test_mailing_the_departed_contact_fails_and_names_the_request(gym):
    seed = _with("stale-contact", 1)[0]
    task = instance("acme", FAMILY, seed)
    part = next(p for p in parts_of(seed) if p.slug == "stale-contact")
    mapping = part.spec.wrong_record  # the successor's address → the departed contact's
    steps = list(task.truth.oracle)
    for i in part.steps:
        args = {
            k: [mapping.get(x, x) for x in v] if isinstance(v, list) else v for k, v in steps[i].args.items()
        }
        steps[i] = OracleStep(tool=steps[i].tool, args=args)
    verdict = run_verdict(gym, task, steps)
    assert verdict.outcome == "fail"
    assert f"{part.label}: the successor got the figures" in unmet(verdict)


def test_the_requests_of_a_morning_never_collide_over_the_catalog():
    kinds = set()
    for seed in range(SIZE):
        parts = parts_of(seed)
        assert 3 <= len(parts) <= 4
        assert len({p.family.name for p in parts}) == len(parts)
        assert len({p.label for p in parts}) == len(parts)
        for a, b in itertools.combinations(parts, 2):
            assert collision(a, b) is None, (seed, collision(a, b))
            assert not set(a.spec.personas) & set(b.spec.personas)
        kinds |= {p.slug for p in parts}
    assert len(kinds) >= 8  # the mornings draw from most of the frontier families


def test_the_prompt_points_at_each_request_and_reveals_none_of_its_answers():
    requests = {
        slug: pending(SimpleNamespace(world=SimpleNamespace(world="acme")), kind)
        for slug, kind in (
            ("clarify-deal-request", "clarify"),
            ("customer-discount-request", "discount"),
            ("customer-info-request", "customer-info"),
        )
    }
    for seed in range(0, SIZE, 3):
        task = instance("acme", FAMILY, seed)
        prompt = task.public.prompt
        assert "%" not in prompt and "$" not in prompt
        for part in parts_of(seed):
            assert part.spec.prompt in prompt  # the request's own pointer, word for word
            if part.slug not in requests:
                continue
            mail = part.spec.oracle[0].args["message_id"]
            req = next(r for r in requests[part.slug] if r["message_id"] == mail)
            for secret in (req.get("deal_name"), req.get("account"), req.get("subject")):
                assert not secret or secret.lower() not in prompt.lower()
        assert task.public.tags == instance("acme", FAMILY, seed + 1).public.tags


def test_measures_are_the_parts_summed():
    for seed in (0, 4):
        task, parts = instance("acme", FAMILY, seed), parts_of(seed)
        f = task.truth.measures.frontier
        assert f.discover == sum(p.spec.frontier.discover for p in parts)
        assert f.people == sum(p.spec.frontier.people for p in parts)
        assert task.public.difficulty == "frontier"


def test_a_request_that_allows_a_table_wholesale_never_meets_one_that_checks_it():
    found: dict[str, list] = {}
    for s in range(SIZE):
        for p in parts_of(s):
            found.setdefault(p.slug, []).append(p)

    def hidden(a: str, b: str) -> set[str]:  # what any request of family a would hide of any of family b
        return {hides(x, y) or "" for x in found[a] for y in found[b]}

    # the conflict allows any contact change; the stale contact's truth is a contact added and one marked
    assert any(
        "crm_contact, which stale-contact checks" in h for h in hidden("inbox-conflict", "stale-contact")
    )
    # the discount allows any line item's discount; a conflict on a deal with products checks its line items
    assert any(
        "crm_opportunity_line_item, which inbox-conflict checks" in h
        for h in hidden("customer-discount-request", "inbox-conflict")
    )
