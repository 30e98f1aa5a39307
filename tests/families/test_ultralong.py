"""The ultra-long scenarios (`long.*`): five or more families whose oracles take ≥ 100 tool calls over
≥ 2 apps, with a persona exchange and at least a simulated day; checkpoints report partial progress; the
same actions twice give the same persona replies and the same end hash; skipping an approval fails."""

from __future__ import annotations

from datetime import timedelta

import pytest

from apps.core.api import Gym
from tasks.families.instances import instance, truth_key
from tasks.families.registry import families
from tasks.oracle import run_python
from tasks.verifier.verdict import verify

LONG = sorted(n for n in families() if n.startswith("long."))
ASKS = {"office_send_mail", "ticketing_put_incident_on_hold", "ticketing_add_comment"}


def _waited_seconds(task) -> int:
    total = 0
    for s in task.truth.oracle:
        if s.tool == "office_wait_for_replies":
            total += s.args["minutes"] * 60
        elif s.tool == "ticketing_advance_time":
            total += s.args.get("hours", 0) * 3600 + s.args.get("minutes", 0) * 60
    return total


def _run(task, steps):
    ep = Gym().create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    start = ep.now
    run_python(ep, steps)
    return ep, start


def test_five_ultra_long_scenarios_of_distinct_seeds():
    assert len(LONG) >= 5
    for name in LONG:
        fam = families()[name]
        tasks = [instance("acme", name, s) for s in range(fam.size)]
        assert len({truth_key(t) for t in tasks}) == fam.size >= 3, f"{name}: seeds share a truth"
        for t in tasks:
            m = t.truth.measures
            assert m.oracle_calls >= 100 and m.apps >= 2 and len(t.public.apps) >= 2, (t.id, m)
            assert t.public.split == "test" and len(t.truth.checkpoints) >= 4
            assert _waited_seconds(t) >= 86400, f"{t.id} simulates less than a day"
            assert {s.tool for s in t.truth.oracle} & ASKS, f"{t.id} asks no persona anything"


def test_a_run_meets_its_persona_replies_a_day_later_and_replays_exactly():
    task = instance("acme", "long.awaiting-caller-chase", 0)
    runs = []
    for _ in range(2):
        ep, start = _run(task, task.truth.oracle)
        verdict = verify(ep, task)
        replies = ep.db.conn.execute(
            "SELECT element_id, value, sys_created_on FROM ticketing_sys_journal_field "
            "WHERE sys_created_by IN (SELECT caller_id FROM ticketing_incident WHERE sys_id = element_id) "
            "AND sys_created_on >= ? ORDER BY element_id, sys_created_on",
            (start.strftime("%Y-%m-%d %H:%M:%S"),),
        ).fetchall()
        runs.append((ep.state_hash(), replies, verdict.progress, ep.now - start))
        ep.close()
    assert runs[0][0] == runs[1][0] and runs[0][1] == runs[1][1]
    hash_, replies, progress, elapsed = runs[0]
    assert len(replies) >= 15 and all("\n" in r[1] for r in replies)  # signed answers from the callers
    assert progress == {"met": len(task.truth.checkpoints), "of": len(task.truth.checkpoints)}
    assert elapsed >= timedelta(days=1)


def test_half_a_run_reads_as_partial_progress():
    task = instance("acme", "long.awaiting-caller-chase", 0)
    steps = task.truth.oracle
    cut = next(i for i, s in enumerate(steps) if s.tool == "ticketing_advance_time") + 2
    ep, _ = _run(task, steps[:cut])
    verdict = verify(ep, task)
    ep.close()
    assert verdict.outcome == "fail"
    assert 0 < verdict.progress["met"] < verdict.progress["of"], verdict.progress


@pytest.mark.parametrize("name", ["long.pipeline-hygiene"])
def test_skipping_the_approvals_fails_and_says_so(name):
    task = instance("acme", name, 0)
    asked = {s.args["to"][0] for s in task.truth.oracle if s.tool == "office_send_mail"}
    skipped = [
        s
        for s in task.truth.oracle
        if not (s.tool == "office_send_mail" and s.args["subject"].startswith("Discount approval"))
        and s.tool != "office_find_people"
    ]
    assert len(skipped) < len(task.truth.oracle) and asked
    ep, _ = _run(task, skipped)
    verdict = verify(ep, task)
    ep.close()
    assert verdict.outcome == "fail"
    met = {c.name: c.ok for c in verdict.checkpoints}
    assert met["stale close dates and missing next steps fixed"]
    assert not met["every discount beyond a rep's limit sent to the matrix's approver"]
    assert not met["every approver's answer received"]


def test_the_browser_waits_the_whole_time_with_let_time_pass():
    """A wait in the browser is the mail page's Let time pass form for the oracle's whole wait (its choices,
    largest first), never the hourly button that stops at the first answer: with forty approvers
    answering at different times, hourly clicks ran out before the last answers came."""
    from crossapp.ultralong.common import wait_ui

    def waited(steps):
        return [s.select[1] for s in steps if s.select]

    assert waited(wait_ui(1440)) == ["1440"]
    assert waited(wait_ui(1500)) == ["1440", "60"]
    assert waited(wait_ui(2000)) == ["1440", "480", "60", "60"]  # 2,040 minutes: a part hour counts whole
    assert all(s.click == ("button", "Let time pass") for s in wait_ui(1440) if s.click)
