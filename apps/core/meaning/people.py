"""People named in free text: "Laura Graham", "Graham, Laura", "laura.graham@acme.com", "Ms. Graham", "Laura"
(when no other candidate is a Laura), "Laura Grahm" (a small typo, when no other candidate is closer); case,
punctuation and diacritics ignored ("José" = "Jose"). Edit distances come from `rapidfuzz` (maintained).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz.distance import Levenshtein

from apps.core.meaning.text import fold, words

How = Literal["email", "full", "last_first", "alias", "typo", "first", "titled_last"]
_TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof"}


@dataclass(frozen=True)
class Person:
    """Someone who may be named: `name` as shown in the directory ("Laura Graham"), `email`, and
    `aliases` (other full names they go by: a nickname, a maiden name)."""

    name: str
    email: str | None = None
    aliases: tuple[str, ...] = field(default=())

    @property
    def first(self) -> str:
        return (words(self.name) or [""])[0]

    @property
    def last(self) -> str:
        return (words(self.name) or [""])[-1]


@dataclass(frozen=True)
class PersonMention:
    """`person` is named in the text by `how` (email, full, last_first, alias, typo, first, titled_last)."""

    person: Person
    how: How


def _typo_ok(said: str, real: str) -> int | None:
    """The edit distance when `said` may be `real` mistyped (one edit in a word of 4+ letters), else None."""
    if said == real:
        return 0
    if len(real) >= 4 and Levenshtein.distance(said, real) <= 1:
        return 1
    return None


def _windows(have: list[str], want: list[str]) -> list[int]:
    """The total edit distance of every window of `have` that may be `want` with small typos (≤ 2)."""
    found = []
    for i in range(len(have) - len(want) + 1):
        parts = [_typo_ok(h, w) for h, w in zip(have[i : i + len(want)], want, strict=True)]
        if None not in parts and sum(parts) <= 2:
            found.append(sum(parts))
    return found


def _exact(have: list[str], p: Person) -> How | None:
    """How `p` is named without typos, or None."""
    full, joined = words(p.name), " " + " ".join(have) + " "
    if len(full) >= 2 and f" {' '.join(full)} " in joined:
        return "full"
    if len(full) >= 2:
        first, last = full[0], full[-1]
        if f" {last} {first} " in joined:
            return "last_first"
        if re.search(rf" {re.escape(first)} [a-z] {re.escape(last)} ", joined):  # a middle initial
            return "full"
    if any(len(words(a)) and f" {' '.join(words(a))} " in joined for a in p.aliases):
        return "alias"
    return None


def find_people(text: str | None, candidates: Sequence[Person]) -> list[PersonMention]:
    """The candidates `text` names, each once, by the strongest way it names them.

    Args:
        text: free text.
        candidates: everyone who might be meant (the directory, a group's members). A first name alone, a
            title with a last name ("Ms. Graham") or a typo counts only when it fits exactly one candidate.

    Returns:
        One `PersonMention` per candidate named, in the order of `candidates`.
    """
    folded, have = fold(text or ""), words(text or "")
    found: dict[int, How] = {}
    for i, p in enumerate(candidates):
        if p.email and re.search(rf"(?<![\w.]){re.escape(fold(p.email))}(?![\w])", folded):
            found[i] = "email"
        elif how := _exact(have, p):
            found[i] = how
    unnamed = [i for i in range(len(candidates)) if i not in found]
    # Typos: the candidate whose name the words come closest to, when exactly one is closest.
    scores = {i: min(_windows(have, words(candidates[i].name)), default=None) for i in unnamed}
    close = {i: s for i, s in scores.items() if s is not None and len(words(candidates[i].name)) >= 2}
    if close:
        best = min(close.values())
        winners = [i for i, s in close.items() if s == best]
        if len(winners) == 1:
            found[winners[0]] = "typo"
    # A first name alone, or a title and a last name, when it fits one candidate only.
    named = {candidates[i].first for i in found} | {candidates[i].last for i in found}
    for attr, how in (("first", "first"), ("last", "titled_last")):
        counts: dict[str, int] = {}
        for p in candidates:
            counts[getattr(p, attr)] = counts.get(getattr(p, attr), 0) + 1
        for i in [i for i in range(len(candidates)) if i not in found]:
            token = getattr(candidates[i], attr)
            if counts[token] != 1 or token in named or len(candidates) < 2:
                continue
            if how == "first" and token in have:
                found[i] = "first"
            elif how == "titled_last" and any(
                have[k] in _TITLES and have[k + 1] == token for k in range(len(have) - 1)
            ):
                found[i] = "titled_last"
    return [PersonMention(candidates[i], found[i]) for i in sorted(found)]


def mentions_person(text: str | None, person: Person, others: Sequence[Person] = ()) -> bool:
    """Whether `text` names `person`. `others` are the people who might be confused with them: a first name
    alone or a typo counts only when it fits `person` and none of them (without `others`, only the full
    name, last-first, an alias or the e-mail count)."""
    return any(m.person == person for m in find_people(text, [person, *others]))
