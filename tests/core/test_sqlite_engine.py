"""Episode engines share one dialect and statement cache; `ilike` is SQLite's own case-blind LIKE."""

from __future__ import annotations

import sqlite3

from sqlalchemy import column, select, table, text

from apps.core.api import Gym
from apps.core.sqlite_engine import COMPILED_CACHE, DIALECT, engine_over


def _conn() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    conn.executescript(
        "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);"
        "INSERT INTO t (name) VALUES ('Villanueva'), ('VILLA'), ('Ávila'), ('50%_off'), ('other');"
    )
    return conn


T = table("t", column("id"), column("name"))


def _names(engine, stmt) -> list[str]:  # noqa: ANN001
    with engine.connect() as c:
        return [r.name for r in c.execute(stmt.order_by(T.c.id))]


def test_two_episode_engines_share_the_dialect_and_reuse_compiled_statements():
    a, b = engine_over(_conn()), engine_over(_conn())
    assert a.dialect is b.dialect is DIALECT
    stmt = select(T.c.name).where(T.c.name.ilike("%vill%"))
    assert _names(a, stmt) == ["Villanueva", "VILLA"]
    before = len(COMPILED_CACHE)
    assert _names(b, select(T.c.name).where(T.c.name.ilike("%VILL%"))) == ["Villanueva", "VILLA"]
    assert len(COMPILED_CACHE) == before  # the second engine found the statement already compiled


def test_ilike_renders_as_plain_like_with_the_same_ascii_case_folding_as_lower():
    engine = engine_over(_conn())
    sql = str(select(T.c.name).where(T.c.name.ilike("%x%", escape="\\")).compile(dialect=DIALECT))
    assert "lower(" not in sql and "LIKE" in sql and "ESCAPE" in sql
    for pattern in ("%vill%", "%VILLA%", "%ávila%", "%ÁVILA%", "%\\%\\_%"):
        via_ilike = _names(engine, select(T.c.name).where(T.c.name.ilike(pattern, escape="\\")))
        with engine.connect() as c:
            via_lower = [
                r[0]
                for r in c.execute(
                    text("SELECT name FROM t WHERE lower(name) LIKE lower(:p) ESCAPE '\\' ORDER BY id"),
                    {"p": pattern},
                )
            ]
        assert via_ilike == via_lower, pattern
    assert _names(engine, select(T.c.name).where(T.c.name.not_ilike("%VILL%"))) == [
        "Ávila",
        "50%_off",
        "other",
    ]


def test_crm_search_is_case_blind_through_the_shared_engine():
    ep = Gym().create_episode("tiny", apps=["crm"])
    try:
        name = ep.call("crm_list_accounts", limit=1)["records"][0]["name"]
        lower = ep.call("crm_search_records", query=name.lower(), objects=["account"])["accounts"]
        upper = ep.call("crm_search_records", query=name.upper(), objects=["account"])["accounts"]
        assert [a["id"] for a in lower] == [a["id"] for a in upper] and lower
    finally:
        ep.close()
