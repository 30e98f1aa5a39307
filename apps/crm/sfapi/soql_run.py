"""Running a SOQL query: its records as the REST API returns them, in batches with a query locator.

A result is `{"totalSize", "done", "records"[, "nextRecordsUrl"]}`; each record carries `attributes`
(`type`, `url`), the selected fields in the order selected, a parent relationship as a nested record
(null when the reference is empty) and a child relationship as a nested query result (null when it has
no rows). Batches hold 2,000 records by default (`batch_size` 200-2,000, as the `Sforce-Query-Options`
header sets it); the locator in `nextRecordsUrl` carries the query and the position, so fetching the
next batch needs no server state (an episode's fork or restore keeps working locators).
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.sfapi.objects import object_named, require_object
from apps.crm.sfapi.soql_compile import PARENT_IDS, compile_query
from apps.crm.sfapi.soql_plan import Plan
from apps.crm.sfapi.soql_syntax import parse
from apps.crm.sfapi.soql_values import api_value

DEFAULT_BATCH = 2000
LOCATOR_PREFIX = "01g"
CHILD_CHUNK = 500


def locator(soql: str, batch: int) -> str:
    packed = zlib.compress(json.dumps({"q": soql, "b": batch}).encode())
    return LOCATOR_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_locator(text: str) -> tuple[str, int, int]:
    """(soql, batch size, position) of a query locator `01g…-<position>`; INVALID_QUERY_LOCATOR if not one."""
    head, _, position = text.rpartition("-")
    try:
        if not head.startswith(LOCATOR_PREFIX) or not position.isdigit():
            raise ValueError
        body = head[len(LOCATOR_PREFIX) :]
        data = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
        return str(data["q"]), int(data["b"]), int(position)
    except (ValueError, KeyError, TypeError, zlib.error):
        raise ActionError(
            f"invalid query locator: {text[:60]!r}", field="locator", code="INVALID_QUERY_LOCATOR"
        ) from None


def _rows(ctx: Ctx, sql: str, params: list[Any]) -> list[tuple]:
    return [tuple(r) for r in ctx.sql.exec_driver_sql(sql, tuple(params)).fetchall()]


def _window(sql: str, limit: int | None, offset: int) -> str:
    return f"{sql} LIMIT {-1 if limit is None else int(limit)} OFFSET {int(offset)}"


def run_query(ctx: Ctx, soql: str, *, version: str, batch_size: int = DEFAULT_BATCH, start: int = 0) -> dict:
    """The batch of `soql`'s result starting at `start` (see the module doc)."""
    query = parse(soql)
    root = require_object(ctx, query.object)
    plan = compile_query(query, root, lambda name: object_named(ctx, name), ctx.now.date(), ctx.user_id)
    if plan.count_only and not plan.grouped:  # SELECT COUNT() FROM …: the count is the size
        total = _rows(ctx, plan.sql, plan.params)[0][0]
        total = max(min(total - plan.offset, plan.limit if plan.limit is not None else total), 0)
        return {"totalSize": total, "done": True, "records": []}
    total = _rows(ctx, f"SELECT COUNT(*) FROM ({_window(plan.sql, plan.limit, plan.offset)})", plan.params)[
        0
    ][0]
    if plan.count_only:
        return {"totalSize": total, "done": True, "records": []}
    if plan.aggregate:
        rows = _rows(ctx, _window(plan.sql, plan.limit, plan.offset), plan.params)
        return {"totalSize": total, "done": True, "records": [_aggregate_record(plan, r) for r in rows]}
    size = batch_size if plan.limit is None else min(batch_size, max(plan.limit - start, 0))
    rows = _rows(ctx, _window(plan.sql, size, plan.offset + start), plan.params)
    records = [shape(plan, row, version) for row in rows]
    for name, child, _fk in plan.children:
        _attach_children(ctx, records, rows, plan, name, child, version)
    result: dict[str, Any] = {"totalSize": total, "done": start + len(rows) >= total, "records": records}
    if not result["done"]:
        result["nextRecordsUrl"] = (
            f"/services/data/{version}/query/{locator(soql, batch_size)}-{start + len(rows)}"
        )
    return result


def _aggregate_record(plan: Plan, row: tuple) -> dict:
    record: dict[str, Any] = {"attributes": {"type": "AggregateResult"}}
    for column, value in zip(plan.columns, row, strict=True):
        record[column.key[0]] = api_value(column.type, value)
    return record


def shape(plan: Plan, row: tuple, version: str) -> dict:
    """One result row as a REST record (parents nested, hidden bookkeeping columns left out)."""
    hidden = {c.key: v for c, v in zip(plan.columns, row, strict=True) if c.hidden}
    record = _attributes(plan.sobject.name, hidden[("Id",)], version)
    for column, value in zip(plan.columns, row, strict=True):
        if column.hidden:
            continue
        target: dict | None = record
        for depth, name in enumerate(column.key[:-1]):
            prefix = column.key[: depth + 1]
            if name not in target:
                parent_id = hidden.get((*prefix, "__id"))
                kind = hidden.get((*prefix, "__type"))
                target[name] = _attributes(kind, parent_id, version) if parent_id else None
            target = target[name]
            if target is None:
                break
        if target is not None:
            target[column.key[-1]] = api_value(column.type, value)
    return record


def _attributes(kind: str, record_id: str, version: str) -> dict:
    return {"attributes": {"type": kind, "url": f"/services/data/{version}/sobjects/{kind}/{record_id}"}}


def _attach_children(
    ctx: Ctx, records: list[dict], rows: list[tuple], plan: Plan, name: str, child: Plan, version: str
) -> None:
    id_index = next(i for i, c in enumerate(plan.columns) if c.hidden and c.key == ("Id",))
    ids = [row[id_index] for row in rows]
    parent_index = next(i for i, c in enumerate(child.columns) if c.key == ("__parent",))
    found: dict[str, list[dict]] = {}
    for i in range(0, len(ids), CHILD_CHUNK):
        chunk = ids[i : i + CHILD_CHUNK]
        sql = child.sql.replace(PARENT_IDS, ", ".join("?" for _ in chunk))
        for row in _rows(ctx, sql, [*child.params, *chunk]):
            found.setdefault(row[parent_index], []).append(shape(child, row, version))
    for record, parent_id in zip(records, ids, strict=True):
        kids = found.get(parent_id, [])[child.offset :]
        kids = kids[: child.limit] if child.limit is not None else kids
        record[name] = {"totalSize": len(kids), "done": True, "records": kids} if kids else None
