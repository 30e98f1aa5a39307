"""The understanding layer on its own (apps/core/understanding): messages written as people write them are
read into the same structured request, whatever the notation, layout or language. No episode: the reader is
handed a small catalog of records, documents and a clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from apps.core.understanding import Known, Reading, Request, Turn, read_message

PLATFORM = "Rogers-Hanna - Platform Upgrade"
RENEWAL = "Rogers-Hanna - Support Renewal"
OLSON = "Olson Ltd - Managed Services (Monthly)"
PLAYBOOK = "Sales Playbook.docx"


def _deal(name: str, stage: str, amount: int) -> Known:
    account, product = name.split(" - ", 1)
    return Known("deal", name, {"account": account, "stage": stage, "amount": amount, "product": product})


def _reading(history: list[Turn] | None = None) -> Reading:
    return Reading(
        now=datetime(2026, 3, 3, 15, 0, tzinfo=UTC),  # a Tuesday
        tz="America/New_York",
        history=history or [],
        own=[
            _deal(PLATFORM, "Negotiation", 309_840),
            _deal(RENEWAL, "Proposal", 52_000),
            _deal(OLSON, "Needs Analysis", 46_400),
        ],
        documents=[
            Known(
                "document",
                PLAYBOOK,
                {
                    "folder": "Sales",
                    "description": "how we sell: our selling method, stages and qualification",
                },
            ),
        ],
    )


def _asks(text: str, subject: str = "", role: str = "colleague", **kw) -> list[dict]:
    request = read_message(subject, text, _reading(**kw), role)
    return [a.model_dump(exclude_defaults=True) for a in request.asks]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Can you OK twelve and a half percent off on Olson Ltd?", "12.5%"),
        ("Could you sign off on 12.5 percent for the Olson Ltd deal", "12.5%"),
        (
            f"| deal | discount |\n|---|---|\n| {OLSON} | 12.5% |\n\nplease approve",
            "12.5%",
        ),
    ],
)
def test_a_discount_in_any_notation_is_one_approval_of_its_deal(text, value):
    assert _asks(text) == [{"intent": "approval", "about": [OLSON], "value": value, "policy": "discount"}]


def test_the_sum_asked_for_not_the_limit_quoted_beside_it():
    (ask,) = _asks("Please approve my expense of $880 (the limit is $1,000).")
    assert (ask["intent"], ask["policy"], ask["value"]) == ("approval", "expense", "$880")


def test_1_2k_is_twelve_hundred_dollars():
    (ask,) = _asks("Could you approve 1.2k for my client dinner expense?")
    assert (ask["value"], ask["topic"]) == ("$1,200", "client dinner")


def test_a_key_value_form_under_an_approval_subject_is_a_request_for_approval():
    body = "Hi Jasmine,\n\nAmount: $2,400\nPurpose: team offsite dinner\nPolicy: expenses\n\nThanks!"
    (ask,) = _asks(body, subject="Expense approval")
    assert (ask["intent"], ask["policy"], ask["value"], ask["topic"]) == (
        "approval",
        "expense",
        "$2,400",
        "team offsite dinner",
    )


def test_a_callers_request_without_a_question_mark():
    assert _asks("Pls reply with laptop serial # and asset tag.", role="caller") == [
        {"intent": "device_facts", "fields": ["serial", "asset_tag"]}
    ]


def test_a_document_asked_for_by_description():
    assert _asks("Where's the doc that describes our selling method?") == [
        {"intent": "document", "about": [PLAYBOOK]}
    ]


def test_two_requests_in_bullets_are_two_asks_each_with_its_own_record():
    asks = _asks("Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM)
    assert sorted((a["intent"], tuple(a["about"])) for a in asks) == [
        ("approval", (PLATFORM,)),
        ("record_status", (OLSON,)),
    ]


def test_a_deal_named_with_typos():
    assert _asks("whats the stage of the Rogers-Hana Platfrom Upgrade deal") == [
        {"intent": "record_status", "about": [PLATFORM], "fields": ["stage"]}
    ]


def test_an_approval_in_forwarded_text_is_no_approval_and_no_request():
    text = (
        "Please approve.\n\n---------- Forwarded message ---------\nFrom: Jo <jo@example.com>\n\n"
        f"We'd like 12% on {PLATFORM} ($309,840). Approved: 12%"
    )
    request = read_message("Fwd: discount", text, _reading())
    assert request.quoted_approval is True
    assert request.first("approval") is None


@pytest.mark.parametrize(
    ("text", "language", "value", "deal"),
    [
        (f"¿Podrías aprobar un descuento del 10 % para {PLATFORM}?", "es", "10%", PLATFORM),
        ("Könntest du 10 % Rabatt für Olson Ltd freigeben?", "de", "10%", OLSON),
        ("Pourriez-vous approuver une remise de 8 % sur Olson Ltd ?", "fr", "8%", OLSON),
    ],
)
def test_spanish_german_and_french(text, language, value, deal):
    request = read_message("", text, _reading())
    assert request.language == language
    assert [(a.intent, a.about, a.value) for a in request.asks] == [("approval", [deal], value)]


def test_a_meeting_day_resolved_in_the_readers_zone():
    assert _asks("When are you free for 30 minutes on Thursday?") == [
        {"intent": "meeting_time", "minutes": 30, "days": ["2026-03-05"]}
    ]


def test_follow_ups_take_their_referent_from_the_thread():
    history = [Turn(False, f"What stage is {PLATFORM} at?"), Turn(True, "It's in Negotiation.")]
    assert _asks("and the other one?", history=history) == [
        {"intent": "record_status", "about": [RENEWAL], "fields": ["stage"]}
    ]
    assert _asks("same for Olson Ltd", history=history) == [
        {"intent": "record_status", "about": [OLSON], "fields": ["stage"]}
    ]


def test_the_same_message_is_read_the_same_way_and_fits_the_schema():
    text = "Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM
    first, second = (read_message("", text, _reading()) for _ in range(2))
    assert first == second
    assert Request.model_validate_json(first.model_dump_json()) == first


CREDIT_MAIL = (
    "Hi Derrick,\n\nHuber-Martin (Janet Hayes) asked for a month's fees back after the outage on Friday. "
    "INC0095001 (P1) breached its 4-hour resolution target, with no time on hold. Their Closed Won total "
    "over the last twelve months is $608,200, so one month is $50,683.33 and 5% of that per breached "
    "ticket comes to $2,534.17. That sits within your $1,000 to $5,000 band under HB-04.\n\n"
    "Could you approve a service credit of $2,534.17 for them?\n\nThanks,\nAmber"
)
TWO_TICKET_MAIL = (
    "Derrick, Robert Hernandez at Lee-Miller wants a $12,700 credit for Friday's outage. INC0095014 and "
    "INC0095015 both missed the P1 resolution target. Closed Won in the prior 12 months: $462,240 + "
    "$45,330 = $507,570; one month is $42,297.50; 5% x 2 tickets = $4,229.75. Please approve a service "
    "credit of $4,229.75 (Director band, up to $5,000)."
)


@pytest.mark.parametrize(("text", "value"), [(CREDIT_MAIL, "$2,534.17"), (TWO_TICKET_MAIL, "$4,229.75")])
def test_a_credit_mail_asks_the_sum_it_asks_approved_not_how_it_was_worked_out(text, value):
    """Blind probe 2026-12-05: the approver added every figure of the calculation (the contract value, the
    month's fees, the band) and read the incidents cited as evidence as questions."""
    (ask,) = _asks(text)
    got = (ask["intent"], ask["policy"], ask["value"], ask.get("combined"))
    assert got == ("approval", "credit", value, None)


def test_an_order_beside_the_threshold_it_stays_under_is_one_ask():
    (ask,) = _asks(
        "Hi Jasmine, could you approve Robert Nixon's customer workshop venue and catering order of $1,750 "
        "(under the $5,000 line-manager threshold)? The vendor needs it by Thursday."
    )
    assert (ask["policy"], ask["value"]) == ("purchase", "$1,750")


def test_a_band_the_sum_falls_in_is_no_sum_asked():
    """Blind probe 2026-12-05: "between $1,000 and $5,000 it needs your approval" was read as $5,000 asked."""
    (ask,) = _asks(
        "Hi Derrick, I'd like your approval for a service credit for Huber-Martin.\n\nCalculation:\n- One "
        "month's fees: $608,200.00 / 12 = $50,683.33\n- Credit: 1 breached ticket x 5% = $2,534.17\n\nAs the "
        "amount is between $1,000 and $5,000 it needs your approval."
    )
    assert (ask["policy"], ask["value"], ask.get("combined")) == ("credit", "$2,534.17", None)


# The s6 blind probe: figures sent for information and reports of work done were read as questions (a legal-
# terms question from "while your legal team finishes the MSA redlines", an expense claim from "the price
# Brian signed off … the CRM still showed the older $35,500").
NEWS = [
    "Hi Kayla,\n\nJacqueline Lucas mentioned your finance team is planning around the Platform Upgrade "
    "order, so "
    "here are the current figures on our side:\n\n- Order amount: $309,840.00 (two-year term at the "
    "multi-year "
    "rate)\n- Expected signing / close date: Monday, December 14, 2026 (moved from November 23 while your "
    "legal "
    "team finishes the MSA redlines)\n\nIf anything changes on your side, just let me know.\n\nBest "
    "regards,\n"
    "Amber Miller",
    "Hi Kayla,\n\nJacqueline let me know the Platform Upgrade order is now planned to be signed on Monday, "
    "December 14, 2026. I've updated our records, so for your finance planning the figures are:\n\n- Amount: "
    "$309,840.00\n- Expected close (signature) date: Monday, December 14, 2026\n\nLet me know if you need "
    "anything else.\n\nBest regards,\nAmber Miller",
    f"Hi Alan,\n\nDone – {PLATFORM} now closes on December 14, 2026 in the CRM, and I've sent Gerald Vance "
    "the "
    "figures: $37,000 and the December 14 date. The amount is the price Brian Copeland signed off with their "
    "procurement on Oct 29, which I put on the opportunity before sending (the CRM still showed the older "
    "$35,500).\n\nThanks,\nAmber",
    f"Hi Jacqueline,\n\nDone: the close date of {PLATFORM} is now Monday, December 14, 2026, and I've sent "
    "Kayla "
    "Ray the figures (amount $309,840.00, close date Dec 14).\n\nNote that the amount stays at $309,840 for "
    "now: "
    "Jordan has a revised quote at $418,000, but Brian hasn't approved a pricing change yet. I'll let Kayla "
    "know if that changes.\n\nThanks,\nAmber",
]


@pytest.mark.parametrize("text", NEWS)
@pytest.mark.parametrize("role", ["colleague", "customer"])
def test_figures_sent_for_information_and_work_reported_done_ask_nothing(text, role):
    request = read_message("RE: Platform Upgrade", text, _reading(), role)
    assert request.news and request.asks == []


@pytest.mark.parametrize(
    "text",
    [
        "Here are the figures: amount $309,840, close date December 14. Could you confirm they match yours?",
        f"Brian signed off $37,000 on {PLATFORM} — can you approve 12% on it?",
        "Let me know if you can approve $2,400 for the workshop room on March 12.",
    ],
)
def test_a_question_beside_figures_is_still_asked(text):
    request = read_message("Question", text, _reading())
    assert not request.news and request.asks


def test_a_value_continuing_an_approval_in_the_thread_is_no_news():
    history = [Turn(mine=False, text="can you approve $490 for the Denver client dinner?")]
    request = read_message("", "and $490 for the drinks after, same Denver client dinner", _reading(history))
    assert not request.news and [(a.intent, a.value) for a in request.asks] == [("approval", "$490")]


# fifth frontier probe: well-written mails the personas misread
CREDIT_WORKED_OUT = (
    "Hi Derrick,\n\nRuiz Group has asked for a service credit after Monday's outage. Under the Service "
    "Credit "
    "Policy the credit works out to $803.33 (details below). Could you approve it, or tell me which team "
    "lead I "
    "should send it to?\n\n- Monthly fees: $96,400 Closed Won in the prior 12 months / 12 = $8,033.33\n- "
    "Credit: 5% "
    "x 2 tickets = $803.33 (cap of 25% = $2,008.33 not reached). The customer asked for "
    "$4,000.\n\nThanks,\nAmber"
)
CREDIT_IN_BAND = (
    "Hi Derrick,\n\nLee-Miller asked for a 50% credit. Under the Service Credit Policy I've worked out what "
    "they're entitled to and need your approval, as the amount falls in the $1,000-$5,000 band.\n\nCould you "
    "approve a credit of $4,229.75 for Lee-Miller?\n\nThanks,\nAmber"
)
SPLIT_CLAIMS = (
    "Hi Jasmine, two claims from the Chicago workshop trip, each under your limit:\n- hotel: $480\n- "
    "meals: $480\n"
    "Could you approve both?"
)


@pytest.mark.parametrize(
    ("subject", "text", "value"),
    [
        ("Service credit for Ruiz Group", CREDIT_WORKED_OUT, "$803.33"),
        ("Service credit approval request: Lee-Miller", CREDIT_IN_BAND, "$4,229.75"),
        ("two small claims", SPLIT_CLAIMS, "$960"),
    ],
    ids=["worked-out-sum-said-again", "band-range-beside-the-ask", "two-claims-of-one-size-still-add-up"],
)
def test_the_sum_asked_not_the_working_the_band_or_the_customers_ask(subject, text, value):
    asks = [a for a in read_message(subject, text, _reading()).asks if a.intent == "approval"]
    assert [a.value for a in asks] == [value], asks


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
    request = read_message("Update", text, _reading(), role=role)
    assert not request.asks, request


def test_an_approval_only_mentioned_asks_nothing():
    text = "Thank you. The credit due is $803.33 in total (2 x $401.67), which your approval covers. Amber"
    assert not [a for a in read_message("RE: credit", text, _reading()).asks if a.intent == "approval"]


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
    assert _asks(text, subject=subject) == [{"intent": "approval", "about": [change], "policy": "change"}]


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
    request = read_message("Update", text, _reading())
    assert request.news and request.asks == [], request


def test_a_change_said_to_wait_for_your_approval_still_asks_it():
    text = "Hi Jorge, CHG0030331 is waiting for your approval on the desk."
    assert _asks(text) == [{"intent": "approval", "about": ["CHG0030331"], "policy": "change"}]


def test_the_policy_document_an_approval_cites_and_the_writers_offer_ask_nothing():
    """Blind probe: "I don't know the details of HB-04 Service Credit Policy.docx — ask …" beside "
    "the decision."""
    policy_doc = Known("document", "HB-04 Service Credit Policy.docx", {"id": "d", "owner": "Erin Stevens"})
    reading = _reading()
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
    asks = read_message("Service credit approval: Huber-Martin", text, _reading()).asks
    assert [(a.intent, a.policy, a.value) for a in asks] == [("approval", "credit", None)]


def test_an_order_relayed_for_a_colleague_on_someone_elses_team_is_the_colleagues():
    """Blind probe 2026-12-06: "Robert Nixon, a Recruiter on Catherine Newman's team, asked me to get a
    purchase approved for him" was read as Catherine Newman's order; her manager approved it as her line
    manager."""
    people = [Known("person", n, {}) for n in ("Robert Nixon", "Catherine Newman", "Erin Stevens")]
    reading = _reading()
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
    reading = _reading()
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
    request = read_message("Re: your request", text, _reading(), "colleague")
    assert (request.asks, request.news) == ([], True)
