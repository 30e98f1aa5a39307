"""What reached the acting user from other people during an action (trajectories: `arrival` lines).

A caller's additional comment (or anyone else's journal entry) on a record, and an approver's decision, are
written by a user other than the acting one: a new `sys_journal_field` row by someone else, an approval whose
state moves from requested to a decision. Read from the action's journal entries, never from wording.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Lookup = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]


def arrivals(changes: list[dict[str, Any]], acting_user: str | None, lookup: Lookup) -> list[dict[str, Any]]:
    """The comments and approval decisions among `changes` (journal entries) made by someone else."""
    out = []
    for change in changes:
        row, old = change.get("new") or {}, change.get("old") or {}
        table = change["table"]
        if table == "ticketing_sys_journal_field" and change.get("op") == "insert":
            if row.get("sys_created_by") not in (None, acting_user):
                out.append(
                    {
                        "kind": "comment",
                        "from": row.get("sys_created_by"),
                        "field": row.get("element"),
                        "on": row.get("element_id"),
                        "text": row.get("value"),
                        "at": row.get("sys_created_on"),
                        "record": {"table": table, "pk": change["pk"]},
                    }
                )
        elif table == "ticketing_sysapproval_approver" and change.get("op") == "update":
            decided = old.get("state") == "requested" and row.get("state") not in (None, "requested")
            if decided and row.get("approver") != acting_user:
                out.append(
                    {
                        "kind": "approval",
                        "from": row.get("approver"),
                        "decision": row.get("state"),
                        "on": row.get("sysapproval"),
                        "text": row.get("comments"),
                        "at": row.get("sys_updated_on"),
                        "record": {"table": table, "pk": change["pk"]},
                    }
                )
    return out
