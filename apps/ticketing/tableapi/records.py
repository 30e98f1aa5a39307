"""Reading a table as the Table API returns it: every value a string, a reference as
`{"link", "value"}` (or its sys_id alone with `sysparm_exclude_reference_link`), and with
`sysparm_display_value` true the references' display values and the choices' labels, with `all` both
(`{"display_value", "value"[, "link"]}`). `sysparm_fields` picks fields, dot-walked ones included
(`caller_id.department`), in the order given."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from apps.core.actions import Ctx
from apps.ticketing.tableapi.encoded_query import parse
from apps.ticketing.tableapi.query_sql import Compiler, compile_query
from apps.ticketing.tableapi.tables import Column, Table, table

CHUNK = 500


def text(kind: str, value: Any) -> str:
    """A column's value as the Table API's string ("" for empty, true/false, dates without micros)."""
    if value is None:
        return ""
    if kind == "boolean":
        return "true" if value else "false"
    if kind == "glide_date_time" and isinstance(value, str):
        return value.replace("T", " ")[:19]
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _rows(ctx: Ctx, sql: str, params: list[Any]) -> list[tuple]:
    return [tuple(r) for r in ctx.sql.exec_driver_sql(sql, tuple(params)).fetchall()]


def _displays(ctx: Ctx, refs: dict[str, set[str]]) -> dict[tuple[str, str], str]:
    """(table, sys_id) -> display value of every referenced record."""
    out = {}
    for name, ids in refs.items():
        target = table(name)
        ids_list = sorted(i for i in ids if i)
        for i in range(0, len(ids_list), CHUNK):
            chunk = ids_list[i : i + CHUNK]
            marks = ", ".join("?" for _ in chunk)
            sql = f'SELECT sys_id, "{target.display}" FROM {target.sql} WHERE sys_id IN ({marks})'
            out.update(
                {(name, sid): "" if shown is None else str(shown) for sid, shown in _rows(ctx, sql, chunk)}
            )
    return out


def select(
    ctx: Ctx, root: Table, query: str, fields: list[str], *, limit: int, offset: int
) -> tuple[int, list[tuple[list[tuple[str, Column, Table]], tuple]], list[str]]:
    """The total count of matches, the page of rows (with the fields they hold), and warnings: the parts
    of the query that were dropped and the fields left out, each naming the field."""
    compiled = compile_query(root, parse(query), ctx.now.replace(tzinfo=None))
    chosen = Compiler(root, ctx.now.replace(tzinfo=None))
    chosen.joins, chosen.aliases = compiled.joins, {}
    warnings = list(compiled.warnings)
    # sysparm_fields is comma-separated ("number,short_description"); a name the table lacks is left out
    wanted = [n.strip() for f in fields for n in f.split(",") if n.strip()]
    names = wanted or [col.name for col in root.columns]
    picked = []
    for name in dict.fromkeys(names):
        found = chosen.field(name)
        if found is None:
            warnings.append(f"sysparm_fields: {chosen.missing}; {name} was left out of the records")
        else:
            picked.append((name, found[1], found[2], found[0]))
    if not any(name == "sys_id" for name, *_ in picked) and not wanted:
        picked.insert(0, ("sys_id", root.column("sys_id"), root, "t0.sys_id"))
    base = f"FROM {root.sql} t0 {' '.join(chosen.joins)} WHERE {compiled.where}"
    total = _rows(ctx, f"SELECT COUNT(*) {base}", compiled.params)[0][0]
    columns = ", ".join(sql for *_, sql in picked) or "t0.sys_id"
    window = f"LIMIT {int(limit)} OFFSET {int(offset)}"
    sql = f"SELECT {columns} {base} ORDER BY {', '.join(compiled.order)} {window}"
    rows = _rows(ctx, sql, compiled.params)
    held = [(n, col, tbl) for n, col, tbl, _ in picked]
    return total, [(held, tuple(row)[: len(held)]) for row in rows], warnings  # no field known: empty records


def render(
    ctx: Ctx,
    base_url: str,
    page: list[tuple[list[tuple[str, Column, Table]], tuple]],
    display: str,
    links: bool,
) -> list[dict[str, Any]]:
    """The page's records in the Table API's JSON (see the module doc)."""
    refs: dict[str, set[str]] = {}
    if display in ("true", "all"):
        for fields, row in page:
            for (_, col, _), value in zip(fields, row, strict=True):
                if col.reference and value:
                    refs.setdefault(col.reference, set()).add(value)
    shown = _displays(ctx, refs)
    out = []
    for fields, row in page:
        record: dict[str, Any] = {}
        for (name, col, tbl), value in zip(fields, row, strict=True):
            raw = text(col.kind, value)
            label = raw
            if col.reference and value:
                label = shown.get((col.reference, value), raw)
            elif tbl.choices(col.name) and value is not None:
                choices = tbl.choices(col.name)
                label = choices.get(value, choices.get(str(value), raw))
            record[name] = _field(col, raw, label, display, links, base_url)
        out.append(record)
    return out


def _field(col: Column, raw: str, label: str, display: str, links: bool, base_url: str) -> Any:
    link = f"{base_url}/api/now/table/{col.reference}/{raw}" if col.reference and raw and links else None
    if display == "all":
        value: dict[str, Any] = {"display_value": label, "value": raw}
        return value | ({"link": link} if link else {})
    shown = label if display == "true" else raw
    if link:
        return {"display_value": shown, "link": link} if display == "true" else {"link": link, "value": raw}
    return shown


def now_of(ctx: Ctx) -> datetime:
    return ctx.now.replace(tzinfo=None)
