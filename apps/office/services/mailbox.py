"""Mailbox plumbing shared by mail, calendar invitations and coworkers: folders and delivery."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.models import Attachment, MailFolder, Message, User
from apps.office.services.common import (
    INTERNAL_DOMAIN,
    check_id,
    is_internal,
    preview,
    room_by_mail,
    user_by_mail,
)

WELL_KNOWN = ("inbox", "drafts", "sentitems", "deleteditems", "archive")
FOLDER_NAMES = {
    "inbox": "Inbox",
    "drafts": "Drafts",
    "sentitems": "Sent Items",
    "deleteditems": "Deleted Items",
    "archive": "Archive",
}


def folder_of(ctx: Ctx, owner_id: str, well_known: str) -> MailFolder:
    """A user's well-known folder (inbox, drafts, sentitems, deleteditems, archive)."""
    found = ctx.db.exec(
        select(MailFolder).where(MailFolder.owner_id == owner_id, MailFolder.well_known_name == well_known)
    ).first()
    if found is None:
        raise ActionError(f"mailbox has no {well_known} folder", code=ErrorKind.NOT_FOUND)
    return found


def resolve_folder(ctx: Ctx, owner_id: str, folder: str, field: str = "folder") -> MailFolder:
    """A folder of `owner_id` by well-known name (inbox …), display name or id."""
    key = folder.strip()
    if key.lower() in WELL_KNOWN:
        return folder_of(ctx, owner_id, key.lower())
    for row in ctx.db.exec(select(MailFolder).where(MailFolder.owner_id == owner_id)):
        if row.id == key or row.display_name.lower() == key.lower():
            return row
    raise NotFoundError(
        f"no mail folder {folder!r} in your mailbox; use inbox, drafts, sentitems, deleteditems, archive "
        "or a folder id from list_mail_folders",
        field=field,
    )


def own_message(ctx: Ctx, message_id: str, field: str = "message_id") -> Message:
    """A message of the acting user's mailbox; anyone else's is reported as not found."""
    check_id(message_id, field)
    row = ctx.db.get(Message, message_id) if message_id else None
    if row is None or row.owner_id != ctx.user_id:
        raise NotFoundError(f"no message with id {message_id!r} in your mailbox", field=field)
    return row


@dataclass
class Outgoing:
    """A mail about to be delivered."""

    sender: User
    subject: str
    body: str
    to: list[str]
    cc: list[str] = field(default_factory=list)
    bcc: list[str] = field(default_factory=list)
    conversation_id: str | None = None
    importance: str = "normal"
    attachments: list[Attachment] = field(default_factory=list)
    meeting_message_type: str | None = None
    event_id: str | None = None
    ics_content: str | None = None
    in_reply_to_id: str | None = None
    categories: list[str] = field(default_factory=list)


def _copy(ctx: Ctx, out: Outgoing, owner_id: str, folder: str, internet_id: str, **extra) -> Message:
    msg = Message(
        id=ctx.new_id("Message"),
        owner_id=owner_id,
        parent_folder_id=folder_of(ctx, owner_id, folder).id,
        conversation_id=out.conversation_id or "",
        internet_message_id=internet_id,
        subject=out.subject,
        body_content=out.body,
        body_preview=preview(out.body),
        from_address=out.sender.mail,
        from_name=out.sender.display_name,
        to_recipients=list(out.to),
        cc_recipients=list(out.cc),
        importance=out.importance,
        has_attachments=bool(out.attachments),
        sent_date_time=ctx.now,
        received_date_time=ctx.now,
        created_date_time=ctx.now,
        last_modified_date_time=ctx.now,
        meeting_message_type=out.meeting_message_type,
        event_id=out.event_id,
        ics_content=out.ics_content,
        categories=list(out.categories),
        in_reply_to_id=_their_copy(ctx, out.in_reply_to_id, owner_id),
        **extra,
    )
    ctx.db.add(msg)
    for att in out.attachments:
        ctx.db.add(
            Attachment(
                id=ctx.new_id("Attachment"),
                message_id=msg.id,
                name=att.name,
                content_type=att.content_type,
                size=att.size,
                source_item_id=att.source_item_id,
            )
        )
    return msg


def _their_copy(ctx: Ctx, message_id: str | None, owner_id: str) -> str | None:
    """`owner_id`'s own copy of the message `message_id` answers (same internet message id), if any:
    a reply's in_reply_to_id points into each mailbox it lands in, as In-Reply-To threads it in Outlook."""
    original = ctx.db.get(Message, message_id) if message_id else None
    if original is None:
        return None
    if original.owner_id == owner_id:
        return original.id
    found = ctx.db.exec(
        select(Message.id)
        .where(Message.owner_id == owner_id, Message.internet_message_id == original.internet_message_id)
        .order_by(Message.id)
    ).first()
    return found


def deliver(ctx: Ctx, out: Outgoing, *, sent_copy: Message | None = None) -> tuple[Message, list[Message]]:
    """Send `out`: the sender's copy goes to Sent Items (`sent_copy`, a draft, is moved there), every
    internal recipient gets an inbox copy, and an address of the company's domain with no mailbox
    bounces: the sender receives a non-delivery report. Returns (sent copy, delivered copies)."""
    out.conversation_id = out.conversation_id or ctx.new_id("Conversation")
    if sent_copy is None:
        sent = _copy(ctx, out, out.sender.id, "sentitems", "", is_read=True, bcc_recipients=list(out.bcc))
        sent.internet_message_id = f"<{sent.id}@acme.example>"
    else:
        sent = sent_copy
        sent.parent_folder_id = folder_of(ctx, out.sender.id, "sentitems").id
        sent.is_draft, sent.is_read = False, True
        sent.sent_date_time = sent.received_date_time = sent.last_modified_date_time = ctx.now
        sent.conversation_id = out.conversation_id
    delivered, unknown = [], []
    for address in dict.fromkeys(out.to + out.cc + out.bcc):
        user = user_by_mail(ctx, address)
        if user is not None:
            delivered.append(_copy(ctx, out, user.id, "inbox", sent.internet_message_id))
        elif is_internal(address) and room_by_mail(ctx, address) is None:
            unknown.append(address)
    ctx.db.flush()
    if unknown:
        non_delivery_report(ctx, sent, unknown)
    return sent, delivered


def answer_to(original: Message, sender: User, body: str) -> Outgoing:
    """The reply `sender` writes to `original`: RE: subject, the body above the quoted original, to its
    sender, in its conversation."""
    return Outgoing(
        sender=sender,
        subject=reply_subject(original.subject),
        body=quoted(original, body, sender.time_zone),
        to=[original.from_address or ""],
        conversation_id=original.conversation_id,
        in_reply_to_id=original.id,
    )


def receive_external(ctx: Ctx, out: Outgoing, owner_id: str) -> Message:
    """A mail from outside the company (a customer contact; `out.sender` is an unsaved User carrying
    their name and address) arrives in `owner_id`'s inbox, with its own internet message id."""
    copy = _copy(ctx, out, owner_id, "inbox", "")
    copy.internet_message_id = f"<{copy.id}@{out.sender.mail.split('@')[-1]}>"
    ctx.db.flush()
    return copy


POSTMASTER = ("Microsoft Outlook", f"postmaster@{INTERNAL_DOMAIN}")
NOT_FOUND = "550 5.1.1 RESOLVER.ADR.RecipNotFound; not found"


def non_delivery_report(ctx: Ctx, sent: Message, unknown: list[str]) -> Message:
    """Exchange's bounce for addresses of the company's domain that have no mailbox: a report from
    postmaster ("Microsoft Outlook") in the sender's inbox, "Undeliverable: <subject>", naming each
    recipient and the 550 5.1.1 reason, threaded to the sent message."""
    lines = [f"Your message to {', '.join(unknown)} couldn't be delivered."]
    lines += [f"{a.split('@')[0]} wasn't found at {INTERNAL_DOMAIN}." for a in unknown]
    lines += [
        "",
        "Action required: check the recipient's address (find_people searches the directory) "
        "and send the message again.",
        "",
        "Diagnostic information for administrators:",
        f"Generating server: mail.{INTERNAL_DOMAIN}",
    ]
    for address in unknown:
        lines += [address, f"Remote Server returned '{NOT_FOUND}'"]
    lines += ["", "Original message headers:", f"Message-ID: {sent.internet_message_id}"]
    lines += [f"Subject: {sent.subject}", f"To: {'; '.join(sent.to_recipients)}"]
    body = "\n".join(lines)
    report = Message(
        id=ctx.new_id("Message"),
        owner_id=sent.owner_id,
        parent_folder_id=folder_of(ctx, sent.owner_id, "inbox").id,
        conversation_id=sent.conversation_id,
        internet_message_id="",
        subject=f"Undeliverable: {sent.subject}",
        body_content=body,
        body_preview=preview(body),
        from_address=POSTMASTER[1],
        from_name=POSTMASTER[0],
        to_recipients=[sent.from_address or ""],
        sent_date_time=ctx.now,
        received_date_time=ctx.now,
        created_date_time=ctx.now,
        last_modified_date_time=ctx.now,
        in_reply_to_id=sent.id,
    )
    report.internet_message_id = f"<{report.id}@{INTERNAL_DOMAIN}>"
    ctx.db.add(report)
    ctx.db.flush()
    return report


def reply_addresses(
    sender: str, to: list[str], cc: list[str], mine: str, reply_all: bool
) -> tuple[list[str], list[str]]:
    """Whom a reply goes to by default (To, Cc), as Outlook addresses it: the sender (your own sent message:
    its recipients), and for reply all everyone else on the original's To and Cc but you."""
    mine, sender = mine.lower(), (sender or "").lower()
    reply_to = [sender] if sender and sender != mine else [a for a in to if a.lower() != mine]
    reply_cc: list[str] = []
    if reply_all:
        reply_to = list(dict.fromkeys(reply_to + [a for a in to if a.lower() != mine]))
        reply_cc = [a for a in dict.fromkeys(cc) if a.lower() != mine and a not in reply_to]
    return reply_to or [mine], reply_cc


def reply_subject(subject: str, prefix: str = "RE") -> str:
    """'RE: subject' without piling up prefixes."""
    bare = subject
    while bare[:3].upper() in ("RE:", "FW:") or bare[:4].upper() == "FWD:":
        bare = bare.split(":", 1)[1].lstrip()
    return f"{prefix}: {bare}"


def sent_line(when: datetime | None, zone: str) -> str:
    """A quote header's Sent time as Outlook writes it, on the writer's clock: 'Saturday, December 5, 2026
    10:44 AM'.

    Args:
        when: the original's sent time (UTC; a naive value is UTC).
        zone: the writer's time zone (their mailbox setting), e.g. America/Chicago.
    """
    if when is None:
        return ""
    local = (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(ZoneInfo(zone or "UTC"))
    clock = f"{local.hour % 12 or 12}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"
    return f"{local:%A}, {local:%B} {local.day}, {local.year} {clock}"


def quoted(original: Message, body: str, zone: str = "UTC") -> str:
    """A reply body followed by the quoted original, as Outlook writes it (the Sent time in `zone`, the
    writer's time zone)."""
    sent = sent_line(original.sent_date_time, zone)
    header = (
        f"From: {original.from_name} <{original.from_address}>\nSent: {sent}\n"
        f"To: {'; '.join(original.to_recipients)}\nSubject: {original.subject}"
    )
    return f"{body}\n\n________________________________\n{header}\n\n{original.body_content}"
