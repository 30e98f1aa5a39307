"""An encoded query compiled to SQL over the desk's tables: dot-walked fields are left joins through
reference fields, values are bound parameters, names only ever come from the table catalogue.

As ServiceNow documents for its default (`glide.invalid_query.returns_no_rows` false), a condition on a
field the table does not have, or a term that cannot be read, is dropped and the rest of the query
decides; unlike ServiceNow, each dropped part is named in `warnings`, never silently. String comparisons
ignore case; a reference compared with a value that is not a sys_id is compared with the referenced
record's display value (`caller_id=Abel Tuter`); a reference kept as a name (`company`) walks to it
(`caller_id.company.name`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from apps.ticketing.tableapi.dates import js_value, relative, stored
from apps.ticketing.tableapi.encoded_query import Condition, EncodedQuery
from apps.ticketing.tableapi.tables import Column, Table, table

SYS_ID = re.compile(r"^[0-9a-f]{32}$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$")
TEXT_KINDS = ("string",)
NOTHING = "0"
DROPPED = "(as ServiceNow does: the other conditions decide)"


@dataclass
class Compiled:
    """The WHERE and ORDER BY of a query, their joins and parameters."""

    where: str
    order: list[str]
    joins: list[str]
    params: list[Any] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class Compiler:
    def __init__(self, root: Table, now: datetime):
        self.root, self.now = root, now
        self.joins: list[str] = []
        self.aliases: dict[tuple[str, ...], str] = {}
        self.params: list[Any] = []
        self.missing = ""

    def field(self, path: str) -> tuple[str, Column, Table] | None:
        """The SQL of a (dot-walked) field, its column and table; None when there is no such field (then
        `missing` says why)."""
        names = path.split(".")
        alias, current = "t0", self.root
        for i, name in enumerate(names[:-1]):
            col = current.column(name)
            walked = ".".join(names[: i + 1])
            if col is None:
                return self._miss(current, name)
            if col.named:  # kept as the name: `company.name` is the column itself
                if names[i + 1 :] == ["name"]:
                    return f'{alias}."{col.name}"', col, current
                self.missing = f"{walked} ({col.named}) has only a name here: use {walked}.name"
                return None
            target = table(col.reference) if col.reference else None
            if target is None:
                self.missing = f"{walked} is not a reference field, so it cannot be dot-walked"
                return None
            key = tuple(names[: i + 1])
            if key not in self.aliases:
                a = f"t{len(self.joins) + 1}"
                self.joins.append(f'LEFT JOIN {target.sql} {a} ON {a}.sys_id = {alias}."{name}"')
                self.aliases[key] = a
            alias, current = self.aliases[key], target
        col = current.column(names[-1])
        return (f'{alias}."{col.name}"', col, current) if col is not None else self._miss(current, names[-1])

    def _miss(self, tbl: Table, name: str) -> None:
        close = difflib.get_close_matches(name, list(tbl.by_name), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        self.missing = f"{tbl.name} has no field {name!r}{hint}"

    def _value(self, col: Column, value: str) -> Any:
        if col.kind == "boolean":
            return 1 if value.lower() in ("true", "1") else 0
        if col.kind in ("integer", "decimal"):
            try:
                return float(value) if "." in value else int(value)
            except ValueError:
                return value
        if col.kind == "glide_date_time":
            moment = js_value(value, self.now)
            if moment is not None:
                return stored(moment)
            if MOMENT.match(value):
                return stored(datetime.fromisoformat(value.replace(" ", "T")))
        return value

    def _display(self, sql: str, col: Column, value: str) -> tuple[str, str]:
        """A reference compared with a display value: the SQL of the referenced record's display field."""
        if col.reference and not SYS_ID.match(value) and value:
            target = table(col.reference)
            return f'(SELECT d."{target.display}" FROM {target.sql} d WHERE d.sys_id = {sql})', "string"
        return sql, col.kind

    def condition(self, cond: Condition) -> str | None:
        """The SQL of a condition; None when it names no field of the table (`missing` says why)."""
        found = self.field(cond.field)
        if found is None:
            return None
        sql, col, _ = found
        op, value = cond.op, cond.value
        if op == "ANYTHING":
            return "1"
        if op in ("ISEMPTY", "ISNOTEMPTY"):
            empty = f"({sql} IS NULL OR {sql} = '')"
            return empty if op == "ISEMPTY" else f"NOT {empty}"
        if op == "EMPTYSTRING":
            return f"COALESCE({sql} = '', 0)"
        if op in ("SAMEAS", "NSAMEAS"):
            other = self.field(value)
            if other is None:
                return None
            return f"COALESCE({sql} {'=' if op == 'SAMEAS' else '!='} {other[0]}, 0)"
        if op in ("ON", "NOTON", "BETWEEN") or op.startswith("RELATIVE"):
            return self._range(sql, col, op, value)
        if op in ("IN", "NOT IN"):
            values = [v for v in value.split(",")]
            lhs, kind = self._display(sql, col, values[0] if values else "")
            self.params += [self._value(col, v) if kind == col.kind else v for v in values]
            marks = ", ".join("?" for _ in values)
            nocase = " COLLATE NOCASE" if kind in TEXT_KINDS else ""
            inside = f"{lhs}{nocase} IN ({marks})"
            return f"COALESCE({inside}, 0)" if op == "IN" else f"({lhs} IS NULL OR NOT {inside})"
        lhs, kind = self._display(sql, col, value)
        if op in ("LIKE", "NOT LIKE", "STARTSWITH", "ENDSWITH"):
            escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            pattern = {"STARTSWITH": f"{escaped}%", "ENDSWITH": f"%{escaped}"}.get(op, f"%{escaped}%")
            self.params.append(pattern)
            like = f"{lhs} LIKE ? ESCAPE '\\'"
            return f"COALESCE({like}, 0)" if op != "NOT LIKE" else f"({lhs} IS NULL OR NOT {like})"
        if col.kind == "glide_date_time" and DAY.match(value) and op in ("=", "!="):
            return self._day(lhs, value, op == "!=")
        param = self._value(col, value) if kind == col.kind else value
        nocase = " COLLATE NOCASE" if kind in TEXT_KINDS else ""
        if value == "" and op in ("=", "!="):
            empty = f"({lhs} IS NULL OR {lhs} = '')"
            return empty if op == "=" else f"NOT {empty}"
        self.params.append(param)
        if op == "!=":
            return f"({lhs} IS NULL OR {lhs} != ?{nocase})"
        return f"COALESCE({lhs} {op} ?{nocase}, 0)"

    def _day(self, sql: str, day: str, negate: bool) -> str:
        start = datetime.fromisoformat(day)
        self.params += [stored(start), stored(start + timedelta(days=1))]
        inside = f"COALESCE({sql} >= ? AND {sql} < ?, 0)"
        return f"NOT {inside}" if negate else inside

    def _range(self, sql: str, col: Column, op: str, value: str) -> str:
        if op.startswith("RELATIVE"):
            moment = relative(value, self.now)
            if moment is None:
                return NOTHING
            self.params.append(stored(moment))
            symbol = {"RELATIVEGT": ">", "RELATIVELT": "<", "RELATIVEGE": ">=", "RELATIVELE": "<="}[op]
            return f"COALESCE({sql} {symbol} ?, 0)"
        parts = value.split("@")
        if op in ("ON", "NOTON"):
            parts = parts[1:] if len(parts) == 3 else parts
        if len(parts) != 2:
            return NOTHING
        low, high = (self._value(col, p) for p in parts)
        if op in ("ON", "NOTON") or col.kind == "glide_date_time":
            low = low if not DAY.match(parts[0]) else stored(datetime.fromisoformat(parts[0]))
            high = (
                high
                if not DAY.match(parts[1])
                else stored(datetime.fromisoformat(parts[1]) + timedelta(days=1))
            )
        self.params += [low, high]
        inside = f"COALESCE({sql} >= ? AND {sql} <= ?, 0)"
        return f"NOT {inside}" if op == "NOTON" else inside


def compile_query(root: Table, query: EncodedQuery, now: datetime) -> Compiled:
    """The SQL of an encoded query over `root` (a class table adds its class filter); a condition on an
    unknown field or an unreadable term is dropped, with a warning."""
    c = Compiler(root, now)
    warnings = [f"sysparm_query: cannot read {term!r}; it was ignored" for term in query.problems]
    ors = []
    for groups in query.queries:
        ands = []
        for group in groups:
            conditions = []
            for cond in group:
                sql = c.condition(cond)
                if sql is None:
                    term = f"{cond.field}{cond.op}{cond.value}"
                    warnings.append(f"sysparm_query: {c.missing}; the condition {term} was ignored {DROPPED}")
                else:
                    conditions.append(sql)
            if conditions:
                ands.append("(" + " OR ".join(conditions) + ")")
        ors.append("(" + " AND ".join(ands) + ")" if ands else "1")
    where = "(" + " OR ".join(ors) + ")" if ors else "1"
    if root.ci_class:
        c.params.append(root.ci_class)
        where = f"({where}) AND t0.sys_class_name = ?"
    order = []
    for name, descending in query.order:
        found = c.field(name)
        if found is None:
            sort = f"ORDERBY{'DESC' if descending else ''}{name}"
            warnings.append(f"sysparm_query: {c.missing}; {sort} was ignored")
            continue
        nocase = " COLLATE NOCASE" if found[1].kind in TEXT_KINDS else ""
        order.append(f"{found[0]}{nocase} {'DESC' if descending else 'ASC'}")
    order.append("t0.rowid ASC")
    return Compiled(where, order, c.joins, c.params, warnings)
