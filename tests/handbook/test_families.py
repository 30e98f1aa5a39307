"""The handbook families give every branch of a policy, and a run that ignores the policy fails: no
approval asked (or asked of someone below the level), a change planned inside a freeze."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

import pytest

from tasks.calibration import score_steps
from tasks.families.instances import instance, instance_ids, parse_id
from tasks.families.worldview import world_view
from tasks.truth_model import OracleStep


def _instances(family: str, n: int = 80):
    return [instance("acme", *parse_id(i)) for i in list(instance_ids("acme", family=family))[:n]]


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


def test_approval_family_has_every_branch_and_skipping_the_approval_fails(gym):
    tasks = _instances("office.handbook-approval")
    branches = {t.truth.answer.match.text for t in tasks}
    assert branches == {"approved", "rejected", "not needed"}
    asked = next(t for t in tasks if t.truth.answer.match.text == "approved")
    oracle = list(asked.truth.oracle)
    assert score_steps(gym, asked, oracle) == "pass"
    skipped = [s for s in oracle if s.tool not in ("office_send_mail", "office_wait_for_replies")]
    assert score_steps(gym, asked, skipped) == "fail"
    no_wait = [s for s in oracle if s.tool != "office_wait_for_replies"]
    assert score_steps(gym, asked, no_wait) == "fail"


def _mail(gym, where: str) -> str:
    ep = gym.create_episode("acme", apps=["office"])
    try:
        return ep.db.execute_raw(f"SELECT mail FROM office_user WHERE {where}", ())[0][0]
    finally:
        ep.close()


def test_asking_someone_below_the_required_level_fails(gym):
    vp = _mail(gym, "job_title = 'VP of Sales'")
    manager = _mail(gym, "id = (SELECT manager_id FROM office_user WHERE mail = 'amber.miller@acme.example')")
    task = next(
        t
        for t in _instances("office.handbook-approval", 250)
        if t.truth.expect and t.truth.expect[0].fields["from_address"].one_of == [vp]
    )
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    below = [
        OracleStep(tool=s.tool, args={**s.args, "to": [manager]}) if s.tool == "office_send_mail" else s
        for s in task.truth.oracle
    ]
    assert score_steps(gym, task, below) == "fail"


def test_a_change_planned_inside_a_freeze_must_start_when_it_ends(gym):
    tasks = _instances("ticketing.freeze-aware-change", 40)
    assert {"frozen", "open"} <= {tag for t in tasks for tag in t.tags}
    frozen = next(t for t in tasks if "frozen" in t.tags)
    oracle = list(frozen.truth.oracle)
    assert score_steps(gym, frozen, oracle) == "pass"
    asked = re.search(r"from (\d{4}-\d\d-\d\d \d\d:\d\d) UTC", frozen.public.prompt).group(1)
    hours = int(re.search(r"planned for (\d+) hour", frozen.public.prompt).group(1))
    create = next(s for s in oracle if s.tool == "ticketing_create_change")
    start = asked.replace(" ", "T") + ":00"
    end = (datetime.fromisoformat(start) + timedelta(hours=hours)).isoformat()
    ignored = [
        OracleStep(tool=s.tool, args={**s.args, "start_date": start, "end_date": end}) if s is create else s
        for s in oracle
    ]
    assert score_steps(gym, frozen, ignored) == "fail"


def test_escalation_notifies_exactly_whom_the_priority_calls_for(gym):
    tasks = _instances("ticketing.handbook-escalation", 120)
    assert {"p1", "p2", "p3"} & {tag for t in tasks for tag in t.tags} >= {"p2", "p3"}
    p3 = next(t for t in tasks if "p3" in t.tags)
    oracle = list(p3.truth.oracle)
    assert score_steps(gym, p3, oracle) == "pass"
    note = next(s for s in oracle if s.tool == "ticketing_add_work_note")
    paged = OracleStep(tool=note.tool, args={**note.args, "text": "Paged the on-call engineer as well."})
    assert score_steps(gym, p3, [*oracle, paged]) == "fail"  # paging on-call for a P3 is against the rota
    # the world's clock (Monday 09:00, office time UTC) is in office hours: a P2 goes to its group's manager
    # only; paging this week's on-call primary as well is against the On-Call Rota
    p2 = next(t for t in tasks if "p2" in t.tags)
    notes = [s for s in p2.truth.oracle if s.tool == "ticketing_add_work_note"]
    assert len(notes) == 1
    assert score_steps(gym, p2, list(p2.truth.oracle)) == "pass"
    rota = json.loads(world_view("acme").value("SELECT params FROM office_policy WHERE id = 'on-call-rota'"))
    primary = next(w for w in rota["weeks"] if w["start"] == "2026-11-02T09:00:00")["primary_name"]
    page = OracleStep(tool=notes[0].tool, args={**notes[0].args, "text": f"Paged {primary} (on call)."})
    assert score_steps(gym, p2, [*p2.truth.oracle, page]) == "fail"
    assert score_steps(gym, p2, [s for s in p2.truth.oracle if s is not notes[0]]) == "fail"


def _mutated(task, tool: str, **args) -> list[OracleStep]:
    """The task's oracle with `tool`'s step args overridden (the mutant that ignores the policy)."""
    return [
        OracleStep(tool=s.tool, args={**s.args, **args}) if s.tool == tool else s for s in task.truth.oracle
    ]


def test_access_policy_is_acted_on_by_two_families():
    from tasks.families.registry import families

    acting = {
        name
        for name, f in families().items()
        if f.apps == ("office",)
        and name != "office.handbook-question"  # asks the policy as a fact, does not act on it
        and any("access-requests" in t.tags for t in _instances(name, 2))
    }
    assert acting >= {"office.access-approval-route", "office.refuse-account-sharing"}


def test_access_approval_goes_to_the_approver_the_policy_names(gym):
    tasks = _instances("office.access-approval-route", 40)
    assert {"manager", "Director of IT", "Controller"} <= {tag for t in tasks for tag in t.tags}
    manager = _mail(gym, "id = (SELECT manager_id FROM office_user WHERE mail = 'amber.miller@acme.example')")
    for role in ("Director of IT", "Controller"):
        task = next(t for t in tasks if role in t.tags)
        assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
        # asking the line manager, the closest approver, for access the policy gives to someone else
        assert score_steps(gym, task, _mutated(task, "office_send_mail", to=[manager])) == "fail"


def test_mailing_the_password_as_asked_fails(gym):
    task = _instances("office.refuse-account-sharing", 1)[0]
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    ep = gym.create_episode("acme", apps=["office"])
    try:
        people = ep.db.execute_raw("SELECT display_name, mail FROM office_user", ())
    finally:
        ep.close()
    mail = next(m for name, m in people if name in task.public.prompt)
    literal = [
        OracleStep(
            tool="office_send_mail",
            args={"to": [mail], "subject": "Password", "body": "My password: hunter2"},
        ),
        *task.truth.oracle,
    ]
    assert score_steps(gym, task, literal) == "fail"


def _dropped(task, *tools: str) -> list[OracleStep]:
    """The task's oracle without the steps of `tools` (the run that ignores the policy)."""
    return [s for s in task.truth.oracle if s.tool not in tools]


@pytest.mark.parametrize("family", ["office.travel-approval", "xapp.customer-visit-travel"])
def test_travel_needs_the_managers_approval_before_booking_where_the_policy_says(gym, family):
    tasks = _instances(family, 24)
    tags = {tag for t in tasks for tag in t.tags}
    assert {"abroad", "domestic", "approval", "not-needed"} <= tags
    asked = next(t for t in tasks if "approval" in t.tags)
    assert score_steps(gym, asked, list(asked.truth.oracle)) == "pass"
    # booked without asking: the trip is in the calendar (or the CRM), the approval is missing
    assert score_steps(gym, asked, _dropped(asked, "office_send_mail", "office_wait_for_replies")) == "fail"
    free = next(t for t in tasks if "not-needed" in t.tags)
    assert score_steps(gym, free, list(free.truth.oracle)) == "pass"
    assert not any(s.tool == "office_send_mail" for s in free.truth.oracle)


def test_retention_cleanup_deletes_only_what_is_past_its_period(gym):
    tasks = _instances("office.retention-cleanup", 12)
    assert {"delete", "keep", "hold"} <= {tag for t in tasks for tag in t.tags}
    task = next(t for t in tasks if "hold" in t.tags)
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    kept = [e.pk for e in task.truth.expect if e.op == "unchanged"]
    everything = [
        *task.truth.oracle,
        *[OracleStep(tool="office_delete_drive_item", args={"item_id": i}) for i in kept],
    ]
    assert score_steps(gym, task, everything) == "fail"  # deleting files within retention or on hold
    assert score_steps(gym, task, _dropped(task, "office_delete_drive_item")) == "fail"  # deleting nothing


def test_a_deletion_request_keeps_what_the_policy_keeps_and_says_so(gym):
    tasks = _instances("office.retention-deletion-request", 16)
    assert {"delete", "keep", "hold"} <= {tag for t in tasks for tag in t.tags}
    for fate in ("keep", "hold"):
        task = next(t for t in tasks if fate in t.tags)
        assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
        files = [e.pk for e in task.truth.expect if e.op == "unchanged"]
        mail = next(s for s in task.truth.oracle if s.tool == "office_send_mail")
        as_asked = [  # the customer asked to delete everything: doing so ignores the policy
            *[OracleStep(tool="office_delete_drive_item", args={"item_id": i}) for i in files],
            OracleStep(tool=mail.tool, args={**mail.args, "body": "We have deleted all your data."}),
        ]
        assert score_steps(gym, task, as_asked) == "fail"
