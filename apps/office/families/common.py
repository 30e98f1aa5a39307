"""Queries and truth pieces the office families share (the acting user is Amber Miller)."""

from __future__ import annotations

import re
from typing import Any

from mcp_gateway.families.base import Draw, Redraw
from mcp_gateway.tasks.model import Allowance

AMBER = "amber.miller@acme.example"

INBOX = """
SELECT m.id, m.subject, m.from_name, m.from_address, m.is_read, m.flag_status, m.importance, m.categories,
       m.conversation_id, m.received_date_time, m.owner_id
FROM office_message m JOIN office_mail_folder f ON f.id = m.parent_folder_id
JOIN office_user u ON u.id = m.owner_id
WHERE u.mail = ? AND f.well_known_name = 'inbox' AND m.is_draft = 0 AND m.meeting_message_type IS NULL
ORDER BY m.received_date_time, m.id
"""


def inbox(d: Draw) -> list[dict[str, Any]]:
    """Amber's inbox (no drafts, no meeting messages), oldest first."""
    return d.world.rows(INBOX, AMBER)


def folder_id(d: Draw, well_known: str) -> str:
    """The id of one of Amber's well-known mail folders."""
    return d.world.value(
        "SELECT f.id FROM office_mail_folder f JOIN office_user u ON u.id = f.owner_id "
        "WHERE u.mail = ? AND f.well_known_name = ?",
        AMBER,
        well_known,
    )


def touched(message_id: str) -> Allowance:
    """The message's modified stamp."""
    return Allowance(
        table="office_message", ops=["update"], pk=message_id, fields=["last_modified_date_time"]
    )


def single_subject(d: Draw, pool: list[dict[str, Any]], msg: dict[str, Any], by_sender: bool) -> None:
    """Redraw unless the mail is the only one with its subject (from its sender, when `by_sender`)."""
    same = [
        m
        for m in pool
        if m["subject"] == msg["subject"] and (not by_sender or m["from_address"] == msg["from_address"])
    ]
    if len(same) > 1:
        raise Redraw("another mail has the same subject")


def other_mail(pool: list[dict[str, Any]], msg: dict[str, Any]) -> str:
    """Another inbox mail (another sender, another conversation) for the wrong-record mutant."""
    rest = [
        m
        for m in pool
        if m["from_address"] != msg["from_address"] and m["conversation_id"] != msg["conversation_id"]
    ]
    return rest[pool.index(msg) % len(rest)]["id"]


def search_text(subject: str) -> str:
    """A search query for a subject (quotes would be taken as search syntax)."""
    return " ".join(re.sub(r"[\"']", " ", subject).split())
