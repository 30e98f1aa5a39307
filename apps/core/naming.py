"""The one naming rule: an app's tools are `<app>_<action>` in combined lists, its tables `<app>_<object>`.

App names are snake_case and may hold underscores (`field_service`): a qualified name is split at the
longest app name it starts with, never at its first underscore. Two apps where one name plus `_` begins
the other (`field` and `field_service`) could make the same qualified name and are refused together.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

APP_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


def check_app_name(name: str) -> None:
    """Refuse an app name that is not snake_case (lowercase words joined by single underscores)."""
    if not APP_NAME.fullmatch(name or ""):
        raise ValueError(
            f"app name {name!r} must be snake_case: lowercase letters and digits, words joined by single "
            "underscores, starting with a letter (e.g. crm, field_service)"
        )


def check_app_names(names: Iterable[str]) -> None:
    """Refuse a set of apps whose qualified names could collide (one name + `_` begins another)."""
    names = sorted(set(names))
    for a in names:
        check_app_name(a)
        for b in names:
            if b != a and b.startswith(a + "_"):
                raise ValueError(
                    f"apps {a!r} and {b!r} cannot be installed together: a tool named {b}_… could belong to "
                    f"either (rename one so that neither name followed by _ begins the other)"
                )


def qualified(app: str, name: str) -> str:
    """`<app>_<name>`: a tool in a combined list, or a table."""
    return f"{app}_{name}"


def split_qualified(name: str, apps: Iterable[str]) -> tuple[str, str] | None:
    """(app, rest) of a qualified name, matching the longest app name; None when no app matches."""
    best = max(
        (a for a in apps if name.startswith(a + "_") and len(name) > len(a) + 1), key=len, default=None
    )
    return (best, name[len(best) + 1 :]) if best else None
