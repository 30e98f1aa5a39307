"""Whether a message declines what it was asked: "I can't do that", "we're unable to", "that isn't allowed",
"I must decline", "sharing passwords is against policy". Whether the refusal gives the right reason is the
caller's question (the verifier checks that it names the rule, policy, person or fact behind it)."""

from __future__ import annotations

import re

from apps.core.meaning.text import fold

_DECLINE = re.compile(
    r"\b(?:can ?not|can't|cant|unable to|won't|will not|wouldn't be able|not able to|am not going to"
    r"|not in a position to|must decline|have to decline|(?:i|we) decline|declin(?:e|ed|ing)\b"
    r"|refus(?:e|ed|ing)\b|not (?:possible|allowed|permitted|authori[sz]ed)"
    r"|isn't (?:possible|allowed|permitted)"
    r"|impossible|against (?:the |our |company )?(?:\w+ )?(?:policy|rules?)|forbidden|prohibited"
    r"|not something (?:i|we) can|no such|does ?n[o']t exist|there is no\b|there's no\b)",
)


def declines(text: str | None) -> bool:
    """Whether `text` declines the request (in any common wording, case and punctuation ignored)."""
    return bool(_DECLINE.search(fold(text or "")))
