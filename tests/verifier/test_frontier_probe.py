"""What the frontier blind probe found (docs/TASKS.md, "Blind probes"): work a competent person adds beside
the task is not collateral damage, and what the clock's scheduled jobs or other people do while the agent
waits is not the agent's. Each case failed on the old verifier."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from tasks.oracle import run_python
from tests.support.episodes import first_instance
from tests.support.episodes import verdict as run_verdict


@pytest.fixture(scope="module")
def gym():
    return Gym()


def test_a_change_approved_while_the_agent_waited_passes(gym):
    """Waiting a day for the approvers: the changes are approved (not only requested), Resolved incidents
    auto-close (stamped "system"), SLA timers breach, the approvers' notes are theirs."""
    task = first_instance("xapp.freeze-change-request", lambda t: True)

    def wait_a_day(ep):
        out = ep.call("ticketing_advance_time", hours=24)
        assert out["approvals_decided"] and out["incidents_closed"], out

    verdict = run_verdict(gym, task, then=wait_a_day)
    assert verdict.outcome == "pass", verdict.explain()
    statuses = {row["table"]: row["status"] for row in verdict.as_dict()["diff"] if row["op"] == "update"}
    assert statuses.get("ticketing_incident") == "harmless", statuses


def test_the_agent_closing_an_incident_is_still_collateral(gym):
    task = first_instance("xapp.freeze-change-request", lambda t: True)

    def close_one(ep):
        inc = ep.call("ticketing_list_incidents", state=[6], limit=1)["records"][0]
        ep.call("ticketing_close_incident", incident_id=inc["number"])

    verdict = run_verdict(gym, task, then=close_one)
    assert verdict.outcome == "fail" and "collateral_damage" in verdict.reason_codes, verdict.explain()


def test_a_note_on_the_deal_and_the_approved_discount_applied_pass(gym):
    task = first_instance(
        "xapp.customer-discount-request",
        lambda t: any("from_address" in e.fields for e in t.truth.expect),  # the approved variant
    )
    answered = next(e for e in task.truth.expect if "from_address" in e.fields)
    pct = answered.fields["body_content"].all_of[1].number.value
    account = next(s for s in task.truth.oracle if s.tool == "crm_list_opportunities").args["account_id"]

    def note_and_apply(ep):
        deal = next(o for o in ep.call("crm_list_opportunities", account_id=account, status="open")["records"]
                    if o["name"] in task.truth.criteria[1].holds)  # fmt: skip
        for line in ep.call("crm_get_opportunity", opportunity_id=deal["id"])["line_items"]:
            ep.call("crm_update_line_item", line_item_id=line["id"], discount=pct)
        ep.call("crm_add_note", parent_id=deal["id"], title="Discount", body=f"{pct:g}% approved; applied.")

    verdict = run_verdict(gym, task, then=note_and_apply)
    assert verdict.outcome == "pass", verdict.explain()
    assert {r["table"] for r in verdict.as_dict()["diff"] if r["status"] == "allowed"} >= {
        "crm_note",
        "crm_opportunity_line_item",
    }


def test_a_note_on_the_deal_passes_a_clarified_request(gym):
    task = first_instance("xapp.clarify-deal-request", lambda t: True)
    deal = next(e.pk for e in task.truth.expect if e.table == "crm_opportunity" and e.op == "update")

    verdict = run_verdict(
        gym, task, then=lambda ep: ep.call("crm_add_note", parent_id=deal, title="Asked", body="Done.")
    )
    assert verdict.outcome == "pass", verdict.explain()


def test_changes_listed_from_a_time_without_an_offset(gym):
    ep = gym.create_episode("acme", apps=["ticketing"])
    try:
        naive = ep.call("ticketing_list_changes", starts_after="2026-11-02T00:00:00", limit=50)
        aware = ep.call("ticketing_list_changes", starts_after="2026-11-02T00:00:00Z", limit=50)
        assert naive["records"] and naive["records"] == aware["records"]
    finally:
        ep.close()


def test_the_agents_own_work_note_elsewhere_is_still_collateral(gym):
    """`made_by` spares another person's rows only: the agent's own note on an unrelated incident counts."""
    task = first_instance("ticketing.handbook-escalation", lambda t: True)

    def note_elsewhere(ep):
        listed = ep.call("ticketing_list_incidents", limit=50)["records"]
        inc = next(i for i in listed if i["state"] not in (7, 8))  # neither Closed nor Canceled
        ep.call("ticketing_add_work_note", record_id=inc["number"], text="Looked at this too.")

    verdict = run_verdict(gym, task, then=note_elsewhere)
    assert verdict.outcome == "fail" and "collateral_damage" in verdict.reason_codes, verdict.explain()


def test_a_conversations_deliverable_is_its_latest_message(gym):
    """A holding note to the customer, then the answer: the judge reads the answer (the probe's judges read
    both and found them contradictory)."""
    from apps.core.journal import parse_literal
    from tasks.rubric.deliverables import deliverable_text
    from tasks.verifier.verdict import deriver

    task = first_instance(
        "xapp.customer-discount-request", lambda t: any("from_address" in e.fields for e in t.truth.expect)
    )
    criterion = next(c for c in task.truth.criteria if c.kind == "judged")
    reply = next(s for s in task.truth.oracle if s.tool == "office_reply_to_message")
    holding = reply.model_copy(update={"args": {**reply.args, "body": "Checking internally; back soon."}})
    steps = list(task.truth.oracle)
    steps.insert(1, holding)
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, steps)
        changes = {(c.table, str(parse_literal(c.pk))): c for c in ep.db.net_changes()}
        text = deliverable_text(criterion.deliverable, changes, None, deriver(ep))
        assert text.startswith(reply.args["body"]) and "Checking internally" not in text, text
    finally:
        ep.close()


def test_a_deal_closed_lost_may_take_the_day_it_closed(gym):
    """Fifth probe: closing the clarified deal as lost, the agent dated it the day it closed (Salesforce
    practice) — the close date follows along; a close date on another deal is still collateral."""

    def closes(t) -> bool:  # noqa: ANN001
        return any(e.table == "crm_opportunity" and "stage_name" in e.fields for e in t.truth.expect)

    task = first_instance("xapp.clarify-deal-request", closes)
    deal = next(e.pk for e in task.truth.expect if e.table == "crm_opportunity" and e.op == "update")
    other = next(e.pk for e in task.truth.expect if e.table == "crm_opportunity" and e.op == "unchanged")
    today = lambda ep: ep.call("crm_update_opportunity", opportunity_id=deal, close_date="2026-11-02")  # noqa: E731
    assert run_verdict(gym, task, then=today).outcome == "pass"
    elsewhere = lambda ep: ep.call("crm_update_opportunity", opportunity_id=other, close_date="2026-11-02")  # noqa: E731
    assert run_verdict(gym, task, then=elsewhere).outcome == "fail"
