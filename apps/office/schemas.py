"""Structured outputs of the office actions (derived from the tables, so they never drift)."""

from __future__ import annotations

from pydantic import BaseModel

from apps.core.public import public_model
from apps.office import models as m
from apps.office.services.common import Page

UserOut = public_model(m.User, "UserOut")
ContactOut = public_model(m.Contact, "ContactOut")
MailFolderOut = public_model(
    m.MailFolder, "MailFolderOut", total_item_count=(int, 0), unread_item_count=(int, 0)
)
MessageOut = public_model(m.Message, "MessageOut", exclude=("owner_id",))
MessageSummary = public_model(
    m.Message, "MessageSummary", exclude=("owner_id", "body_content", "ics_content", "bcc_recipients")
)
AttachmentOut = public_model(m.Attachment, "AttachmentOut")
RoomOut = public_model(m.Room, "RoomOut")
EventOut = public_model(m.Event, "EventOut")
AttendeeOut = public_model(m.Attendee, "AttendeeOut")
DriveItemOut = public_model(
    m.DriveItem,
    "DriveItemOut",
    exclude=("content_text",),
    my_role=(str, "read"),
    owner_name=(str | None, None),  # whose OneDrive it is in, by name
    modified_by_name=(str | None, None),  # who last changed it (its owner when unrecorded), by name
    shared=(bool, False),  # shared with someone, directly or through a folder above it
)
PermissionOut = public_model(m.Permission, "PermissionOut", user_mail=(str | None, None))
DocBlockOut = public_model(m.DocBlock, "DocBlockOut")
DocCommentOut = public_model(m.DocComment, "DocCommentOut")
WorksheetOut = public_model(m.Worksheet, "WorksheetOut")
CellOut = public_model(m.Cell, "CellOut", exclude=("id", "worksheet_id"))
TeamOut = public_model(m.Team, "TeamOut")
ChannelOut = public_model(m.Channel, "ChannelOut")
ChatOut = public_model(m.Chat, "ChatOut", members=(list[str], []))
ChatMessageOut = public_model(m.ChatMessage, "ChatMessageOut", from_name=(str | None, None))


class MessagePage(Page):
    records: list[MessageSummary]  # type: ignore[valid-type]


class MessageDetail(MessageOut):  # type: ignore[valid-type,misc]
    """A message with its attachments."""

    attachments: list[AttachmentOut] = []  # type: ignore[valid-type]


class EventDetail(EventOut):  # type: ignore[valid-type,misc]
    """An event (or one occurrence of a series) with its attendees and your own response."""

    attendees: list[AttendeeOut] = []  # type: ignore[valid-type]
    series_master_id: str | None = None
    occurrence_start: str | None = None
    my_response: str | None = None


class ExportOut(BaseModel):
    """An exported file: its name, media type, size and bytes as base64."""

    name: str
    content_type: str
    size: int
    content_base64: str
