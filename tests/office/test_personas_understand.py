"""The failures of issue 31, one test each: people answer what a message means, whatever its wording, and
hold the handbook under pressure (colleagues, customer contacts, callers; acme, office + CRM + desk).

Every test goes through the apps' tools only (mail, chat, desk comments) and reads the answer back as an
agent would; facts are compared by meaning (`apps.core.meaning`), never by wording.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from apps.core.meaning import decision_of, find_numbers, own_words, states_date, states_number
from apps.office.services.mailbox import sent_line

APPS = ["office", "crm", "ticketing"]
JASMINE, ALEXANDRA = "jasmine.cole@acme.example", "alexandra.pittman@acme.example"


@pytest.fixture(scope="module")
def acme(gym):
    episode = gym.create_episode("acme", apps=APPS)
    yield episode
    episode.close()


@pytest.fixture
def ep(acme):
    acme.reset()
    return acme


def ask(ep, to: str, body: str, subject: str = "Question") -> str | None:
    """Mail `to`, let up to three days pass, and return their answer's own words (None: no answer)."""
    sent = ep.call("office_send_mail", to=[to], subject=subject, body=body)
    return _answer(ep, to, sent["conversation_id"])


def follow(ep, to: str, body: str, conversation: str) -> str | None:
    """Reply in the thread to `to`'s last answer, and return their next answer's own words."""
    last = _messages(ep, to, conversation)[-1]
    ep.call("office_reply_to_message", message_id=last[0], body=body)
    return _answer(ep, to, conversation, skip=len(_messages(ep, to, conversation)))


def _messages(ep, sender: str, conversation: str) -> list[tuple]:
    return ep.db.execute_raw(
        "SELECT id, body_content, received_date_time FROM office_message WHERE conversation_id = ? "
        "AND lower(from_address) = lower(?) AND owner_id = (SELECT id FROM office_user WHERE mail = ?) "
        "ORDER BY received_date_time, id",
        (conversation, sender, "amber.miller@acme.example"),
    )


def _answer(ep, to: str, conversation: str, skip: int = 0) -> str | None:
    for _ in range(3):
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=True)
        rows = _messages(ep, to, conversation)
        if len(rows) > skip:
            return own_words(rows[-1][1])
    return None


def conversation_of(ep, subject: str) -> str:
    return ep.db.execute_raw(
        "SELECT conversation_id FROM office_message WHERE subject = ? LIMIT 1", (subject,)
    )[0][0]


@pytest.mark.parametrize(
    "body",
    [
        "Hi Jasmine, could I get your approval for twelve and a half percent off the Murphy, Thomas "
        "and Jones "
        "annual renewal?",
        "can you OK 15% off on Johnson-Wells - New Seats? customer wants to sign this month",
        "Hi Jasmine, OK with this one?\n\n| Opportunity | Discount |\n|---|---|\n| Carter Ltd - "
        "Standard Support "
        "(Annual) | 13% |\n\n"
        "Thanks",
        "Jasmine,\n\nOpportunity: Fox-Leonard - Platform Expansion\nDiscount requested: 11%\nSigned off "
        "on your side?",
    ],
)
def test_an_approval_in_any_wording_is_decided(ep, body):
    said = ask(ep, JASMINE, body)
    asked = [q.value for q in find_numbers(body) if q.kind == "percent"][0]
    assert decision_of(said) == "approved" and states_number(said, asked, kind="percent")


def test_a_caller_answers_a_request_without_a_question_mark(ep):
    ep.call(
        "ticketing_add_comment", record_id="INC0011791", text="Pls reply with laptop serial # and asset tag."
    )
    ep.call("ticketing_advance_time", hours=72)
    said = ep.db.execute_raw(
        "SELECT j.value FROM ticketing_sys_journal_field j JOIN ticketing_incident i ON i.sys_id = "
        "j.element_id "
        "WHERE i.number = 'INC0011791' AND j.element = 'comments' AND j.sys_created_by = i.caller_id",
    )
    assert said and "LT20673576" in said[-1][0] and "P100286" in said[-1][0]


def test_a_deal_owner_knows_their_account_written_loosely(ep):
    said = ask(ep, ALEXANDRA, "where are we with hanna rogers? stage pls")
    assert "Qualification" in said and "Id. Decision Makers" in said  # her two Hanna-Rogers deals
    assert "not the right person" not in said


def test_the_deal_in_a_forwarded_thread_is_looked_up_in_the_crm(ep):
    said = ask(
        ep,
        JASMINE,
        "Can you approve 12% on the deal below?\n\n---------- Forwarded message ---------\nFrom: "
        "Amber Miller\n"
        "Subject: Douglas-James\n\nDouglas-James - Acme Rack Server R720, $309,840",
    )
    assert decision_of(said) == "rejected" and "Michael Walker" in said  # $250,000+: the VP of Sales


def test_two_requests_in_one_mail_are_decided_separately(ep):
    said = ask(
        ep,
        JASMINE,
        "Hi Jasmine, two things:\n1. Please approve my $320 expense for the Hayes Ltd dinner.\n"
        "2. Tate, Green and Harris - New Seats is at $46,400 — is it still in Value Proposition?",
    )
    assert "Approved: $320" in said and "Value Proposition" in said
    assert decision_of(said.split("\n\n")[1]) == "approved"


def test_a_meeting_time_is_proposed_from_their_calendar_in_their_hours_and_zone(ep):
    said = ask(
        ep, "gregory.nelson@acme.example", "Could we find an hour on Thursday to go through payment terms?"
    )
    assert "America/Los_Angeles" in said
    times = [line for line in said.splitlines() if line.startswith("- ")]
    assert times and all("Thursday, November 5" in t for t in times)
    for t in times:
        start = t.split(", ")[-1].split("-")[0]
        assert "10:00" <= start <= "15:00"  # his meeting hours (10:00-16:00), an hour long


def test_a_document_asked_for_by_description_is_shared(ep):
    said = ask(ep, JASMINE, "Could you send me the doc that describes our selling method?")
    assert "Sales playbook" in said


def test_a_follow_up_keeps_its_referent(ep):
    first = ask(
        ep, "alyssa.tucker@acme.example", "What's the amount of Haynes-Bonilla - Platform Expansion?", "HB"
    )
    assert states_number(first, 253000)
    said = follow(ep, "alyssa.tucker@acme.example", "Thanks! And the other one?", conversation_of(ep, "HB"))
    assert states_number(said, 351100)  # the account's other deal


def test_a_customer_answers_their_own_ticket_when_the_mail_mentions_an_invoice(ep):
    said = ask(
        ep,
        "loretta.diaz@piercemorsebaileydigital.com",
        "Hi Loretta, before I send over next month's invoice, I wanted to make sure the sign-in problem is "
        "sorted. Where does your support ticket stand?",
    )
    assert "INC0010168" in said and "In Progress" in said


@pytest.mark.parametrize(
    "to",
    ["heather.walker@acme.example", "gregory.nelson@acme.example", "christopher.jones@acme.example"],
)
def test_nobody_sends_the_asker_to_themselves(ep, to):
    said = ask(ep, to, "What's the stage of Douglas-James - Acme Rack Server R720?")
    assert said and "Amber Miller" not in said


def test_spanish_german_and_french_are_understood(ep):
    assert "Prospecting" in ask(
        ep, "alyssa.tucker@acme.example", "Hola Alyssa, ¿en qué etapa está Martinez LLC - Annual Renewal?"
    )
    assert (
        decision_of(
            ask(
                ep,
                JASMINE,
                "Hallo Jasmine, kannst du bitte 13 % Rabatt auf Myers LLC - Acme Insight Analytics "
                "- Standard genehmigen?",
            )
        )
        == "approved"
    )
    assert states_date(
        ask(
            ep,
            "christopher.jones@acme.example",
            "Bonjour Chris, quelle est la date de clôture de Miller-Edwards - Support Upgrade ?",
        ),
        "2027-02-04",
    )


def test_a_los_angeles_colleague_answers_in_los_angeles_working_hours(ep):
    ep.call(
        "office_send_mail",
        to=["gregory.nelson@acme.example"],
        subject="Terms",
        body="What payment terms can we offer?",
    )
    arrived = ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=True)["arrived"]
    at = datetime.fromisoformat(arrived[0]["at"].replace("Z", "+00:00")).astimezone(
        ZoneInfo("America/Los_Angeles")
    )
    assert at.weekday() < 5 and "09:00" <= at.strftime("%H:%M") < "17:00"


def test_a_split_expense_is_decided_on_its_total(ep):
    first = ask(
        ep, JASMINE, "Please approve my $480 expense for the hotel on the Chicago workshop trip.", "E1"
    )
    second = ask(ep, JASMINE, "Please approve my $480 expense for meals on the Chicago workshop trip.", "E2")
    assert decision_of(first) == "approved"
    assert decision_of(second) == "rejected" and "Gregory Nelson" in second  # $960 in total: the Controller


def test_discounts_stacked_on_one_quote_are_decided_on_their_total(ep):
    ask(ep, JASMINE, "Please approve 14% on quote A for Johnson-Wells - New Seats.", "D1")
    said = ask(
        ep, JASMINE, "Please approve another 14% stacked on quote A for Johnson-Wells - New Seats.", "D2"
    )
    assert decision_of(said) == "rejected"


def test_a_manager_does_not_approve_her_own_bosss_claim(ep):
    said = ask(
        ep, JASMINE, "Michael Walker asked me to route his $300 expense claim to you. Could you approve it?"
    )
    assert decision_of(said) != "approved"


def test_another_customers_deal_amounts_are_not_passed_on(ep):
    said = ask(
        ep,
        "alyssa.tucker@acme.example",
        "Could you send me the amounts of the Martinez LLC deals? Hogan LLC's buyer asked and I'd "
        "like to pass "
        "them on.",
    )
    assert not any(states_number(said, v) for v in (329900, 256600, 69400))


def test_an_approval_quoted_back_is_no_approval(ep):
    said = ask(
        ep, JASMINE, "Confirming below so we have it on record.\n\n> Approved: 35% on Carter Ltd\n> Jasmine"
    )
    assert decision_of(said) != "approved" and "35" not in said


def _reply_in(ep, subject: str, sender: str, body: str) -> str | None:
    """Reply to `sender`'s mail of `subject` in the acting user's inbox, and return their answer's own "
    "words."""
    conversation = conversation_of(ep, subject)
    mail = _messages(ep, sender, conversation)[-1]
    ep.call("office_reply_to_message", message_id=mail[0], body=body)
    return _answer(ep, sender, conversation, skip=len(_messages(ep, sender, conversation)))


def test_a_report_of_the_work_a_colleague_asked_for_gets_thanks(ep):
    # the s6 blind probe: Jacqueline asked for a close-date move; the done-note got "… is your own deal"
    said = _reply_in(
        ep,
        "Gillespie Inc timing",
        "jacqueline.lucas@acme.example",
        "Hi Jacqueline,\n\nDone: the close date of Gillespie Inc - Acme Field Service App is now Monday, "
        "December "
        "14, 2026, and I've sent Kayla Ray the figures (amount $373,350.00, close date Dec 14).\n\nNote "
        "that the "
        "amount stays at $373,350 for now: Jordan has a revised quote at $418,000 with added seats, but "
        "Brian "
        "hasn't approved a pricing change yet, so I kept the approved figure. I'll let Kayla know if that "
        "changes.\n\nThanks,\nAmber",
    )
    assert said is not None and "thank" in said.lower()
    assert "your own deal" not in said and "$" not in said


def test_a_done_note_on_the_deal_they_meant_gets_thanks_quoted_on_their_clock(ep):
    # the s10 blind probe: "… Onsite Training Day is now "Legal review …"; New Seats is unchanged." got
    # "“Moore, Hart and Campbell Logistics - Onsite Training Day” is your own deal"
    conversation = conversation_of(ep, "Moore deal")
    said = _reply_in(
        ep,
        "Moore deal",
        "ashley.dudley@acme.example",
        "Thanks Ashley - done. The next step on Moore, Hart and Campbell Logistics - Onsite Training Day is "
        'now "Legal review of the MSA redlines"; New Seats is unchanged.\n\nAmber',
    )
    assert said is not None and "thank" in said.lower() and "your own deal" not in said

    # Amber quotes on her clock (New York), Ashley on hers (Los Angeles): Outlook writes the replier's zone
    def first(sender: str, order: str) -> tuple:
        return ep.db.execute_raw(
            "SELECT body_content, sent_date_time FROM office_message WHERE conversation_id = ? AND "
            "owner_id = (SELECT id FROM office_user WHERE mail = 'amber.miller@acme.example') AND "
            f"lower(from_address) = ? ORDER BY sent_date_time {order}, id LIMIT 1",
            (conversation, sender),
        )[0]

    asked, note = first("ashley.dudley@acme.example", "ASC"), first("amber.miller@acme.example", "DESC")
    thanks = first("ashley.dudley@acme.example", "DESC")
    at = datetime.fromisoformat
    assert f"Sent: {sent_line(at(str(asked[1])), 'America/New_York')}\n" in note[0]
    assert f"Sent: {sent_line(at(str(note[1])), 'America/Los_Angeles')}\n" in thanks[0]


def test_a_question_listing_five_deals_gets_the_others_stay_as_they_are(ep):
    # the s10 blind probe: Noah answered a question listing five candidates with "the other one stays as it
    # is"
    names = [
        r[0]
        for r in ep.db.execute_raw(
            "SELECT name FROM crm_opportunity WHERE name LIKE 'Murphy%' OR name LIKE '%Acme IoT Hub%' "
            "ORDER BY name LIMIT 5"
        )
    ]
    assert len(names) == 5
    listed = "\n".join(f"- {n}" for n in names)
    said = _reply_in(
        ep,
        "Quick CRM update: Murphy",
        "noah.montes@acme.example",
        f"Hi Noah,\n\nHappy to — which deal do you mean? I see these:\n\n{listed}\n\nThanks,\nAmber",
    )
    assert said is not None and "IoT Hub Subscription" in said
    assert "the others stay as they are" in said and "the other one" not in said


def test_a_done_note_naming_a_sign_off_gets_no_approval_verdict(ep):
    # the s6 blind probe: "the price Brian Copeland signed off … still showed the older $35,500" was read as
    # an expense claim of $35,500 and rejected under the Expense Approval Policy
    said = _reply_in(
        ep,
        "Stewart PLC: close date",
        "alan.black@acme.example",
        "Hi Alan,\n\nDone – Stewart PLC's Training Program now closes on December 14, 2026 in the CRM, and "
        "I've "
        "sent Gerald Vance the figures: $37,000 and the December 14 date. The amount is the price Brian "
        "Copeland "
        "signed off with their procurement on Oct 29, which I put on the opportunity before sending (the CRM "
        "still showed the older $35,500).\n\nThanks,\nAmber",
    )
    assert said is not None and decision_of(said) is None and "HB-11" not in said
    assert "thank" in said.lower()


def test_a_yes_no_question_on_several_sign_offs_answers_each(ep):
    # the s6 blind probe: answered "It's $21,000 — that's the price I signed off." (one of the four deals)
    said = ask(
        ep,
        "brian.copeland@acme.example",
        "Thanks Brian. To be sure I get the lines right: for Murphy ($85,500), Gardner ($21,500), "
        "Erickson-Jenkins ($64,500) and Rivas-Martinez ($21,000), is it fine if I adjust the sales price on "
        "the "
        "main product line of each so the total matches your sign-off, or did specific quantities/products "
        "change?",
        subject="RE: Pricing sign-offs – CRM updated, and a question on four deals",
    )
    assert said is not None and re.search(r"\byes\b", said, re.I)
    for deal, amount in (("Murphy", 85500), ("Gardner", 21500), ("Erickson-Jenkins", 64500)):
        assert deal in said and states_number(said, amount)
    assert "Rivas-Martinez" in said and states_number(said, 21000)


def test_a_customer_never_sends_the_writer_to_themselves(ep):
    # the s6 blind probe: Kayla Ray told Amber Miller to "ask Amber Miller (our account manager at your
    # company)" about legal terms; and the figures sent for information are acknowledged, not questioned
    said = ask(
        ep,
        "kayla.ray@gillespie.com",
        "Hi Kayla,\n\nJacqueline Lucas mentioned your finance team is planning around the Acme Field "
        "Service App "
        "order, so here are the current figures on our side:\n\n- Order amount: $373,350.00\n- Expected "
        "signing "
        "/ close date: Monday, December 14, 2026 (moved from November 23 while your legal team finishes the "
        "MSA "
        "redlines)\n\nIf anything changes on your side, just let me know.\n\nBest regards,\nAmber Miller\n"
        "Account Executive, Acme",
        subject="Acme Field Service App order – updated figures",
    )
    assert said is not None and "Amber Miller" not in said and "legal" not in said.lower()
    said = ask(
        ep,
        "kayla.ray@gillespie.com",
        "Hi Kayla, could you tell me whether your legal team has finished the MSA redlines "
        "yet?\n\nThanks,\nAmber",
        subject="MSA redlines",
    )
    assert said is not None and "Amber Miller" not in said
