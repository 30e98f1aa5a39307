"""Small helpers every app's service functions share (one copy, used by all)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.core.errors import ActionError, ErrorKind


def require_text(value: str | None, field: str, what: str = "a value") -> str:
    """A required text argument, stripped; refused when missing or blank ("<what> is required")."""
    if value is None or not value.strip():
        raise ActionError(f"{what} is required", field=field, code=ErrorKind.REQUIRED)
    return value.strip()


def fill_doc(**values: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Fill `{placeholders}` of a service function's docstring (place it below the @actions decorator),
    e.g. with the picklist values an argument accepts."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__doc__ = (fn.__doc__ or "").format(**values)
        return fn

    return decorate
