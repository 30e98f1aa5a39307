"""One matching rule for every app's search: the user's text is found literally, anywhere in a field,
ignoring ASCII case. `%`, `_` and `\\` in the text are ordinary characters, never LIKE wildcards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import or_

ESCAPE = "\\"


def escape_like(text: str) -> str:
    """`text` with LIKE's wildcards and escape character escaped, so it matches literally."""
    return text.replace(ESCAPE, ESCAPE * 2).replace("%", ESCAPE + "%").replace("_", ESCAPE + "_")


def contains_pattern(text: str) -> str:
    """The LIKE pattern for "contains `text`" (use with `escape=ESCAPE`)."""
    return f"%{escape_like(text)}%"


def contains(column: Any, text: str) -> Any:
    """A condition: `column` (a model attribute or any SQL expression) contains `text` literally,
    ignoring ASCII case."""
    return column.ilike(contains_pattern(text), escape=ESCAPE)


def contains_any(columns: Iterable[Any], text: str) -> Any:
    """A condition: at least one of `columns` contains `text` literally, ignoring ASCII case."""
    return or_(*(contains(c, text) for c in columns))
