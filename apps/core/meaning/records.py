"""Records named in free text: by number (INC0010001, "inc 0010001", "INC-10001"), by name (any case and
punctuation: "Knox Industries – Renewal" = "knox industries renewal"), or by id (a Salesforce 18-character id
also by its 15-character form)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.core.meaning.numbers import digits_in_words
from apps.core.meaning.text import fold, words

_NUMBER = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2,6})[\s\-_#:]?(\d{4,10})(?!\d)")
_FILLERS = {"and", "the"}  # "Smith & Co" = "Smith and Co"; "The Knox deal" = "Knox deal"


@dataclass(frozen=True)
class Record:
    """A record that may be named: its `number` (INC0010001), `name` and `id`; any of them may be None."""

    number: str | None = None
    name: str | None = None
    id: str | None = None


def _canonical(prefix: str, digits: str) -> tuple[str, int]:
    return prefix.upper(), int(digits)


def find_record_numbers(text: str | None) -> list[str]:
    """Every record number written in `text`, as the product writes it (prefix in capitals, the digits as
    written: "inc 0010001" → "INC0010001"), in reading order, each once."""
    seen = {}
    for m in _NUMBER.finditer(text or ""):
        seen.setdefault(_canonical(m.group(1), m.group(2)), f"{m.group(1).upper()}{m.group(2)}")
    return list(seen.values())


def _content_words(text: str) -> list[str]:
    return [w for w in words(text) if w not in _FILLERS]


def names_in(name: str, text: str) -> bool:
    """Whether the words of `name` occur together in `text` ("&"/"and", "the", case and punctuation
    ignored; numbers in words or digits alike: "Warranty Extension (one Year)" names "… (1 Year)")."""
    want, have = _content_words(digits_in_words(name)), _content_words(digits_in_words(text))
    n = len(want)
    return bool(want) and any(have[i : i + n] == want for i in range(len(have) - n + 1))


def mentions_record(text: str | None, record: Record) -> bool:
    """Whether `text` names `record` by its number, its name or its id."""
    text = text or ""
    if record.number:
        m = _NUMBER.fullmatch(record.number.strip())
        want = _canonical(m.group(1), m.group(2)) if m else None
        if want and any(_canonical(x.group(1), x.group(2)) == want for x in _NUMBER.finditer(text)):
            return True
        if not m and names_in(record.number, text):
            return True
    if record.name and names_in(record.name, text):
        return True
    if record.id:
        ids = {fold(record.id)} | ({fold(record.id[:15])} if len(record.id) == 18 else set())
        tokens = set(re.findall(r"[a-z0-9]+", fold(text)))
        if ids & tokens:
            return True
    return False
