"""Text folding shared by every reader: case, diacritics, typographic punctuation and spacing ignored."""

from __future__ import annotations

import functools
import re
import unicodedata

_TYPOGRAPHY = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2007": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def plain(text: str) -> str:
    """`text` with typographic quotes, dashes and spaces made ASCII and diacritics dropped (case kept):
    "José’s — ok" → "Jose's - ok"."""
    return _plain(str(text))


@functools.lru_cache(maxsize=4096)
def _plain(text: str) -> str:
    """`plain` of a string, kept for the texts folded last (every reader and verdict folds the same texts
    again and again)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_TYPOGRAPHY))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """`plain(text)` in lower case with whitespace runs made one space: the form every comparison uses."""
    return re.sub(r"\s+", " ", plain(text)).strip().casefold()


def words(text: str) -> list[str]:
    """The folded words of `text` (letters and digits; an apostrophe inside a word is kept: "can't")."""
    return _WORD.findall(fold(text))


def phrase_in(needle: str, haystack: str) -> bool:
    """Whether the words of `needle` occur, consecutively, among the words of `haystack` (case,
    punctuation, diacritics and spacing ignored): "Knox Industries - Renewal" is in "the knox
    industries renewal deal"."""
    want = words(needle)
    have = words(haystack)
    if not want:
        return False
    n = len(want)
    return any(have[i : i + n] == want for i in range(len(have) - n + 1))
