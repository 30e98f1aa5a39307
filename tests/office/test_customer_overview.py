"""A customer contact reading news on their company's tickets (s10 blind probe): an overview answering their
own request gets an acknowledgement, a colleague's ticket is their company's (never "isn't one I raised"), a
ticket question never turns into a deal's figures, and no sentence of an answer is said twice."""

from __future__ import annotations

import re

from apps.office.coworkers.responder import Incoming
from apps.office.customers.card import CustomerCard
from apps.office.customers.responder import RuleBasedCustomerResponder

OWN = {
    "number": "INC0012754",
    "short_description": "Acme Edge Gateway E100 reboots every 15 min",
    "state": "Closed",
    "opened": "2026-10-15",
    "ended": "2026-10-24",
    "last_comment": None,
}
COLLEAGUES = {
    "number": "INC0012292",
    "short_description": "No status report on the implementation",
    "state": "Closed",
    "opened": "2026-09-10",
    "ended": "2026-09-24",
    "last_comment": None,
    "raised_by": "Robert Rosario",
}
DEAL = {"name": "Navarro LLC - Support Upgrade", "amount": 53600.0, "close_date": "2027-05-01", "lines": []}
CARD = CustomerCard(
    persona_id="customer:x",
    name="Drew Peterson",
    first_name="Drew",
    email="drew.peterson@navarro.com",
    title="Plant Manager",
    department="Operations",
    company="Navarro LLC",
    time_zone="Europe/Amsterdam",
    account_manager={"name": "Shannon Smith", "title": "Account Executive"},
    colleagues=[{"name": "Robert Rosario", "title": "IT Manager", "department": "IT"}],
    deals=[DEAL],
    settled=[OWN],
    company_tickets=[COLLEAGUES],
)
OVERVIEW = """Hi Drew,

Shannon Smith is out of office this week, so I'm covering. Here is an overview of your support tickets:

1. INC0012292 - No status report on the implementation
   Raised by: Robert Rosario
   State: Closed
   Resolution: we sent the status report and set up the weekly report again.

2. INC0012754 - Acme Edge Gateway E100 restarts every 15 minutes
   Raised by: you
   State: Closed
   Resolution: we upgraded the unit to the fixed firmware.

On which other customers had the same problem: under our policy we can't share their names.

Do you have any questions about either ticket?

Best regards,
Amber Miller
"""
# how the reader (apps/core/understanding) read the probe's mail: each ticket, subjectless statuses, a person
READ = {
    "asks": [
        {"intent": "record_status", "about": ["INC0012292"], "fields": ["state"]},
        {"intent": "record_status", "fields": ["state"]},
        {"intent": "record_status", "about": ["INC0012754"], "fields": ["state"]},
        {"intent": "record_status", "about": ["Navarro LLC - Support Upgrade"]},
        {"intent": "person_info", "fields": ["account_manager"]},
    ]
}


def _reply(body: str, request: dict | None = None, subject: str = "RE: Our open tickets") -> str:
    card = CustomerCard(**{**CARD.__dict__, "request": request or {}})
    said = RuleBasedCustomerResponder().reply(card, Incoming("mail", "Amber Miller", subject, body, ()))
    assert said is not None
    return said.split("Best regards")[0]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def test_an_overview_of_their_tickets_is_acknowledged_and_nothing_more():
    said = _reply(OVERVIEW, READ)
    assert "thanks" in said.lower(), said
    for wrong in (
        "isn't one I raised",
        "$53,600",
        "Support Upgrade",
        "Shannon Smith",
        "I don't know",
        "INC00",
    ):
        assert wrong not in said, (wrong, said)
    assert "can't share" in said.lower() or "understood" in said.lower(), (
        said
    )  # he reacts to the declined part


def test_a_colleagues_ticket_is_their_companys():
    said = _reply("Hi Drew, any news on INC0012292 on your side?")
    assert "INC0012292" in said and "Robert Rosario" in said and "Closed" in said, said
    assert "isn't one I raised" not in said and "Shannon Smith" not in said, said


def test_a_ticket_question_never_turns_into_the_deals_figures():
    said = _reply(
        "Hi Drew, how are things with your support tickets?", {"asks": [{"intent": "record_status"}]}
    )
    assert "53,600" not in said and "Support Upgrade" not in said, said


def test_no_sentence_is_said_twice():
    said = _reply(
        "Hi Drew, could you confirm the amount of the Support Upgrade proposal, and its line items?",
        {
            "asks": [
                {"intent": "record_status", "about": ["Navarro LLC - Support Upgrade"]},
                {"intent": "record_status", "about": ["Navarro LLC - Support Upgrade"], "fields": ["amount"]},
                {"intent": "record_status", "ambiguous": True},
            ]
        },
    )
    sentences = _sentences(said)
    assert "53,600" in said and len(sentences) == len(set(sentences)), said
