"""Ids of office objects: GUIDs like Microsoft Graph's, derived from a per-object counter (deterministic)."""

from __future__ import annotations

import hashlib
import uuid

OBJECTS = (
    "User",
    "Contact",
    "MailFolder",
    "Message",
    "Conversation",
    "Attachment",
    "Event",
    "Attendee",
    "Room",
    "DriveItem",
    "Permission",
    "DocBlock",
    "DocComment",
    "Worksheet",
    "Team",
    "TeamMember",
    "Channel",
    "Chat",
    "ChatMember",
    "ChatMessage",
    "Persona",
    "ScheduledReply",
    "Slide",
    "SlideShape",
    "SlideComment",
)


def graph_guid(object_name: str):
    """An IdFormat: counter n -> a stable GUID for `object_name` (same n, same id, in every episode)."""

    def fmt(n: int) -> str:
        digest = hashlib.sha256(f"office:{object_name}:{n}".encode()).digest()
        return str(uuid.UUID(bytes=digest[:16], version=4))

    return fmt


ID_FORMATS = {name: graph_guid(name) for name in OBJECTS}
