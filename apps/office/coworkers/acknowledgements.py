"""How a person acknowledges news of work done for them (a colleague told their deal was moved, a customer
sent the figures): one thank-you line from a varied set, the way people write them.

The line is chosen deterministically — the same person, thread and turn give the same line, so the same
world and the same actions give the same text — and never one the person already wrote in the thread. Where
the update says which field it changed ("the close date … is now December 14", "I've updated the amount")
the line names it ("Thanks — I see the new close date."); it names nothing the update does not say changed
(a field held off, left as it was or only quoted in figures is not new).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from apps.core.stable_hash import stable_number

GENERAL = (
    "Thanks — much appreciated.",
    "Thanks for the update — noted.",
    "Great, thank you.",
    "Perfect, thanks for letting me know.",
    "Got it, thanks.",
    "Thanks, that's helpful.",
    "Noted — thank you.",
    "Thanks for keeping me posted.",
    "Good to know — thanks.",
    "Thank you, that's clear.",
)
NAMED = (  # "{what}": the fields the update changed ("close date", "close date and amount")
    "Thanks — I see the new {what}.",
    "Great, thanks for updating the {what}.",
    "Thanks — good to see the {what} updated.",
    "Got it — noted the new {what}, thanks.",
)
FIELDS = {  # what a person calls a field → how an update names it
    "close date": r"close date|closing date|expected close",
    "amount": r"amount|deal value|opportunity value",
    "stage": r"stage",
    "next step": r"next step",
    "probability": r"probability",
    "owner": r"owner|ownership",
    "priority": r"priority",
    "due date": r"due date|deadline",
    "assignment group": r"assignment group",
}
_CHANGED = (
    r"updated|moved|changed|set|pushed|bumped|raised|lowered|reduced|increased|corrected|adjusted|amended"
)
_NEGATED = re.compile(
    r"n['’]t\b|\b(?:not|never|held off|holding off|hold off|unchanged|stays?|remains?|kept)\b", re.I
)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+|;")


def _said_changed(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:{_CHANGED})\s+(?:the\s+|its\s+|their\s+)?(?:(?!and\b|to\b|but\b|then\b)[\w'’&-]+\s+){{0,5}}?"
        rf"(?:{name})\b"
        rf"|\b(?:{name})\b[^.;,()?!]{{0,60}}?\b(?:is now|are now|now (?:reads|shows|is)"
        rf"|(?:has|have) been (?:{_CHANGED})|was (?:{_CHANGED})|(?:moved|changed|updated|set) to)\b",
        re.I,
    )


_SAID_CHANGED = {field: _said_changed(words) for field, words in FIELDS.items()}
_NOW_CLOSES = re.compile(r"\bnow (?:closes|closing)\b|\bclos(?:e|es|ing) (?:date )?(?:moved|pushed)\b", re.I)


def changed_fields(update: str) -> list[str]:
    """The fields an update says were changed, in the order `FIELDS` lists them (a sentence that negates —
    "I haven't changed the amount", "the amount stays" — changes nothing).

    Args:
        update: the update's own words (quoted text removed).
    """
    said = [s for s in _SENTENCES.split(update) if s and not _NEGATED.search(s)]
    found = [f for f, pattern in _SAID_CHANGED.items() if any(pattern.search(s) for s in said)]
    if "close date" not in found and any(_NOW_CLOSES.search(s) for s in said):
        found.insert(0, "close date")
    return found


def _stem(line: str) -> str:
    """A line's wording without the fields it names: one wording is said once in a thread."""
    return line.split("{what}")[0] if "{what}" in line else line


def acknowledgement(who: str, thread: str, update: str, earlier: Sequence[str]) -> str:
    """The person's thank-you for an update: a line naming the fields it changed where it says so, else a
    general one; never a wording already in the thread; chosen by a stable hash of who they are
    and the thread, rotated by the thread's length (the same world and actions give the same line).

    Args:
        who: the person's stable id (a persona id, a contact's address).
        thread: the thread's subject (its "RE:"/"FW:" prefixes are ignored).
        update: the update's own words (quoted text removed).
        earlier: the thread's earlier messages' own words, the person's and the writer's, in order.
    """
    theirs = " ".join(earlier)
    fields = changed_fields(update)
    what = " and ".join([", ".join(fields[:-1]), fields[-1]]) if len(fields) > 1 else "".join(fields)
    named = [t.format(what=what) for t in NAMED if fields and _stem(t) not in theirs]
    general = [g for g in GENERAL if g not in theirs]
    pool = named or general or list(GENERAL)
    topic = re.sub(r"^(?:\s*(?:re|fw|fwd|aw|wg)\s*:\s*)+", "", thread, flags=re.I).strip().lower()
    start = stable_number(f"{who}|{topic}")
    return pool[(start + len(earlier)) % len(pool)]
