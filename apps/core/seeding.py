"""Helpers for seed loaders: bulk-insert world records into an app's tables."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Iterator
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Boolean, Date, DateTime, LargeBinary, Table
from sqlalchemy.types import TypeDecorator

from apps.core.ids import counter_key


def parse_datetime(value: Any) -> Any:
    """ISO text to an aware datetime (naive values are UTC)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime) and value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value


def _coercer(column_type: Any):
    if isinstance(column_type, TypeDecorator):
        column_type = column_type.impl
    if isinstance(column_type, DateTime):
        return parse_datetime
    if isinstance(column_type, Date):
        return lambda v: date.fromisoformat(v) if isinstance(v, str) else v
    if isinstance(column_type, Boolean):
        return lambda v: bool(v) if v is not None else None
    if isinstance(column_type, LargeBinary):
        return lambda v: base64.b64decode(v) if isinstance(v, str) else v  # JSON holds bytes as base64
    return None


def app_rows(
    world: Any, app: str, table: str, parts: tuple[str, ...] | None = None
) -> Iterator[dict[str, Any]]:
    """An app table's world records: `<app>/<table>.jsonl`, then the same table contributed by a later
    world part (`<part>/<app>/<table>.jsonl`, e.g. the data room's ledger file in the office's drive),
    parts in name order (only the parts named in `parts`, when given). A part adds its own files, so the
    app's own files stay byte-identical."""
    yield from world.rows(f"{app}/{table}.jsonl")
    yield from part_rows(world, app, table, parts)


def part_files(world: Any) -> list[tuple[str, str, str]]:
    """(app, table, file) of every app table a world part contributes to (`<part>/<app>/<table>.jsonl`),
    parts in name order."""
    found = [rel for rel in world.manifest["files"] if rel.count("/") == 2 and rel.endswith(".jsonl")]
    return [(rel.split("/")[1], rel.split("/")[2].removesuffix(".jsonl"), rel) for rel in sorted(found)]


def part_rows(
    world: Any, app: str, table: str, parts: tuple[str, ...] | None = None, *, skip: tuple[str, ...] = ()
) -> Iterator[dict[str, Any]]:
    """Only the records later world parts contribute to an app table (`<part>/<app>/<table>.jsonl`, parts
    in name order): those of the parts named in `parts` (default: every part), less the parts in `skip`."""
    for part_app, part_table, rel in part_files(world):
        part = rel.split("/")[0]
        if (part_app, part_table) == (app, table) and (parts is None or part in parts) and part not in skip:
            yield from world.rows(rel)


def insert_rows(conn: Any, table: Table, rows: Iterable[dict[str, Any]]) -> int:
    """Insert JSON records (keys = column names, ISO dates) into `table`; returns how many.

    Unknown keys are an error, so a world file and its model cannot silently drift apart.
    """
    coercers = {c.name: f for c in table.columns if (f := _coercer(c.type))}
    names = {c.name for c in table.columns}
    batch = []
    for row in rows:
        extra = set(row) - names
        if extra:
            raise ValueError(f"{table.name}: world record has unknown fields {sorted(extra)}")
        batch.append({k: (coercers[k](v) if k in coercers and v is not None else v) for k, v in row.items()})
    if batch:
        conn.execute(table.insert(), batch)
    return len(batch)


def set_id_counter(conn: Any, object_name: str, next_value: int) -> None:
    """Make the next `ctx.new_id(object_name)` use counter `next_value` (after the world's own ids).

    Runs inside an app's seed loader: the engine tells the connection which app is seeding, and counters
    are kept per app.
    """
    app = conn.info.get("saasgym.app")
    if app is None:
        raise RuntimeError("set_id_counter runs inside an app's seed loader (the engine names the app)")
    conn.exec_driver_sql(
        "INSERT INTO _idseq(object, next) VALUES (?, ?)"
        " ON CONFLICT(object) DO UPDATE SET next = excluded.next",
        (counter_key(app, object_name), next_value),
    )
