"""Reading what a lab configured for an app on its Gym (`ctx.options`): one rule for every app."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def configured(options: Mapping[str, Any], key: str, kind: type[T], default: Callable[[], T]) -> T:
    """The option `key` when the lab set it (it must be a `kind`, e.g. a runtime-checkable Protocol),
    else `default()`.

    Args:
        options: the app's options on the episode's Gym (`ctx.options`).
        key: the option's name, e.g. "responder".
        kind: the type (or runtime-checkable Protocol) the option must satisfy.
        default: makes the value used when the option is not set.
    """
    chosen = options.get(key)
    if chosen is None:
        return default()
    if not isinstance(chosen, kind):
        raise TypeError(f"app option {key!r} must be a {kind.__name__} (got {type(chosen).__name__})")
    return chosen
