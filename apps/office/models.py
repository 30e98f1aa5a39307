"""Office tables, shaped like Microsoft Graph resources (user, message, event, driveItem, chatMessage …).

Column names are the snake_case of Graph property names (toRecipients -> to_recipients,
parentFolderId -> parent_folder_id). Every table lives on the office app's own registry and is named
`office_<object>`. Lists (recipients, categories, mentions) are JSON columns: always assign a new list.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, LargeBinary
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

office_registry = registry()


def json_list() -> Any:
    return Field(default_factory=list, sa_column=Column(JSON, nullable=False))


def json_dict() -> Any:
    return Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class OfficeTable(SQLModel, registry=office_registry):
    """Base of every office table (its own metadata, so names never collide with other apps)."""


class User(OfficeTable, table=True):
    """An employee's account (Graph `user`) with mailbox settings (time zone, working hours)."""

    __tablename__ = "office_user"
    id: str = Field(primary_key=True)
    display_name: str
    given_name: str
    surname: str
    mail: str = Field(index=True)
    job_title: str | None = None
    department: str | None = None
    office_location: str | None = None
    employee_number: str | None = None
    manager_id: str | None = None
    time_zone: str = "UTC"
    working_hours_start: str = "09:00"
    working_hours_end: str = "17:00"


class Contact(OfficeTable, table=True):
    """An external person in the address book (the CRM's customer contacts)."""

    __tablename__ = "office_contact"
    id: str = Field(primary_key=True)
    display_name: str
    email_address: str = Field(index=True)
    company_name: str | None = None
    job_title: str | None = None
    business_phone: str | None = None
    crm_contact_id: str | None = None
    crm_account_id: str | None = None


class MailFolder(OfficeTable, table=True):
    __tablename__ = "office_mail_folder"
    id: str = Field(primary_key=True)
    owner_id: str = Field(index=True)
    display_name: str
    well_known_name: str | None = None
    parent_folder_id: str | None = None


class Message(OfficeTable, table=True):
    """One copy of a mail in one mailbox (each recipient has their own copy, as in Exchange)."""

    __tablename__ = "office_message"
    id: str = Field(primary_key=True)
    owner_id: str = Field(index=True)
    parent_folder_id: str = Field(index=True)
    conversation_id: str = Field(index=True)
    internet_message_id: str
    subject: str = ""
    body_content: str = ""
    body_preview: str = ""
    from_address: str | None = None
    from_name: str | None = None
    to_recipients: list[str] = json_list()
    cc_recipients: list[str] = json_list()
    bcc_recipients: list[str] = json_list()
    is_read: bool = False
    is_draft: bool = False
    flag_status: str = "notFlagged"
    categories: list[str] = json_list()
    importance: str = "normal"
    has_attachments: bool = False
    sent_date_time: datetime | None = None
    received_date_time: datetime | None = None
    created_date_time: datetime | None = None
    last_modified_date_time: datetime | None = None
    meeting_message_type: str | None = None
    event_id: str | None = None
    ics_content: str | None = None
    in_reply_to_id: str | None = None


class Attachment(OfficeTable, table=True):
    """A reference attachment: points at a drive item (Graph `referenceAttachment`)."""

    __tablename__ = "office_attachment"
    id: str = Field(primary_key=True)
    message_id: str = Field(index=True)
    name: str
    content_type: str
    size: int = 0
    source_item_id: str | None = None


class Room(OfficeTable, table=True):
    """A bookable meeting room (Graph `room` place); it has a calendar and answers invitations."""

    __tablename__ = "office_room"
    id: str = Field(primary_key=True)
    display_name: str
    email_address: str = Field(index=True)
    capacity: int
    building: str
    floor_label: str | None = None


class Event(OfficeTable, table=True):
    """A calendar event (Graph `event`); times are stored in UTC with the zone they were booked in."""

    __tablename__ = "office_event"
    id: str = Field(primary_key=True)
    organizer_id: str = Field(index=True)
    organizer_address: str
    organizer_name: str
    subject: str
    body_content: str = ""
    start_date_time: datetime = Field(index=True)
    start_time_zone: str = "UTC"
    end_date_time: datetime
    end_time_zone: str = "UTC"
    is_all_day: bool = False
    location: str | None = None
    is_online_meeting: bool = False
    online_meeting_url: str | None = None
    recurrence: str | None = None
    show_as: str = "busy"
    categories: list[str] = json_list()
    is_cancelled: bool = False
    ical_uid: str
    sequence: int = 0
    created_date_time: datetime | None = None
    last_modified_date_time: datetime | None = None


class Attendee(OfficeTable, table=True):
    __tablename__ = "office_attendee"
    id: str = Field(primary_key=True)
    event_id: str = Field(index=True)
    email_address: str = Field(index=True)
    name: str
    type: str = "required"
    response_status: str = "none"
    response_time: datetime | None = None


class DriveItem(OfficeTable, table=True):
    """A folder or file in someone's OneDrive (Graph `driveItem`); docs and workbooks are files too."""

    __tablename__ = "office_drive_item"
    id: str = Field(primary_key=True)
    name: str
    parent_id: str | None = Field(default=None, index=True)
    owner_id: str = Field(index=True)
    kind: str = "file"
    mime_type: str | None = None
    size: int = 0
    content_text: str | None = None
    description: str | None = None
    web_url: str | None = None
    created_date_time: datetime | None = None
    last_modified_date_time: datetime | None = None
    last_modified_by_id: str | None = None


class Permission(OfficeTable, table=True):
    """A sharing grant on a drive item (Graph `permission`, roles read or write); inherited by children."""

    __tablename__ = "office_permission"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    user_id: str = Field(index=True)
    roles: list[str] = json_list()
    granted_by_id: str | None = None
    created_date_time: datetime | None = None


class DocBlock(OfficeTable, table=True):
    """One block of a document: heading1-3, paragraph, bullet, numbered or table (rows of cells)."""

    __tablename__ = "office_doc_block"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    position: int
    block_type: str
    text: str = ""
    rows: list[list[str]] = json_list()


class DocComment(OfficeTable, table=True):
    __tablename__ = "office_doc_comment"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    block_id: str | None = None
    author_id: str
    content: str
    created_date_time: datetime | None = None
    resolved: bool = False
    reply_to_id: str | None = None


class Worksheet(OfficeTable, table=True):
    __tablename__ = "office_worksheet"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    name: str
    position: int = 0


class Cell(OfficeTable, table=True):
    """A non-empty cell: what was typed (`formula` or a constant) and the engine's computed `value`."""

    __tablename__ = "office_cell"
    id: str = Field(primary_key=True)
    worksheet_id: str = Field(index=True)
    address: str
    row_index: int
    column_index: int
    formula: str | None = None
    value: Any = Field(default=None, sa_column=Column(JSON))
    number_format: str = "General"
    # Home > Font and Alignment (format_range): bold, italic, underline, font_color, fill_color ("#RRGGBB"),
    # horizontal ("left" | "center" | "right"), wrap; None when the cell has Excel's default look
    style: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))


class FileContent(OfficeTable, table=True):
    """The stored bytes of an uploaded drive file (Graph `driveItem/content`), e.g. an .xlsx export from a
    finance system: one row per item, read by the range tools without turning it into cell rows."""

    __tablename__ = "office_file_content"
    id: str = Field(primary_key=True)  # the drive item's id
    sha256: str
    content: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class Team(OfficeTable, table=True):
    __tablename__ = "office_team"
    id: str = Field(primary_key=True)
    display_name: str
    description: str | None = None


class TeamMember(OfficeTable, table=True):
    __tablename__ = "office_team_member"
    id: str = Field(primary_key=True)
    team_id: str = Field(index=True)
    user_id: str = Field(index=True)
    roles: list[str] = json_list()


class Channel(OfficeTable, table=True):
    __tablename__ = "office_channel"
    id: str = Field(primary_key=True)
    team_id: str = Field(index=True)
    display_name: str
    description: str | None = None
    membership_type: str = "standard"


class Chat(OfficeTable, table=True):
    __tablename__ = "office_chat"
    id: str = Field(primary_key=True)
    chat_type: str = "oneOnOne"
    topic: str | None = None
    created_date_time: datetime | None = None


class ChatMember(OfficeTable, table=True):
    __tablename__ = "office_chat_member"
    id: str = Field(primary_key=True)
    chat_id: str = Field(index=True)
    user_id: str = Field(index=True)


class ChatMessage(OfficeTable, table=True):
    """A Teams message in a channel (with replies) or a chat (Graph `chatMessage`)."""

    __tablename__ = "office_chat_message"
    id: str = Field(primary_key=True)
    channel_id: str | None = Field(default=None, index=True)
    chat_id: str | None = Field(default=None, index=True)
    reply_to_id: str | None = Field(default=None, index=True)
    from_user_id: str
    body_content: str
    mentions: list[str] = json_list()
    created_date_time: datetime | None = None


class Persona(OfficeTable, table=True):
    """How a virtual coworker behaves: what they know, what they refuse, how fast they answer."""

    __tablename__ = "office_persona"
    id: str = Field(primary_key=True)
    user_id: str = Field(index=True)
    summary: str
    knowledge: list[dict] = json_list()
    policies: list[dict] = json_list()
    meeting_rules: dict = json_dict()
    reply_delay_minutes: int = 30
    signature: str = ""
    clarifying_question: str = ""
    referral: str = ""  # said to a specific request they cannot answer: who would know


class Policy(OfficeTable, table=True):
    """A company handbook policy (the world's `handbook/policy.jsonl`): its published document and the
    machine-readable facts its prose states, read by personas (what they answer, decline and approve)."""

    __tablename__ = "office_policy"
    id: str = Field(primary_key=True)
    number: str
    title: str
    owner_title: str
    owner_employee_number: str
    audience: list[str] = json_list()
    params: dict = json_dict()
    facts: list[dict] = json_list()
    refusals: list[dict] = json_list()
    item_id: str
    kb_number: str
    effective: str
    markdown: str


class RequestBrief(OfficeTable, table=True):
    """What a colleague meant by a request they mailed the acting user (a world part's pending work), and the
    answer they give when asked about it — in the request's conversation, or in a mail naming one of its
    `keywords`. Read only by the colleague's persona; no performer tool lists it. A customer's mailbox has
    briefs too (`apps/office/customers/briefs.py`: user id `customer:<contact id>` or `bounce:<address>`)."""

    __tablename__ = "office_request_brief"
    id: str = Field(primary_key=True)
    user_id: str = Field(index=True)  # the requester (an office user), or a customer's mailbox
    conversation_id: str = Field(index=True)  # the request mail's conversation
    keywords: list[str] = json_list()  # lower-case words a new mail about the request names
    clarification: str  # what they answer to a question about it


class AutomaticReply(OfficeTable, table=True):
    """A colleague's automatic reply while out of the office (Graph's automaticRepliesSetting): a mail that
    reaches them between `start_date_time` and `end_date_time` gets `message` back at once, once per sender.
    Read only by the coworker engine (`coworkers/away.py`); a sender learns of it from the reply itself."""

    __tablename__ = "office_automatic_reply"
    id: str = Field(primary_key=True)
    user_id: str = Field(index=True)  # the colleague who is away (an office user)
    start_date_time: datetime  # UTC
    end_date_time: datetime  # UTC
    message: str


class ScheduledReply(OfficeTable, table=True):
    """Something a coworker will do at `due_date_time` of logical time (a mail, a chat, an RSVP)."""

    __tablename__ = "office_scheduled_reply"
    id: str = Field(primary_key=True)
    persona_id: str = Field(index=True)
    due_date_time: datetime = Field(index=True)
    kind: str
    status: str = "pending"
    payload: dict = json_dict()
    cache_key: str | None = None
    created_date_time: datetime | None = None
