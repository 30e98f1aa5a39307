"""New Teams' filter chips over the chat list: which rows and sections each keeps, and what the list says
when it keeps none. The page renders a chosen filter (`?filter=`); chat_page.js applies the same rules in
place, reading the rows' `data-kind` and `data-unread`."""

from __future__ import annotations

from typing import Any

# (?filter= value, chip label), in new Teams' order
CHAT_FILTERS = (("unread", "Unread"), ("channels", "Channels"), ("chats", "Chats"), ("meetings", "Meetings"))
EMPTY = {
    "unread": "No unread chats",
    "channels": "You aren't in any channels",
    "chats": "No chats",
    "meetings": "No meeting chats",
}


def chosen_filter(value: str | None) -> str | None:
    """The filter a page shows: the query's value when it names a chip, else none (everything).

    Args:
        value: the page's ?filter= value.
    """
    return value if any(key == value for key, _ in CHAT_FILTERS) else None


def keeps(chat: dict[str, Any], chosen: str | None, current: bool) -> bool:
    """Whether the chat list shows `chat` under the filter `chosen`.

    Args:
        chat: a chat row with `chat_type` and `unread` (its last message is someone else's).
        chosen: the filter (None: every chat).
        current: whether it is the open chat (kept under Unread while it is read, as Teams does).
    """
    if chosen is None:
        return True
    if chosen == "unread":
        return bool(chat.get("unread")) or current
    if chosen == "meetings":
        return chat.get("chat_type") == "meeting"
    return chosen == "chats" and chat.get("chat_type") != "meeting"


def filtered(chats: list[dict[str, Any]], channels: dict[str, list], chosen: str | None, open_id: str | None):
    """Mark each chat `shown` under the filter and say what an empty result reads (None when something
    shows): returns that text.

    Args:
        chats: the chat rows (each gets `shown`).
        channels: your teams' channels by team id (the Channels filter's rows).
        chosen: the filter (None: everything).
        open_id: the open chat's or channel's id.
    """
    for c in chats:
        c["shown"] = keeps(c, chosen, c["id"] == open_id)
    if chosen is None:
        return None
    if chosen == "channels":
        return None if any(channels.values()) else EMPTY[chosen]
    return None if any(c["shown"] for c in chats) else EMPTY[chosen]
