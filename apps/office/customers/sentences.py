"""How a customer's reader cuts a mail into sentences, and the courtesy lines ("any questions", "happy to")
that ask nothing: shared by the overview and the refusal readings (`overview.py`, `refusal.py`)."""

from __future__ import annotations

import re

# an offer of more help closing a mail: asks the reader nothing they must answer
COURTESY = re.compile(
    r"\bany (?:other |further |more )?questions\b|\banything else\b|\bif (?:you|there)\b|\bhappy to\b"
    r"|\bhope (?:this|that) helps\b|\bfeel free\b",
    re.I,
)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(])|\n+")


def sentences(text: str) -> list[str]:
    """The sentences (and lines) of `text`, stripped, empty ones left out.

    Args:
        text: mail text.
    """
    return [s.strip() for s in SENTENCE.split(text) if s and s.strip()]
