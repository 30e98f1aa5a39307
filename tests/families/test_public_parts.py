"""Public parts reveal nothing (issue 30 §3): no public field of an instance — its tags, difficulty, answer
flag, surfaces, id — tells which variant of its family it is. Variants are told apart by the private
variant tags (a policy's branch, a refusal, a priority; the phrasing left aside)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from tasks.families.instances import family_profile, instance
from tasks.families.public import sample_seeds
from tasks.families.registry import families
from tests.support.sampling import sampled

FIELDS = ("tags", "difficulty", "answer_required", "surfaces", "no_ui_reason")


def _variant(task) -> tuple[str, ...]:
    return tuple(sorted(t for t in task.truth.variant_tags if not t.startswith("phrasing-")))


def _seeds(fam) -> list[int]:
    """Instances the profile was not read from (one past each of its seeds)."""
    return [s + 1 for s in sample_seeds(fam) if s + 1 < fam.size]


@pytest.mark.parametrize("name", sampled(list(families()), 1 / 3, "public-parts"))
def test_no_public_field_maps_to_a_single_variant(name):
    fam = families()[name]
    tasks = [instance("acme", name, s) for s in _seeds(fam)]
    variants = {_variant(t) for t in tasks}
    shared = family_profile("acme", fam)
    for task in tasks:
        p = task.public
        assert re.fullmatch(rf"{re.escape(name)}@\d+", p.id)
        assert (tuple(p.tags), p.difficulty, p.answer_required) == (
            shared.tags,
            shared.difficulty,
            shared.answer_required,
        )
        assert not set(p.tags) & set(task.truth.variant_tags)
    if len(variants) < 2:
        return
    for field in FIELDS:
        seen = defaultdict(set)
        for task in tasks:
            seen[str(getattr(task.public, field))].add(_variant(task))
        told = {value: v for value, v in seen.items() if len(v) == 1 and len(seen) > 1}
        assert not told, f"{field} tells the variant: {told}"


def test_the_issue_leak_is_gone():
    """office.handbook-approval's public tags named the branch ("approver", "none", "not_permitted")."""
    fam = families()["office.handbook-approval"]
    tasks = [instance("acme", fam.name, s) for s in range(40)]
    branches = {t.truth.answer.match.text for t in tasks}
    assert branches == {"approved", "rejected", "not needed"}
    assert len({tuple(t.public.tags) for t in tasks}) == 1
    assert not {"approver", "none", "not_permitted"} & {tag for t in tasks for tag in t.public.tags}
    assert len({t.public.difficulty for t in tasks}) == 1 and all(t.public.answer_required for t in tasks)


@pytest.mark.parametrize("name", [n for n, f in families().items() if f.answers])
def test_a_family_with_a_refusal_variant_asks_every_instance_for_an_answer(name):
    # 120 seeds, more when a rare variant has not come up yet (a version's stream may start without one)
    tasks = [instance("acme", name, s) for s in range(120)]
    seed = 120
    while seed < 1000 and all(bool(t.truth.answer) == bool(tasks[0].truth.answer) for t in tasks):
        tasks.append(instance("acme", name, seed))
        seed += 1
    assert any(t.truth.answer for t in tasks) and not all(t.truth.answer for t in tasks)
    assert all(t.public.answer_required for t in tasks)
