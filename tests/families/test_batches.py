"""Batched families: an instance is one request or a numbered list of several, each on records of its own;
a batch is hard by its records, its oracle passes, its mutants and its null run fail, and batches with
the same seed are the same bytes."""

from __future__ import annotations

import random
import re

import pytest

from tasks.calibration import EXPECTED, NA, mutants, score_steps
from tasks.families.base import Draw, Redraw, Spec, answer_steps
from tasks.families.batch import several
from tasks.families.instances import build_task, instance, instance_bytes
from tasks.families.registry import families
from tasks.families.worldview import world_view
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec

BATCHED = [
    "ticketing.resolve-incident",
    "ticketing.hold-incident",
    "crm.lead-status",
    "crm.remove-line-item",
    "office.forward-mail",
]


def _first_batch(family: str):
    return next(t for s in range(40) if "batch" in (t := instance("acme", family, s)).tags)


@pytest.mark.parametrize("family", BATCHED)
def test_a_family_draws_single_requests_and_batches(family):
    tasks = [instance("acme", family, s) for s in range(40)]
    batches = [t for t in tasks if "batch" in t.tags]
    assert batches and len(batches) < len(tasks)  # the knob: some single requests stay
    for t in batches:
        n = int(next(tag for tag in t.tags if tag.startswith("batch-")).removeprefix("batch-"))
        listed = re.findall(r"^(\d+)\. ", t.public.prompt, flags=re.M)
        assert listed == [str(i) for i in range(1, n + 1)], t.public.prompt
        assert t.truth.measures.records >= 3 and t.public.difficulty == "hard"
        pks = [e.pk for e in t.truth.expect if e.pk is not None]
        assert len(pks) == len(set(pks)), f"{t.id}: two requests change one record"


@pytest.mark.parametrize("family", ["ticketing.resolve-incident", "crm.remove-line-item"])
def test_a_batch_calibrates(family):
    gym = world_view("acme").gym
    task = _first_batch(family)
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    results = mutants(gym, task)
    wrong = {k: v for k, v in results.items() if v != NA and v != EXPECTED[k]}
    assert not wrong, f"{task.id}: {wrong}"
    assert results["null"] == "fail" and results["wrong_record"] == "fail"


def test_a_batch_is_the_same_bytes_when_drawn_again():
    fam = families()["ticketing.resolve-incident"]
    first = _first_batch(fam.name)
    seed = int(first.id.split("@")[1])
    assert instance_bytes(build_task("acme", fam, seed)) == instance_bytes(first)


def test_questions_are_not_batched():
    def question(d: Draw) -> Spec:
        return Spec(prompt="?", oracle=answer_steps("1"), answer=AnswerSpec(match=Match(text="1")))

    d = Draw(world=world_view("acme"), split="train", rng=random.Random(0))
    with pytest.raises(Redraw):
        several(d, question, 3, ["{n}"] * 5)
