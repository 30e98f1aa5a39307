"""Verdict records and their review: append-only, in the ledger database.

A reviewer may change a verdict only with a reason code from `REASON_CODES` and a note; every change
is a new audit row naming who and why (UPDATE and DELETE are refused by triggers). Task approvals
are recorded the same way, and an author cannot approve their own task.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from apps.core.safe_values import dumps
from mcp_gateway.ledger import Ledger

REASON_CODES = (
    "verifier_bug",  # the verifier scored a correct end state wrongly
    "truth_error",  # the task's truth is wrong or incomplete
    "ambiguous_task",  # the prompt allows more than one reasonable reading
    "environment_fault",  # the app misbehaved
    "agent_exploit",  # the performer gamed the checks
    "other",
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS verdicts (
    id TEXT PRIMARY KEY, episode_id TEXT NOT NULL, task_id TEXT NOT NULL, outcome TEXT NOT NULL,
    body TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, verdict_id TEXT NOT NULL, reviewer TEXT NOT NULL,
    old_outcome TEXT NOT NULL, new_outcome TEXT NOT NULL, reason_code TEXT NOT NULL, note TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS task_approvals (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, world TEXT NOT NULL, task_id TEXT NOT NULL,
    approved_by TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TRIGGER IF NOT EXISTS reviews_append_only_u BEFORE UPDATE ON reviews
    BEGIN SELECT RAISE(ABORT, 'reviews are append-only'); END;
CREATE TRIGGER IF NOT EXISTS reviews_append_only_d BEFORE DELETE ON reviews
    BEGIN SELECT RAISE(ABORT, 'reviews are append-only'); END;
CREATE TRIGGER IF NOT EXISTS verdicts_append_only_u BEFORE UPDATE ON verdicts
    BEGIN SELECT RAISE(ABORT, 'verdicts are append-only'); END;
CREATE TRIGGER IF NOT EXISTS approvals_append_only_u BEFORE UPDATE ON task_approvals
    BEGIN SELECT RAISE(ABORT, 'approvals are append-only'); END;
"""


class ReviewError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class VerdictBook:
    """Stores verdicts, reviews and task approvals in the ledger's database."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger
        ledger._conn.executescript(SCHEMA)

    def record(self, episode_id: str, task_id: str, verdict: dict[str, Any]) -> str:
        verdict_id = "vd_" + secrets.token_hex(8)
        body = dumps(verdict)  # outside the ledger's lock: the event loop reads tokens under it
        with self.ledger._tx() as c:
            c.execute(
                "INSERT INTO verdicts VALUES (?,?,?,?,?,?)",
                (verdict_id, episode_id, task_id, verdict["outcome"], body, time.time()),
            )
        return verdict_id

    def latest(self, episode_id: str) -> dict[str, Any] | None:
        """The last verdict recorded for an episode (its body with `verdict_id` and `task_id`), or None."""
        with self.ledger._lock:
            row = self.ledger._conn.execute(
                "SELECT id, task_id, body FROM verdicts WHERE episode_id = ?"
                " ORDER BY created_at DESC, rowid DESC LIMIT 1",
                (episode_id,),
            ).fetchone()
        return None if row is None else {"verdict_id": row[0], "task_id": row[1], **json.loads(row[2])}

    def get(self, verdict_id: str) -> dict[str, Any]:
        """The verdict as scored, its current outcome and its review history."""
        with self.ledger._lock:
            row = self.ledger._conn.execute(
                "SELECT episode_id, task_id, outcome, body FROM verdicts WHERE id = ?", (verdict_id,)
            ).fetchone()
            reviews = self.ledger._conn.execute(
                "SELECT reviewer, old_outcome, new_outcome, reason_code, note, created_at FROM reviews"
                " WHERE verdict_id = ? ORDER BY seq",
                (verdict_id,),
            ).fetchall()
        if row is None:
            raise ReviewError(404, f"no verdict {verdict_id!r}")
        history = [
            dict(zip(("reviewer", "old_outcome", "new_outcome", "reason_code", "note", "at"), r, strict=True))
            for r in reviews
        ]
        return {
            "verdict_id": verdict_id,
            "episode_id": row[0],
            "task_id": row[1],
            "scored_outcome": row[2],
            "outcome": history[-1]["new_outcome"] if history else row[2],
            "verdict": json.loads(row[3]),
            "reviews": history,
        }

    def review(self, verdict_id: str, *, reviewer: str, outcome: str, reason_code: str, note: str) -> dict:
        """Change a verdict's outcome; needs a reason code from REASON_CODES and a non-empty note."""
        if reason_code not in REASON_CODES:
            raise ReviewError(422, f"reason_code must be one of: {', '.join(REASON_CODES)}")
        if not note.strip():
            raise ReviewError(422, "a note explaining the change is required")
        if outcome not in ("pass", "fail", "invalid"):
            raise ReviewError(422, "outcome must be pass, fail or invalid")
        current = self.get(verdict_id)
        with self.ledger._tx() as c:
            c.execute(
                "INSERT INTO reviews(verdict_id, reviewer, old_outcome, new_outcome, reason_code, note,"
                " created_at) VALUES (?,?,?,?,?,?,?)",
                (verdict_id, reviewer, current["outcome"], outcome, reason_code, note.strip(), time.time()),
            )
        return self.get(verdict_id)

    def stats(self) -> dict[str, Any]:
        """False-pass and false-fail rates among reviewed verdicts (scored outcome vs final review)."""
        with self.ledger._lock:
            rows = self.ledger._conn.execute(
                "SELECT v.outcome, (SELECT new_outcome FROM reviews r WHERE r.verdict_id = v.id"
                " ORDER BY seq DESC LIMIT 1) FROM verdicts v"
            ).fetchall()
        reviewed = [(scored, final) for scored, final in rows if final is not None]
        passes = [r for r in reviewed if r[0] == "pass"]
        fails = [r for r in reviewed if r[0] == "fail"]
        false_pass = sum(1 for s, f in passes if f != "pass")
        false_fail = sum(1 for s, f in fails if f == "pass")
        return {
            "verdicts": len(rows),
            "reviewed": len(reviewed),
            "false_pass": false_pass,
            "false_pass_rate": false_pass / len(passes) if passes else 0.0,
            "false_fail": false_fail,
            "false_fail_rate": false_fail / len(fails) if fails else 0.0,
        }

    def approve_task(self, world: str, task_id: str, author: str, reviewer: str) -> dict[str, Any]:
        """Record a reviewer's approval of a task; an author cannot approve their own task."""
        if reviewer.strip().casefold() == author.strip().casefold():
            raise ReviewError(403, "an author cannot approve their own task")
        with self.ledger._tx() as c:
            c.execute(
                "INSERT INTO task_approvals(world, task_id, approved_by, created_at) VALUES (?,?,?,?)",
                (world, task_id, reviewer, time.time()),
            )
        return {"world": world, "task_id": task_id, "approved_by": reviewer}
