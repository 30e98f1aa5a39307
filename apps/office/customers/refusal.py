"""A customer contact reading a "no" to what they asked for, and an offer of a call.

A mail that refuses the customer something they asked for (a discount, a price reduction, a service credit or
refund: "I can't confirm a 40% reduction", "we are unable to grant a service credit", "40% off isn't something
we can do") is news about their own request: they acknowledge it — disappointed, but thanking the writer for
being clear — and take up a call the writer offers ("Would a short call this week work for you?", "I'm happy
to go through it on a call") by saying when they can talk; without an offer they say they will think it over.
A promise to check for flexibility they welcome. The deal's figures, their colleagues who own budgets, a
"thanks for the overview" have no place in the answer.

An offer of a call is no question on what the mail merely mentions ("see what fits your budget"): a mail whose
only questions offer a call is answered with when the contact can talk.
"""

from __future__ import annotations

import re

from apps.office.customers.card import HOURS, CustomerCard
from apps.office.customers.sentences import COURTESY, sentences

# the writer declines to do something: "can't confirm", "unable to grant", "isn't something we can do"
_DECLINE = re.compile(
    r"\b(?:can't|cannot|can not|unable to|not able to|won't be able to|aren't able to|are not able to)\s+"
    r"(?:confirm|approve|offer|grant|agree to|accept|give you|provide|extend|honou?r|do|go to|apply)\b"
    r"|\bisn't (?:something we can|possible)\b|\bis not (?:something we can|possible)\b|\bnot possible\b"
    r"|\boutside (?:of )?what we(?:'re| are) able\b|\bno (?:service )?credit is due\b"
    r"|\b(?:must|have to|need to) decline\b",
    re.I,
)
# what a customer asks a vendor for and may be refused
_CONCESSION = re.compile(
    r"\bdiscount|\breduction\b|%\s*off\b|\bcredit\b|\brefund|\brebate\b|\bwaive|\bprice\b|\bpricing\b"
    r"|\bcompensation\b|\bfree of charge\b",
    re.I,
)
# the writer promises to look for room: "I can check internally what flexibility there might be"
_CHECKING = re.compile(
    r"\bcheck (?:internally|with|whether|if|what)\b|\bsee what (?:flexibility|room|we can)\b|\bflexibility\b",
    re.I,
)
_CALL = re.compile(r"\b(?:call|meeting|chat|catch-up|teams meeting|video call)\b", re.I)
_OFFERING = re.compile(
    r"\?$|\b(?:happy to|glad to|pleased to|can set up|could set up|set up|let's|we could|i could)\b", re.I
)
_WRAPPED = re.compile(r"(?<!\n)\n(?!\n)")


def _sentences(text: str) -> list[str]:
    """The sentences of `text`, a sentence wrapped over lines read whole (a blank line or a list item still
    ends one)."""
    return sentences(_WRAPPED.sub(" ", text))


def refuses(text: str) -> bool:
    """Whether `text` refuses the customer a concession they asked for (a discount, a price reduction, a
    service credit or refund): one of its sentences, not itself a question, declines one.

    Args:
        text: the mail's own words, quoted text removed.
    """
    return any(_DECLINE.search(s) and _CONCESSION.search(s) and not s.endswith("?") for s in _sentences(text))


def offers_call(sentence: str) -> bool:
    """Whether one sentence offers the reader a call ("Would a short call this week work for you?", "I'm
    happy to go through the timeline with you on a short call").

    Args:
        sentence: one sentence of the mail.
    """
    return bool(_CALL.search(sentence) and _OFFERING.search(sentence))


def questions_left(text: str) -> str:
    """The mail's questions that are neither an offer of a call nor a courtesy offer of more help ("" when
    none): what else a refusal or an offer of a call asks.

    Args:
        text: the mail's own words, quoted text removed.
    """
    asked = [s for s in _sentences(text) if s.endswith("?") and not offers_call(s) and not COURTESY.search(s)]
    return " ".join(asked)


def only_offers_call(text: str) -> bool:
    """Whether the mail's only questions offer a call (it asks nothing else of the contact).

    Args:
        text: the mail's own words, quoted text removed.
    """
    asked = [s for s in _sentences(text) if s.endswith("?")]
    return bool(asked) and all(offers_call(s) for s in asked)


def when_free(card: CustomerCard) -> str:
    """The contact taking up an offered call: the slots they found, else their time zone and hours.

    Args:
        card: the contact's card (its `slots`: times found for a meeting asked, "" when none).
    """
    if card.slots:
        return f"A short call would be useful. {card.slots}"
    return (
        f"A short call would be useful — I'm on {card.time_zone} time and work {HOURS[0]}-{HOURS[1]}, "
        "Monday to Friday, so any time in those hours works for me."
    )


def reaction(card: CustomerCard, text: str) -> str:
    """The contact's answer to a refusal: acknowledged, with the offered call taken up, or said to be
    thought over when none was offered.

    Args:
        card: the contact's card.
        text: the mail's own words, quoted text removed.
    """
    said = "Understood — that's disappointing, but thank you for being clear."
    if _CHECKING.search(_WRAPPED.sub(" ", text)):
        said += " Please do let me know what flexibility you find."
    if any(offers_call(s) for s in _sentences(text)):
        return f"{said} {when_free(card)}"
    return f"{said} We'll think it over on our side."
