"""ServiceNow's list condition builder: conditions as an encoded query in the address
(`sysparm_query=state=2^ORstate=1^priority=1`, shareable), read from the builder's rows (field,
operator, value; AND / OR), shown as breadcrumbs, and turned into the list action's own arguments.

Only what the list action can answer is offered: a field is one of the list's filters; OR joins
conditions on the same choice field (State is New or In Progress); anything else is refused with a
message saying what can be combined, and the list shows nothing rather than a wrong answer."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any

OPS = {"=": "is", "LIKE": "contains"}
COND = re.compile(r"^([a-z_]+?)(LIKE|=)(.*)$")


@dataclass(frozen=True)
class Cond:
    field: str
    op: str  # "=" or "LIKE"
    value: str
    join: str = "and"  # how it joins the condition before it: "and" or "or"


def parse(query: str) -> list[Cond]:
    """An encoded query's conditions ("^" = AND, "^OR" = OR); unparsable parts are kept as-is for
    the error message (field "")."""
    out: list[Cond] = []
    for i, part in enumerate(query.split("^") if query else []):
        join = "and"
        if part.startswith("OR") and i:
            join, part = "or", part[2:]
        m = COND.match(part)
        out.append(Cond(m.group(1), m.group(2), m.group(3), join) if m else Cond("", "", part, join))
    return out


def encode(conds: list[Cond]) -> str:
    """The encoded query of `conds` (the inverse of parse)."""
    return "".join(
        ("" if i == 0 else "^OR" if c.join == "or" else "^") + f"{c.field}{c.op}{c.value}"
        for i, c in enumerate(conds)
    )


def from_rows(params: Any) -> list[Cond]:
    """The builder's rows (field_N, op_N, value_N, join_N) as conditions; empty rows dropped."""
    out = []
    for n in sorted({int(k.split("_")[1]) for k in params if re.match(r"^field_\d+$", k)}):
        field, value = params.get(f"field_{n}", ""), params.get(f"value_{n}", "").strip()
        if field and value:
            op = params.get(f"op_{n}", "=")
            join = params.get(f"join_{n}", "and")
            out.append(Cond(field, op if op in OPS else "=", value, "or" if join == "or" and out else "and"))
    return out


def choice_value(f: Any, text: str) -> Any:
    """A condition's value for filter `f`: a choice by number or label, a boolean, or text."""
    if f.kind == "bool":
        return text.lower() in ("true", "yes", "1")
    if f.kind == "list":
        if text.lstrip("-").isdigit():
            return int(text)
        found = [k for k, label in f.choices.items() if label.lower() == text.lower()]
        if not found:
            raise ValueError(
                f"{f.label} has no choice “{text}”; choose one of {', '.join(f.choices.values())}"
            )
        return found[0]
    return text


def shown_value(f: Any, c: Cond) -> str:
    """A condition's value as shown: a choice's label."""
    if f.kind == "list" and c.value.lstrip("-").isdigit():
        return f.choices.get(int(c.value), c.value)
    return c.value


def shown(f: Any, c: Cond) -> str:
    """A condition as its breadcrumb reads: "State = In Progress", "Keywords contains vpn"."""
    return f"{f.label} {'contains' if c.op == 'LIKE' and f.kind == 'text' else '='} {shown_value(f, c)}"


def to_args(filters: tuple[Any, ...], conds: list[Cond], accepted: set[str]) -> dict[str, Any]:
    """The list action's arguments for `conds`; ValueError (a message for the person) when the action
    cannot answer them."""
    by_arg = {f.arg: f for f in filters if f.arg in accepted}
    args: dict[str, Any] = {}
    for i, c in enumerate(conds):
        f = by_arg.get(c.field)
        if f is None:
            names = ", ".join(f"{x.label} ({x.arg})" for x in by_arg.values())
            raise ValueError(f"“{c.field or c.value}” is not a field this list can filter on; use {names}")
        if c.join == "or" and (f.kind != "list" or conds[i - 1].field != c.field):
            raise ValueError(
                "OR joins conditions on the same choice field (State = New OR State = In Progress)"
            )
        value = choice_value(f, c.value)
        if f.kind == "list":
            args[c.field] = [*args.get(c.field, []), value] if c.join == "or" else [value]
        else:
            args[c.field] = value
    return args


def normalized(filters: tuple[Any, ...], conds: list[Cond]) -> list[Cond]:
    """Conditions with choice labels replaced by their stored values (the address keeps values, as
    ServiceNow's does); an unknown label is left for to_args to report."""
    by_arg = {f.arg: f for f in filters}
    out = []
    for c in conds:
        f = by_arg.get(c.field)
        if f is not None and f.kind == "list":
            with contextlib.suppress(ValueError):
                c = Cond(c.field, c.op, str(choice_value(f, c.value)), c.join)
        out.append(c)
    return out
