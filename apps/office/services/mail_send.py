"""Mail: composing — send, drafts, reply, reply-all and forward (forward carries the attachments)."""

from __future__ import annotations

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.tool_runner import yield_point
from apps.office.coworkers.engine import on_mail_delivered
from apps.office.customers.engine import on_mail_to_customers
from apps.office.error_shape import INVALID_RECIPIENTS
from apps.office.limits import check_recipient_count
from apps.office.models import Attachment, Message
from apps.office.schemas import MessageDetail
from apps.office.services.access import item_for
from apps.office.services.common import Emails, OptionalEmails, actions, check_addresses, me, preview
from apps.office.services.mail import Importance, message_detail
from apps.office.services.mailbox import (
    Outgoing,
    deliver,
    folder_of,
    own_message,
    quoted,
    reply_addresses,
    reply_subject,
)

MIME = {
    "document": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "workbook": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def drive_attachments(ctx: Ctx, item_ids: list[str]) -> list[Attachment]:
    """Reference attachments for drive files the acting user can read (folders cannot be attached)."""
    out = []
    for item_id in dict.fromkeys(item_ids):
        item, _ = item_for(ctx, item_id, field="attachment_item_ids")
        if item.kind == "folder":
            raise ActionError(
                f"{item.name!r} is a folder; attach files only",
                field="attachment_item_ids",
                code=ErrorKind.INVALID_VALUE,
            )
        mime = item.mime_type or MIME.get(item.kind, "application/octet-stream")
        out.append(
            Attachment(
                id="",
                message_id="",
                name=item.name,
                content_type=mime,
                size=item.size,
                source_item_id=item.id,
            )
        )
    return out


def _send(ctx: Ctx, out: Outgoing, draft: Message | None = None) -> MessageDetail:
    if not (out.to or out.cc or out.bcc):
        raise ActionError("add at least one recipient (to, cc or bcc)", field="to", code=INVALID_RECIPIENTS)
    check_recipient_count(out.to, out.cc, out.bcc)
    sent, delivered = deliver(ctx, out, sent_copy=draft)
    for copy in delivered:
        yield_point()  # each colleague's reaction is decided now: a crowd is seconds of work
        on_mail_delivered(ctx, copy)
    on_mail_to_customers(ctx, sent)
    return message_detail(ctx, sent)


@actions.write
def send_mail(
    ctx: Ctx,
    *,
    to: Emails,
    subject: str,
    body: str,
    cc: OptionalEmails = None,
    bcc: OptionalEmails = None,
    importance: Importance = "normal",
    attachment_item_ids: list[str] | None = None,
) -> MessageDetail:
    """Send a new mail from your mailbox; a copy lands in your Sent Items and each colleague's inbox.

    Colleagues (addresses @acme.example) may answer later on the logical clock: use wait_for_replies
    or check_new_mail to receive their replies. External addresses (customers) only need to be valid.

    Args:
        to: recipient addresses, e.g. ["jane.doe@acme.example"].
        subject: the subject line.
        body: the message text.
        cc: carbon-copy addresses.
        bcc: blind-copy addresses (hidden from the other recipients).
        importance: low, normal or high.
        attachment_item_ids: drive file ids to attach (you need at least view access to each).

    An @acme.example address with no mailbox is accepted and bounces: a non-delivery report
    ("Undeliverable: <subject>", from Microsoft Outlook) arrives in your inbox naming it.
    Errors: a malformed address, no recipients, more than 500 recipients in To, Cc and Bcc together
    (ErrorExceededMaxRecipientLimit: Exchange Online's limit per message).
    """
    check_recipient_count(to, cc or [], bcc or [])  # before any address is looked up
    user = me(ctx)
    out = Outgoing(
        sender=user,
        subject=subject.strip(),
        body=body,
        to=check_addresses(ctx, to, "to", mail=True),
        cc=check_addresses(ctx, cc or [], "cc", mail=True),
        bcc=check_addresses(ctx, bcc or [], "bcc", mail=True),
        importance=importance,
        attachments=drive_attachments(ctx, attachment_item_ids or []),
    )
    return _send(ctx, out)


@actions.write
def create_draft(
    ctx: Ctx,
    *,
    subject: str = "",
    body: str = "",
    to: OptionalEmails = None,
    cc: OptionalEmails = None,
    attachment_item_ids: list[str] | None = None,
) -> MessageDetail:
    """Save a new draft in your Drafts folder (send it later with send_draft).

    Args:
        subject: the subject line.
        body: the message text.
        to: recipient addresses.
        cc: carbon-copy addresses.
        attachment_item_ids: drive file ids to attach.
    """
    user = me(ctx)
    draft = Message(
        id=ctx.new_id("Message"),
        owner_id=user.id,
        parent_folder_id=folder_of(ctx, user.id, "drafts").id,
        conversation_id=ctx.new_id("Conversation"),
        internet_message_id="",
        subject=subject.strip(),
        body_content=body,
        body_preview=preview(body),
        from_address=user.mail,
        from_name=user.display_name,
        to_recipients=check_addresses(ctx, to or [], "to", mail=True),
        cc_recipients=check_addresses(ctx, cc or [], "cc", mail=True),
        is_read=True,
        is_draft=True,
        created_date_time=ctx.now,
        last_modified_date_time=ctx.now,
    )
    draft.internet_message_id = f"<{draft.id}@acme.example>"
    ctx.db.add(draft)
    for att in drive_attachments(ctx, attachment_item_ids or []):
        att.id, att.message_id = ctx.new_id("Attachment"), draft.id
        ctx.db.add(att)
        draft.has_attachments = True
    ctx.db.flush()
    return message_detail(ctx, draft)


def own_draft(ctx: Ctx, message_id: str) -> Message:
    msg = own_message(ctx, message_id)
    if not msg.is_draft:
        raise ActionError(
            "this message was already sent; only drafts can be edited or sent",
            field="message_id",
            code=ErrorKind.INVALID_STATE,
        )
    return msg


@actions.write
def update_draft(
    ctx: Ctx,
    *,
    message_id: str,
    subject: str | None = None,
    body: str | None = None,
    to: OptionalEmails = None,
    cc: OptionalEmails = None,
) -> MessageDetail:
    """Change a draft's subject, body or recipients (only the arguments you give change).

    Args:
        message_id: the draft's id.
        subject: new subject line.
        body: new message text.
        to: new full list of recipient addresses.
        cc: new full list of carbon-copy addresses.
    """
    draft = own_draft(ctx, message_id)
    if subject is not None:
        draft.subject = subject.strip()
    if body is not None:
        draft.body_content, draft.body_preview = body, preview(body)
    if to is not None:
        draft.to_recipients = check_addresses(ctx, to, "to", mail=True)
    if cc is not None:
        draft.cc_recipients = check_addresses(ctx, cc, "cc", mail=True)
    draft.last_modified_date_time = ctx.now
    ctx.db.add(draft)
    return message_detail(ctx, draft)


@actions.write
def send_draft(ctx: Ctx, *, message_id: str) -> MessageDetail:
    """Send one of your drafts as it is; it moves from Drafts to Sent Items.

    Args:
        message_id: the draft's id.
    """
    draft = own_draft(ctx, message_id)
    attachments = list(ctx.db.exec(select(Attachment).where(Attachment.message_id == draft.id)))
    out = Outgoing(
        sender=me(ctx),
        subject=draft.subject,
        body=draft.body_content,
        to=draft.to_recipients,
        cc=draft.cc_recipients,
        bcc=draft.bcc_recipients,
        conversation_id=draft.conversation_id,
        importance=draft.importance,
        attachments=attachments,
        in_reply_to_id=draft.in_reply_to_id,
    )
    return _send(ctx, out, draft)


@actions.write
def reply_to_message(
    ctx: Ctx,
    *,
    message_id: str,
    body: str,
    reply_all: bool = False,
    to: OptionalEmails = None,
    cc: OptionalEmails = None,
    bcc: OptionalEmails = None,
    importance: Importance = "normal",
) -> MessageDetail:
    """Reply to a message of your mailbox, in the same conversation, quoting the original. As Microsoft
    Graph's reply and replyAll with a message's toRecipients and ccRecipients: the reply goes to the
    sender (reply_all: also everyone else on the original's To and Cc, but you), and `to` or `cc`, when
    given, are the reply's whole To or Cc line instead.

    Args:
        message_id: the message you answer.
        body: your reply text (the original is quoted below it).
        reply_all: also address everyone else on the original (To and Cc), except you.
        to: the reply's recipients instead of the default ones (give the sender too to keep them).
        cc: the reply's carbon-copy addresses instead of the default ones (none; with reply_all, the
            original's Cc): e.g. your manager on a reply to a customer.
        bcc: blind-copy addresses (hidden from the other recipients).
        importance: low, normal or high (Outlook's High / Low importance on the reply; the recipients
            see it on their copy).
    """
    check_recipient_count(to or [], cc or [], bcc or [])  # before any address is looked up
    user = me(ctx)
    original = own_message(ctx, message_id)
    if original.is_draft:
        raise ActionError("you cannot reply to a draft", field="message_id", code=ErrorKind.INVALID_STATE)
    default_to, default_cc = reply_addresses(
        original.from_address or "", original.to_recipients, original.cc_recipients, user.mail, reply_all
    )
    out = Outgoing(
        sender=user,
        subject=reply_subject(original.subject),
        body=quoted(original, body, user.time_zone),
        to=default_to if to is None else check_addresses(ctx, to, "to", mail=True),
        cc=default_cc if cc is None else check_addresses(ctx, cc, "cc", mail=True),
        bcc=check_addresses(ctx, bcc or [], "bcc", mail=True),
        conversation_id=original.conversation_id,
        importance=importance,
        in_reply_to_id=original.id,
    )
    return _send(ctx, out)


@actions.write
def forward_message(
    ctx: Ctx,
    *,
    message_id: str,
    to: Emails,
    comment: str = "",
    cc: OptionalEmails = None,
    bcc: OptionalEmails = None,
    importance: Importance = "normal",
) -> MessageDetail:
    """Forward a message (with all its attachments) to other people.

    Args:
        message_id: the message to forward.
        to: recipient addresses.
        comment: your note above the forwarded message.
        cc: carbon-copy addresses.
        bcc: blind-copy addresses (hidden from the other recipients).
        importance: low, normal or high (the recipients see it on their copy).
    """
    check_recipient_count(to, cc or [], bcc or [])
    user = me(ctx)
    original = own_message(ctx, message_id)
    attachments = list(ctx.db.exec(select(Attachment).where(Attachment.message_id == original.id)))
    out = Outgoing(
        sender=user,
        subject=reply_subject(original.subject, "FW"),
        body=quoted(original, comment, user.time_zone),
        to=check_addresses(ctx, to, "to", mail=True),
        cc=check_addresses(ctx, cc or [], "cc", mail=True),
        bcc=check_addresses(ctx, bcc or [], "bcc", mail=True),
        conversation_id=original.conversation_id,
        importance=importance,
        attachments=attachments,
    )
    return _send(ctx, out)
