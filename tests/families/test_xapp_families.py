"""Cross-app families: at least fifteen, over every pair of apps and all three together, some test only,
several genuinely long (≥ 8 calls on ≥ 3 records, as the instance measures count them), and what the
refusal family asks for really is refused by the CRM."""

from __future__ import annotations

from itertools import combinations

import pytest

from apps.core.errors import ActionError
from tasks.calibration import score_steps
from tasks.families.instances import instance
from tasks.families.registry import families
from tasks.families.worldview import world_view

XAPP = sorted(f for f in families() if f.startswith("xapp."))


def test_fifteen_cross_app_families_cover_every_pair_and_all_three():
    assert len(XAPP) >= 15
    app_sets = [frozenset(families()[f].apps) for f in XAPP]
    for pair in combinations(("crm", "office", "ticketing"), 2):
        assert any(set(pair) <= s for s in app_sets if len(s) == 2), pair
    assert sum(len(s) == 3 for s in app_sets) >= 3
    assert sum(families()[f].splits == ("test",) for f in XAPP) >= 2


def test_several_families_are_long_by_their_measures():
    long_families = []
    for name in XAPP:
        # 100 seeds: a quarter of 40 draws swung with a family's version (its seeds' stream), and a fifth
        # of 100 still does (xapp.support-review-meeting: 26 long draws at v2, 24 at v3)
        measures = [instance("acme", name, s).truth.measures for s in range(100)]
        long = [m for m in measures if m.oracle_calls >= 8 and m.records >= 3]
        assert all(m.apps >= 2 for m in measures), name
        if len(long) >= 20:
            long_families.append(name)
    assert len(long_families) >= 3, long_families


@pytest.mark.parametrize("seed", range(4))
def test_what_the_refusal_family_asks_for_is_refused_by_the_crm(seed):
    gym = world_view("acme").gym
    task = instance("acme", "xapp.refuse-deals-to-analyst", seed)
    account = next(e.pk for e in task.truth.expect if e.table == "crm_account")
    number = next(s.args["incident_id"] for s in task.truth.oracle if s.tool == "ticketing_get_incident")
    ep = gym.create_episode("acme")
    try:
        analyst = ep.call("ticketing_get_incident", incident_id=number)["incident"]
        found = ep.call("crm_list_users", search=analyst["assigned_to_name"])
        assert found["records"] == []
        with pytest.raises(ActionError):
            ep.call("crm_update_account", account_id=account, owner_id=analyst["assigned_to"])
    finally:
        ep.close()
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"


@pytest.mark.parametrize("family", ["xapp.account-owner-mail", "xapp.incident-status-mail"])
def test_the_mail_families_read_the_record_then_send_from_outlook_in_the_browser(family):
    for seed in range(4):
        task = instance("acme", family, seed)
        assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        sent = next(s.args for s in task.truth.oracle if s.tool == "office_send_mail")
        ui = task.truth.ui_oracle
        assert ui[0].goto.startswith(("/s/crm/accounts/", "/s/ticketing/incidents/"))
        fills = dict(s.fill for s in ui if s.fill)
        assert fills == {"To": sent["to"][0], "Subject": sent["subject"], "Message": sent["body"]}
        assert ("button", "Send") in [s.click for s in ui]


def test_the_phoned_in_issue_is_an_incident_and_a_logged_call_in_the_browser():
    for seed in range(4):
        task = instance("acme", "xapp.contact-incident-call", seed)
        assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        call = next(s.args for s in task.truth.oracle if s.tool == "crm_log_call")
        ui = task.truth.ui_oracle
        assert [s.goto for s in ui if s.goto] == [
            "/s/ticketing/incidents/new",
            f"/s/crm/calls/new?who_id={call['who_id']}&what_id={call['what_id']}",
        ]
        assert ("Call Type", "Inbound") in [s.select for s in ui]
