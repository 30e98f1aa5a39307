"""A refusal reason as a rule: built from the entities alone, never read in quoted text, described in a
verdict's diff, not fooled by a child named after its parent; and every refusing family's oracle gives its
reason while the prompt echoed back does not."""

from __future__ import annotations

import pytest

from tasks.families import mentions
from tasks.truth_model import AnswerSpec
from tasks.verifier.matching import describe, matches


def test_entities_give_the_reason_alone() -> None:
    children = mentions.reason(
        "has_children", entities=[mentions.record(name="Acme Ltd"), mentions.record(name="Acme GmbH")]
    )[0]
    assert matches(children, "I can't — Acme Ltd still hangs off it.")
    assert not matches(children, "I can't delete it, sorry.")
    limit = mentions.reason("over_limit", entities=[mentions.number(10)])[0]
    assert matches(limit, "I can't order 15; ten is what one request may hold.")
    assert not matches(limit, "I can't order 15 of them.")
    policy = mentions.reason("policy_forbids", names=["Access Request Policy"])[0]
    assert matches(policy, "No: see the access request policy.")


def test_quoted_text_is_not_the_writers_reason() -> None:
    rule = mentions.reason("has_children", names=[])[0]
    reply = "I can't do that, sorry.\n\nOn Monday Bob wrote:\n> it still has five child accounts"
    assert not matches(rule, reply)


def test_a_refusal_spec_reads_its_reasons_in_the_diff() -> None:
    spec = AnswerSpec(refusal=True, because=mentions.reason("not_member", names=["Network"]))
    assert "not a member of the group (Network)" in describe(spec.because[0])


def test_a_child_named_after_its_parent_is_not_the_parent() -> None:
    rule = mentions.reason("cycle", names=["Knox-Smith"], others=["Knox-Smith Canada"])[0]
    assert not matches(rule, "I can't. Make Knox-Smith a child account of Knox-Smith Canada.")
    assert matches(rule, "I can't: Knox-Smith Canada is already a child of Knox-Smith.")


REFUSING = [
    "crm.refuse-account-hierarchy",
    "crm.refuse-picklist-value",
    "crm.refuse-converted-lead",
    "office.refuse-share",
    "office.refuse-account-sharing",
    "ticketing.assign-incident",
    "ticketing.catalog-order",
    "ticketing.refuse-close-open",
    "ticketing.reprioritize-incident",
    "ticketing.reassign-group",
    "ticketing.refuse-change-rule",
    "xapp.refuse-deals-to-analyst",
]


@pytest.mark.parametrize("family", REFUSING)
def test_a_family_refusal_passes_with_its_oracle_and_fails_as_an_echo(family: str) -> None:
    from tasks.families.instances import instance

    seen = 0
    for seed in range(400):  # a rare refusal variant may not come up in a version's first seeds
        if seen and seed >= 80:
            break
        task = instance("acme", family, seed)
        spec = task.truth.answer
        if not (spec and spec.refusal):
            continue
        answer = [s.args["answer"] for s in task.truth.oracle if s.tool == "complete_task"][-1]
        assert any(matches(r, answer) for r in spec.because), answer
        assert not any(matches(r, f"I can't. {task.public.prompt}") for r in spec.because), task.public.prompt
        seen += 1
        if seen == 6:
            break
    assert seen, f"{family}: no refusal in 400 seeds"
