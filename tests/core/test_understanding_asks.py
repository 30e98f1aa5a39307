"""What asks and what does not (apps/core/understanding): reports, done-notes and news of what the writer did
or did not do ask nothing; an approval is asked by a request or a stated need, of the change or the sum it
names; a relayed order is the colleague's it is for. Cases from the blind probes, each expected answer
decided before it ran."""

from __future__ import annotations

import pytest

from apps.core.understanding import Known, Turn, read_message
from tests.support.understanding import OLSON, PLATFORM, asks_of, sample_reading


@pytest.mark.parametrize(
    ("text", "role"),
    [
        (
            "Hi Laura,\n\nHere are the Software team's SLA results for July (UTC): 23 incidents opened, 0 "
            "missed the "
            "response target, 1 missed the resolution target: INC0011156. The others, e.g. INC0010945 and "
            "INC0011010, met both.\n\nLet me know if you'd like it cut differently.\n\nAmber",
            "colleague",
        ),
        (
            "Hi Jamie,\n\nHere is the overview you asked for: INC0012804 and INC0012811, both closed. If "
            "you're "
            "aware of an issue you expected to see on this list, let me know the details and I'll look "
            "into it. On "
            "your second question: I'm afraid I can't share what another customer was offered.\n\nBest, "
            "Amber",
            "customer",
        ),
        (
            "Hi Ashley, done - I've set the next step on the Onsite Training Day deal as you asked. Amber",
            "colleague",
        ),
        ("Hi Stephen, done: Rogers-Hanna - Platform Upgrade is updated in the CRM.", "colleague"),
    ],
    ids=["sla-report", "ticket-overview", "done-note", "done-note-passive"],
)
def test_a_report_or_a_done_note_with_an_offer_on_a_condition_is_news(text, role):
    request = read_message("Update", text, sample_reading(), role=role)
    assert not request.asks, request


def test_an_approval_only_mentioned_asks_nothing():
    text = "Thank you. The credit due is $803.33 in total (2 x $401.67), which your approval covers. Amber"
    assert not [a for a in read_message("RE: credit", text, sample_reading()).asks if a.intent == "approval"]


# fifth frontier probe, left-overs: approvers asked to approve a change on the desk, a freeze exception asked
# of the CIO, the records and documents an approval mail cites, news of what the writer held off
@pytest.mark.parametrize(
    ("subject", "text", "change"),
    [
        (
            "Approval: CHG0030399",
            "Hi Andrew, CHG0030399 is an emergency change on db-bidash-01 tonight (22:00-23:00 UTC) "
            "to restore "
            "service (INC0010791) during the Month-end close freeze. Under the Change Freeze Policy it needs "
            "your approval — could you approve it? Thanks, Amber",
            "CHG0030399",
        ),
        ("CHG0030400", "Hi Jorge, please approve CHG0030400 on the desk. Thanks, Amber", "CHG0030400"),
        (
            "Freeze exception",
            "Hi Andrew,\n\nCould you approve a freeze exception for CHG0030401? It's the vendor's "
            "urgent patch "
            "on db-bidash-01, tonight 21:00-22:00 UTC.\n\nThanks,\nAmber",
            "CHG0030401",
        ),
        (
            "Approval",
            "Hi Andrew, please approve CHG0030343 on the desk — it's the emergency fix slot tonight.",
            "CHG0030343",
        ),
        (
            "Change",
            "Andrew - approval needed on CHG0030343 please, it fixes INC0010791 which is down.",
            "CHG0030343",
        ),
    ],
    ids=["cio-emergency-change", "on-the-desk", "freeze-exception", "the-changes-slot", "incident-it-fixes"],
)
def test_an_approval_of_a_change_is_asked_of_the_change_alone(subject, text, change):
    """Neither the incident it restores, the freeze policy it cites nor its slot asks anything more."""
    assert asks_of(text, subject=subject) == [{"intent": "approval", "about": [change], "policy": "change"}]


@pytest.mark.parametrize(
    "text",
    [
        "Hi Caitlin,\n\nCHG0030399: Emergency fix on db-bidash-01, 2026-11-02 22:00-23:00 UTC (emergency).\n"
        "CHG0030400: Apply the database minor version on db-bidash-01, 2026-11-03 08:00-10:00 UTC (normal).\n"
        "The Month-end close freeze runs until 2026-11-03 08:00 UTC, so the routine work starts "
        "after it. Both are waiting for approval.\n\nAmber",
        "Hi Jacqueline,\n\nI've held off on the amount: Jordan's revised quote isn't approved yet, so "
        f"{PLATFORM} keeps the amount it had.\n\nThanks,\nAmber",
        f"Hi Alan, I haven't changed the amount on {PLATFORM}: the revised price isn't signed off yet.",
        f"Hi Stephen, I didn't update the close date of {OLSON} yet — waiting for the customer's "
        "confirmation.",
    ],
    ids=["changes-waiting-for-approval", "held-off", "not-changed", "not-updated"],
)
def test_news_of_records_waiting_or_of_what_the_writer_did_not_do_asks_nothing(text):
    request = read_message("Update", text, sample_reading())
    assert request.news and request.asks == [], request


def test_a_change_said_to_wait_for_your_approval_still_asks_it():
    text = "Hi Jorge, CHG0030331 is waiting for your approval on the desk."
    assert asks_of(text) == [{"intent": "approval", "about": ["CHG0030331"], "policy": "change"}]


def test_the_policy_document_an_approval_cites_and_the_writers_offer_ask_nothing():
    """Blind probe: "I don't know the details of HB-04 Service Credit Policy.docx — ask …" beside "
    "the decision."""
    policy_doc = Known("document", "HB-04 Service Credit Policy.docx", {"id": "d", "owner": "Erin Stevens"})
    reading = sample_reading()
    reading.world_documents = [policy_doc]
    text = (
        "Hi Derrick,\n\nPer HB-04 Service Credit Policy.docx, INC0095001 breached its P1 resolution "
        "target, so "
        "Huber-Martin is due 5% of one month's fees. Could you approve a service credit of $2,534.17 "
        "for them? I "
        "can send over the workings if useful.\n\nThanks,\nAmber"
    )
    asks = read_message("Service credit approval: Huber-Martin", text, reading).asks
    assert [(a.intent, a.policy, a.value) for a in asks] == [("approval", "credit", "$2,534.17")]


def test_an_approval_whose_sum_cannot_be_told_asks_the_amount_not_the_incidents():
    text = (
        "Hi Derrick, where the HB-04 Service Credit Policy.docx says 5% per breached ticket, "
        "Huber-Martin gets "
        "$2,534.17 for INC0095001. Please approve. Amber"
    )
    asks = read_message("Service credit approval: Huber-Martin", text, sample_reading()).asks
    assert [(a.intent, a.policy, a.value) for a in asks] == [("approval", "credit", None)]


def test_an_order_relayed_for_a_colleague_on_someone_elses_team_is_the_colleagues():
    """Blind probe 2026-12-06: "Robert Nixon, a Recruiter on Catherine Newman's team, asked me to get a
    purchase approved for him" was read as Catherine Newman's order; her manager approved it as her line
    manager."""
    people = [Known("person", n, {}) for n in ("Robert Nixon", "Catherine Newman", "Erin Stevens")]
    reading = sample_reading()
    reading.people = people
    text = (
        "Hi Erin,\n\nRobert Nixon, a Recruiter on Catherine Newman's team, asked me to get a purchase "
        "approved for him while he's at customer sites this week. Under the Purchasing Policy, an order of "
        "this size (up to $5,000) is approved by his line manager, Catherine. Her auto-reply says she's out "
        "until Friday, so as her manager, could you approve it in her place?\n\n- Vendor quote: $1,750 "
        "(total order value)\n"
        "- Budget: Robert's team\n\nCould you reply to say whether you approve it?"
    )
    (ask,) = read_message("Approval request: workshop catering ($1,750)", text, reading, "colleague").asks
    assert (ask.policy, ask.value, ask.for_person) == ("purchase", "$1,750", "Robert Nixon")


@pytest.mark.parametrize(
    "line",
    [
        "- Requested by: Christopher Mccarty (Marketing Manager), on his team's budget.",
        "- For: Christopher Mccarty's team (Marketing), on his team's budget.",
        "Normally Christopher's line manager, Jennifer Smith, approves orders of this size.",
    ],
)
def test_whose_order_a_relayed_purchase_is_in_a_key_value_form(line):
    """Blind probe 2026-12-06: a relayed order said as "Requested by: X" was read as the writer's own, and the
    CFO sent the agent to the writer's manager, who approved it."""
    reading = sample_reading()
    reading.people = [
        Known("person", n, {}) for n in ("Christopher Mccarty", "Jennifer Smith", "Jasmine Cole")
    ]
    text = (
        "Hi Jasmine,\n\nCould you approve a small purchase under the Purchasing Policy?\n\n- What: one year "
        f"of the webinar platform's pro plan\n{line}\n- Order value: $1,500 per the vendor's quote\n\n"
        "Could you reply to say whether you approve it?"
    )
    (ask, *_) = read_message("Purchase approval: webinar plan ($1,500)", text, reading, "colleague").asks
    assert (ask.policy, ask.value, ask.for_person) == ("purchase", "$1,500", "Christopher Mccarty")


@pytest.mark.parametrize(
    "text",
    [
        # an audit report: deals, documents and amounts stated, a subordinate "where" (blind probe 2026-12-06:
        # the controller answered "I don't know the details of Hogan LLC - … — ask …")
        "Here are the exceptions for the audit committee.\n\n1. Olson Ltd - Onsite Training (CRM "
        "Amount $46,400.00)\n   Billed twice: INV-2026-00112 and INV-2026-00113. Invoiced $92,800.00 - "
        "$46,400.00 more than the CRM Amount.\n\n2. Credit memo CM-2026-00008 ($15,480.00) was credited to "
        "revenue: revenue is overstated by $15,480.00 where it should have been reduced by $15,480.00.\n\n"
        "Net effect: +$46,400.00.\n\nLet me know if you'd like the underlying journal lines.",
        # what the writer did not pass on, and why (answered "I can't share that with a customer")
        "I've sent Amanda Jackson the figures: amount $156,537.50, expected close date January 10, 2027.\n\n"
        "I didn't send what Johnson-Fisher paid. Our Customer Information Sharing Policy doesn't allow us to "
        "share another customer's name or data with a customer. I told Amanda it's confidential.",
    ],
)
def test_a_report_of_the_writers_own_work_asks_nothing(text):
    request = read_message("Re: your request", text, sample_reading(), "colleague")
    assert (request.asks, request.news) == ([], True)


# sixth blind probe: an away approver who approved part of an order ("Approved: $1,500 of the $2,000")
# answered the agent's thank-you with "Approved: $1,500" again — the thank-you was read as the thread's
# first ask
_ORDER = (
    "Hi Jennifer, Robert Nixon's order of $2,000 for the team offsite needs your approval as his line "
    "manager. Could you approve it? Thanks, Amber"
)
_DECIDED = "Approved: $1,500 of the $2,000, under the Purchasing Policy, as Robert Nixon's line manager."


@pytest.mark.parametrize(
    "text",
    [
        "Thanks Jennifer — I've let Robert know you approved $1,500 of the $2,000. Amber",
        "Thank you for approving the $1,500, Jennifer. I've passed it on to Robert.",
        "Many thanks for your approval — Robert will fund the other $500 from his own budget.",
        "Thanks, noted: $1,500 approved. Amber",
    ],
)
def test_a_thank_you_after_the_readers_decision_asks_no_new_decision(text):
    history = [Turn(False, _ORDER), Turn(True, _DECIDED)]
    request = read_message("RE: Order approval", text, sample_reading(history=history))
    assert not [a for a in request.asks if a.intent == "approval"], request


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Thanks! Could you also approve $350 for the venue's deposit, same offsite?", "$350"),
        ("and $1,500 for the catering after, same offsite", "$1,500"),  # the decided size, but added
    ],
)
def test_a_new_sum_after_the_readers_decision_is_still_asked(text, value):
    history = [Turn(False, _ORDER), Turn(True, _DECIDED)]
    asks = [a for a in read_message("RE: Order approval", text, sample_reading(history=history)).asks]
    assert [(a.intent, a.value) for a in asks if a.intent == "approval"] == [("approval", value)], asks


@pytest.mark.parametrize(
    "text",
    [
        "Quick status on the webinar platform pro plan ($1,500, one year):\n\n- Under the Purchasing "
        "Policy an order up to $5,000 is approved by your line manager, Jennifer Smith. I sent her the "
        "request this morning.\n- I asked Keith Weaver to approve it in her place, but he declined.\n\n"
        "Nothing is approved yet, so please don't let the order go out until it is.",
        "Good news - Catherine Newman has now approved your team's order under the Purchasing Policy, as "
        "your line manager:\n- Vendor quote: $1,750, on your team's budget\n\n(I wasn't asking you to "
        "approve anything - the approver is your line manager, Catherine.)\n\nThe order can go ahead.",
    ],
)
def test_news_of_the_readers_own_order_asks_him_no_approval(text):
    """s11 week probe: the requester, told how his order stands, answered "Rejected: $1,500 is not mine to
    approve … it needs your line manager" — his line manager named as its approver makes it his own."""
    request = read_message("Status: purchase approval", text, sample_reading(), "colleague")
    assert not [a for a in request.asks if a.intent == "approval"], request


@pytest.mark.parametrize(
    ("text", "whose"),
    [
        (
            "I'm covering a request from Christopher Mccarty (Marketing): his team needs to order one year "
            "of "
            "the webinar platform's pro plan, $1,500. Christopher has now replied that, since I'm the one "
            "submitting the request, it needs my line manager — you. Could you approve the $1,500 purchase?",
            "Christopher Mccarty",
        ),
        (
            "Robert Nixon's team has a customer workshop venue order of $1,750. Since I'm raising it on his "
            "behalf, as my manager can you approve the $1,750 under the Purchasing Policy?",
            "Robert Nixon",
        ),
    ],
)
def test_an_order_steered_to_the_writers_manager_stays_its_requesters(text, whose):
    """s11 week probe: the writer's manager, told another colleague's order was the writer's to submit,
    approved it "as your line manager"."""
    reading = sample_reading()
    reading.people = [Known("person", n, {}) for n in ("Christopher Mccarty", "Robert Nixon", "Jasmine Cole")]
    (ask,) = read_message("Purchase approval", text, reading, "colleague").asks
    assert (ask.policy, ask.for_person) == ("purchase", whose)


_CREDIT = "Hi Derrick, could you approve the $2,534.17 service credit for Huber-Martin (INC0095001)? Amber"


@pytest.mark.parametrize(
    "text",
    [
        "Thanks Derrick. I've offered Janet the $2,534.17 credit, declined the full-month waiver per policy, "
        "and logged the credit as a note on the account in the CRM.",
        "I've told Lee-Miller about the $2,534.17 credit, and it's on their next invoice.",
    ],
)
def test_a_done_note_restating_the_decided_sum_asks_no_second_decision(text):
    """s11 week probe: "I've offered Janet the $2,534.17 credit, …, and logged it" was read as a second
    $2,534.17 and summed with the first into "Rejected: $5,068.34"."""
    history = [Turn(False, _CREDIT), Turn(True, "Approved: $2,534.17, under the Service Credit Policy.")]
    request = read_message("RE: Service credit", text, sample_reading(history=history))
    assert not [a for a in request.asks if a.intent == "approval"], request


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for the quick answer - understood. Catherine has since approved it, so nothing more needed "
        "from you.",
        "Please disregard my earlier request for Christopher's $1,500 webinar platform plan — it has since "
        "been approved. No action needed on your side.",
        "Sorry for the confusion — my last mail wasn't a second request. There is only the one credit for "
        "INC0095001; I was just confirming it had been offered and logged. Nothing further is needed "
        "from you.",
    ],
)
def test_a_note_closing_the_loop_asks_nothing(text):
    """s11 week probe: notes saying nothing is needed got "I'm not the right person for that" or "I don't
    know the details of INC0095001"."""
    request = read_message("RE: Approval needed", text, sample_reading(), "colleague")
    assert (request.asks, request.news) == ([], True)
