"""What reached the acting user from other people during an action (trajectories: `arrival` lines).

Mail from a colleague or customer lands as a new message in the acting user's mailbox with someone else as
its sender; a Teams message as a new chat or channel message from someone else. Read from the action's
journal entries (decoded row images), never from wording.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Lookup = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]


def arrivals(changes: list[dict[str, Any]], acting_user: str | None, lookup: Lookup) -> list[dict[str, Any]]:
    """The mail and chat messages among `changes` (journal entries) that others sent the acting user."""
    if acting_user is None:
        return []
    found = lookup("SELECT mail FROM office_user WHERE id = ?", (acting_user,))
    own_address = (found[0][0] or "").casefold() if found else ""
    out = []
    for change in changes:
        row = change.get("new") or {}
        if change.get("op") != "insert":
            continue
        if change["table"] == "office_message" and row.get("owner_id") == acting_user:
            sender = (row.get("from_address") or "").casefold()
            if sender and sender != own_address and not row.get("is_draft"):
                out.append(
                    {
                        "kind": "mail",
                        "from": row.get("from_name") or row.get("from_address"),
                        "from_address": row.get("from_address"),
                        "subject": row.get("subject"),
                        "at": row.get("received_date_time"),
                        "text": row.get("body_content"),
                        "record": {"table": change["table"], "pk": change["pk"]},
                    }
                )
        elif change["table"] == "office_chat_message" and row.get("from_user_id") not in (None, acting_user):
            out.append(
                {
                    "kind": "chat",
                    "from": row.get("from_user_id"),
                    "text": row.get("body_content"),
                    "chat_id": row.get("chat_id"),
                    "channel_id": row.get("channel_id"),
                    "at": row.get("created_date_time"),
                    "record": {"table": change["table"], "pk": change["pk"]},
                }
            )
    return out
