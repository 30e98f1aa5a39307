"""Ticketing families: there are fifteen with test-only ones, and what a refusal instance asks for really is
refused by the desk (the naive write fails and changes nothing), while the instance's oracle passes."""

from __future__ import annotations

import re

import pytest

from apps.core.errors import ActionError
from tasks.calibration import score_steps
from tasks.families.instances import instance
from tasks.families.registry import families
from tasks.families.worldview import world_view

TICKETING = sorted(f for f in families() if f.startswith("ticketing."))


def test_there_are_fifteen_ticketing_families_with_test_only_ones():
    assert len(TICKETING) >= 15
    assert sum(families()[f].splits == ("test",) for f in TICKETING) >= 3


def _change_attempt(task) -> tuple[str, dict]:
    number = re.search(r"CHG\d{7}", task.public.prompt)[0]
    kind = next(t for t in task.tags if t.startswith("rule-")).removeprefix("rule-")
    return {
        "implement": ("ticketing_implement_change", {"change_id": number}),
        "close": (
            "ticketing_close_change",
            {"change_id": number, "close_code": "successful", "close_notes": "Done."},
        ),
        "edit": ("ticketing_update_change", {"change_id": number, "start_date": "2026-12-01T20:00"}),
        "cancel": ("ticketing_cancel_change", {"change_id": number, "work_notes": "Not needed."}),
    }[kind]


def _attempt(task) -> tuple[str, dict]:
    """The write a naive agent would make for a refusal instance."""
    if task.public.family == "ticketing.refuse-change-rule":
        return _change_attempt(task)
    if task.public.family == "ticketing.catalog-order":
        qty = int(re.search(r"\b(1[1-9]|2\d)\b", task.public.prompt)[0])
        item = task.truth.oracle[-2].args["item_id"]
        return "ticketing_order_catalog_item", {"item_id": item, "quantity": qty}
    number = re.search(r"INC\d{7}", task.public.prompt)[0]
    return "ticketing_update_incident", {"incident_id": number, "urgency": 1}


def _refusals(family: str, n: int) -> list:
    found, seed = [], 0
    while len(found) < n and seed < 400:
        task = instance("acme", family, seed)
        if task.truth.answer and task.truth.answer.refusal:
            found.append(task)
        seed += 1
    assert len(found) == n, f"{family}: fewer than {n} refusal instances in 400 seeds"
    return found


@pytest.mark.parametrize(
    "family",
    [
        "ticketing.refuse-change-rule",
        "ticketing.reprioritize-incident",
        "ticketing.reassign-group",
        "ticketing.catalog-order",
    ],
)
def test_what_a_refusal_instance_asks_for_is_refused_by_the_desk(family):
    gym = world_view("acme").gym
    for task in _refusals(family, 4):
        tool, args = _attempt(task)
        ep = gym.create_episode("acme")
        try:
            with pytest.raises(ActionError):
                ep.call(tool, **args)
            assert ep.db.journal() == []  # the refused write changed nothing
        finally:
            ep.close()
        assert score_steps(gym, task, list(task.truth.oracle)) == "pass"


def test_the_same_work_note_on_several_incidents_is_posted_on_each_incident_form_in_the_browser():
    for seed in range(4):
        task = instance("acme", "ticketing.multi-incident-note", seed)
        assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        notes = [s.args["record_id"] for s in task.truth.oracle if s.tool == "ticketing_add_work_note"]
        ui = task.truth.ui_oracle
        assert [s.goto for s in ui if s.goto] == [f"/incidents/{n}" for n in notes]
        assert sum(s.click == ("button", "Post") for s in ui) == len(notes)
