"""Verdicts on meaning (issue 30): natural wordings of right work pass, gamed answers fail, and a failed
note is reported once. Each test failed on the verifier that matched exact strings."""

from __future__ import annotations

import re

import pytest

from tasks.families.worldview import world_view
from tests.verifier.meaning_kit import first, rewrite, run


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


def _p2_escalation():
    return first("ticketing.handbook-escalation", lambda t: "p2" in t.public.tags)


def _notified(task) -> list[str]:
    return [re.search(r"notified (.+)\.$", s.args["text"]).group(1) for s in task.truth.oracle
            if s.tool == "ticketing_add_work_note"]  # fmt: skip


def test_escalation_notes_name_the_people_in_any_words(gym):
    task = _p2_escalation()
    manager, primary = _notified(task)
    notes = [
        f"Notified {manager} (support group manager) at 09:05 about the missed response target.",
        f"Escalated to {primary.split()[0].upper()} {primary.split()[1]}, on call this week",
    ]
    verdict = run(gym, task, rewrite(task.truth.oracle, "ticketing_add_work_note", "text", notes))
    assert verdict.outcome == "pass", verdict.explain()


def test_a_note_naming_the_wrong_person_is_one_unmet_expectation_not_also_collateral(gym):
    task = _p2_escalation()
    manager, _ = _notified(task)
    notes = [f"Notified {manager}.", "Notified Amber Miller."]
    verdict = run(gym, task, rewrite(task.truth.oracle, "ticketing_add_work_note", "text", notes))
    assert verdict.outcome == "fail"
    assert verdict.reason_codes == ["expectation_unmet"], verdict.explain()
    statuses = [d["status"] for d in verdict.diff if d["table"] == "ticketing_sys_journal_field"]
    assert sorted(statuses) == ["did not meet expectation 2", "expected"]
