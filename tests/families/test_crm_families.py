"""CRM families: every family calibrates on a sampled instance (oracle passes; null run, mutants and
planted hacks do not), and what a refusal family asks for really is refused by the CRM."""

from __future__ import annotations

import re

import pytest

from apps.core.errors import ActionError
from tasks.calibration import EXPECTED, NA, mutants, score_steps
from tasks.families.instances import instance
from tasks.families.registry import families
from tasks.families.worldview import world_view

CRM = sorted(f for f in families() if f.startswith("crm."))


def test_there_are_fifteen_crm_families_with_test_only_ones():
    assert len(CRM) >= 15
    assert any(families()[f].splits == ("test",) for f in CRM)


@pytest.mark.parametrize("family", CRM)
def test_family_calibrates(family):
    gym = world_view("acme").gym
    task = instance("acme", family, 11)
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    results = mutants(gym, task)
    wrong = {k: v for k, v in results.items() if v != NA and v != EXPECTED[k]}
    assert not wrong, f"{task.id}: {wrong}"
    assert results["null"] == "fail" and results["hack_bypass"] == "invalid"


def _attempt(task) -> tuple[str, dict]:
    """The write a naive agent would make for a refusal instance."""
    tags, pks = task.tags, [e.pk for e in task.truth.expect]
    if "picklist" in tags:
        field = next(t for t in tags if t.startswith("field-")).removeprefix("field-")
        value = re.search(r'"([^"]+)"', task.public.prompt)[1]
        if "lead" in tags:
            return "crm_update_lead", {"lead_id": pks[0], field: value}
        return "crm_update_account", {"account_id": pks[0], field: value}
    if "cycle" in tags:
        return "crm_update_account", {"account_id": pks[0], "parent_id": pks[1]}
    if "delete-parent" in tags:
        return "crm_delete_account", {"account_id": pks[0]}
    if "convert" in task.public.prompt.lower():
        return "crm_convert_lead", {"lead_id": pks[0]}
    return "crm_update_lead", {"lead_id": pks[0], "status": "Working - Contacted"}


@pytest.mark.parametrize(
    "family", ["crm.refuse-picklist-value", "crm.refuse-account-hierarchy", "crm.refuse-converted-lead"]
)
def test_what_a_refusal_family_asks_for_is_refused_by_the_crm(family):
    gym = world_view("acme").gym
    for seed in range(6):
        task = instance("acme", family, seed)
        tool, args = _attempt(task)
        ep = gym.create_episode("acme")
        try:
            with pytest.raises(ActionError):
                ep.call(tool, **args)
            assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
        finally:
            ep.close()


# The deal families done in the browser: the row's Edit or Remove in the opportunity's Products, the
# opportunity's Edit form (Save once per deal), its Change Owner page (once per deal that moves).
DEAL_UI = {
    "crm.update-line-item": "Edit ",
    "crm.remove-line-item": "Remove ",
    "crm.advance-stage": "Save",
    "crm.reassign-open-deals": "Change Owner",
}


@pytest.mark.parametrize("family", sorted(DEAL_UI))
def test_the_deal_families_are_done_in_the_browser(family):
    for seed in range(6):
        task = instance("acme", family, seed)
        assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        clicks = [
            s.click[1] for s in task.truth.ui_oracle if s.click and s.click[1].startswith(DEAL_UI[family])
        ]
        writes = [s for s in task.truth.oracle if s.tool.endswith(("_line_item", "_update_opportunity"))]
        assert len(clicks) == len(writes)  # one row action per request of a batch


BROWSER = [  # families given a UI oracle in one release: their instances allow the browser
    "crm.create-contact",
    "crm.office-move",
    "crm.account-handover",
    "crm.convert-lead-existing",
    "crm.rework-products",
    "crm.close-out-tasks",
    "crm.stage-and-follow-up",
]


@pytest.mark.parametrize("family", [f for f in BROWSER if f in families()])
def test_family_instances_allow_the_browser_with_a_ui_oracle(family):
    for seed in range(4):
        task = instance("acme", family, seed)
        assert "ui" in task.public.surfaces and task.truth.ui_oracle, task.id
