"""The understanding layer on its own (apps/core/understanding): messages written as people write them are
read into the same structured request, whatever the notation, layout or language. No episode: the reader is
handed a small catalog of records, documents and a clock."""

from __future__ import annotations

import pytest

from apps.core.understanding import Request, Turn, read_message
from apps.core.understanding.request import Known
from tests.support.understanding import OLSON, PLATFORM, PLAYBOOK, RENEWAL, asks_of, deal, sample_reading


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
    assert asks_of(text) == [{"intent": "approval", "about": [OLSON], "value": value, "policy": "discount"}]


def test_the_sum_asked_for_not_the_limit_quoted_beside_it():
    (ask,) = asks_of("Please approve my expense of $880 (the limit is $1,000).")
    assert (ask["intent"], ask["policy"], ask["value"]) == ("approval", "expense", "$880")


def test_1_2k_is_twelve_hundred_dollars():
    (ask,) = asks_of("Could you approve 1.2k for my client dinner expense?")
    assert (ask["value"], ask["topic"]) == ("$1,200", "client dinner")


def test_a_key_value_form_under_an_approval_subject_is_a_request_for_approval():
    body = "Hi Jasmine,\n\nAmount: $2,400\nPurpose: team offsite dinner\nPolicy: expenses\n\nThanks!"
    (ask,) = asks_of(body, subject="Expense approval")
    assert (ask["intent"], ask["policy"], ask["value"], ask["topic"]) == (
        "approval",
        "expense",
        "$2,400",
        "team offsite dinner",
    )


def test_a_callers_request_without_a_question_mark():
    assert asks_of("Pls reply with laptop serial # and asset tag.", role="caller") == [
        {"intent": "device_facts", "fields": ["serial", "asset_tag"]}
    ]


def test_a_document_asked_for_by_description():
    assert asks_of("Where's the doc that describes our selling method?") == [
        {"intent": "document", "about": [PLAYBOOK]}
    ]


def test_two_requests_in_bullets_are_two_asks_each_with_its_own_record():
    asks = asks_of("Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM)
    assert sorted((a["intent"], tuple(a["about"])) for a in asks) == [
        ("approval", (PLATFORM,)),
        ("record_status", (OLSON,)),
    ]


def test_a_deal_named_with_typos():
    assert asks_of("whats the stage of the Rogers-Hana Platfrom Upgrade deal") == [
        {"intent": "record_status", "about": [PLATFORM], "fields": ["stage"]}
    ]


def test_an_approval_in_forwarded_text_is_no_approval_and_no_request():
    text = (
        "Please approve.\n\n---------- Forwarded message ---------\nFrom: Jo <jo@example.com>\n\n"
        f"We'd like 12% on {PLATFORM} ($309,840). Approved: 12%"
    )
    request = read_message("Fwd: discount", text, sample_reading())
    assert request.quoted_approval is True
    assert request.first("approval") is None


ORDER = (
    "\n\n________________________________\nFrom: Chris Mills <chris.mills@example.com>\n"
    "Sent: Thursday, October 29, 2026 1:57 PM\nTo: Amber Miller <amber.miller@example.com>\n"
    "Subject: Purchase approval needed\n\nHi Amber, could you get my order approved? A year of the "
    "webinar platform's pro plan, $1,500, by November 5.\nThanks, Chris"
)


@pytest.mark.parametrize(
    "cover",
    [
        "Keith, could you look at Chris's order below? Jennifer is away.",  # the request is only below
        "Keith, could you approve the purchase below for Chris?",  # restated without its sum
    ],
)
def test_a_forward_that_asks_to_handle_the_request_below_asks_its_sum_for_its_sender(cover):
    reading = sample_reading()
    reading.people = [Known("person", "Chris Mills", {"email": "chris.mills@example.com"})]
    request = read_message("FW: Purchase approval needed", cover + ORDER, reading)
    assert [(a.intent, a.policy, a.value, a.for_person) for a in request.asks] == [
        ("approval", "purchase", "$1,500", "Chris Mills")
    ]


def test_a_forward_for_information_asks_nothing_of_what_it_forwards():
    reading = sample_reading()
    reading.people = [Known("person", "Chris Mills", {"email": "chris.mills@example.com"})]
    request = read_message(
        "FW: Purchase approval needed", "FYI, Chris's order — no action needed." + ORDER, reading
    )
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
    request = read_message("", text, sample_reading())
    assert request.language == language
    assert [(a.intent, a.about, a.value) for a in request.asks] == [("approval", [deal], value)]


def test_a_meeting_day_resolved_in_the_readers_zone():
    assert asks_of("When are you free for 30 minutes on Thursday?") == [
        {"intent": "meeting_time", "minutes": 30, "days": ["2026-03-05"]}
    ]


def test_follow_ups_take_their_referent_from_the_thread():
    history = [Turn(False, f"What stage is {PLATFORM} at?"), Turn(True, "It's in Negotiation.")]
    assert asks_of("and the other one?", history=history) == [
        {"intent": "record_status", "about": [RENEWAL], "fields": ["stage"]}
    ]
    assert asks_of("same for Olson Ltd", history=history) == [
        {"intent": "record_status", "about": [OLSON], "fields": ["stage"]}
    ]


def test_the_same_message_is_read_the_same_way_and_fits_the_schema():
    text = "Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM
    first, second = (read_message("", text, sample_reading()) for _ in range(2))
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
    (ask,) = asks_of(text)
    got = (ask["intent"], ask["policy"], ask["value"], ask.get("combined"))
    assert got == ("approval", "credit", value, None)


def test_an_order_beside_the_threshold_it_stays_under_is_one_ask():
    (ask,) = asks_of(
        "Hi Jasmine, could you approve Robert Nixon's customer workshop venue and catering order of $1,750 "
        "(under the $5,000 line-manager threshold)? The vendor needs it by Thursday."
    )
    assert (ask["policy"], ask["value"]) == ("purchase", "$1,750")


def test_a_band_the_sum_falls_in_is_no_sum_asked():
    """Blind probe 2026-12-05: "between $1,000 and $5,000 it needs your approval" was read as $5,000 asked."""
    (ask,) = asks_of(
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
    request = read_message("RE: Platform Upgrade", text, sample_reading(), role)
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
    request = read_message("Question", text, sample_reading())
    assert not request.news and request.asks


def test_a_value_continuing_an_approval_in_the_thread_is_no_news():
    history = [Turn(mine=False, text="can you approve $490 for the Denver client dinner?")]
    request = read_message(
        "", "and $490 for the drinks after, same Denver client dinner", sample_reading(history)
    )
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
    asks = [a for a in read_message(subject, text, sample_reading()).asks if a.intent == "approval"]
    assert [a.value for a in asks] == [value], asks


# The s10 blind probe: Amber's done-note to Ashley — a field "is now" X, another deal "unchanged" — was read
# as a question about the deal named in it ("… is your own deal — you own it in the CRM").
MOORE = "Moore, Hart and Campbell Logistics - Onsite Training Day"
MOORE_SEATS = "Moore, Hart and Campbell Logistics - New Seats"
DONE_NOTES = [
    f'Thanks Ashley - done. The next step on {MOORE} is now "Legal review of the MSA redlines"; New Seats is '
    "unchanged.\n\nAmber",
    f'Hi Ashley,\n\nThe next step on {MOORE} is now "Legal review of the MSA redlines"; New Seats is '
    "unchanged.\n\nAmber",
    f"Thank you, Ashley — all done: {MOORE} now has the next step you gave me, and New Seats stays "
    "unchanged.\n\nAmber",
]


@pytest.mark.parametrize("text", DONE_NOTES)
def test_a_done_note_naming_the_writers_deal_asks_nothing(text):
    reading = sample_reading()
    reading.world = [deal(MOORE, "Proposal", 6_800), deal(MOORE_SEATS, "Proposal", 12_000)]
    request = read_message("RE: Moore deal", text, reading)
    assert request.news and request.asks == []


def test_a_thanks_line_with_a_question_after_it_still_asks():
    reading = sample_reading()
    reading.world = [deal(MOORE, "Proposal", 6_800)]
    request = read_message("RE: Moore deal", f"Thanks Ashley - what is the next step on {MOORE}?", reading)
    assert not request.news and [a.fields for a in request.asks] == [["next_step"]]


def test_a_value_quoted_in_a_report_asks_nothing():
    """s12: 'the next step is now "Send revised proposal"' was read as a question (its "Send") and answered
    with the deal's figures again instead of a thank-you."""
    text = "One more: the next step is now “Send revised proposal”."
    request = read_message("RE: Cole-Olson", text, sample_reading())
    assert request.news and not request.asks
