"""How a customer contact answers mail, deterministically, from their card (`card.py`).

In order: a request a customer would not do (share credentials, pay before an invoice, sign without their
legal review) is declined with the reason; a question on something another person owns at their company
(budget and invoices, security and integration, delivery, legal terms) gets "I don't know — ask <colleague>"
(or their account manager when no colleague fits); a question on their open quotes or the incidents they
raised gets the fact, or a clarifying question when it could mean several; their role and working hours
they know; anything else specific gets "I don't know — ask <account manager>", a vague ask a clarifying
question. A mail that asks nothing gets no answer.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from apps.office.coworkers.acknowledgements import acknowledgement
from apps.office.coworkers.responder import REQUEST_WORDS, VAGUE_WORDS, Incoming, new_text
from apps.office.customers import overview, refusal
from apps.office.customers.card import HOURS, CustomerCard
from apps.office.customers.vocabulary import (
    AMOUNT_WORDS,
    CLARIFY,
    DATE_WORDS,
    DEAL_WORDS,
    DECLINES,
    HOUR_WORDS,
    LINE_WORDS,
    MANAGER_WORDS,
    OWNED_ELSEWHERE,
    ROLE_WORDS,
    TICKET_WORDS,
)

INC = re.compile(r"\binc\d{7}\b")


def money(value: float | None) -> str:
    if value is None:
        return "not priced yet"
    return f"${value:,.2f}" if value % 1 else f"${value:,.0f}"


@dataclass(frozen=True)
class Question:
    """The text a reply answers: the new mail, plus the question it completes after a clarifying turn."""

    text: str

    def has(self, words: tuple[str, ...]) -> bool:
        """Whether any of `words` occurs (as whole words where it begins and ends with a letter)."""
        return any(_pattern(w).search(self.text) for w in words)


@functools.cache
def _pattern(word: str) -> re.Pattern[str]:
    left = r"\b" if word[:1].isalnum() else ""
    right = r"\b" if word[-1:].isalnum() else ""
    return re.compile(left + re.escape(word) + right)


_ASKING = re.compile(
    r"\?|\b(?:please|can you|could you|would you|will you|let me know|send me|tell me|i need|we need"
    r"|need you|do you|are you|is there|i'd like|we'd like|i would like|we would like|kindly|pls|plz)\b"
    # an imperative opening a sentence: "Send over your PO number." "Confirm the address, please"
    r"|(?:^|[.!:\n]\s*)(?:send|share|confirm|provide|reply|advise|check|forward|update|sign|review)\b",
    re.I,
)


def asks_something(text: str) -> bool:
    """Whether a mail's own words ask its reader anything (a question, a request): a holding note ("I'm
    checking internally and will come back to you") or a confirmation asks nothing.

    Args:
        text: the mail's own words (quoted text removed).
    """
    return bool(_ASKING.search(text))


def question_of(incoming: Incoming) -> Question:
    """What the contact reads as the question (lower case); an answer to their clarifying question
    carries the asker's previous mail along."""
    text = f"{incoming.subject}\n{new_text(incoming.text)}".lower()
    turns = incoming.history
    if len(turns) >= 2 and CLARIFY in turns[-1].text:
        text += "\n" + turns[-2].text.lower()
    return Question(text)


def _deal_keys(deal: dict[str, Any]) -> list[str]:
    name = deal["name"].lower()
    keys = [name, name.split(" - ", 1)[-1]] + [li["product"].lower() for li in deal["lines"]]
    return [k for k in keys if len(k) >= 4]


def _deal_answer(card: CustomerCard, q: Question) -> str | None:
    if not q.has(DEAL_WORDS) and not any(k in q.text for d in card.deals for k in _deal_keys(d)):
        return None
    if not card.deals:
        return _dont_know("any open proposal from you", card.account_manager)
    named = [d for d in card.deals if any(k in q.text for k in _deal_keys(d))]
    deals = named or card.deals
    if len(deals) > 1:
        names = " or ".join(f"“{d['name']}”" for d in deals)
        return f"{CLARIFY} — {names}? We have more than one proposal open with you."
    deal = deals[0]
    parts = []
    if q.has(AMOUNT_WORDS):
        parts.append(f"The proposal we have for “{deal['name']}” comes to {money(deal['amount'])}.")
    if q.has(DATE_WORDS):
        parts.append(f"We're planning to make the decision on “{deal['name']}” by {deal['close_date']}.")
    if q.has(LINE_WORDS) or not parts:
        lines = "; ".join(
            f"{li['product']} × {li['quantity']:g} at {money(li['unit_price'])}" for li in deal["lines"]
        )
        head = f"“{deal['name']}”: {money(deal['amount'])}, decision planned by {deal['close_date']}"
        parts.append(head + (f" — {lines}." if lines else "."))
    return " ".join(parts)


_PERSON_WORDS = {"role": "your role", "hours": "working hours", "account_manager": "account manager"}


def _incident(card: CustomerCard, number: str, fields: list[str]) -> str:
    """What the contact says of one incident: theirs (number, description, when raised, state, the desk's
    last comment), or that it is not one they raised."""
    found = next((i for i in card.incidents + card.settled if i["number"].lower() == number.lower()), None)
    if found is not None:
        return _ticket_facts(found)
    found = next((i for i in card.company_tickets if i["number"].lower() == number.lower()), None)
    if found is not None:  # a colleague's: their company's ticket, whose details the colleague knows
        ended = f" (since {found['ended']})" if found.get("ended") else ""
        who = found["raised_by"]
        return (
            f"{found['number']} ({found['short_description']}) is my colleague {who}'s ticket — it shows as "
            f"{found['state']}{ended} on our side; {who} knows the details."
        )
    return _dont_know(f"{number.upper()} — it isn't one I raised", card.account_manager)


def _ticket_facts(inc: dict[str, Any]) -> str:
    """One of the contact's own tickets as they know it: number, description, when raised, its state (and
    when it ended, for a settled one) and the desk's last word to them."""
    said = f" Your team's last update to me was: “{inc['last_comment']}”" if inc.get("last_comment") else ""
    what = f"{inc['number']} ({inc['short_description']}), which I raised on {inc['opened']}"
    ended = f" (since {inc['ended']})" if inc.get("ended") else ""
    return f"{what}, is {inc['state']}{ended}.{said}"


def _deal_facts(deals: list[dict[str, Any]], fields: list[str]) -> str:
    """Quotes as the customer sees them (name, amount, decision date, products)."""
    out = []
    for deal in deals:
        lines = "; ".join(
            f"{li['product']} × {li['quantity']:g} at {money(li['unit_price'])}" for li in deal["lines"]
        )
        head = f"“{deal['name']}”: {money(deal['amount'])}, decision planned by {deal['close_date']}"
        out.append(head + (f" — {lines}." if lines and "amount" not in fields else "."))
    return " ".join(out)


def _ticket_answer(card: CustomerCard, q: Question) -> str | None:
    numbers = INC.findall(q.text)
    if not numbers and not q.has(TICKET_WORDS):
        return None
    if numbers:
        return _incident(card, numbers[0], [])
    chosen = card.incidents
    if not chosen:
        return "As far as I know we have no open tickets with your support team at the moment."
    if len(chosen) > 1:
        names = " or ".join(f"{i['number']} ({i['short_description']})" for i in chosen)
        return f"{CLARIFY} — {names}? I have more than one ticket open."
    return _ticket_facts(chosen[0])


def _colleague(card: CustomerCard, departments: tuple[str, ...]) -> dict[str, Any] | None:
    for c in card.colleagues:
        if c.get("department") in departments:
            return c
    return None


def _dont_know(what: str, person: dict[str, Any] | None, role: str | None = None) -> str:
    if person is None or person.get("writer"):  # never "ask <the writer>"
        return f"I don't know about {what}, I'm afraid."
    title = role or person.get("title")
    return f"I don't know about {what} — ask {person['name']}" + (f" ({title})." if title else ".")


def _elsewhere(card: CustomerCard, q: Question) -> str | None:
    for words, departments, topic in OWNED_ELSEWHERE:
        if q.has(words):
            colleague = _colleague(card, departments)
            if colleague is not None:
                return _dont_know(topic, colleague, f"{colleague['title']} here at {card.company}")
            return _dont_know(topic, card.account_manager, "our account manager at your company")
    return None


def facing(card: CustomerCard, writer: str) -> CustomerCard:
    """The card as it answers `writer`: the writer is never the person they are sent to ("ask Amber Miller"
    to Amber Miller) — when the writer is their account manager, nobody at the vendor is named."""
    if card.account_manager and card.account_manager.get("name", "").lower() == writer.strip().lower():
        return dataclasses.replace(card, account_manager={**card.account_manager, "writer": True})
    return card


@runtime_checkable
class CustomerResponder(Protocol):
    def reply(self, card: CustomerCard, incoming: Incoming) -> str | None:
        """The contact's answer text, or None when they would not answer."""


class RuleBasedCustomerResponder:
    """The deterministic customer contact: declines what a customer would not do, then answers each ask of
    the message as they read it (`card.request`): their own tickets and quotes, themselves, who at their
    company owns a topic, when they could talk; another company's dealings they do not know."""

    def reply(self, card: CustomerCard, incoming: Incoming) -> str | None:
        """The contact's answer, or None when the mail asks nothing of them."""
        q = question_of(incoming)
        hello = f"Hi {incoming.sender_name.split()[0]},"
        card = facing(card, incoming.sender_name)
        for words, reason in DECLINES:
            if q.has(words):
                return self._wrap(hello, reason, card)
        answering_me = bool(incoming.history) and CLARIFY in incoming.history[-1].text
        own = new_text(incoming.text)
        if (card.request or {}).get("courtesy") and not answering_me:
            return None  # "Thanks!", "Got it, will do": nothing to answer
        if refusal.refuses(own) and not answering_me:
            # a "no" to their discount or credit: acknowledged, a call offered taken up, the rest answered
            more = self._besides(card, refusal.questions_left(own))
            return self._wrap(hello, overview.once([refusal.reaction(card, own), more]), card)
        if refusal.only_offers_call(own) and not answering_me:
            # "would a call work?" — what the mail merely mentions ("your budget") is no question
            return self._wrap(hello, refusal.when_free(card), card)
        if overview.reports_their_tickets(card, own) and not answering_me:
            # where their company's tickets stand: news; only what else it really asks gets an answer
            more = self._besides(card, overview.left_to_answer(own))
            return self._wrap(hello, overview.once([overview.acknowledgement(own), more]), card)
        if (card.request or {}).get("news") and not answering_me:
            # figures sent for information, an update: an acknowledgement — its words ask nothing
            earlier = [t.text for t in incoming.history]
            thanks = acknowledgement(card.persona_id, incoming.subject, own, earlier)
            return self._wrap(hello, thanks, card)
        if not asks_something(own) and not answering_me:
            return None  # a holding note ("I'll come back to you"): nothing to reply to
        asks = (card.request or {}).get("asks", [])
        if any(a.get("about") for a in asks):  # a subjectless status ask beside named records adds nothing
            asks = [a for a in asks if a.get("about") or a["intent"] != "record_status" or a.get("ambiguous")]
        said = [s for ask in asks if (s := self._answer(card, q, ask))]
        if not said and (asks or q.has(REQUEST_WORDS)):
            said = [
                _elsewhere(card, q) or _ticket_answer(card, q) or _deal_answer(card, q) or self._me(card, q)
            ]
            said = [s for s in said if s]
            if not said:
                if q.has(VAGUE_WORDS + ("that one", "about it", "what we discussed")):
                    said = [
                        f"{CLARIFY}? Could you say which proposal or ticket this is about, and what you need "
                        "from me?"
                    ]
                else:
                    said = [_dont_know("that", card.account_manager, "our account manager at your company")]
        if not said:
            return None
        return self._wrap(hello, overview.once(said), card)

    def _answer(self, card: CustomerCard, q: Question, ask: dict[str, Any]) -> str | None:
        intent, about, fields = ask["intent"], ask.get("about", []), ask.get("fields", [])
        if intent == "meeting_time":
            return card.slots or None
        if intent == "person_info":
            return self._me(card, Question(" ".join(_PERSON_WORDS[f] for f in fields if f in _PERSON_WORDS)))
        if intent == "other":
            return _elsewhere(card, Question(ask.get("topic") or q.text))
        if intent != "record_status":
            return None
        numbers = [a for a in about if re.fullmatch(r"INC\d{7}", a)]
        mine = {i["number"] for i in card.incidents}
        theirs = {d["name"] for d in card.deals}
        if numbers:
            return " ".join(_incident(card, n, fields) for n in numbers)
        named = [a for a in about if a in theirs]
        if named:
            deals = [d for d in card.deals if d["name"] in named]
            return _deal_facts(deals, fields)
        if ask.get("ambiguous"):
            return _deal_answer(card, q)
        if about:  # another company's deal: not theirs to know
            return "I'm afraid I don't know other companies' dealings with you — I can only speak for ours."
        if card.incidents and not any(f in ("amount", "close_date", "stage") for f in fields):
            if len(mine) == 1:
                return _incident(card, next(iter(mine)), fields)
            return _ticket_answer(card, q)
        if INC.search(q.text) or (q.has(TICKET_WORDS + ("tickets", "incidents")) and not q.has(DEAL_WORDS)):
            return _ticket_answer(card, q)  # a question on tickets is never answered with a deal's figures
        return _deal_answer(card, Question(q.text + " amount")) if card.deals else None

    def _besides(self, card: CustomerCard, rest: str) -> str | None:
        """The answer to what a piece of news (a report on their tickets, a refusal) still asks.

        Args:
            card: the contact's card.
            rest: the news' remaining questions ("" when none).
        """
        if not rest:
            return None
        ask = Question(rest.lower())
        return (
            _elsewhere(card, ask)
            or self._me(card, ask)
            or _dont_know("that", card.account_manager, "our account manager at your company")
        )

    @staticmethod
    def _me(card: CustomerCard, q: Question) -> str | None:
        said = []
        if q.has(ROLE_WORDS):
            said.append(
                f"I'm the {card.title} at {card.company}." if card.title else f"I work at {card.company}."
            )
        if q.has(HOUR_WORDS):
            said.append(
                f"I'm on {card.time_zone} time and work {HOURS[0]}-{HOURS[1]}, Monday to Friday — any time "
                "in those hours works for a call."
            )
        if q.has(MANAGER_WORDS) and card.account_manager:
            said.append(f"Our account manager with you is {card.account_manager['name']}.")
        return " ".join(said) or None

    @staticmethod
    def _wrap(hello: str, text: str, card: CustomerCard) -> str:
        return f"{hello}\n\n{text}\n\nBest regards,\n{card.signature}"
