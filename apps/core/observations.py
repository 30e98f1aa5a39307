"""The observation log: for every call, its full arguments and the result as the performer received it.

The event log (`events.py`) says what was called, when and with what outcome, with long arguments cut for
readability; this log keeps, per action `seq`, the arguments exactly as given and the observation exactly as
sent back — over MCP (and the CLI, which speaks MCP) the `tools/call` result's content blocks, `isError`
and, when it is not just the parse of the one text block, its `structuredContent`; over Python and the web
UI the result's data or the error. Trajectories (`mcp_gateway/trajectory/record.py`) join the two; replay
reads the arguments from here.

Stored in the episode database (table `_observation`, outside the content hash) so fork and snapshot carry
it and reset clears it. An observation over `MAX_BYTES` of JSON is stored cut, marked `truncated`.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from apps.core.safe_values import dumps

DDL = """
CREATE TABLE _observation (
    seq INTEGER PRIMARY KEY,
    arguments TEXT,
    observation TEXT NOT NULL
);
"""
MAX_BYTES = 1 << 20  # 1 MiB of JSON per observation (a 30,000-cell range read is ≈ 0.5 MiB)


def generic(outcome: Any) -> dict[str, Any]:
    """What a Python or web UI caller got back from an action: its result's data, or its error."""
    if outcome.ok:
        return {"ok": True, "result": outcome.data()}
    out = {"ok": False, "error": outcome.error}
    if outcome.code is not None:
        out["code"] = str(getattr(outcome.code, "value", outcome.code))
    if outcome.field is not None:
        out["field"] = outcome.field
    return out


def _bounded(observation: dict[str, Any]) -> str:
    text = dumps(observation, sort_keys=True)
    if len(text) <= MAX_BYTES:
        return text
    return dumps({"truncated": True, "bytes": len(text), "head": text[:MAX_BYTES]}, sort_keys=True)


_SIZE = "coalesce(length(CAST(arguments AS BLOB)), 0) + coalesce(length(CAST(observation AS BLOB)), 0)"


def record(conn: sqlite3.Connection, seq: int, arguments: dict[str, Any] | None, observation: dict) -> int:
    """Store the call `seq`'s full arguments and observation (one transaction; replaces an earlier one);
    returns how many bytes the log grew by."""
    args = dumps(arguments, sort_keys=True) if arguments is not None else None
    shown = _bounded(observation)
    conn.execute("BEGIN")
    try:
        old = conn.execute(f"SELECT {_SIZE} FROM _observation WHERE seq = ?", (seq,)).fetchone()
        conn.execute(
            "INSERT OR REPLACE INTO _observation(seq, arguments, observation) VALUES (?,?,?)",
            (seq, args, shown),
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return len((args or "").encode()) + len(shown.encode()) - (old[0] if old else 0)


def stored_bytes(conn: sqlite3.Connection) -> int:
    """The bytes the observation log holds (left out of an episode's growth quota: it grows with the calls,
    which the event quota and the request size already bound)."""
    return conn.execute(f"SELECT coalesce(sum({_SIZE}), 0) FROM _observation").fetchone()[0]


def read(conn: sqlite3.Connection) -> dict[int, tuple[dict[str, Any] | None, dict[str, Any]]]:
    """seq → (arguments, observation) for every call observed, oldest first."""
    rows = conn.execute("SELECT seq, arguments, observation FROM _observation ORDER BY seq")
    return {seq: (json.loads(a) if a else None, json.loads(o)) for seq, a, o in rows}
