"""Match rules for fields and answers (exact, one-of, numeric tolerance, normalized text, contains, a
table's rows: `tables.py`)."""

from __future__ import annotations

import re
from typing import Any

from tasks.model import Match
from tasks.verifier.tables import table_matches

REFUSAL_WORDS = (
    "cannot",
    "can't",
    "can not",
    "unable",
    "won't",
    "will not",
    "not possible",
    "refuse",
    "decline",
    "not allowed",
    "not permitted",
    "against policy",
    "impossible",
    "no such",
)


_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}")


def normalize_text(value: Any) -> str:
    return re.sub(r"\s+", " ", str(value)).strip().casefold()


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        cleaned = re.sub(r"[,$€£\s]", "", value)
        try:
            return float(cleaned)
        except ValueError:
            found = re.findall(r"-?\d+(?:\.\d+)?", value.replace(",", ""))
            return float(found[0]) if len(found) == 1 else None
    return None


def _comparable(value: Any) -> Any:
    """Journal values are SQL scalars: booleans are 0/1, dates and datetimes are text."""
    if isinstance(value, bool):
        return int(value)
    return value


def matches(rule: Match, value: Any) -> bool:
    """Whether `value` satisfies `rule`."""
    if rule.is_null is not None:
        return (value is None) == rule.is_null
    if rule.table is not None:
        return table_matches(rule.table, value)
    if "equals" in rule.model_fields_set:
        expected = _comparable(rule.equals)
        if (
            isinstance(value, str)
            and isinstance(expected, str)
            and " " in value
            and _ISO_DATETIME.match(expected)
        ):
            return value.replace(" ", "T").startswith(expected)  # datetimes stored as 'YYYY-MM-DD HH:MM:SS…'
        return _comparable(value) == expected
    if rule.one_of is not None:
        return any(_comparable(value) == _comparable(option) for option in rule.one_of)
    if rule.approx is not None:
        number = _number(value)
        return number is not None and abs(number - rule.approx) <= rule.tol
    if rule.text is not None:
        return value is not None and normalize_text(value) == normalize_text(rule.text)
    if rule.contains is not None:
        return value is not None and normalize_text(rule.contains) in normalize_text(value)
    return False


def describe(rule: Match) -> str:
    """The rule in words, for readable diffs."""
    if rule.is_null is not None:
        return "empty" if rule.is_null else "not empty"
    if rule.table is not None:
        return f"a table of exactly {len(rule.table.rows)} rows: " + ", ".join(r.key for r in rule.table.rows)
    if "equals" in rule.model_fields_set:
        return f"= {rule.equals!r}"
    if rule.one_of is not None:
        return f"one of {rule.one_of!r}"
    if rule.approx is not None:
        return f"≈ {rule.approx:g} (±{rule.tol:g})"
    if rule.text is not None:
        return f"text {rule.text!r} (any case/spacing)"
    return f"contains {rule.contains!r}"


def looks_like_refusal(answer: str | None) -> bool:
    """A refusal answer: non-empty and says it cannot/will not do it."""
    text = normalize_text(answer or "")
    return bool(text) and any(word in text for word in REFUSAL_WORDS)
