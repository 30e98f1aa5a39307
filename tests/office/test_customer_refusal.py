"""A customer contact reading a refusal and an offer of a call (s11 week probe): a refused discount or
service credit is acknowledged — the offered call taken up, never the deal's figures, "ask <procurement>"
about a budget the mail merely mentions, or "thanks for the overview" for a refused claim on their ticket."""

from __future__ import annotations

from dataclasses import replace

from apps.office.coworkers.responder import Incoming
from apps.office.customers import refusal
from apps.office.customers.responder import RuleBasedCustomerResponder
from tests.office.test_customer_overview import CARD as OVERVIEW_CARD

DEAL = {"name": "GCW - Insight Analytics", "amount": 19500.0, "close_date": "2027-02-15", "lines": []}
TICKET = {**OVERVIEW_CARD.settled[0], "number": "INC0012804"}
CARD = replace(
    OVERVIEW_CARD,
    name="Christian Long",
    time_zone="America/New_York",
    colleagues=[{"name": "Tara Tran", "title": "Procurement Manager", "department": "Finance"}],
    deals=[DEAL],
    settled=[TICKET],
    company_tickets=[],
)
# how the reader read the probe's refusal: the deal's amount twice, and "budget" as a topic for finance
READ = {
    "asks": [
        {"intent": "record_status", "fields": ["amount"]},
        {"intent": "other", "topic": "budget"},
    ]
}
WRONG = ("$19,500", "Tara Tran", "I don't know", "overview", "budget")


def _reply(body: str, request: dict | None = None) -> str:
    card = replace(CARD, request=request or {})
    said = RuleBasedCustomerResponder().reply(card, Incoming("mail", "Amber Miller", "RE: order", body, ()))
    assert said is not None
    return said.split("Best regards")[0]


def test_a_refused_discount_with_a_call_offered_is_acknowledged_and_the_call_taken_up():
    said = _reply(
        "Hi Christian, I'm sorry, but I can't confirm a 40% reduction on the quoted price; that is outside\n"
        "what we're able to offer. I'm happy to go through the scope to fit your budget, and I can check\n"
        "internally what flexibility there might be.\n\n"
        "Would a short call this week work for you?",
        READ,
    )
    assert "understood" in said.lower() and "call" in said and "America/New_York" in said, said
    assert "let me know what flexibility" in said, said
    assert not any(w in said for w in WRONG), said


def test_a_refused_credit_on_their_ticket_is_no_overview():
    said = _reply(
        "Dear Christian, we are unable to grant a service credit for INC0012804: it met its SLA targets and\n"
        "was resolved in time. State: Closed."
    )
    assert "understood" in said.lower() and "think it over" in said, said
    assert "overview" not in said and "INC0012804" not in said, said


def test_a_call_offered_beside_a_mentioned_budget_is_answered_with_when_they_can_talk():
    said = _reply(
        "Hi Christian, I'd be glad to see what fits your budget. Would a short call this week work for you?",
        {"asks": [{"intent": "other", "topic": "budget"}]},
    )
    assert "call" in said and "Tara Tran" not in said and "I don't know" not in said, said


def test_what_a_refusal_is_and_is_not():
    assert refusal.refuses("Sorry, 40% off the order isn't something we can do.")
    assert not refusal.refuses("Under our policy we can't share other customers' names.")
    assert not refusal.refuses("Can't you offer a better price?")
    assert not refusal.only_offers_call("Would a call work? And what is your PO number?")
