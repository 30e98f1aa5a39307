"""A customer contact reading a report on their company's tickets, and saying each thing once.

A mail that tells the contact where their company's tickets stand (each ticket of theirs it names comes with
its state: "INC0012292 … State: Closed") is news answering what they asked: they thank the writer, take note
of a part the writer could not share, and answer only what else the mail really asks ("Do you have any
questions?" is courtesy, not a question). An answer assembled from several asks states each fact once: a
sentence whose facts (sums, dates, quoted names, ticket numbers) were all said already is left out.
"""

from __future__ import annotations

import re
from typing import Any

from apps.office.customers.card import CustomerCard
from apps.office.customers.refusal import refuses
from apps.office.customers.sentences import COURTESY, SENTENCE, sentences

STATES = re.compile(r"\b(?:closed|resolved|in progress|on hold|cancell?ed|new|open)\b", re.I)
INC = re.compile(r"\bINC\d{7}\b", re.I)
DECLINED = re.compile(
    r"\b(?:can't|cannot|can not|unable to|not able to|won't be able to|are not allowed to|aren't allowed to)"
    r" (?:share|disclose|name|give|provide|pass on)\b",
    re.I,
)
_FACT = re.compile(r"\$[\d,]+(?:\.\d+)?|\b\d{4}-\d{2}-\d{2}\b|“[^”]+”|\bINC\d{7}\b")


def _company_numbers(card: CustomerCard) -> set[str]:
    return {t["number"].upper() for t in card.incidents + card.settled + card.company_tickets}


def reports_their_tickets(card: CustomerCard, text: str) -> bool:
    """Whether `text` (the mail's own words) tells the contact where their company's tickets stand: it names
    at least one of them, and each one it names is followed by a stated (not asked) state — and it refuses
    them nothing (a declined service credit for a resolved ticket is a refusal, not an overview).

    Args:
        card: the contact's card.
        text: the mail's own words, quoted text removed.
    """

    if refuses(text):  # a refused service credit names the ticket and its state, yet is no overview
        return False
    theirs = _company_numbers(card)
    found = [m for m in INC.finditer(text) if m.group().upper() in theirs]
    if not found:
        return False
    ends = [m.start() for m in found[1:]] + [len(text)]
    for m, end in zip(found, ends, strict=True):
        stated = [s for s in sentences(text[m.start() : end]) if STATES.search(s) and not s.endswith("?")]
        if not stated:
            return False
    return True


def left_to_answer(text: str) -> str:
    """What a report on their tickets still asks: its questions and requests that are neither about the
    tickets it reports nor a courtesy offer of more help ("" when none).

    Args:
        text: the mail's own words, quoted text removed.
    """
    asked = [
        s
        for s in sentences(text)
        if s.endswith("?") and not INC.search(s) and not COURTESY.search(s) and "ticket" not in s.lower()
    ]
    return " ".join(asked)


def acknowledgement(text: str) -> str:
    """The contact's thanks for a report on their tickets, taking note of what the writer could not share.

    Args:
        text: the mail's own words, quoted text removed.
    """
    said = "Thanks for the overview — that's what I needed."
    if DECLINED.search(text):
        said += " Understood that you can't share the rest."
    return said


def once(parts: list[Any]) -> str:
    """The answer's parts joined, each sentence said once: a repeated sentence, or one whose facts (sums,
    dates, quoted names, ticket numbers) were all stated already, is left out.

    Args:
        parts: the answers to the mail's asks, in order (None or empty ones skipped).
    """
    kept: list[str] = []
    facts: set[str] = set()
    for part in parts:
        for sentence in SENTENCE.split(part or ""):
            sentence = sentence.strip()
            if not sentence or sentence in kept:
                continue
            said = set(_FACT.findall(sentence))
            if said and said <= facts:
                continue
            kept.append(sentence)
            facts |= said
    return " ".join(kept)
