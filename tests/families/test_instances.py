"""Family instances: byte-identical across processes, held-out splits, deterministic redraws, ≥ 50
distinct instances per family whose oracle passes, half of every split hard."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections import Counter

import pytest

from mcp_gateway.taskcheck.checking import format_problems
from tasks.calibration import score_steps
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps
from tasks.families.compose import Composed
from tasks.families.instances import (
    draw,
    instance,
    instance_bytes,
    instance_ids,
    parse_id,
    summary,
    truth_key,
)
from tasks.families.registry import families
from tasks.families.worldview import world_view
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec
from tests.support.sampling import sampled
from worlds.splits import seed_split

FAMILIES = sorted(families())
PROBE = "import hashlib,sys;from tasks.families.instances import instance,instance_bytes;" + (
    "[print(hashlib.sha256(instance_bytes(instance('acme',f,int(s)))).hexdigest()) "
    "for f,s in (a.split('@') for a in sys.argv[1:])]"
)


def _digests(ids: list[str], hashseed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *ids], capture_output=True, text=True, env=env, timeout=300, check=True
    )
    return out.stdout.split()


def test_there_are_families_in_several_apps():
    apps = {a for f in families().values() for a in f.apps}
    assert len(FAMILIES) >= 2 and {"ticketing"} <= apps


def test_same_seed_same_bytes_across_processes():
    ids = [f"{f}@{s}" for f in FAMILIES for s in (0, 7)]
    here = [hashlib.sha256(instance_bytes(instance("acme", *parse_id(i)))).hexdigest() for i in ids]
    assert _digests(ids, "1") == here
    assert _digests(ids, "977") == here
    assert len(set(here)) == len(here)  # different seeds or families: different instances


def test_instance_ids_name_family_seed_and_version():
    task = instance("acme", FAMILIES[0], 3)
    assert task.id == f"{FAMILIES[0]}@3" and task.public.family == FAMILIES[0]
    assert task.public.version == families()[FAMILIES[0]].version
    canary = task.truth.canary
    assert canary.startswith("SAASGYM-CANARY-") and canary not in task.public.model_dump_json()
    assert parse_id("ticketing.assign-incident@12") == ("ticketing.assign-incident", 12)
    assert parse_id("crm-close-won-villanueva") is None and parse_id("x@y") is None


@pytest.mark.parametrize("family", sampled(FAMILIES, 1 / 7, "entities"))
def test_test_entities_are_never_train_entities(family):
    by_split: dict[str, set[str]] = {"train": set(), "dev": set(), "test": set()}
    for iid in instance_ids("acme", family=family):
        drawn = summary("acme", *parse_id(iid))
        assert drawn.entities, f"{iid} records no entities"
        by_split[drawn.split] |= set(drawn.entities)
    assert not by_split["train"] & by_split["test"]
    assert not by_split["dev"] & by_split["test"] and not by_split["train"] & by_split["dev"]
    fam = families()[family]
    assert {s for s, e in by_split.items() if e} == set(fam.splits)


def test_every_split_entity_set_is_disjoint_across_families_and_half_of_each_split_is_hard():
    """Across families (a seeded third of them, every instance of each; SAASGYM_FULL_TESTS=1: the whole
    catalog), no entity of a test instance is one of a train instance, and half of each split is hard."""
    train, test = set(), set()
    hard, total = Counter(), Counter()
    for iid in (i for f in sampled(FAMILIES, 1 / 3, "entity-sets") for i in instance_ids("acme", family=f)):
        drawn = summary("acme", *parse_id(iid))
        (test if drawn.split == "test" else train if drawn.split == "train" else set()).update(drawn.entities)
        total[drawn.split] += 1
        hard[drawn.split] += drawn.difficulty == "hard"
    assert train and test and not train & test
    # The hard half (>= 8 oracle calls, >= 3 records or two apps).
    assert sum(hard.values()) >= 0.5 * sum(total.values()), (hard, total)
    assert all(hard[s] >= 0.5 * total[s] for s in total), (hard, total)


def test_some_families_are_test_only():
    only_test = [f for f in families().values() if f.splits == ("test",)]
    assert only_test
    for fam in only_test:
        assert {seed_split("acme", fam.name, s, fam.splits) for s in range(50)} == {"test"}


class _Picky(Family):
    """Accepts only an incident whose number ends in 7: most draws fail and are redrawn."""

    name = "ticketing.test-picky"
    apps = ("ticketing",)

    def build(self, d: Draw) -> Spec:
        rows = d.world.rows("SELECT sys_id, number FROM ticketing_incident ORDER BY number")
        inc = d.pick("incident", rows)
        if not inc["number"].endswith("7"):
            raise Redraw("number does not end in 7")
        text = inc["number"]
        return Spec(prompt="?", oracle=answer_steps(text), answer=AnswerSpec(match=Match(text=text)))


def test_failed_preconditions_are_redrawn_deterministically():
    picky = _Picky()
    first = [draw("acme", picky, s)[0].oracle[0].args["answer"] for s in range(12)]
    assert all(n.endswith("7") for n in first)
    assert first == [draw("acme", picky, s)[0].oracle[0].args["answer"] for s in range(12)]
    assert len(set(first)) > 6


# Long-horizon scenarios are families of few seeds (tests/scenarios and tests/families/test_ultralong.py
# check that each seed is distinct).
@pytest.mark.parametrize(
    "family", sampled([f for f in FAMILIES if not f.startswith(("scenario.", "long."))], 1 / 10, "distinct")
)
def test_family_yields_50_distinct_valid_instances(family):
    """Every family yields its floor of distinct truths, and 50 of them pass the format checks and their own
    oracle. A composite's (a morning, a day, a week: 15–60 calls and several days of waits each) oracle runs
    on two seeded instances here — its parts' families each run all 50, and `tasks check`
    calibrates it; `SAASGYM_FULL_TESTS=1` runs all 50."""
    gym = world_view("acme").gym
    seen: dict[str, str] = {}
    for iid in instance_ids("acme", family=family):
        task = instance("acme", *parse_id(iid))
        seen.setdefault(truth_key(task), iid)
    floor = families()[family].distinct  # 50, or a frontier family's number of situations in the world
    assert len(seen) >= floor, f"{family}: only {len(seen)} distinct instances"
    canaries: dict[str, str] = {}
    checked = list(seen.values())[:50]
    run = set(sampled(checked, 1 / 25, family)) if isinstance(families()[family], Composed) else set(checked)
    for iid in checked:
        task = instance("acme", *parse_id(iid))
        assert format_problems(gym, task, canaries) == [], iid
        if iid in run:
            assert score_steps(gym, task, list(task.truth.oracle)) == "pass", iid


def test_records_count_business_records_not_their_parts():
    from tasks.families.instances import changed_records
    from tasks.match_model import Match
    from tasks.truth_model import Expectation

    incident = "a" * 32
    note_and_state = [
        Expectation(table="ticketing_incident", op="update", pk=incident, fields={"state": Match(equals=3)}),
        Expectation(
            table="ticketing_sys_journal_field", op="insert", fields={"element_id": Match(equals=incident)}
        ),
    ]
    assert len(changed_records(note_and_state)) == 1  # the comment is part of the incident
    meeting = [
        Expectation(table="office_event", op="insert", fields={"subject": Match(contains="QBR")}),
        *[
            Expectation(table="office_attendee", op="insert", fields={"email_address": Match(equals=m)})
            for m in ("a@x.com", "b@x.com", "c@x.com")
        ],
    ]
    assert len(changed_records(meeting)) == 1  # one event, its attendees with it
    three = [Expectation(table="crm_contact", op="update", pk=f"003{i}") for i in range(3)]
    kept = [Expectation(table="crm_contact", op="unchanged", pk="0039")]
    assert len(changed_records(three + kept)) == 3  # a row that must stay unchanged is no change
    cells = [Expectation(table="office_cell", op="update", pk=f"ws1!B{r}") for r in range(2, 6)]
    assert len(changed_records(cells)) == 1  # four cells of one worksheet
