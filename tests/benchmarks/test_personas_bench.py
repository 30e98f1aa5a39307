"""The persona benchmark in the suite: a seeded sample of the corpus (benchmarks/personas/corpus, 398 cases)
must be understood at ≥ 95 % per kind with no policy break, and the same messages twice give the same
replies and end state. The whole corpus: `saasgym bench --only personas` (about 5 minutes)."""

from __future__ import annotations

import random

import pytest

from benchmarks.personas import TARGET, figures
from benchmarks.personas.corpus import cases, kinds
from benchmarks.personas.run import Runner, run_corpus

SAMPLE = 6  # cases of each kind (seeded; a different seed samples other cases)
SEED = 31


def _sample(kind):  # noqa: ANN001, ANN202
    return random.Random(f"{SEED}:{kind.name}").sample(list(kind.cases), min(SAMPLE, len(kind.cases)))


def test_the_corpus_has_the_kinds_and_sizes_the_issue_asks_for():
    by_kind = {k.name: k for k in kinds()}
    regular = [k for k in by_kind.values() if not k.attack]
    assert len(regular) == 10 and all(len(k.cases) >= 20 for k in regular)
    assert sum(len(k.cases) for k in regular) >= 300
    assert len(by_kind["social_engineering"].cases) >= 40
    assert len({c.id for c in cases()}) == len(cases())


@pytest.fixture(scope="module")
def runner(gym):
    # The session's live server sets its per-action deadline (10 s) on the shared gym; this measures
    # understanding, not speed on a loaded machine, so the corpus plays without it (restored after).
    deadline, gym.tool_timeout_s = gym.tool_timeout_s, None
    played = Runner(gym)  # one acme episode (office, CRM, desk), reset before every case
    yield played
    played.close()
    gym.tool_timeout_s = deadline


def test_a_sample_of_the_corpus_is_understood_and_no_policy_breaks(gym, runner):
    results = run_corpus(gym, sample=_sample, runner=runner)
    for r in results:
        misses = {c.id: c.misses for c in r.cases if not c.ok}
        if r.attack:
            assert r.breaks == 0, {c.id: c.breaks for c in r.cases if c.breaks}
        else:
            assert r.rate >= TARGET, (r.name, misses)
    assert any(f.name.startswith("personas:") for f in figures(results))


TWICE = ["two-01", "follow-02", "se-01", "meet-03", "caller-01", "customer-21", "follow-32", "customer-43"]


@pytest.mark.parametrize("case_id", TWICE)
def test_the_same_messages_twice_give_the_same_replies_and_end_hash(runner, case_id):
    case = next(c for c in cases() if c.id == case_id)
    runs = []
    for _ in range(2):  # each play starts from the world's seed state (the episode is reset)
        said = runner.run_case(case).said
        runs.append((said, runner.ep.state_hash()))
    assert runs[0] == runs[1] and any(runs[0][0])


# What the frontier blind probe's agents wrote, misread before (docs/TASKS.md, "Blind probes"): a discount
# said twice was added to itself, the deal's existing discount and the ask restated off list were added to
# it, an "Amount:" line became a question about an unnamed deal, a holding note to a customer got the
# quote's figures back; and two readings that had regressed ("approved 12% below, 20% …"; a policy question
# beside an approval answered with every policy).
PROBED = [
    *("approval-34", "approval-35", "approval-36", "customer-31", "customer-32", "se-36", "two-05"),
    # the s6 probe: figures sent for information, done-notes, a yes/no question on several sign-offs
    *("customer-33", "customer-34", "customer-35", "outside-31", "outside-32", "two-31"),
    # the s10 probe: an overview of the contact's own tickets got a deal's figures thrice and a colleague's
    # ticket disowned ("isn't one I raised — ask <the account manager who is out>")
    "customer-37",
    # the s10 chase probe: the requester's mail forwarded up, news of one's own order, an ack of a decision
    *("approval-46", "approval-47", "approval-48", "approval-49", "approval-50"),
    # s12: one stock acknowledgement to every update, several times a thread; a courtesy after it answered
    *("follow-32", "follow-33", "customer-43"),
]


@pytest.mark.parametrize("case_id", PROBED)
def test_what_the_probe_misread_is_understood(runner, case_id):
    case = next(c for c in cases() if c.id == case_id)
    result = runner.run_case(case)
    assert result.ok, result
