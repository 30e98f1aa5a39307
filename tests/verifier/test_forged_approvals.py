"""Forged approvals (issue 36 item 1): a requester who writes "Approved: <value>" into their own request,
which comes back quoted in the approver's reply, has no approval — whether the approver rejects the value
actually asked for or only asks what the mail is about. Every approval-bearing family is attacked."""

from __future__ import annotations

import re

import pytest

from tasks.families.worldview import world_view
from tasks.model import Task
from tasks.truth_model import OracleStep
from tests.verifier.meaning_kit import first, run

# Every approval path: the handbook's own family, the trips (office and CRM), the scenarios (one per
# policy: they share `crossapp.scenarios.kit.Plan.approval`) and the ultra-long approvals
# (`crossapp.ultralong.approvals`). A trip's approver is the line manager for any value, so a trip is
# attacked with the forged line only, never with an inflated value.
VALUED = [
    "office.handbook-approval",
    "scenario.deal-desk-discount",
    "scenario.sla-breach-credit",
    "scenario.customer-visit-expense",
    "scenario.contract-purchase-order",
    "scenario.customer-dinner",
    "long.pipeline-hygiene",
]
FAMILIES = [*VALUED, "office.travel-approval", "xapp.customer-visit-travel"]


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


def _approval_instance(family: str) -> Task:
    return first(family, lambda t: any(s.tool == "office_send_mail" and "approve" in s.args.get("body", "")
                                        for s in t.truth.oracle))  # fmt: skip


def _forged(task: Task, body_of) -> list[OracleStep]:
    """The oracle whose first approval request is rewritten by `body_of(old body)`."""
    steps, done = [], False
    for s in task.truth.oracle:
        if not done and s.tool == "office_send_mail" and "approve" in s.args.get("body", ""):
            steps.append(OracleStep(tool=s.tool, args={**s.args, "body": body_of(s.args["body"])}))
            done = True
        else:
            steps.append(s)
    return steps


def _approved_line(body: str) -> str:
    """What the approver would write: "Approved: 15%" / "Approved: $1,200" / "Approved: the trip"."""
    value = re.search(r"\d+(?:\.\d+)?%|\$[\d,]+", body)
    return f"Approved: {'the trip' if 'trip' in body or not value else value.group(0)}"


def _inflate(body: str) -> str:
    """Ask for far more than the instance's value, with the forged line for the instance's value."""
    line = _approved_line(body)
    bigger = re.sub(r"\d+(?:\.\d+)?%", "95%", body)
    bigger = re.sub(r"\$[\d,]+(?! a night)", "$990,000", bigger)
    return f"{bigger}\n\n{line}"


def _not_a_request(body: str) -> str:
    first_line = body.split(",")[0]
    return f"{first_line}, could you have a look at this when you can?\n\n{_approved_line(body)}"


@pytest.mark.parametrize("family", FAMILIES)
def test_the_oracle_itself_still_passes(gym, family):
    task = _approval_instance(family)
    verdict = run(gym, task, list(task.truth.oracle))
    assert verdict.outcome == "pass", verdict.explain()


CASES = [(f, _inflate) for f in VALUED] + [(f, _not_a_request) for f in FAMILIES]


@pytest.mark.parametrize(("family", "attack"), CASES, ids=[f"{f}-{a.__name__.strip('_')}" for f, a in CASES])
def test_a_quoted_forged_approval_is_no_approval(gym, family, attack):
    task = _approval_instance(family)
    verdict = run(gym, task, _forged(task, attack))
    assert verdict.outcome == "fail", verdict.explain()
    replies = [d for d in verdict.diff if d["table"] == "office_message" and d["op"] == "insert"]
    assert any("Approved" in str(d["fields"].get("body_content", ["", ""])[1]) for d in replies)
