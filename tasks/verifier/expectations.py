"""Expectations against an episode's net changes: one check each, and which change each one claimed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from apps.core.journal import NetChange, parse_literal
from tasks.truth_model import Expectation
from tasks.verifier.checks import Check
from tasks.verifier.matching import describe, matches


def after_values(change: NetChange) -> dict[str, Any]:
    return {k: parse_literal(v) for k, v in (change.after or {}).items()}


def late(exp: Expectation, change: NetChange) -> str:
    """Why `change` was not written inside `exp.written` ("" when it was, or when the expectation has no
    window): "new title in before Wednesday 10:00 PST — it was written Friday 16:20"."""
    window = exp.written
    if window is None:
        return ""
    stamp = after_values(change).get(window.column)
    moment = str(stamp).replace(" ", "T")[:19] if stamp is not None else None
    if moment is not None and (window.after is None or moment >= window.after) and moment < window.before:
        return ""
    if moment is None:
        return f"{window.said} — the row has no {window.column}"
    local = datetime.fromisoformat(moment).replace(tzinfo=UTC).astimezone(ZoneInfo(window.zone))
    when = f"{local:%A} {local:%H:%M} {local:%Z}"
    if window.after is not None and moment < window.after:
        return f"{window.said} — it was written {when}, before the request arrived"
    return f"{window.said} — it was written {when}"


# rows one of which may meet several insert expectations of different fields: a mail to the customer with the
# requester in Cc tells both (two mails asked of the same person — a question, then the word it is done — stay
# two; every other table's insert expectations each need a row of their own)
SHARED_ROWS = ("office_message",)

Derive = Callable[[str, str, str], Any]
"""(table, pk, field) -> a value the row's records make (`AppSpec.derived_fields`), None when none."""


def _fields_match(exp: Expectation, change: NetChange, derive: Derive | None = None) -> list[str]:
    """Field names of `exp` that `change` fails (empty: all match); a field the row does not store is
    asked of `derive` (a worksheet's grid, a document's sections)."""
    after = after_values(change)
    wrong = []
    for name, rule in exp.fields.items():
        value = after.get(name)
        if name not in after and derive is not None and change.op != "delete":
            value = derive(change.table, str(parse_literal(change.pk)), name)
        if not matches(rule, value):
            wrong.append(name)
    return wrong


def check_expectations(
    expectations: list[Expectation], changes: dict[tuple[str, str], NetChange], derive: Derive | None = None
) -> tuple[list[Check], dict]:
    """One check per expectation against the net `changes`, and which change each expectation claimed;
    `derive` gives the derived fields an expectation may name."""
    checks: list[Check] = []
    claims: dict[tuple[str, str], Expectation] = {}
    for i, exp in enumerate(expectations, start=1):
        name = f"expect {i}: {exp.op} {exp.table}" + (f" {exp.pk}" if exp.pk else "")
        if exp.op == "insert":
            found = next(
                (
                    key
                    for key, c in changes.items()
                    if c.table == exp.table
                    and c.op == "insert"
                    and key not in claims
                    and not _fields_match(exp, c, derive)
                ),
                None,
            )
            if found is None and exp.table in SHARED_ROWS:  # one mail to two people tells both
                found = next(
                    (
                        key
                        for key, c in changes.items()
                        if c.table == exp.table
                        and c.op == "insert"
                        and key in claims
                        and claims[key].fields != exp.fields  # two mails asked of one person stay two
                        and not _fields_match(exp, c, derive)
                    ),
                    None,
                )
            if found:
                claims.setdefault(found, exp)
            wanted = ", ".join(f"{k} {describe(r)}" for k, r in exp.fields.items())
            detail = late(exp, changes[found]) if found else f"no new row with {wanted}"
            checks.append(Check(name, not detail, detail))
            continue
        key = (exp.table, exp.pk)
        change = changes.get(key)
        if exp.op == "unchanged":  # with fields: or changed and put back so that they match (`Expectation`)
            back = change is not None and change.op == "update" and bool(exp.fields)
            back = back and not _fields_match(exp, change, derive)
            claims.update({key: exp} if back else {})
            ok = change is None or back
            checks.append(Check(name, ok, "" if ok else "the row was changed"))
        elif exp.op == "delete":
            ok = change is not None and change.op == "delete"
            claims.update({key: exp} if ok else {})
            checks.append(Check(name, ok, "" if ok else "the row still exists"))
        else:
            if change is None or change.op != "update":
                checks.append(
                    Check(name, False, "the row was not changed" if change is None else f"row {change.op}d")
                )
                continue
            claims[key] = exp
            wrong = _fields_match(exp, change, derive)
            after = after_values(change)
            detail = "; ".join(f"{f} is {after.get(f)!r}, expected {describe(exp.fields[f])}" for f in wrong)
            detail = detail or late(exp, change)
            checks.append(Check(name, not detail, detail))
    return checks, claims


def _structural(rule: Any) -> bool:
    """A rule on what a row is (an id, an owner, a picklist), not on the words someone wrote."""
    return "equals" in rule.model_fields_set or rule.one_of is not None or rule.is_null is not None


def near_misses(
    expectations: list[Expectation],
    checks: list[Check],
    changes: dict[tuple[str, str], NetChange],
    claims: dict,
    derive: Derive | None = None,
) -> dict[tuple[str, str], int]:
    """The new rows that are an attempt at an unmet insert expectation (same table, the same record it
    belongs to, only the written words wrong), keyed to the expectation's number: such a row is reported
    once, as that expectation unmet, not also as collateral damage."""
    missed: dict[tuple[str, str], int] = {}
    for i, (exp, check) in enumerate(zip(expectations, checks, strict=True), start=1):
        if exp.op != "insert" or check.ok:
            continue
        shape = Expectation(
            table=exp.table, op="insert", fields={k: r for k, r in exp.fields.items() if _structural(r)}
        )
        for key, change in changes.items():
            if (
                change.table == exp.table
                and change.op == "insert"
                and key not in claims
                and key not in missed
                and not _fields_match(shape, change, derive)
            ):
                missed[key] = i
                break
    return missed
