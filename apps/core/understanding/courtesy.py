"""A message that only thanks, agrees or closes ("Thanks!", "Perfect, thanks Jacqueline — have a good
weekend!", "Got it, will do."): it asks nothing and reports nothing, and a person does not answer it."""

from __future__ import annotations

import re

from apps.core.understanding.segments import greeting_or_offer

_THANKS = r"(?:thanks?|thank you|many thanks|cheers|thx|gracias|danke|merci)"
_WORD = (
    rf"{_THANKS}(?: (?:a lot|so much|very much|again|a million|heaps))?(?: [A-Z][\w'’-]+)?"
    r"|much appreciated|(?:i |we )?(?:really )?appreciate(?:d| it| that| this)?"
    r"|great|perfect|awesome|brilliant|excellent|wonderful|lovely|nice|cool|super|fantastic|amazing"
    r"|ok(?:ay)?|got it|noted|understood|sounds good|will do|all good|all set|no problem|no worries"
    r"|(?:have a |enjoy the )?(?:good|great|nice|lovely) (?:day|weekend|evening|week|one)"
    r"|for (?:your|the) (?:help|update|updates|quick (?:reply|response|turnaround|answer)|reply|response"
    r"|answer|confirmation|heads[- ]up|note)"
    r"|for (?:confirming|letting me know|checking)"
    r"|(?:that's|that is) (?:great|perfect|helpful)"
)
_ONLY = re.compile(rf"^\W*(?:(?:{_WORD})(?:\s*[,.!;:—–-]+\s*|\s+|$))+\W*$", re.I)
_CLOSING = re.compile(
    r"^\W*(?:best(?: regards| wishes)?|kind regards|regards|warm regards|all the best|speak soon|talk soon"
    r"|br)\W*$",
    re.I,
)
_NAME = re.compile(r"^[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,2}\W*$")  # the writer's name under a sign-off
_PARTS = re.compile(r"\n+|(?<=[.!])\s+|\s+[—–-]\s+|;\s*")  # lines, sentences, clauses after a dash


def only_courtesy(own: str) -> bool:
    """Whether a message's own words only thank, agree or close: no question mark, and every line or
    sentence a greeting, an offer of more help, a closing, the writer's name, or courtesy words.

    Args:
        own: the writer's own words (quoted text removed).
    """
    if not own.strip() or "?" in own:
        return False
    parts = [p.strip() for p in _PARTS.split(own.strip()) if p and p.strip()]
    return all(_ONLY.match(p) or _CLOSING.match(p) or _NAME.match(p) or greeting_or_offer(p) for p in parts)
