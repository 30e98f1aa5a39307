"""Numbers as a person writes them: 12.5%, 12.5 percent, "twelve and a half percent", $1,250.00, 1.25k,
"1 250", "USD 1,250", "two million dollars".

Spelled-out numbers are turned into digits by `text2num` (maintained, the Rust port of the
recognizers-text rules); separators, scales, currency and percent marks are read here. Dates, times, e-mail
addresses, web links and record numbers (INC0010001) are not quantities and are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from text_to_num import alpha2digit

from apps.core.meaning.text import plain

Kind = Literal["number", "percent", "money"]

_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_CURRENCY_WORDS = {
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "gbp": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
}
_SCALES = {
    "k": 1e3,
    "m": 1e6,
    "mm": 1e6,
    "mn": 1e6,
    "bn": 1e9,
    "b": 1e9,
}
# "one" as a count ("one incident", "just one"), not "one of them", "no one", "this one", "one more"
_LONE_ONE = re.compile(
    r"(?<!\bthe )(?<!\bthis )(?<!\bthat )(?<!\bany )(?<!\beach )(?<!\bevery )(?<!\bsome )(?<!\bwhich )"
    r"\bone\b(?=\s+(?!of\b|another\b|more\b|by\b|and\b|way\b|thing\b|point\b|day\b|time\b|who\b"
    r"|that\b|which\b|to\b|is\b|was\b)[a-z]+|\s*[.,;:!?)\-]|\s*$)",
    re.I,
)
_ZERO = re.compile(r"\bzero\b", re.I)
_FRACTIONS = [  # the words, the mark they wear while text2num reads the rest, and their value
    ("(?:a|one) half", "_fh_", 0.5),
    ("(?:a|one) quarter", "_fq_", 0.25),
    ("three quarters", "_ftq_", 0.75),
]

# Spans that hold digits but no quantity.
_NOT_QUANTITIES = re.compile(
    r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # e-mail (tried only where a word starts: linear time)
    r"|\bhttps?://\S+|\bwww\.\S+"  # links
    r"|\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?"  # ISO dates and datetimes
    r"|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?"  # times
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b"  # numeric dates
    r"|\b[A-Za-z]+\d+[\w-]*|\b\d+[A-Za-z]{3,}\w*"  # record numbers, codes, ids
    r"|\b\d{1,2}(?:st|nd|rd|th)\b"  # ordinals
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:,?\s+\d{4})?"
    r"|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:,?\s+\d{4})?",
    re.I,
)
_NUMBER = re.compile(
    r"(?P<sign>(?<![\w.\-])-)?"
    r"(?P<pre>[$€£¥]|\b(?:usd|eur|gbp)\b)?\s?"
    r"(?P<num>(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?![\d,.])|\d+)"
    r"(?:\.\d+)?(?:,\d{1,2}(?!\d))?|(?<![\d.])\.\d+)"
    r"(?:(?P<scale>k|mm|mn|m|bn|b)\b)?"
    r"(?:\s?(?P<post>%|percent\b|per\s?cent\b|pct\b|usd\b|eur\b|gbp\b|dollars?\b|euros?\b|pounds?\b|bucks\b))?",
    re.I,
)


@dataclass(frozen=True)
class Quantity:
    """One number stated in a text.

    value: the number it states (1.25k → 1250.0; 12.5% → 12.5, a percentage keeps its written value);
    kind: "percent", "money" (a currency sign, code or word came with it) or "number";
    currency: ISO code for money ("USD"), else None; text: the words that stated it (after spelled-out
    numbers became digits).
    """

    value: float
    kind: Kind
    currency: str | None
    text: str


@lru_cache(maxsize=4096)
def digits_in_words(text: str) -> str:
    """`spelled_out_as_digits`, remembered: names compared word by word read "one Year" as "1 Year" (a record
    name or a person's is compared against many texts).

    Args:
        text: a name or a free text.
    """
    return spelled_out_as_digits(text)


def spelled_out_as_digits(text: str) -> str:
    """Spelled-out numbers as digits ("twelve and a half" → "12.5", "two million" → "2000000")."""
    short = re.sub(  # "2 million" → "2m" first: text2num would read "million" alone as 1000000
        r"(\d)\s*(thousand|million|billion)\b",
        lambda m: m.group(1) + {"thousand": "k", "million": "m", "billion": "bn"}[m.group(2).lower()],
        plain(text),
        flags=re.I,
    )
    for words, mark, _ in _FRACTIONS:  # kept apart from text2num, which would read "three quarters"
        short = re.sub(rf"\band\s+{words}\b", f"and{mark}", short, flags=re.I)
    converted = alpha2digit(re.sub(r"\bno one\b", "nobody", short, flags=re.I), "en", threshold=2)
    converted = _ZERO.sub("0", _LONE_ONE.sub("1", converted))
    for words, mark, part in _FRACTIONS:
        converted = re.sub(
            rf"\b(\d+(?:\.\d+)?|one)\s+and{mark}",
            lambda m, part=part: f"{float(m.group(1).lower().replace('one', '1')) + part:g}",
            converted,
            flags=re.I,
        )
        converted = converted.replace(f"and{mark}", "and " + words.replace("(?:a|one)", "a"))
    return converted


def _value(number: str) -> float:
    n = re.sub(r"[ \u00a0\u202f\u2009]", "", number)
    if re.fullmatch(r"\d+,\d{1,2}", n):  # a decimal comma: "12,5"
        return float(n.replace(",", "."))
    return float(n.replace(",", ""))


def find_numbers(text: str | None) -> list[Quantity]:
    """Every quantity stated in `text`, in reading order.

    Args:
        text: free text (an answer, a note, a mail body).

    Returns:
        One `Quantity` per number written, spelled out or abbreviated; dates, times, e-mail addresses, links
        and record numbers are not quantities.
    """
    source = _NOT_QUANTITIES.sub(lambda m: " " * len(m.group(0)), spelled_out_as_digits(text or ""))
    found = []
    for m in _NUMBER.finditer(source):
        value = _value(m.group("num")) * _SCALES.get((m.group("scale") or "").lower(), 1.0)
        if m.group("sign"):
            value = -value
        pre, post = (m.group("pre") or "").lower(), re.sub(r"\s", "", (m.group("post") or "").lower())
        currency = _CURRENCY_SIGNS.get(pre) or _CURRENCY_WORDS.get(pre) or _CURRENCY_WORDS.get(post)
        kind: Kind = "money" if currency else "percent" if post in ("%", "percent", "pct") else "number"
        found.append(Quantity(value=value, kind=kind, currency=currency, text=m.group(0).strip()))
    return found


def close(a: float, b: float, tol: float) -> bool:
    """Whether two numbers agree within an absolute tolerance (with a float's rounding allowed)."""
    return abs(a - b) <= tol + 1e-12 * max(1.0, abs(a), abs(b))  # a float sum's rounding, not a unit


def states_number(text: str | None, value: float, tol: float = 0.005, kind: Kind | None = None) -> bool:
    """Whether `text` states `value` (within `tol`); with `kind`, as that kind of quantity or as a bare
    number ("the discount is 12.5" states 12.5 percent; "$12.50" does not).

    Args:
        text: free text.
        value: the number that must be stated.
        tol: the absolute tolerance.
        kind: "percent", "money" or "number"; None accepts any kind.
    """
    return any(
        close(q.value, value, tol) and (kind is None or q.kind in (kind, "number"))
        for q in find_numbers(text)
    )
