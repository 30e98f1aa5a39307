"""What an episode shows a harness: its tools as agents see them and its rows' net changes field by field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.journal import NetChange


@dataclass(frozen=True)
class ToolInfo:
    """One tool as agents see it: `<app>_<action>`, its description and JSON input schema."""

    name: str
    app: str
    action: str
    description: str
    read_only: bool
    destructive: bool
    input_schema: dict[str, Any]


@dataclass(frozen=True)
class FieldChange:
    """One field's value before and after."""

    field: str
    old: Any
    new: Any


@dataclass(frozen=True)
class Change:
    """A row's net change against the golden state, field by field."""

    table: str
    pk: Any
    op: str
    fields: tuple[FieldChange, ...]
    action_ids: tuple[int | None, ...]


def net_change(net: NetChange) -> Change:
    """A journal net change as a `Change`.

    net: the net change of one row against the golden state.
    """
    from apps.core.journal import parse_literal

    fields = tuple(FieldChange(k, old, new) for k, (old, new) in net.changed_fields().items())
    return Change(net.table, parse_literal(net.pk), net.op, fields, net.action_ids)
