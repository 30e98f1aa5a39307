"""Deterministic extraction for rubric criteria: is a number, a date, a person or record, a phrase stated in
a text — read as what it is, not as one spelling.

A small interface on purpose (`states_number`, `states_date`, `names`, `mentions`): the shared meaning layer
(`apps/core/meaning/`, issue 30 §1) replaces these bodies when it lands, and every criterion follows.

- numbers: "$1,250.00", "1250", "1.25k", "USD 1,250", "12.5%", "(1,250.00)"; a percentage also reads as its
  fraction (12.5% states 0.125);
- dates: ISO ("2031-05-04", "2031-05-04T09:00"), "May 4, 2031", "May 4th 2031", "4 May 2031", "Sunday, 4 May
  2031", "05/04/2031" (US order, as the company writes);
- names: every word of the name as a word of the text, in any order and case ("Graham, Laura"), or the
  e-mail address it is given with ("laura.graham@…" for "Laura Graham");
- phrases: the words in order, ignoring case, punctuation and spacing;
- headings: a heading line of a derived text ("# <heading>" of a document's sections, "# Slide <n>: <title>"
  of a deck's slides) holding every word of the wanted heading but its small words ("and", "&", "the"), in
  any order and case — each wanted heading on a heading of its own.
"""

from __future__ import annotations

import re
from datetime import date

from apps.core.meaning import find_numbers
from apps.core.meaning.numbers import digits_in_words

_NUMBER = re.compile(
    r"(?<![\w.])(?P<neg>[-−(])?\s?(?:[$€£]|usd\s?|eur\s?)?\s?"
    r"(?P<int>\d{1,3}(?:[,\u00a0\u202f]\d{3})+|\d+)(?P<frac>\.\d+)?"
    r"\s?(?P<suffix>%|percent\b|k\b|m\b|million\b|thousand\b)?",
    re.I,
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}
MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
_DATES = [
    re.compile(r"(?<!\d)(?P<year>\d{4})-(?P<mon>\d{2})-(?P<day>\d{2})(?!\d)"),
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH},?\s+{_YEAR}\b", re.I),
    re.compile(r"(?<![\d/])(?P<mon>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})(?![\d/])"),
]


def number_spans(text: str) -> list[tuple[int, int, float]]:
    """Where the text states a number: (start, end, value) of the digits, suffix scale applied."""
    out = []
    for m in _NUMBER.finditer(str(text)):
        value = float(re.sub(r"[,\u00a0\u202f]", "", m["int"]) + (m["frac"] or ""))
        out.append(
            (
                m.start("int"),
                m.end("frac") if m["frac"] else m.end("int"),
                value * _SCALE.get((m["suffix"] or "").lower(), 1),
            )
        )
    return out


def numbers_in(text: str) -> list[float]:
    """Every number the text states (a percentage also as its fraction)."""
    found: list[float] = []
    for m in _NUMBER.finditer(str(text)):
        value = float(re.sub(r"[,\u00a0\u202f]", "", m["int"]) + (m["frac"] or ""))
        suffix = (m["suffix"] or "").lower()
        value *= _SCALE.get(suffix, 1)
        found.append(value)
        if suffix in ("%", "percent"):
            found.append(value / 100)
    return found


def states_number(text: str, value: float, tol: float = 0.005) -> bool:
    """Whether `text` states `value` (sign and notation aside, spelled-out numbers too) within `tol`."""
    stated = [*numbers_in(text), *(q.value for q in find_numbers(str(text)))]
    return any(abs(abs(n) - abs(value)) <= tol for n in stated)


def dates_in(text: str) -> set[date]:
    """Every calendar date the text states."""
    found: set[date] = set()
    for pattern in _DATES:
        for m in pattern.finditer(str(text)):
            parts = m.groupdict()
            month = int(parts["mon"]) if parts.get("mon") else MONTHS[parts["month"].lower().rstrip(".")]
            try:
                found.add(date(int(parts["year"]), month, int(parts["day"])))
            except ValueError:
                continue
    return found


# a day and month without a year ("Nov 3", "Tue 3 Nov", "November 3rd"): a mail about the days ahead
# means the coming one, so it states the date when day and month agree
_YEARLESS = [
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?!,?\s+\d{{4}})(?![:/.]\d)", re.I),
    re.compile(rf"(?<![\d/]){_DAY}(?:\s+of)?\s+{_MONTH}\b(?!,?\s+\d{{4}})", re.I),
]


def yearless_dates_in(text: str) -> set[tuple[int, int]]:
    """Every (month, day) the text states without a year."""
    found: set[tuple[int, int]] = set()
    for pattern in _YEARLESS:
        for m in pattern.finditer(str(text)):
            month, day = MONTHS[m["month"].lower().rstrip(".")], int(m["day"])
            if 1 <= day <= 31:
                found.add((month, day))
    return found


def states_date(text: str, iso: str) -> bool:
    """Whether `text` states the date `iso` ("2031-05-04"; a time after it is ignored) in any notation,
    its year said or left to the reader ("Nov 3")."""
    wanted = date.fromisoformat(iso[:10])
    return wanted in dates_in(text) or (wanted.month, wanted.day) in yearless_dates_in(text)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", str(text).casefold())


def names(text: str, name: str) -> bool:
    """Whether `text` names `name` (a person or a record): all its words as words of the text, in any
    order, or — for a person — their e-mail address ("first.last@")."""
    wanted = _words(name)
    if not wanted:
        return False
    have = set(_words(text))
    if all(w in have for w in wanted):
        return True
    spelled = set(_words(digits_in_words(str(text))))  # "(one Year)" names "(1 Year)"
    if all(w in spelled for w in _words(digits_in_words(name))):
        return True
    return len(wanted) >= 2 and ".".join(wanted) + "@" in str(text).casefold()


def mentions(text: str, phrase: str) -> bool:
    """Whether `text` holds `phrase`'s words in order (case, punctuation and spacing ignored)."""
    wanted = " ".join(_words(phrase))
    return bool(wanted) and f" {wanted} " in f" {' '.join(_words(text))} "


def cents_in(text: str) -> set[int]:
    """Every amount the text states, in whole cents, sign dropped, in any notation ("$1.84M", "1,842,700")."""
    stated = [*numbers_in(text), *(q.value for q in find_numbers(str(text)))]
    return {round(abs(n) * 100) for n in stated}


_HEADING = re.compile(r"^#+\s+(?:slide\s+\d+\s*:\s*)?(?P<title>.*)$", re.I)
_SMALL_WORDS = {"and", "the", "of", "a", "an", "for", "to", "in", "on"}


def headings_in(text: str) -> list[str]:
    """The heading lines of a derived text (a document's "# <heading>", a deck's "# Slide <n>: <title>")."""
    return [m["title"] for line in str(text).splitlines() if (m := _HEADING.match(line.strip()))]


def _heading_fits(have: str, wanted: str) -> bool:
    need = [w for w in _words(wanted) if w not in _SMALL_WORDS] or _words(wanted)
    got = set(_words(have))
    return bool(need) and all(w in got for w in need)


def missing_headings(text: str, wanted: list[str]) -> list[str]:
    """The wanted headings that no heading of `text` of its own carries (one heading per wanted one: a
    slide titled with two sections' headings stands for one of them)."""
    have = headings_in(text)
    fits = {w: [i for i, h in enumerate(have) if _heading_fits(h, w)] for w in wanted}
    owner: dict[int, str] = {}

    def place(w: str, seen: set[int]) -> bool:  # augmenting path: a matching of wanted to own headings
        for i in fits[w]:
            if i not in seen:
                seen.add(i)
                if i not in owner or place(owner[i], seen):
                    owner[i] = w
                    return True
        return False

    return [w for w in wanted if not place(w, set())]
