"""The one-column lookups of `apps/core/reads.py` run their SQL on the driver's connection: every row they
return must equal, value for value and type for type, what SQLAlchemy Core returns for the same statement."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from apps.core import reads
from apps.core.api import Gym


@pytest.fixture(scope="module")
def conn():
    gym = Gym()
    ep = gym.create_episode("tiny")
    connection = ep.db.engine.connect()
    yield connection, list(gym.apps.values())
    connection.close()
    ep.close()


def _core(connection, table, column, value, order_by=()):  # noqa: ANN001, ANN202
    stmt = reads._where_equal(table, column, order_by)
    return [dict(r) for r in connection.execute(stmt, {"value": value}).mappings()]


def test_lookups_return_exactly_what_core_returns_on_every_table_and_column(conn):
    connection, specs = conn
    ctx = SimpleNamespace(sql=connection, db=None)
    compared = 0
    for table in (t for spec in specs for t in spec.metadata.sorted_tables):
        if len(table.primary_key.columns) != 1:
            continue
        (pk,) = table.primary_key.columns
        model = SimpleNamespace(__table__=table)
        sql = f'SELECT "{pk.name}" FROM "{table.name}" LIMIT 5'
        for i, (record_id,) in enumerate(connection.exec_driver_sql(sql)):
            (core,) = _core(connection, table, pk.name, record_id)
            row = reads.row_by_id(ctx, model, record_id)
            assert row == core and [type(v) for v in row.values()] == [type(v) for v in core.values()]
            compared += 1
            for column in table.columns if i == 0 else ():  # every column type's bind and result conversion
                value = core[column.name]
                got = reads.rows_where(ctx, model, column.name, value, order_by=(pk.name,))
                assert got == _core(connection, table, column.name, value, (pk.name,)), column
        assert reads.row_by_id(ctx, model, "no such id") is None
    assert compared > 100
