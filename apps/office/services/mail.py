"""Mail: folders, listing, reading and organising your own mailbox (Outlook / Graph `message`)."""

from __future__ import annotations

from typing import Annotated, Literal

from sqlalchemy import Integer, cast
from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Examples
from apps.core.references import Ref, resolve
from apps.office.error_shape import FOLDER_EXISTS
from apps.office.models import Attachment, MailFolder, Message
from apps.office.schemas import MailFolderOut, MessageDetail, MessagePage, MessageSummary
from apps.office.services.common import Done, Page, actions, check_limit, count, me, require_text
from apps.office.services.mailbox import WELL_KNOWN, own_message, resolve_folder
from apps.office.services.message_lists import has_category, message_page

FlagStatus = Literal["notFlagged", "flagged", "complete"]
Importance = Literal["low", "normal", "high"]


class MailFolderList(Page):
    records: list[MailFolderOut]  # type: ignore[valid-type]


def message_detail(ctx: Ctx, msg: Message) -> MessageDetail:
    attachments = ctx.db.exec(
        select(Attachment).where(Attachment.message_id == msg.id).order_by(Attachment.id)
    )
    return MessageDetail.model_validate(
        {**msg.model_dump(), "attachments": [a.model_dump() for a in attachments]}
    )


@actions.read
def list_mail_folders(ctx: Ctx) -> MailFolderList:
    """List the folders of your mailbox with their total and unread message counts.

    Well-known folders are inbox, drafts, sentitems, deleteditems and archive; any of these names can be
    used wherever a folder is asked for.
    """
    user = me(ctx)
    folders = ctx.db.exec(
        select(MailFolder).where(MailFolder.owner_id == user.id).order_by(MailFolder.id)
    ).all()
    stats = dict(
        (fid, (total, unread))
        for fid, total, unread in ctx.db.exec(
            select(
                Message.parent_folder_id,
                func.count(),
                # an Integer sum: a sum typed Boolean (the comparison's type) would come back as True/1
                func.sum(cast(col(Message.is_read).is_(False), Integer)),
            )
            .where(Message.owner_id == user.id)
            .group_by(Message.parent_folder_id)
        )
    )
    order = {"inbox": 0, "drafts": 1, "sentitems": 2, "deleteditems": 3, "archive": 4}
    folders = sorted(folders, key=lambda f: (order.get(f.well_known_name or "", 9), f.display_name))
    records = [
        MailFolderOut.model_validate(
            {
                **f.model_dump(),
                "total_item_count": stats.get(f.id, (0, 0))[0],
                "unread_item_count": stats.get(f.id, (0, 0))[1] or 0,
            }
        )
        for f in folders
    ]
    return MailFolderList(total=len(records), offset=0, limit=len(records), records=records)


@actions.write
def create_mail_folder(ctx: Ctx, *, display_name: str) -> MailFolderOut:
    """Create a mail folder at the top of your mailbox (to file messages with move_message).

    Args:
        display_name: the folder's name; must differ from your other folders' names.
    """
    user = me(ctx)
    name = require_text(display_name, "display_name", "a folder name")
    taken = ctx.db.exec(select(MailFolder).where(MailFolder.owner_id == user.id)).all()
    if any(f.display_name.lower() == name.lower() for f in taken):
        raise ActionError(
            f"you already have a folder named {name!r}", field="display_name", code=FOLDER_EXISTS
        )
    folder = MailFolder(id=ctx.new_id("MailFolder"), owner_id=user.id, display_name=name)
    ctx.db.add(folder)
    return MailFolderOut.model_validate(folder.model_dump())


CONVERSATION = Ref(
    Message,
    "conversation",
    key="conversation_id",
    names=(),
    how="give a message's conversation_id from list_messages or get_message",
    scope=lambda ctx: [Message.owner_id == ctx.user_id],
)


@actions.read
def list_messages(
    ctx: Ctx,
    *,
    folder: Annotated[str, Examples(WELL_KNOWN)] = "inbox",
    unread_only: bool = False,
    flagged_only: bool = False,
    category: str | None = None,
    conversation_id: str | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> MessagePage:
    """List messages of one folder of your mailbox, newest first (bodies left out: use get_message).

    New replies from coworkers arrive only when logical time passes: call check_new_mail or
    wait_for_replies first if you expect an answer.

    Args:
        folder: inbox (default), drafts, sentitems, deleteditems, archive, or a folder id / name.
        unread_only: only unread messages.
        flagged_only: only messages flagged for follow-up.
        category: only messages with this category (e.g. "Red category" or a custom one).
        conversation_id: only messages of this conversation (thread).
        limit: page size, 1-200.
        offset: rows to skip.
    """
    check_limit(limit, offset)
    user = me(ctx)
    box = resolve_folder(ctx, user.id, folder)
    stmt = select(Message).where(Message.owner_id == user.id, Message.parent_folder_id == box.id)
    if unread_only:
        stmt = stmt.where(col(Message.is_read).is_(False))
    if flagged_only:
        stmt = stmt.where(Message.flag_status == "flagged")
    if conversation_id:  # a thread of this mailbox (in any folder), else a clear refusal
        thread = resolve(ctx, CONVERSATION, conversation_id, field="conversation_id").conversation_id
        stmt = stmt.where(Message.conversation_id == thread)
    if category:
        stmt = stmt.where(has_category(category))
    return message_page(ctx, stmt, limit=limit, offset=offset)


@actions.read
def get_message(ctx: Ctx, *, message_id: str) -> MessageDetail:
    """Read one message of your mailbox in full: body, recipients, attachments, meeting details.

    Meeting invitations have meeting_message_type "meetingRequest", the event_id to answer with
    respond_to_event, and the invitation's iCalendar text in ics_content.

    Args:
        message_id: the message's id (from list_messages or search_messages).
    """
    return message_detail(ctx, own_message(ctx, message_id))


@actions.write
def update_message(
    ctx: Ctx,
    *,
    message_id: str,
    is_read: bool | None = None,
    flag_status: FlagStatus | None = None,
    categories: list[str] | None = None,
    importance: Importance | None = None,
) -> MessageSummary:
    """Mark a message read/unread, flag it for follow-up (or complete the flag), set its categories.

    Args:
        message_id: the message's id.
        is_read: true to mark read, false to mark unread.
        flag_status: notFlagged, flagged or complete.
        categories: the full new list of category names (replaces the old list; [] clears it).
        importance: low, normal or high.
    """
    msg = own_message(ctx, message_id)
    if categories is not None:
        cleaned = list(dict.fromkeys(c.strip() for c in categories if c.strip()))
        msg.categories = cleaned
    for key, value in (("is_read", is_read), ("flag_status", flag_status), ("importance", importance)):
        if value is not None:
            setattr(msg, key, value)
    msg.last_modified_date_time = ctx.now
    ctx.db.add(msg)
    return MessageSummary.model_validate(msg)


@actions.write
def move_message(
    ctx: Ctx, *, message_id: str, destination_folder: Annotated[str, Examples(WELL_KNOWN)]
) -> MessageSummary:
    """Move a message of your mailbox to another folder (e.g. archive, or a folder you created).

    Args:
        message_id: the message's id.
        destination_folder: a well-known name (inbox, archive, deleteditems …), a folder name or id.
    """
    msg = own_message(ctx, message_id)
    target = resolve_folder(ctx, msg.owner_id, destination_folder, field="destination_folder")
    if msg.is_draft and target.well_known_name not in ("drafts", "deleteditems"):
        raise ActionError(
            "a draft can only stay in drafts or be deleted; send it first",
            field="destination_folder",
            code=ErrorKind.INVALID_STATE,
        )
    msg.parent_folder_id = target.id
    msg.last_modified_date_time = ctx.now
    ctx.db.add(msg)
    return MessageSummary.model_validate(msg)


@actions.destructive
def delete_message(ctx: Ctx, *, message_id: str) -> Done:
    """Delete a message: it moves to Deleted Items; deleting it there removes it permanently.

    Args:
        message_id: the message's id.
    """
    msg = own_message(ctx, message_id)
    trash = resolve_folder(ctx, msg.owner_id, "deleteditems")
    if msg.parent_folder_id == trash.id:
        for att in ctx.db.exec(select(Attachment).where(Attachment.message_id == msg.id)):
            ctx.db.delete(att)
        ctx.db.delete(msg)
        return Done(id=message_id, status="permanently deleted")
    msg.parent_folder_id = trash.id
    msg.last_modified_date_time = ctx.now
    ctx.db.add(msg)
    return Done(id=message_id, status="moved to deleteditems")


def unread_count(ctx: Ctx, owner_id: str) -> int:
    inbox = resolve_folder(ctx, owner_id, "inbox")
    return count(
        ctx,
        select(Message).where(Message.parent_folder_id == inbox.id, col(Message.is_read).is_(False)),
    )
