"""ServiceNow encoded queries (`sysparm_query`), read into conditions.

    active=true^priority<=2^ORurgency=1^NQstate=6^ORDERBYDESCopened_at

`^` joins conditions with AND, `^OR` joins a condition to the one before it with OR, `^NQ` starts a new
query whose results are added (OR of the queries); `ORDERBY<field>` / `ORDERBYDESC<field>` sort.
A condition is a field (dot-walked through references: `caller_id.department`), an operator and a
value: `=`, `!=`, `<`, `<=`, `>`, `>=`, `LIKE`, `NOT LIKE`, `STARTSWITH`, `ENDSWITH`, `IN`, `NOT IN`,
`ISEMPTY`, `ISNOTEMPTY`, `ANYTHING`, `EMPTYSTRING`, `BETWEEN` (`a@b`), `SAMEAS`, `NSAMEAS` (another
field), `ON` / `NOTON` (a day: `Today@javascript:gs.beginningOfToday()@javascript:gs.endOfToday()`),
`RELATIVEGT` / `RELATIVELT` / `RELATIVEGE` / `RELATIVELE` (`@dayofweek@ago@3`) and `DATEPART`.
A value may be `javascript:gs.daysAgo(7)` and the other date functions (`dates.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

OPERATORS = (  # longest first: the operator is the text after the field name
    "ISNOTEMPTY", "ISEMPTY", "EMPTYSTRING", "ANYTHING", "NOT LIKE", "NOT IN", "STARTSWITH", "ENDSWITH",
    "NSAMEAS", "SAMEAS", "BETWEEN", "RELATIVEGT", "RELATIVELT", "RELATIVEGE", "RELATIVELE", "DATEPART",
    "NOTON", "LIKE", "IN", "ON", "!=", "<=", ">=", "=", "<", ">",
)  # fmt: skip
FIELD = re.compile(r"^([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)")


@dataclass(frozen=True)
class Condition:
    field: str
    op: str
    value: str


@dataclass
class EncodedQuery:
    """Queries OR'ed together (`^NQ`), each a list of OR-groups AND'ed together; and the sort."""

    queries: list[list[list[Condition]]] = field(default_factory=list)
    order: list[tuple[str, bool]] = field(default_factory=list)  # (field, descending)
    problems: list[str] = field(default_factory=list)


def _condition(term: str) -> Condition | None:
    m = FIELD.match(term)
    if not m:
        return None
    rest = term[m.end() :]
    op = next((o for o in OPERATORS if rest.startswith(o)), None)
    if op is None:
        return None
    return Condition(m.group(1), op, rest[len(op) :])


def parse(text: str) -> EncodedQuery:
    """The conditions of an encoded query; terms it cannot read are listed in `problems`."""
    out = EncodedQuery()
    for part in (text or "").split("^NQ"):
        groups: list[list[Condition]] = []
        for raw in part.split("^"):
            term = raw.strip()
            if not term or term == "EQ":
                continue
            if term.startswith("ORDERBYDESC"):
                out.order.append((term[len("ORDERBYDESC") :], True))
                continue
            if term.startswith("ORDERBY"):
                out.order.append((term[len("ORDERBY") :], False))
                continue
            if term.startswith("GROUPBY"):
                continue
            is_or = term.startswith("OR") and groups and _condition(term[2:]) is not None
            cond = _condition(term[2:] if is_or else term)
            if cond is None:
                out.problems.append(term)
                continue
            if is_or:
                groups[-1].append(cond)
            else:
                groups.append([cond])
        if groups:
            out.queries.append(groups)
    return out
