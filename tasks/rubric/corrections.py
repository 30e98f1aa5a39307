"""Reading a conversation the way its reader does: the latest message is the last word — a holding note, then
the answer: the answer is read — except when the later message corrects the one before ("Correction: the total
is $24,180; the rest stands"). A correction supersedes the figures it corrects and nothing else: the reading
is the earlier message with those figures replaced, so the facts it does not touch stand and the superseded
figure is gone. A figure is matched to what it corrects by the correction's own words: "$25,180 should read
$24,180", "$24,180, not $25,180", "from $25,180 to $24,180" name the old figure; "the total is $24,180" names
it by the words before it ("total"), matched against the words before each figure of the earlier message. A
corrected fact the earlier message did not state is added to it. A correction as long as what it corrects
restates it, and is read alone.
"""

from __future__ import annotations

import re

# a message that says it corrects an earlier one
_CORRECTS = re.compile(
    r"\b(?:correction|corrected|correcting|to correct|erratum|errata|amendment|i made a mistake|my mistake"
    r"|(?:a )?typo|should (?:read|have read|have been)|(?:the )?rest (?:still )?stands"
    r"|(?:everything|all) else(?: (?:still )?stands| is unchanged| remains)|otherwise unchanged"
    r"|(?:the )?rest is unchanged)\b",
    re.I,
)
# a figure: a sum, a percentage or a plain number (a sign and a currency kept with it)
_FIGURE = re.compile(
    r"(?<![\w.\-/])(?:[-−]\s?)?(?:[$€£]|usd\s?)?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?%|\s?(?:k|m)\b)?"
    r"(?![\w/]|-\d|\.\d)",  # not a piece of a record's id or a date (CM-2026-00001, 2026-11-03)
    re.I,
)
_OLD_THEN_NEW = (
    r"(?P<old>{f})\s*(?:should (?:have )?(?:read|been|be)|→|->|=>)\s*(?P<new>{f})",
    r"from\s+(?P<old>{f})\s+to\s+(?P<new>{f})",
    r"(?P<new>{f})\s*(?:,|\(|—|-)?\s*(?:not|instead of|rather than|in place of)\s+(?P<old>{f})",
    r"not\s+(?P<old>{f}),?\s+but\s+(?P<new>{f})",
)
_PAIRS = [re.compile(p.format(f=_FIGURE.pattern), re.I) for p in _OLD_THEN_NEW]
_SMALL = frozenset(
    (
        "a",
        "an",
        "the",
        "is",
        "was",
        "are",
        "were",
        "be",
        "been",
        "being",
        "should",
        "have",
        "has",
        "had",
        "read",
        "reads",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "and",
        "or",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "my",
        "our",
        "your",
        "i",
        "we",
        "you",
        "not",
        "now",
        "actually",
        "sorry",
        "instead",
        "figure",
        "correction",
        "corrected",
        "correcting",
        "correct",
        "mistake",
        "typo",
        "please",
        "note",
        "with",
        "as",
        "which",
        "stands",
        "rest",
        "still",
        "same",
        "above",
        "below",
        "mail",
        "earlier",
        "previous",
        "last",
        "sent",
        "said",
        "wrote",
        "comes",
        "come",
        "came",
    )
)  # fmt: skip
WINDOW = 80  # the characters before a figure that say what it is


def _kind(figure: str) -> str:
    if "%" in figure:
        return "percent"
    return "money" if re.search(r"[$€£]|usd", figure, re.I) else "number"


def _value(figure: str) -> float:
    digits = re.sub(r"[^\d.]", "", figure.split("%")[0])
    scale = (
        1e3
        if re.search(r"\dk\b|\d\sk\b", figure, re.I)
        else 1e6
        if re.search(r"\d\s?m\b", figure, re.I)
        else 1
    )
    negative = bool(re.match(r"\s*[-−]", figure))
    return (-1 if negative else 1) * float(digits or 0) * scale


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z'-]+", text.lower()) if w not in _SMALL}


def is_correction(later: str, earlier: str) -> bool:
    """Whether `later` corrects `earlier` (says so, states a figure, and is shorter than what it corrects)."""
    return bool(_CORRECTS.search(later)) and bool(_FIGURE.search(later)) and len(later) < 0.6 * len(earlier)


def _replace_value(text: str, old: str, new: str) -> tuple[str, bool]:
    """`text` with every figure of `old`'s value and kind replaced by `new`."""
    want, kind = _value(old), _kind(old)
    out, at, hit = [], 0, False
    for m in _FIGURE.finditer(text):
        figure = m.group().strip()
        if _kind(figure) == kind and abs(abs(_value(figure)) - abs(want)) < 0.005:
            out += [text[at : m.start()], (" " if m.group()[:1].isspace() else "") + new]
            at, hit = m.end(), True
    return "".join(out) + text[at:], hit


def _replace_labelled(text: str, label: set[str], new: str) -> tuple[str, bool]:
    """`text` with the figure of `new`'s kind whose preceding words share most of `label` replaced."""
    best, score = None, 0
    for m in _FIGURE.finditer(text):
        if _kind(m.group()) != _kind(new):
            continue
        before = re.split(r"[.!?\n;]", text[max(0, m.start() - WINDOW) : m.start()])[-1]
        shared = len(label & _words(before))
        if shared > score:
            best, score = m, shared
    if best is None:
        return text, False
    lead = " " if best.group()[:1].isspace() else ""
    return text[: best.start()] + lead + new + text[best.end() :], True


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<=[.!?;])\s+|\n+", text) if c.strip()]


def apply_correction(earlier: str, correction: str) -> str:
    """`earlier` as `correction` leaves it: each figure the correction states replaces the one it corrects;
    a corrected fact `earlier` did not state is added at its end.

    Args:
        earlier: the message (or the reading so far) that is corrected.
        correction: the later message.
    """
    reading, added = earlier, []
    for clause in _clauses(correction):
        figures = list(_FIGURE.finditer(clause))
        if not figures:
            continue
        paired: list[tuple[int, int]] = []  # the figures an old-then-new pair already applied
        missed = False  # a figure of the clause corrects nothing the reading states: the clause is added
        for pattern in _PAIRS:
            for m in pattern.finditer(clause):
                reading, found = _replace_value(reading, m["old"].strip(), m["new"].strip())
                paired.append(m.span())
                missed = missed or not found
        start = 0
        for m in figures:
            if any(a <= m.start() < b for a, b in paired):
                start = m.end()
                continue
            if _kind(m.group()) == "number":  # a count or a year is corrected only by naming the old one
                continue
            label = _words(clause[start : m.start()]) or _words(clause)
            reading, found = _replace_labelled(reading, label, m.group().strip())
            missed, start = missed or not found, m.end()
        if missed:
            added.append(clause.strip())
    return reading + ("\n\n" + " ".join(added) if added else "")


def read_thread(messages: list[str]) -> str:
    """The conversation's reading: each later message is the last word, or, when it corrects the reading so
    far, the reading with its corrections applied.

    Args:
        messages: the messages' texts, in the order they were written.
    """
    reading = messages[0]
    for later in messages[1:]:
        reading = apply_correction(reading, later) if is_correction(later, reading) else later
    return reading
