"""A concept the meaning layer reads free text for — a refusal's reason, a fact a message reports or a thing
it must speak of — and the pattern fragments their phrasings share (see `reasons` for how they are read).

A pattern starting with "!" is itself a negation ("not a member"); any other is not counted when a
negation precedes it or sits inside it ("has no children"). `OBJ` is the concept's object (its usual words
or the truth's names for it), `NAMES` the truth's names only. `(?:\\w+ ){0,3}` lets a few words in between.
"""

from __future__ import annotations

from dataclasses import dataclass

G = r"(?:\w+ ){0,2}"  # up to two words in between
G3 = r"(?:\w+ ){0,3}"
NOT = r"(?:not|never|no long(?:er)?)"  # "longer" is read as "long"
BE = r"(?:be|have be|get|have get)"


@dataclass(frozen=True)
class Concept:
    """A concept: `summary` (for readable diffs), its `patterns`, and the usual words for its object."""

    name: str
    summary: str
    patterns: tuple[str, ...]
    objects: str = ""
    fact: bool = False  # a fact a message reports, not a refusal's reason: "we can't delete it" denies it
    topic: bool = False  # a thing a message must speak of (an employee number), neither reason nor fact
