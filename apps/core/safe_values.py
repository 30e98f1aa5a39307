"""What every surface accepts as a value: text without hidden control bytes, finite numbers, 64-bit ints.

Applied to every argument of every action (and to a task's answer) after type validation, so MCP, CLI,
web UI and Python refuse the same inputs with the same message, and nothing reaches the database that
its readers could render ambiguously.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# C0 controls except tab, newline and carriage return; and lone UTF-16 surrogates (not valid Unicode).
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def text_problem(value: str) -> str | None:
    """Why `value` cannot be stored as text, or None when it can."""
    found = _FORBIDDEN.search(value)
    if found is None:
        return None
    char = found.group()
    if "\ud800" <= char <= "\udfff":
        return f"holds an unpaired surrogate (U+{ord(char):04X}) at position {found.start()} (not Unicode)"
    return (
        f"holds the control character U+{ord(char):04X} at position {found.start()}; text may contain "
        "tab, newline and carriage return but no other control characters"
    )


def printable(text: str) -> str:
    """`text` with every lone surrogate written as its escape (`\\ud800`), so it can be stored and sent
    as UTF-8 (a message quoting refused input, an event log row)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def value_problem(value: Any) -> str | None:
    """Why `value` (a validated argument, possibly a nested list/dict) is refused, or None."""
    if value is None:  # most arguments of a call: the ones it left out
        return None
    if isinstance(value, str):
        return text_problem(value)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            return f"is out of range: integers must lie between {INT64_MIN} and {INT64_MAX}"
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else "must be a finite number (not NaN or Infinity)"
    if isinstance(value, list | tuple | set | frozenset):
        for i, item in enumerate(value):
            problem = value_problem(item)
            if problem:
                return f"item {i} {problem}"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            problem = value_problem(key) or value_problem(item)
            if problem:
                return f"entry {str(key)[:40]!r} {problem}"
    return None


def strict_json(value: Any) -> Any:
    """`value` with every non-finite float replaced by its name ("nan", "inf", "-inf"), so that it
    serializes as strict JSON (bare NaN/Infinity are not JSON and strict parsers reject them)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, list | tuple):
        return [strict_json(v) for v in value]
    if isinstance(value, dict):
        return {k: strict_json(v) for k, v in value.items()}
    return value


def dumps(value: Any, **kwargs: Any) -> str:
    """`json.dumps` that always writes strict JSON (non-finite floats as their names; others refused)."""
    kwargs.setdefault("default", str)
    return json.dumps(strict_json(value), allow_nan=False, **kwargs)
