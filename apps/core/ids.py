"""Deterministic record ids: a per-episode counter per object, formatted the way the real product does.

Counters live in the episode database (table `_idseq`), so snapshot, fork and reset carry them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_SUFFIX = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"

IdFormat = Callable[[int], str]


def salesforce_id(prefix: str, pod: str = "5g") -> IdFormat:
    """Ids like Salesforce's: 3-char key prefix, pod, 9 base62 digits and the 3-char case-safe suffix."""

    def fmt(n: int) -> str:
        digits = ""
        for _ in range(9):
            n, r = divmod(n, 62)
            digits = _BASE62[r] + digits
        id15 = f"{prefix}{pod}0{digits}"
        return id15 + case_safe_suffix(id15)

    return fmt


def case_safe_suffix(id15: str) -> str:
    """The 3 characters Salesforce appends to a 15-char id to make it case-insensitive unique."""
    out = ""
    for chunk in range(3):
        bits = 0
        for i, ch in enumerate(id15[chunk * 5 : chunk * 5 + 5]):
            if "A" <= ch <= "Z":
                bits |= 1 << i
        out += _SUFFIX[bits]
    return out


def numbered(prefix: str, start: int = 0, width: int = 7) -> IdFormat:
    """Ids like ServiceNow numbers: a prefix and zero-padded digits (INC0010001)."""
    return lambda n: f"{prefix}{start + n:0{width}d}"


def counter_key(app: str, object_name: str) -> str:
    """Counters are kept per app ("crm.Event" and "office.Event" never collide)."""
    return f"{app}.{object_name}"


class IdFactory:
    """Hands out the next id per object, reading and bumping `_idseq` in the action's transaction."""

    def __init__(self, connection: Any, formats: dict[str, IdFormat], app: str):
        self._conn = connection
        self._formats = formats
        self._app = app

    def next(self, object_name: str) -> str:
        fmt = self._formats[object_name]
        key = counter_key(self._app, object_name)
        row = self._conn.exec_driver_sql(
            "UPDATE _idseq SET next = next + 1 WHERE object = ? RETURNING next - 1", (key,)
        ).fetchone()
        if row is None:
            self._conn.exec_driver_sql("INSERT INTO _idseq(object, next) VALUES (?, 2)", (key,))
            return fmt(1)
        return fmt(row[0])
