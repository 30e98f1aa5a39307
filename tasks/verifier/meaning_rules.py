"""The match rules that read free text for its meaning (`apps/core/meaning`): a person or record named, a
number or date stated, a decision taken, a reason given — whatever the wording, and only in the writer's own
words (text a reply quotes is someone else's)."""

from __future__ import annotations

import html
import re
from datetime import datetime
from typing import Any

from apps.core.meaning import (
    Person,
    Record,
    decision_of,
    find_dates,
    find_numbers,
    find_people,
    find_times,
    mentions_record,
    own_words,
    states_reason,
    words,
)
from apps.core.meaning.numbers import close
from tasks.match_model import DateRule, NumberRule, PersonRef, PersonRule, ReasonRule, RecordRef, RecordRule

_TAG = re.compile(r"<[^>]+>")
# Values joined as alternatives: "3 or 4", "3/4", "either 3 or 4", "between 3 and 4".
_HEDGE = re.compile(r"^\s*(?:or|/|nor|to|-|and)\s*$|^\s*,?\s*(?:or|either)\b", re.I)
MANY = 4  # a text stating this many distinct values of the asked kind is a list of guesses


def as_text(value: Any) -> str:
    """A stored value as plain text: HTML bodies lose their tags (line breaks kept), entities decoded."""
    text = "" if value is None else str(value)
    if "<" in text and _TAG.search(text):
        text = re.sub(r"(?i)<br\s*/?>|</p\s*>|</div\s*>|</li\s*>|</tr\s*>", "\n", text)
        text = html.unescape(_TAG.sub(" ", text))
    return text


def _own(value: Any) -> str:
    return own_words(as_text(value))


def _person(ref: PersonRef) -> Person:
    return Person(ref.name, ref.email, tuple(ref.aliases))


def _record(ref: RecordRef) -> Record:
    return Record(ref.number, ref.name, ref.id)


def person_named(rule: PersonRule, value: Any) -> bool:
    """The text names the person (and, with `alone`, none of the others)."""
    want, others = _person(rule), [_person(o) for o in rule.others]
    named = {m.person for m in find_people(_own(value), [want, *others])}
    return want in named and not (rule.alone and named - {want})


def record_named(rule: RecordRule, value: Any) -> bool:
    """The text names the record (and, with `alone`, none of the others: a rival whose name is part of
    the record's own name, "Knox Industries" in "Knox Industries Europe", is not named by naming it)."""
    text = _own(value)
    if not mentions_record(text, _record(rule)):
        return False
    rest = _without(text, rule.name) if rule.name else text
    return not (rule.alone and any(mentions_record(rest, _record(o)) for o in rule.others))


def _without(text: str, name: str) -> str:
    """`text`'s words with every occurrence of `name`'s words cut out (the cuts keep words apart)."""
    have, want = words(text), words(name)
    out, i = [], 0
    while i < len(have):
        if want and have[i : i + len(want)] == want:
            out.append("|")
            i += len(want)
        else:
            out.append(have[i])
            i += 1
    return " ".join(out)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n+", text) if s.strip()]


def _kind_values(text: str, rule: NumberRule) -> set[float]:
    """The distinct values of the rule's kind the text states: a policy's code ("HB-04"), a priority ("P1")
    or "12 months" beside an amount are no alternatives to it."""
    return {round(q.value, 6) for q in find_numbers(text) if rule.kind is None or q.kind == rule.kind}


def _states(text: str, rule: NumberRule) -> bool:
    kinds = (rule.kind, "number")
    return any(
        close(q.value, rule.value, rule.tol)
        for q in find_numbers(text)
        if rule.kind is None or q.kind in kinds
    )


def number_stated(rule: NumberRule, value: Any) -> bool:
    """The text states the number: some quantity of the rule's kind (or a bare one) within tolerance, not
    hedged against another value of that kind ("3 or 4") and not one of many such values (a list of
    guesses: a sentence stating it with `MANY` or more distinct values of its kind — a note that works the
    figure out over several sentences is no list)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return close(float(value), rule.value, rule.tol)
    text = _own(value)
    found = [q for q in find_numbers(text) if rule.kind is None or q.kind in (rule.kind, "number")]
    hits = [i for i, q in enumerate(found) if close(q.value, rule.value, rule.tol)]
    if not hits:
        return False
    if not any(
        len(_kind_values(sentence, rule)) < MANY for sentence in _sentences(text) if _states(sentence, rule)
    ):
        return False
    for i in hits:  # the value next to another, joined as an alternative
        for j in (i - 1, i + 1):
            if 0 <= j < len(found) and not close(found[j].value, rule.value, rule.tol):
                a, b = sorted((found[i], found[j]), key=lambda q: text.find(q.text))
                between = text[text.find(a.text) + len(a.text) : text.find(b.text, text.find(a.text) + 1)]
                if _HEDGE.search(between):
                    return False
    return True


def date_stated(rule: DateRule, value: Any) -> bool:
    """The text states the date (a stored date or datetime value compares by its day), and the rule's time of
    day when it has one."""
    if value is None:
        return False
    text = as_text(value)
    if rule.time is not None and rule.time not in find_times(own_words(text)):
        return False
    if re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+)?\s*", text):
        return text.strip()[:10] == rule.value
    reference = datetime.fromisoformat(rule.reference) if rule.reference else None
    stated = {m.value.isoformat() for m in find_dates(own_words(text), reference, rule.tz)}
    return rule.value in stated and not stated & set(rule.others)


def decided(decision: str, value: Any) -> bool:
    """The writer's own words (quoted text left out) take this decision."""
    return value is not None and decision_of(_own(value)) == decision


def reason_given(rule: ReasonRule, value: Any) -> bool:
    """The writer's own words state the rule's reason (its concept, in any wording, not negated)."""
    return value is not None and states_reason(_own(value), rule.concept, rule.names, rule.others)
