"""The Aggregate API (`/api/now/stats/{table}`): COUNT, AVG, SUM, MIN and MAX over the records an
encoded query matches, optionally grouped, answered as ServiceNow does — every number a string,
`{"stats": {...}}` without grouping, a list of `{"stats", "groupby_fields"}` with it."""

from __future__ import annotations

import re
from typing import Any

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.ticketing.tableapi.encoded_query import parse
from apps.ticketing.tableapi.query_sql import Compiler, compile_query
from apps.ticketing.tableapi.records import text
from apps.ticketing.tableapi.tables import Table, table

HAVING = re.compile(r"^(count|avg|sum|min|max)\^([a-z0-9_.]*)\^(>=|<=|!=|=|>|<)\^(-?\d+(?:\.\d+)?)$")
NUMERIC = ("integer", "decimal")


def _number(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
    return str(value)


def aggregate(
    ctx: Ctx, t: Table, query: str, count: bool, group_by: list[str], spec: dict[str, list[str]], having: str,
    display: bool,
) -> tuple[Any, list[str]]:  # fmt: skip
    """The Aggregate API's `result`, and the warnings of its query (conditions dropped)."""
    now = ctx.now.replace(tzinfo=None)
    compiled = compile_query(t, parse(query), now)
    c = Compiler(t, now)
    c.joins = compiled.joins
    selects: list[tuple[str, str | None, str]] = []  # (kind, field, sql)
    if count:
        selects.append(("count", None, "COUNT(*)"))
    for kind, names in spec.items():
        for name in names:
            found = c.field(name)
            if found is None or (kind in ("avg", "sum") and found[1].kind not in NUMERIC):
                raise ActionError(
                    f"{kind} of {name}: {t.name} has no numeric field {name}", field=f"{kind}_fields"
                )
            selects.append((kind, name, f"{kind.upper()}({found[0]})"))
    groups = []
    for name in group_by:
        found = c.field(name)
        if found is None:
            raise ActionError(f"Invalid group by field {name} for table {t.name}", field="group_by")
        groups.append((name, found))
    sql = f"SELECT {', '.join([s for *_, s in selects] + [g[1][0] for g in groups]) or 'COUNT(*)'}"
    sql += f" FROM {t.sql} t0 {' '.join(c.joins)} WHERE {compiled.where}"
    params = list(compiled.params)
    if groups:
        sql += " GROUP BY " + ", ".join(g[1][0] for g in groups)
    if having:
        m = HAVING.match(having)
        if not m:
            raise ActionError(
                f"sysparm_having must be aggregate^field^operator^value (got {having!r})", field="having"
            )
        field_sql = "*" if m.group(1) == "count" else (c.field(m.group(2)) or ("NULL",))[0]
        sql += f" HAVING {m.group(1).upper()}({field_sql}) {m.group(3)} ?"
        params.append(float(m.group(4)))
    if groups:
        sql += " ORDER BY " + ", ".join(g[1][0] for g in groups)
    rows = [tuple(r) for r in ctx.sql.exec_driver_sql(sql, tuple(params)).fetchall()]
    results = [_stats(selects, row) for row in rows]
    if not groups:
        return {"stats": results[0] if results else {}}, compiled.warnings
    out = []
    for row, stats in zip(rows, results, strict=True):
        fields = []
        for (name, (_, col, tbl)), value in zip(groups, row[len(selects) :], strict=True):
            entry = {"field": name, "value": text(col.kind, value)}
            if display:
                entry["display_value"] = _display(ctx, col, tbl, value)
            fields.append(entry)
        out.append({"stats": stats, "groupby_fields": fields})
    return out, compiled.warnings


def _stats(selects: list[tuple[str, str | None, str]], row: tuple) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    for (kind, name, _), value in zip(selects, row, strict=False):
        if kind == "count":
            stats["count"] = _number(value)
        else:
            stats.setdefault(kind, {})[name] = _number(value)
    return stats


def _display(ctx: Ctx, col: Any, tbl: Table, value: Any) -> str:
    if value is None:
        return ""
    if col.reference:
        target = table(col.reference)
        sql = f'SELECT "{target.display}" FROM {target.sql} WHERE sys_id = ?'
        row = ctx.sql.exec_driver_sql(sql, (value,)).fetchone()
        return "" if row is None or row[0] is None else str(row[0])
    choices = tbl.choices(col.name) or {}
    return str(choices.get(value, choices.get(str(value), text(col.kind, value))))
