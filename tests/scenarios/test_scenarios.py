"""The long-horizon scenarios: how many, how long, and that they are exact (same actions ⇒ same persona
replies and end hash) and need their persona exchange (skipping the approval fails, with checkpoints
saying how far the run got)."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from crossapp.scenarios.story import Scenario
from tasks.families.instances import instance, truth_key
from tasks.families.registry import families
from tasks.oracle import run_python
from tasks.verifier import verify

# the approval stories (`story.Scenario`); the scenarios with office files as deliverables are tested in
# test_deliverables.py
SCENARIOS = [name for name, fam in families().items() if isinstance(fam, Scenario)]
FAMILY = "scenario.deal-desk-discount"


def test_at_least_forty_long_horizon_scenarios():
    assert len(SCENARIOS) >= 40
    jobs = set()
    for name in SCENARIOS:
        size = families()[name].size
        assert size >= 12
        keys = {truth_key(instance("acme", name, seed)) for seed in range(size)}
        assert len(keys) == size, f"{name}: every seed a distinct instance"
        tasks = [instance("acme", name, seed) for seed in range(3)]
        for t in tasks:
            m = t.truth.measures
            assert m.scenario and m.oracle_calls >= 15 and m.apps >= 2, (t.id, m)
            assert m.days >= 1 and m.personas, (t.id, m)
            assert t.truth.mutations.exchange and t.truth.oracle[t.truth.mutations.exchange[0]].tool == (
                "office_send_mail"
            )
            assert len(t.truth.checkpoints) >= 5 and "ui" in t.public.surfaces and t.truth.ui_oracle
            assert any(c.name.startswith("asked the ") for c in t.truth.checkpoints)
        jobs.add(families()[name].job)
    assert {"sales-ops", "service-desk", "it-change", "account-management", "finance", "onboarding"} <= jobs
    assert "exec-assistant" in jobs


def _run(gym: Gym, task, steps):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    run_python(ep, steps)
    return ep


def _replies(ep, approver: str) -> list[str]:
    rows = ep.db.execute_raw(
        "SELECT body_content FROM office_message WHERE from_address = ? AND subject LIKE '%Approval:%' "
        "ORDER BY id",
        [approver],
    )
    return [r[0] for r in rows]


@pytest.fixture(scope="module")
def gym():
    return Gym()


def test_same_actions_same_replies_same_end_hash(gym):
    task = instance("acme", FAMILY, 1)
    approver = task.truth.measures.personas[0]
    first, second = _run(gym, task, task.truth.oracle), _run(gym, task, task.truth.oracle)
    try:
        said = _replies(first, approver)
        assert said and said == _replies(second, approver)
        assert any("Approved:" in text for text in said)
        assert first.state_hash() == second.state_hash()
        verdict = verify(first, task)
        n = len(task.truth.checkpoints)
        assert verdict.outcome == "pass" and verdict.progress == {"met": n, "of": n}
    finally:
        first.close()
        second.close()


def test_skipping_the_approval_fails_with_checkpoints_saying_where(gym):
    task = instance("acme", FAMILY, 2)
    skipped = set(task.truth.mutations.exchange)
    ep = _run(gym, task, [s for i, s in enumerate(task.truth.oracle) if i not in skipped])
    try:
        verdict = verify(ep, task)
        assert verdict.outcome == "fail"
        met = {c.name: c.ok for c in verdict.checkpoints}
        assert not any(ok for name, ok in met.items() if name.startswith("asked the "))
        assert not any(ok for name, ok in met.items() if "approval of" in name)
        assert met["a day passed on the clock"]  # it waited, but nobody had been asked
        assert any(ok for name, ok in met.items() if name.startswith("mail to "))  # the deliverables exist
        approver = task.truth.measures.personas[0]
        assert _replies(ep, approver) == []
    finally:
        ep.close()


def test_asking_the_wrong_person_fails(gym):
    task = instance("acme", FAMILY, 0)
    mapping = task.truth.mutations.wrong_record
    approver = task.truth.measures.personas[0]
    decoy = mapping[approver]
    steps = [
        s.model_copy(update={"args": {**s.args, "to": [decoy]}}) if s.tool == "office_send_mail" else s
        for s in task.truth.oracle
    ]
    ep = _run(gym, task, steps)
    try:
        assert verify(ep, task).outcome == "fail" and _replies(ep, approver) == []
    finally:
        ep.close()
