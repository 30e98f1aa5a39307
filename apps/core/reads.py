"""Reads through SQLAlchemy Core with statements built once, for read paths where the ORM is the cost.

An ORM `session.get(Model, id)` or `session.exec(select(Model).where(...)).all()` builds a statement,
derives its cache key, walks the ORM's loading machinery and creates and tracks one object per row:
measured 4-6x the time of a Core statement built once and executed on the same connection (a
contact list: ~250 µs against ~45 µs). The rows carry the same Python values (the same column types
convert them), so an output model validated from them is the same, byte for byte.

Rows come back as read-only mappings (column name -> value), not ORM objects: they are not tracked,
and they do not see changes still pending in the session. Use them in read-only actions (or before
a write action changes anything); a write action edits ORM objects from `Session.get` as before.

The two lookups by one column run their SQL on the driver's connection (the one the action's
transaction is on): the statement is compiled once by SQLAlchemy, and each value goes through the
column type's own bind and result processors, so a row holds exactly what a Core execution returns
(dates, times, booleans, JSON) without its per-execution machinery (≈ 100 µs a statement).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, Table, Update, bindparam, select, update

from apps.core.actions import Ctx
from apps.core.sqlite_engine import DIALECT


def _table(model: Any) -> Table:
    return model.__table__


@functools.cache
def _where_equal(table: Table, column: str, order_by: tuple[str, ...]) -> Select:
    """`SELECT * FROM table WHERE column = :value ORDER BY order_by`, built once per process."""
    stmt = select(table).where(table.c[column] == bindparam("value"))
    return stmt.order_by(*(table.c[name] for name in order_by)) if order_by else stmt


def _connection(ctx: Ctx) -> Any:
    return ctx.sql if ctx.sql is not None else ctx.db.connection()


@dataclass(frozen=True)
class _Lookup:
    """`SELECT * FROM table WHERE column = ? [ORDER BY ...]` as driver SQL with its value converters."""

    sql: str
    names: tuple[str, ...]
    results: tuple[Callable[[Any], Any] | None, ...]  # per column: the type's result processor
    bind: Callable[[Any], Any] | None  # the column type's bind processor for the looked-up value


@functools.cache
def _lookup(table: Table, column: str, order_by: tuple[str, ...]) -> _Lookup:
    stmt = _where_equal(table, column, order_by)
    compiled = stmt.compile(dialect=DIALECT)
    columns = list(stmt.selected_columns)
    return _Lookup(
        sql=str(compiled),
        names=tuple(c.name for c in columns),
        results=tuple(c.type._cached_result_processor(DIALECT, None) for c in columns),
        bind=table.c[column].type._cached_bind_processor(DIALECT),
    )


def _rows(ctx: Ctx, lookup: _Lookup, value: Any) -> list[dict[str, Any]]:
    driver = _connection(ctx).connection.driver_connection
    if value is not None and lookup.bind is not None:
        value = lookup.bind(value)
    rows = []
    for row in driver.execute(lookup.sql, (value,)).fetchall():
        values = zip(lookup.names, lookup.results, row, strict=True)
        rows.append({name: conv(v) if conv else v for name, conv, v in values})
    return rows


def row_by_id(ctx: Ctx, model: Any, record_id: Any) -> Mapping[str, Any] | None:
    """The row of `model`'s table whose primary key is `record_id`, as a mapping (None if there is none)."""
    table = _table(model)
    (pk,) = table.primary_key.columns
    rows = _rows(ctx, _lookup(table, pk.name, ()), record_id)
    return rows[0] if rows else None


def rows_where(
    ctx: Ctx, model: Any, column: str, value: Any, *, order_by: tuple[str, ...] = ()
) -> list[Mapping[str, Any]]:
    """Every row of `model`'s table whose `column` equals `value`, sorted by the columns `order_by`."""
    return _rows(ctx, _lookup(_table(model), column, order_by), value)


@functools.cache
def _update_by_pk(table: Table, columns: tuple[str, ...]) -> Update:
    """`UPDATE table SET c1 = :c1, ... WHERE pk = :pk_value`, built once per table and column set."""
    (pk,) = table.primary_key.columns
    stmt = update(table).where(pk == bindparam("pk_value"))
    return stmt.values({name: bindparam(name) for name in columns})


def update_row(ctx: Ctx, model: Any, record_id: Any, values: Mapping[str, Any]) -> None:
    """Set only the columns in `values` on the row of `model` whose primary key is `record_id`.

    The cheap write path (no ORM object to load, track and flush): the same UPDATE the ORM would
    emit for those columns, so the change journal's triggers record the same change."""
    if not values:
        return
    stmt = _update_by_pk(_table(model), tuple(sorted(values)))
    _connection(ctx).execute(stmt, {"pk_value": record_id, **values})
