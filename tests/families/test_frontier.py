"""The frontier tier: its families measure every instance (records to discover, people, policies,
distractors, asking first), their prompts hand over the goal and not the answer, their truths follow the
handbook where two rules meet, and `saasgym tasks stats --frontier` reports the tier (subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from apps.core.api import Gym
from tasks.families.inbox_kit import pending
from tasks.families.instances import instance, instance_ids
from tasks.families.registry import families
from tasks.families.worldview import world_view
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify

FRONTIER = sorted(name for name, fam in families().items() if fam.tier == "frontier")
INBOX = ("xapp.clarify-deal-request", "xapp.customer-discount-request", "xapp.customer-info-request")


def _first(family: str, n: int = 2) -> list:
    return [instance("acme", family, int(i.split("@")[1])) for i in list(instance_ids(family=family))[:n]]


def test_the_tier_spans_apps_and_policies():
    assert len(FRONTIER) >= 6
    apps = {a for name in FRONTIER for a in families()[name].apps}
    assert {"crm", "office", "ticketing"} <= apps


@pytest.mark.parametrize("family", FRONTIER)
def test_every_frontier_instance_is_measured_and_graded_on_meaning(family):
    for task in _first(family):
        f = task.truth.measures.frontier
        assert task.public.difficulty == "frontier" and f is not None
        assert f.discover >= 1 and f.people >= 1
        # a written deliverable is read by rubric criteria, not by an exact string
        assert task.truth.criteria or task.truth.expect


@pytest.mark.parametrize("family", INBOX)
def test_inbox_prompts_point_at_the_mail_and_reveal_nothing_of_it(family):
    kind = dict(zip(INBOX, ("clarify", "discount", "customer-info"), strict=True))[family]
    requests = pending(SimpleNamespace(world=SimpleNamespace(world="acme")), kind)
    for task in _first(family, 4):
        req = next(r for r in requests if r["sender_name"].split()[0] in task.public.prompt)
        prompt = task.public.prompt.lower()
        for secret in (req.get("deal_name"), req.get("account"), req.get("subject")):
            assert not secret or secret.lower() not in prompt
        assert "%" not in prompt and "$" not in prompt


def test_a_large_deal_raises_the_discount_approver_above_the_matrix():
    """12% on a deal of $250,000 or more is the VP of Sales' (the large-deal clause), not the Regional
    Sales Manager's the matrix names: the truth accepts the VP (or above) and the mutant asks the RSM."""
    view = world_view("acme")
    seen = set()
    for seed in range(200):  # past the catalog: the one large deal among the requests, in its split
        task = instance("acme", "xapp.customer-discount-request", seed)
        if "large-deal" not in task.tags:
            continue
        answered = task.truth.expect[0]
        allowed = set(answered.fields["from_address"].one_of)
        titles = {view.value("SELECT job_title FROM office_user WHERE mail = ?", m) for m in allowed}
        assert titles and all(not t.startswith("Regional Sales Manager") for t in titles)
        (decoy,) = task.truth.mutations.wrong_record.values()
        assert view.value("SELECT job_title FROM office_user WHERE mail = ?", decoy).startswith(
            "Regional Sales Manager"
        )
        seen.add(seed)
        break
    assert seen, "acme's requests include a large deal (discount-11: 12% on $373,350)"


def test_a_discount_beyond_the_policy_is_declined_to_the_customer_without_asking_anyone():
    refused = [
        instance("acme", "xapp.customer-discount-request", int(i.split("@")[1]))
        for i in instance_ids(family="xapp.customer-discount-request")
    ]
    refused = [t for t in refused if "refusal" in t.tags]
    assert refused
    for task in refused:
        assert not any(s.tool == "office_send_mail" for s in task.truth.oracle)
        assert {c.type for c in task.truth.criteria} == {"answers_request"}


def test_the_partial_refusal_lists_the_tickets_and_names_no_other_customer():
    for task in _first("xapp.customer-info-request", 6):
        listed = next(c for c in task.truth.criteria if c.id == "lists-their-tickets")
        assert listed.names and all(n.startswith("INC") for n in listed.names)
        declined = next(c for c in task.truth.criteria if c.id == "declines-the-confidential-ask")
        assert declined.kind == "judged" and declined.type == "cites_policy"
        if "others" in task.tags:
            assert listed.forbid


def test_tasks_stats_reports_the_frontier_tier():
    family = "xapp.customer-info-request"
    out = subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "tasks", "stats", "--frontier", "--family", family, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        env=os.environ,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    summary = data["families"][family]
    assert summary["instances"] == families()[family].size
    assert summary["policy_titles"] == {"Customer Information Sharing Policy": summary["instances"]}


def test_a_call_booked_with_the_refused_customer_is_no_collateral_damage():
    """The customer answers a declined discount by accepting the call offered: the meeting booked with them
    (and their answer to it) is a way of working, never damage (the s11 blind probe's false negative)."""
    task = next(
        t
        for i in instance_ids(family="xapp.customer-discount-request")
        if "refusal" in (t := instance("acme", "xapp.customer-discount-request", int(i.split("@")[1]))).tags
    )
    customer = task.truth.expect[0].fields["recipients"].contains
    call = OracleStep(
        tool="office_create_event",
        args={
            "subject": "Call about your quote",
            "start": "2026-11-03T15:00:00",
            "end": "2026-11-03T15:30:00",
            "attendees": [customer],
        },
    )
    ep = Gym().create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, [*task.truth.oracle, call])
        verdict = verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()
    assert verdict.outcome == "pass", verdict.explain()
    assert any(c["table"] == "office_event" for c in verdict.diff)
