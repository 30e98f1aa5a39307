"""A record named the way a person names it: a filter or a field that refers to another record takes its
key (a sys_id, a record id) or its display value (a configuration item's or group's name, a person's name,
user name or e-mail, an account's name), as ServiceNow's reference fields and Salesforce's list-view filters
do. One mechanism for every app:

    CI = Ref(ConfigurationItem, "configuration item", key="sys_id", listing="list_configuration_items")
    ci = resolve(ctx, CI, "core-sw-01", field="cmdb_ci")          # the row, by sys_id or by name

A value that names nothing is refused with the app's not-found error (an empty list would read as "there
are none"); a name that several records share is refused listing them, so the caller can give the key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, func, or_
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError

Name = str | Callable[[Any], ColumnElement]  # a column, or an expression over the model (a full name)
SHOWN = 5  # candidates named in an ambiguity error


def _same(value: str) -> str:
    return value


@dataclass(frozen=True)
class Ref:
    """What a reference points to: the table (`model`), how a person calls one of its rows (`label`), the
    key column, the display columns matched exactly but for case (`names`), the tool that lists them, a
    normalisation of a key (`key_of`: None when the value cannot be a key, e.g. a 15-character Salesforce
    id becomes its 18-character form) and the scope a caller may see (`scope(ctx)`: extra conditions)."""

    model: type
    label: str
    key: str = "id"
    names: tuple[Name, ...] = ("name",)
    listing: str | None = None
    key_of: Callable[[str], str | None] = _same
    scope: Callable[[Ctx], Sequence[Any]] = field(default=lambda ctx: ())
    code: str | None = None  # the app's own not-found code (default: the engine's NOT_FOUND)
    how: str | None = None  # what to give instead, when the key and names do not say it

    def column(self, name: Name) -> Any:
        return col(getattr(self.model, name)) if isinstance(name, str) else name(self.model)

    def shown(self, row: Any) -> str:
        """One candidate as an ambiguity error names it: its first display value and its key."""
        first = self.names[0] if self.names else self.key
        value = getattr(row, first) if isinstance(first, str) else None
        return f"{value} ({getattr(row, self.key)})" if value else str(getattr(row, self.key))

    def ways(self) -> str:
        """How a caller may name one: "its sys_id or name" (or the Ref's own `how`)."""
        if self.how:
            return self.how
        ways = [self.key]
        ways += [
            n.replace("_", " ").replace("email", "e-mail") if isinstance(n, str) else "name"
            for n in self.names
        ]
        return "give its " + (ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + " or " + ways[-1])


def _by_key(ctx: Ctx, ref: Ref, value: str) -> Any | None:
    key = ref.key_of(value)
    if key is None:
        return None
    stmt = select(ref.model).where(col(getattr(ref.model, ref.key)) == key, *ref.scope(ctx))
    return ctx.db.exec(stmt.limit(1)).first()


def _by_name(ctx: Ctx, ref: Ref, value: str) -> list[Any]:
    if not ref.names:
        return []
    matches = or_(*(func.lower(ref.column(n)) == value.lower() for n in ref.names))
    key = col(getattr(ref.model, ref.key))
    stmt = select(ref.model).where(matches, *ref.scope(ctx)).order_by(key).limit(SHOWN + 1)
    return list(ctx.db.exec(stmt).all())


def find_any(ctx: Ctx, refs: Sequence[Ref], value: str | None, *, field: str) -> tuple[Ref, Any]:
    """The record `value` names among several kinds (a task's "related to": an account or an
    opportunity), with the kind it is; refused as `resolve` refuses."""
    text = (value or "").strip()
    if text:
        for ref in refs:
            row = _by_key(ctx, ref, text)
            if row is not None:
                return ref, row
        distinct = {
            (ref.label, getattr(row, ref.key)): (ref, row) for ref in refs for row in _by_name(ctx, ref, text)
        }
        found = list(distinct.values())  # rows sharing a key are one record (the users of one company)
        if len(found) == 1:
            return found[0]
        if found:
            shown = "; ".join(f"{ref.label} {ref.shown(row)}" for ref, row in found[:SHOWN])
            more = " and more" if len(found) > SHOWN else ""
            raise ActionError(
                f"{text!r} names more than one record: {shown}{more}; give the id of the one you mean",
                field=field,
                code=ErrorKind.INVALID_VALUE,
            )
    labels = " or ".join(ref.label for ref in refs)
    listings = " or ".join(ref.listing for ref in refs if ref.listing)
    hint = refs[0].ways() + (f"; see {listings}" if listings else "")
    raise NotFoundError(
        f"no {labels} {text!r} ({hint})", field=field, code=refs[0].code or ErrorKind.NOT_FOUND
    )


def resolve(ctx: Ctx, ref: Ref, value: str | None, *, field: str) -> Any:
    """The row `value` names: by key first, else by a display value shared by no other row.

    Raises NotFoundError (the app's not-found code) when nothing matches, ActionError when a name is
    ambiguous.
    """
    return find_any(ctx, (ref,), value, field=field)[1]


def resolve_key(ctx: Ctx, ref: Ref, value: str | None, *, field: str) -> str:
    """The key of the row `value` names (see `resolve`)."""
    return getattr(resolve(ctx, ref, value, field=field), ref.key)
