"""Customer contacts answer mail on the logical clock from what they know (apps/office/customers/)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from apps.office.customers.card import US_ZONES
from apps.office.services.mailbox import sent_line
from tests.office.conftest import CROSS_APPS as APPS


@pytest.fixture
def ep(cross_ep):
    return cross_ep


def _contact(ep, *, deals: int | None, incidents: int | None = None, finance_colleague: bool = False) -> dict:
    """The first address-book contact (by id) with exactly `deals` open deals on their account (and,
    if given, exactly `incidents` open incidents they raised; a Finance or Procurement colleague)."""
    rows = ep.db.execute_raw(
        "SELECT c.email_address, k.id, k.account_id, k.department, k.mailing_state, k.mailing_country "
        "FROM office_contact c JOIN crm_contact k ON k.id = c.crm_contact_id ORDER BY c.id"
    )
    for mail, crm_id, account_id, department, state, country in rows:
        open_deals = ep.db.execute_raw(
            "SELECT id, name, amount, close_date, probability, stage_name FROM crm_opportunity "
            "WHERE account_id = ? AND is_closed = 0 ORDER BY close_date, name, id",
            (account_id,),
        )
        raised = ep.db.execute_raw(
            "SELECT i.number, i.short_description, i.state FROM ticketing_incident i "
            "JOIN ticketing_sys_user u ON u.sys_id = i.caller_id WHERE lower(u.email) = ? "
            "AND i.state NOT IN (6, 7, 8) AND i.active = 1 ORDER BY i.number",
            (mail,),
        )
        finance = ep.db.execute_raw(
            "SELECT first_name || ' ' || last_name FROM crm_contact WHERE account_id = ? AND id != ? "
            "AND email IS NOT NULL AND department IN ('Finance', 'Procurement') ORDER BY last_name, id",
            (account_id, crm_id),
        )
        if deals is not None and len(open_deals) != deals:
            continue
        if incidents is not None and len(raised) != incidents:
            continue
        if finance_colleague and (not finance or department in ("Finance", "Procurement")):
            continue
        return {
            "mail": mail,
            "deals": open_deals,
            "incidents": raised,
            "finance": finance,
            "state": state,
            "country": country,
        }
    raise AssertionError("no such contact in tiny")


def _ask(ep, to: str, subject: str, body: str) -> dict | None:
    ep.call("office_send_mail", to=[to], subject=subject, body=body)
    for _ in range(4):  # a weekend can lie between the question and the answer
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    found = ep.call("office_search_messages", query=f'subject:"{subject}"', limit=10)["records"]
    replies = [m for m in found if m["subject"] == f"RE: {subject}" and m["from_address"] == to]
    return ep.call("office_get_message", message_id=replies[0]["id"]) if replies else None


def _said(reply: dict) -> str:
    return reply["body_content"].split("________________________________")[0]


def test_a_grounded_question_gets_the_quote_as_a_customer_sees_it(ep):
    c = _contact(ep, deals=1)
    _, name, amount, close_date, probability, stage = c["deals"][0]
    said = _said(_ask(ep, c["mail"], "Our quote", "Could you confirm the total amount of our quote?"))
    assert f"${amount:,.0f}" in said and name in said
    said = _said(_ask(ep, c["mail"], "Timing", f"When do you plan to decide on {name}?"))
    assert str(close_date) in said
    assert f"{probability}%" not in said and stage not in said  # internal fields never reach a customer


def test_the_answer_reads_the_episodes_current_deal(ep):
    c = _contact(ep, deals=1)
    deal_id, name = c["deals"][0][:2]
    ep.call("crm_update_opportunity", opportunity_id=deal_id, close_date="2027-03-31")
    said = _said(_ask(ep, c["mail"], "Date check", f"When will you decide on {name}?"))
    assert "2027-03-31" in said


def test_an_ambiguous_question_gets_a_clarifying_question_then_the_fact(ep):
    c = _contact(ep, deals=2)
    reply = _ask(ep, c["mail"], "Proposal", "Can you confirm the amount of the proposal?")
    said = _said(reply)
    assert "Which one do you mean" in said
    assert all(d[1] in said for d in c["deals"])
    second = c["deals"][1]
    ep.call("office_reply_to_message", message_id=reply["id"], body=f"I mean {second[1]}.")
    for _ in range(4):
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    thread = ep.call("office_search_messages", query='subject:"Proposal"', limit=10)["records"]
    answers = [m for m in thread if m["from_address"] == c["mail"] and m["id"] != reply["id"]]
    assert answers, "the contact answered the clarification"
    assert f"${second[2]:,.0f}" in _said(ep.call("office_get_message", message_id=answers[0]["id"]))


def test_an_unknown_points_at_the_colleague_who_knows(ep):
    c = _contact(ep, deals=1, finance_colleague=True)
    said = _said(_ask(ep, c["mail"], "Budget", "Has the budget for this been approved on your side?"))
    assert "I don't know" in said and c["finance"][0][0] in said


def test_a_request_a_customer_would_not_do_is_declined_and_an_fyi_gets_nothing(ep):
    c = _contact(ep, deals=1)
    said = _said(_ask(ep, c["mail"], "Portal", "Could you send me your password for the supplier portal?"))
    assert "not able to share" in said
    assert _ask(ep, c["mail"], "Thanks", "Thanks for your time today. Speak soon.") is None


def test_the_incident_they_raised(ep):
    c = _contact(ep, deals=None, incidents=1)
    number, short, _ = c["incidents"][0]
    said = _said(_ask(ep, c["mail"], "Your ticket", "What's the status of your ticket?"))
    assert number in said and short in said
    said = _said(_ask(ep, c["mail"], "Other ticket", "Any news on INC9999999?"))
    assert "I don't know" in said and "isn't one I raised" in said


def test_they_answer_within_their_office_hours_and_know_their_zone(ep):
    c = _contact(ep, deals=1)
    reply = _ask(ep, c["mail"], "Call", "What are your working hours for a call?")
    zone = next((z for z, states in US_ZONES.items() if c["state"] in states), "America/New_York")
    if c["country"] != "United States":
        zone = _said(reply).split("I'm on ")[1].split(" time")[0]
    assert zone in _said(reply)
    # the quote under their answer is written on their clock, as Outlook writes the replier's quote header
    # (the s10 blind probe saw "Sent: … 9:01 AM", UTC, under a New York customer's answer)
    asked = ep.call("office_search_messages", query='subject:"Call"', limit=10)["records"]
    mine = next(m for m in asked if m["subject"] == "Call")
    when = datetime.fromisoformat(str(mine["sent_date_time"]).replace("Z", "+00:00"))
    assert f"\nSent: {sent_line(when, zone)}\n" in reply["body_content"]
    sent = ep.db.execute_raw(
        "SELECT due_date_time FROM office_scheduled_reply WHERE kind = 'customer_mail' ORDER BY id"
    )
    for (due,) in sent:
        local = datetime.fromisoformat(str(due)).replace(tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo(zone))
        assert local.weekday() < 5 and 9 <= local.hour < 17


def test_same_actions_same_replies(gym):
    outcomes = []
    for _ in range(2):
        ep = gym.create_episode("tiny", apps=APPS)
        c = _contact(ep, deals=2)
        for subject, body in (("A", "How much is the proposal?"), ("B", "Who approves the budget?")):
            ep.call("office_send_mail", to=[c["mail"]], subject=subject, body=body)
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        bodies = ep.db.execute_raw(
            "SELECT subject, body_content FROM office_message WHERE from_address = ? AND subject LIKE 'RE:%' "
            "ORDER BY id",
            (c["mail"],),
        )
        outcomes.append((bodies, ep.state_hash()))
        ep.close()
    assert outcomes[0][0] and outcomes[0] == outcomes[1]


def test_without_the_crm_they_still_answer_from_the_address_book(gym):
    ep = gym.create_episode("tiny", apps=["office"])
    mail = ep.db.execute_raw("SELECT email_address FROM office_contact ORDER BY id LIMIT 1")[0][0]
    said = _said(_ask(ep, mail, "Quote", "Could you confirm the amount of our quote?"))
    assert "I don't know" in said
    ep.close()


def test_a_ticket_they_raised_is_theirs_after_it_closes(ep):
    # sixth blind probe: a customer answered a mail citing his own closed ticket with "it isn't one I raised"
    mail, number, short = ep.db.execute_raw(
        "SELECT c.email_address, i.number, i.short_description FROM ticketing_incident i "
        "JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
        "JOIN office_contact c ON lower(c.email_address) = lower(u.email) "
        "WHERE i.state IN (6, 7) ORDER BY i.number LIMIT 1"
    )[0]
    said = _said(_ask(ep, mail, "Your earlier ticket", f"Is {number} all settled on your side?"))
    assert number in said and short in said and "isn't one I raised" not in said, said
    assert "Closed" in said or "Resolved" in said, said
