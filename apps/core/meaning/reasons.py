"""Whether a refusal gives a reason — a fact stated in the writer's own words, whatever the wording.

A reason is a named concept (`has_children`, `not_member`, `over_limit`…, defined once in
`reason_concepts.CONCEPTS`). Its phrasings are patterns over the text's lemmas (simplemma: "children" =
"child", "was converted" = "be convert", "isn't" = "be not"), so word forms, tense and voice do not matter.
A phrasing that states the fact is not counted when it is negated ("it has no children", "there is no
limit"); a phrasing that is itself a negation ("he is not a member") is written with its negation.

Some phrasings name the concept's object: `OBJ` stands for the concept's usual words for it (the group,
the team) or the truth's names for it (the group's name, the record's state); `NAMES` for the truth's names
only. Read quoted text out first (`quoting.own_words`).
"""

from __future__ import annotations

import re
from functools import cache

import simplemma

from apps.core.meaning.concept import Concept
from apps.core.meaning.reason_concepts import CONCEPTS
from apps.core.meaning.text import fold

_CONTRACTIONS = [
    (re.compile(r"\b(?:can't|cannot|cant)\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\bain't\b"), "is not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"\b(it|that|he|she|there|who|what|this|which)'s\b"), r"\1 is"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b|s'(?=\s|$)"), ""),  # possessives: "Acme's children" = "Acme children"
]
# Where a negation stops reaching: sentence ends and the words that start a new clause.
_CLAUSE = re.compile(r"[.;!?\n]+|:\s|\s-\s|\b(?:because|since|so|but|which|although|though|while|whereas)\b")
_TOKEN = re.compile(r"[a-z0-9]+")
_NEGATORS = {"not", "no", "never", "without", "none", "nothing", "neither", "nor", "nobody"}
_MODALS = {"can", "could", "will", "would", "shall", "should", "may", "might"}
WINDOW = 3  # how many words before a phrasing a negation reaches


@cache
def lemma(word: str) -> str:
    """The dictionary form of one folded English word ("children" → "child", "was" → "be")."""
    return simplemma.lemmatize(word, lang="en").casefold()


def lemmas(text: str) -> list[str]:
    """The lemmas of `text`'s words, contractions spelled out ("isn't" → "be not") and possessives dropped."""
    folded = fold(text)
    for pattern, repl in _CONTRACTIONS:
        folded = pattern.sub(repl, folded)
    return [lemma(w) for w in _TOKEN.findall(folded)]


def _clauses(text: str) -> list[list[str]]:
    return [ls for part in _CLAUSE.split(fold(text)) if part and (ls := lemmas(part))]


def _names(names: tuple[str, ...]) -> str:
    forms = sorted({" ".join(lemmas(n)) for n in names} - {""}, key=len, reverse=True)
    return "|".join(re.escape(f) for f in forms)


@cache
def _compiled(
    concept: Concept, names: tuple[str, ...], others: tuple[str, ...] = ()
) -> list[tuple[re.Pattern, bool]]:
    """The concept's patterns with OBJ and NAMES filled in (never the start of one of `others`: "Knox" is
    not read in "Knox Canada"); each with whether it is itself a negation."""
    given = _names(names)
    if given and (rivals := _names(others)):
        given = rf"(?!(?:{rivals})(?![a-z0-9]))(?:{given})"
    obj = "|".join(x for x in (given, concept.objects) if x)
    out = []
    for p in concept.patterns:
        if ("NAMES" in p and not given) or ("OBJ" in p and not obj):
            continue
        body = p.lstrip("!").replace("NAMES", f"(?:{given})").replace("OBJ", f"(?:{obj})")
        out.append((re.compile(rf"(?<![a-z0-9]){body}(?![a-z0-9])"), p.startswith("!")))
    return out


def _negated(tokens: list[str], fact: bool = False) -> bool:
    """Whether these words negate what follows: a negation word, but not a refusal's own "can not <verb>"
    ("I can't cancel closed changes" does not deny that they are closed) — unless the concept is a `fact`
    a message reports ("we can't delete it" denies the deletion)."""
    for i, t in enumerate(tokens):
        if t not in _NEGATORS:
            continue
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if not fact and t == "not" and before in _MODALS and after not in ("be", "have", ""):
            continue
        return True
    return False


def reason_evidence(
    text: str | None,
    concept: str,
    names: tuple[str, ...] | list[str] = (),
    others: tuple[str, ...] | list[str] = (),
) -> str | None:
    """The words of `text` that state `concept`'s fact, or None.

    Args:
        text: the writer's own words (quoted text removed first).
        concept: a name in `CONCEPTS`.
        names: the truth's names for the concept's object (a group, a state, an account).
        others: longer names that are not the object (a child account named after its parent).

    Raises:
        KeyError: the concept is unknown.
    """
    fact = CONCEPTS[concept].fact
    patterns = _compiled(CONCEPTS[concept], tuple(names), tuple(others))
    for clause in _clauses(text or ""):
        line = " ".join(clause)
        for pattern, negative in patterns:
            for m in pattern.finditer(line):
                start = line[: m.start()].count(" ")
                hit = m.group(0).split()
                window = clause[max(0, start - WINDOW) : start]
                if negative or not _negated(window + hit, fact):
                    return m.group(0)
    return None


def states_reason(
    text: str | None,
    concept: str,
    names: tuple[str, ...] | list[str] = (),
    others: tuple[str, ...] | list[str] = (),
) -> bool:
    """Whether `text` states `concept`'s fact in any wording (see `reason_evidence`)."""
    return reason_evidence(text, concept, names, others) is not None
