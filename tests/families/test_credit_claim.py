"""xapp.service-credit-claim: the customer's claim is decided on the desk's SLA records and the CRM's deals
by the Service Credit Policy. The careful path passes in every situation; the hasty ones fail with a diff
that says why: granting what the customer asked, crediting an outage whose targets were met once the time
on hold is paused, skipping the approval, computing on the wrong contract. Reworded deliverables pass."""

from __future__ import annotations

import contextlib
from datetime import datetime

import pytest

from apps.core.understanding.reader import read_message
from apps.core.understanding.request import Known, Reading
from tasks.calibration import _episode
from tasks.families.instances import instance, instance_ids, parse_id
from tasks.families.worldview import world_view
from tasks.oracle import StepFailed, run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify

FAMILY = "xapp.service-credit-claim"


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


@pytest.fixture(scope="module")
def by_situation():
    claims = {c["account_id"]: c for c in world_view("acme").file_rows("credits/claims.jsonl")}
    out: dict[str, list] = {}
    for iid in instance_ids("acme", family=FAMILY):
        task = instance("acme", *parse_id(iid))
        claim = next(c for a, c in claims.items() if a in task.truth.model_dump_json())
        out.setdefault(claim["situation"], []).append((task, claim))
    return out


def _verdict(gym, task, steps: list[OracleStep]) -> dict:
    ep = _episode(gym, task)
    try:
        with contextlib.suppress(StepFailed):
            run_python(ep, steps)
        return verify(ep, task, judge=ASSUME_MET).as_dict()
    finally:
        ep.close()


def _failed(verdict: dict) -> str:
    return "\n".join(c["detail"] for c in verdict["checks"] if not c["ok"])


def _with(steps: list[OracleStep], tool: str, **args) -> list[OracleStep]:
    return [OracleStep(tool=s.tool, args={**s.args, **args}) if s.tool == tool else s for s in steps]


def test_every_situation_is_drawn_and_the_desk_agrees(gym, by_situation):
    """Breached tickets are breached on the desk; a paused one stayed open past four hours yet met its
    target (the SLA engine leaves the time on hold out)."""
    assert set(by_situation) == {"breach", "both", "paused"}
    ep = gym.create_episode("acme")
    try:
        for _, claim in (pair for pairs in by_situation.values() for pair in pairs):
            for number in claim["tickets"]:
                sla = ep.call("ticketing_list_task_slas", task=number, target="resolution")["records"][0]
                assert sla["has_breached"] == (claim["situation"] != "paused"), number
                inc = ep.call("ticketing_get_incident", incident_id=number)["incident"]
                opened, resolved = (datetime.fromisoformat(inc[k][:19]) for k in ("opened_at", "resolved_at"))
                assert (resolved - opened).total_seconds() > 4 * 3600  # open longer than the target, always
    finally:
        ep.close()


def test_the_careful_path_passes_in_every_situation(gym, by_situation):
    for situation, pairs in by_situation.items():
        task, _ = pairs[0]
        verdict = _verdict(gym, task, list(task.truth.oracle))
        assert verdict["outcome"] == "pass", (situation, _failed(verdict))


def test_granting_what_the_customer_asked_fails(gym, by_situation):
    task, claim = next(p for p in by_situation["breach"] if p[1]["ask"] == "month")
    monthly = claim["contract_value"] / 12
    hasty = _with(
        list(task.truth.oracle),
        "office_send_mail",
        body=f"Hi, please approve a service credit of ${monthly:,.2f} (a month free) for {claim['account']}.",
    )
    hasty = _with(hasty, "crm_add_note", body=f"Service credit of ${monthly:,.2f}: one month free.")
    hasty = _with(
        hasty,
        "office_reply_to_message",
        body=f"Hi, we'll waive this month's fees: a credit of ${monthly:,.2f}.",
    )
    verdict = _verdict(gym, task, hasty)
    assert verdict["outcome"] == "fail"
    assert "approved in the writer's own words and stating" in _failed(
        verdict
    ) or "deciding approved" in _failed(verdict)


def test_crediting_an_outage_whose_targets_were_met_fails(gym, by_situation):
    """Open for more than four hours, but on hold waiting for a vendor: no breach, no credit."""
    task, claim = by_situation["paused"][0]
    monthly = claim["contract_value"] / 12
    reply = next(s for s in task.truth.oracle if s.tool == "office_reply_to_message")
    hasty = [s for s in task.truth.oracle if s.tool != "office_reply_to_message"] + [
        OracleStep(
            tool="office_reply_to_message",
            args={
                "message_id": reply.args["message_id"],
                "body": f"Hi, sorry about the outage. We are crediting you ${monthly * 0.05:,.2f}, 5% of a "
                "month's fees, as our policy provides.",
            },
        )
    ]
    verdict = _verdict(gym, task, hasty)
    assert verdict["outcome"] == "fail"
    assert "met its SLA targets" in _failed(verdict)


def test_skipping_the_approval_fails(gym, by_situation):
    task, _ = by_situation["both"][0]
    skipped = [s for s in task.truth.oracle if s.tool not in ("office_send_mail", "office_wait_for_replies")]
    verdict = _verdict(gym, task, skipped)
    assert verdict["outcome"] == "fail"
    assert "deciding approved" in _failed(verdict)


def test_one_credit_for_a_ticket_not_two_for_two_targets_and_the_wrong_contract_fail(gym, by_situation):
    """Computing on every Closed Won deal ever (not the twelve months before the ticket), or counting one
    ticket twice, states the wrong amount."""
    task, claim = by_situation["breach"][0]
    oracle = list(task.truth.oracle)
    credit = claim["contract_value"] / 12 * 0.05
    for wrong in (credit * 2, credit * 1.5):
        steps = [
            OracleStep(
                tool=s.tool,
                args={
                    k: v.replace(f"${credit:,.2f}", f"${wrong:,.2f}") if isinstance(v, str) else v
                    for k, v in s.args.items()
                },
            )
            for s in oracle
        ]
        verdict = _verdict(gym, task, steps)
        assert verdict["outcome"] == "fail", wrong


def test_reworded_deliverables_pass(gym, by_situation):
    task, claim = by_situation["both"][0]
    credit = round(claim["contract_value"] / 12 * 0.10, 2)
    steps = _with(
        list(task.truth.oracle),
        "office_send_mail",
        body=f"Hello — {claim['account']} had two P1 tickets ({' and '.join(claim['tickets'])}) miss the "
        f"4-hour resolution SLA last week. Under HB-04 that's 5% of a month's fees per ticket; their "
        f"monthly fees come to ${claim['contract_value'] / 12:,.2f}. Requesting approval of a "
        f"{credit:,.2f} USD service credit. Thanks!",
    )
    steps = _with(
        steps, "crm_add_note", body=f"SLA credit approved: USD {credit:,.2f} ({', '.join(claim['tickets'])})."
    )
    steps = _with(
        steps,
        "office_reply_to_message",
        body=f"Dear {claim['customer_name'].split()[0]}, apologies for last week. Both of your tickets "
        f"missed our resolution target, so we will credit {credit:,.2f} dollars to your account (10% of "
        "one month's fees). A full month free is beyond what our service credit policy allows, I'm afraid",
    )
    verdict = _verdict(gym, task, steps)
    assert verdict["outcome"] == "pass", _failed(verdict)


def test_a_credit_requests_percentage_and_fees_are_no_asks_of_their_own():
    """'5% of one month's fees' is how the credit was computed, not a discount; the fees and the contract
    value are context, not sums to add to the credit."""
    text = (
        "Hi Derrick, could you approve a service credit of $2,500.00 for Moreno-Bell? INC0095017 breached "
        "the P1 resolution target last week; one month's fees are $50,000.00 (Closed Won $600,000.00 over "
        "the twelve months before), 5% of that. Thanks, Amber"
    )
    reading = Reading(own=[Known(name="Moreno-Bell - Premier Support (Annual)", kind="deal")])
    asks = [
        (a.policy, a.value)
        for a in read_message("Service credit", text, reading).asks
        if a.intent == "approval"
    ]
    assert asks == [("credit", "$2,500")]
    discount = "Could you approve a 12% discount on Moreno-Bell - Premier Support (Annual)? Thanks"
    asks = [
        (a.policy, a.value)
        for a in read_message("Discount", discount, reading).asks
        if a.intent == "approval"
    ]
    assert asks == [("discount", "12%")]


def test_an_approval_asked_in_one_sentence_among_others_is_that_sentences_sum():
    """Credit probe 2026-12-05: "Amount to approve: $803.33. The customer's $4,000 request exceeds what the
    policy gives, so I'll offer the $803.33 …" (one key-value line) was read as $5,606.66 to approve; a reply
    saying "the credit I'm asking you to approve is $803.33 … 5% of one month's fees each" under the thread's
    "Service credit approval request" subject was read as a 5 % discount on a deal."""
    reading = Reading(own=[Known(name="Ruiz Group - Data Center Upgrade", kind="deal")])
    first = (
        "Hi Crystal,\n\nI'd like your approval, as Support Team Lead, for a service credit for "
        "Ruiz Group under the Service Credit Policy (HB-04).\n\n- One month's fees: $96,400 / 12 "
        "= $8,033.33\n- Credit: 5% x $8,033.33 = $401.67 per breached ticket x 2 tickets = "
        "$803.33 (below the 25% monthly cap of $2,008.33)\n\nAmount to approve: $803.33. The "
        "customer's $4,000 request exceeds what the policy gives, so I'll offer the $803.33 and "
        "explain why the rest is declined.\n\nCould you reply to approve or "
        "decline?\n\nThanks,\nAmber"
    )
    again = (
        "Hi Crystal,\n\nThe credit I'm asking you to approve is $803.33 in total for Ruiz Group, "
        "one single credit covering the two breached tickets (5% of one month's fees each). The "
        "$4,000 was only what the customer asked for.\n\n$803.33 is within the Support Team Lead "
        "limit (up to $1,000). Could you approve it?\n\nThanks,\nAmber"
    )
    for subject, text in [
        ("Service credit approval request: Ruiz Group", first),
        ("RE: Service credit approval request: Ruiz Group", again),
    ]:
        read = read_message(subject, text, reading).asks
        asks = [(a.policy, a.value) for a in read if a.intent == "approval"]
        assert asks == [("credit", "$803.33")], (subject, asks)
