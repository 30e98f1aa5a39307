"""Drive (OneDrive): folders and files, sharing with viewer (read) or editor (write) access."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core import list_query
from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit
from apps.core.param_schema import TextRule
from apps.core.service_kit import fill_doc
from apps.office.deck_models import Presentation, Slide, SlideComment, SlideShape
from apps.office.models import DocBlock, DocComment, DriveItem, FileContent, Permission, User, Worksheet
from apps.office.schemas import DriveItemOut, PermissionOut
from apps.office.services.access import item_for, role_of
from apps.office.services.common import Done, Email, actions, check_limit, me, require_text, user_by_mail
from apps.office.services.drive_names import NAME_RULES, ItemName, check_name
from apps.office.services.mailbox import Outgoing, receive_external

Role = Literal["read", "write"]
MAX_INVITE_MESSAGE = 2000  # Graph's invite: "a plain text formatted message ... Maximum length 2000"
InviteMessage = Annotated[str, TextRule(max_length=MAX_INVITE_MESSAGE)]
SHAREPOINT_SENDER = "no-reply@sharepointonline.com"


class DriveItemList(BaseModel):
    folder_id: str | None
    records: list[DriveItemOut]  # type: ignore[valid-type]


class DriveItemDetail(DriveItemOut):  # type: ignore[valid-type,misc]
    """An item with its text content (plain files), path and sharing."""

    content_text: str | None = None
    path: str = "/"
    permissions: list[PermissionOut] = []  # type: ignore[valid-type]


def _shared(ctx: Ctx, item: DriveItem) -> bool:
    """Whether anyone has a permission on `item` or a folder above it (OneDrive's Sharing: Shared)."""
    seen: set[str] = set()
    node: DriveItem | None = item
    while node is not None and node.id not in seen:
        seen.add(node.id)
        if ctx.db.exec(select(Permission.id).where(Permission.item_id == node.id)).first():
            return True
        node = ctx.db.get(DriveItem, node.parent_id) if node.parent_id else None
    return False


def item_out(ctx: Ctx, item: DriveItem, role: str | None = None) -> DriveItemOut:
    """The item as the tools and pages show it: your role, its owner and who last modified it by name, and
    whether it is shared.

    ctx: the acting user's context.
    item: the drive item.
    role: your role on it when already known (else looked up).
    """
    role = role or role_of(ctx, item, ctx.user_id) or "read"
    owner = ctx.db.get(User, item.owner_id)
    editor = ctx.db.get(User, item.last_modified_by_id) if item.last_modified_by_id else owner
    data = {**item.model_dump(), "my_role": role, "shared": _shared(ctx, item)}
    data["owner_name"] = owner.display_name if owner else None
    return DriveItemOut.model_validate({**data, "modified_by_name": editor.display_name if editor else None})


def root_of(ctx: Ctx, user_id: str) -> DriveItem:
    root = ctx.db.exec(
        select(DriveItem).where(DriveItem.owner_id == user_id, col(DriveItem.parent_id).is_(None))
    ).first()
    if root is None:
        raise ActionError("you have no OneDrive", code=ErrorKind.NOT_FOUND)
    return root


def path_of(ctx: Ctx, item: DriveItem) -> str:
    names = []
    node = item
    while node is not None and node.parent_id:
        names.append(node.name)
        node = ctx.db.get(DriveItem, node.parent_id)
    return "/" + "/".join(reversed(names))


def permissions_of(ctx: Ctx, item_id: str) -> list[PermissionOut]:
    rows = ctx.db.exec(select(Permission).where(Permission.item_id == item_id).order_by(Permission.id))
    out = []
    for p in rows:
        user = ctx.db.get(User, p.user_id)
        out.append(PermissionOut.model_validate({**p.model_dump(), "user_mail": user.mail if user else None}))
    return out


@actions.read
def list_drive_items(
    ctx: Ctx, *, folder_id: str | None = None, shared_with_me: bool = False
) -> DriveItemList:
    """List a folder of OneDrive (default: the root of your own drive), folders first.

    Args:
        folder_id: a folder id you can access (from this list or search_drive).
        shared_with_me: instead list items other people shared with you directly.
    """
    user = me(ctx)
    if shared_with_me:
        ids = [p.item_id for p in ctx.db.exec(select(Permission).where(Permission.user_id == user.id))]
        rows = ctx.db.exec(select(DriveItem).where(col(DriveItem.id).in_(ids)).order_by(DriveItem.name)).all()
        return DriveItemList(folder_id=None, records=[item_out(ctx, r) for r in rows])
    folder, role = (
        item_for(ctx, folder_id, field="folder_id", kind="folder")
        if folder_id
        else (root_of(ctx, user.id), "owner")
    )
    rows = ctx.db.exec(select(DriveItem).where(DriveItem.parent_id == folder.id)).all()
    rows = sorted(rows, key=lambda r: (r.kind != "folder", r.name.lower()))
    return DriveItemList(
        folder_id=folder.id, records=[item_out(ctx, r) for r in rows if role_of(ctx, r, user.id)]
    )


@actions.read
def get_drive_item(ctx: Ctx, *, item_id: str) -> DriveItemDetail:
    """One drive item: metadata, path, who it is shared with, and the text of plain files.
    Documents, workbooks and presentations are read with get_document, get_worksheet and get_presentation.

    Args:
        item_id: the item's id.
    """
    item, role = item_for(ctx, item_id)
    data = {**item.model_dump(), **item_out(ctx, item, role).model_dump(), "path": path_of(ctx, item)}
    data["permissions"] = permissions_of(ctx, item.id)
    return DriveItemDetail.model_validate(data)


@actions.read
def search_drive(ctx: Ctx, *, query: str, limit: Limit = 25) -> DriveItemList:
    """Find files and folders you can access (your own and shared ones) whose name or text has `query`.

    Args:
        query: words to look for, e.g. "renewal pricing".
        limit: at most this many results, 1-200.
    """
    check_limit(limit)
    text = require_text(query, "query", "search text")
    user = me(ctx)
    found = []
    stmt = select(DriveItem).where(col(DriveItem.parent_id).is_not(None))
    stmt = list_query.matching_words(
        stmt, (DriveItem.name, DriveItem.description, DriveItem.content_text), text
    )
    for item in ctx.db.exec(list_query.ordered(stmt, DriveItem.name, tiebreak=DriveItem.id)):
        if role_of(ctx, item, user.id):
            found.append(item_out(ctx, item))
            if len(found) >= limit:
                break
    return DriveItemList(folder_id=None, records=found)


def _checked_name(ctx: Ctx, name: str, folder: DriveItem, item_id: str | None = None) -> str:
    """`name` if OneDrive allows it in `folder` (item `item_id` itself aside), else Graph's refusal."""
    siblings = ctx.db.exec(select(DriveItem).where(DriveItem.parent_id == folder.id)).all()
    return check_name(name, path_of(ctx, folder), [s.name for s in siblings if s.id != item_id])


def new_item(
    ctx: Ctx, parent_id: str | None, name: str, kind: str, mime: str | None = None, text: str | None = None
) -> DriveItem:
    """Create an item in a folder the acting user may write to (default: their drive's root)."""
    user = me(ctx)
    parent = (
        item_for(ctx, parent_id, "write", field="parent_id", kind="folder")[0]
        if parent_id
        else root_of(ctx, user.id)
    )
    require_text(name, "name", "a name")
    name = _checked_name(ctx, name, parent)  # as given: OneDrive refuses spaces at either end
    item = DriveItem(
        id=ctx.new_id("DriveItem"),
        name=name,
        parent_id=parent.id,
        owner_id=parent.owner_id,
        kind=kind,
        mime_type=mime,
        content_text=text,
        size=len((text or "").encode()),
        created_date_time=ctx.now,
        last_modified_date_time=ctx.now,
        last_modified_by_id=user.id,
    )
    item.web_url = f"https://acme-my.sharepoint.example/personal/items/{item.id}"
    ctx.db.add(item)
    return item


@actions.write
@fill_doc(rules=NAME_RULES)
def create_folder(ctx: Ctx, *, name: ItemName, parent_id: str | None = None) -> DriveItemOut:
    """Create a folder in your drive (or in a shared folder where you are an editor).

    Args:
        name: the folder name (unique within its parent; OneDrive's rules: {rules}).
        parent_id: the parent folder's id (default: your drive's root).
    """
    return item_out(ctx, new_item(ctx, parent_id, name, "folder"))


@actions.write
@fill_doc(rules=NAME_RULES)
def create_file(ctx: Ctx, *, name: ItemName, content: str = "", parent_id: str | None = None) -> DriveItemOut:
    """Create a plain text file (notes, .txt, .csv, .md) in your drive or a folder you can edit.
    Use create_document and create_workbook for Word documents and Excel workbooks.

    Args:
        name: file name with extension, e.g. "meeting-notes.txt" ({rules}).
        content: the file's text.
        parent_id: the folder's id (default: your drive's root).
    """
    mime = "text/csv" if name.lower().endswith(".csv") else "text/plain"
    return item_out(ctx, new_item(ctx, parent_id, name, "file", mime, content))


@actions.write
@fill_doc(rules=NAME_RULES)
def update_drive_item(
    ctx: Ctx,
    *,
    item_id: str,
    name: ItemName | None = None,
    parent_id: str | None = None,
    content: str | None = None,
) -> DriveItemOut:
    """Rename a drive item, move it to another folder, or replace a plain file's text (editors only).

    Args:
        item_id: the item's id.
        name: new name ({rules}).
        parent_id: id of the folder to move it into (you need edit access there too).
        content: new text of a plain file.
    """
    item, role = item_for(ctx, item_id, "write")
    if item.parent_id is None:
        raise ActionError(
            "the root of a drive cannot be changed", field="item_id", code=ErrorKind.INVALID_VALUE
        )
    if parent_id is not None:
        target = item_for(ctx, parent_id, "write", field="parent_id", kind="folder")[0]
        node: DriveItem | None = target
        while node is not None:
            if node.id == item.id:
                raise ActionError(
                    "a folder cannot be moved into itself", field="parent_id", code=ErrorKind.INVALID_VALUE
                )
            node = ctx.db.get(DriveItem, node.parent_id) if node.parent_id else None
    else:
        target = ctx.db.get(DriveItem, item.parent_id)
    new_name = item.name if name is None else name
    if name is not None:
        require_text(name, "name", "a name")
    if name is not None or target.id != item.parent_id:  # the name must fit where the item ends up
        item.name = _checked_name(ctx, new_name, target, item.id)
    item.parent_id = target.id
    if content is not None:
        if item.kind != "file":
            raise ActionError(
                f"{item.name!r} is a {item.kind}; edit it with its own tools",
                field="content",
                code=ErrorKind.INVALID_VALUE,
            )
        item.content_text, item.size = content, len(content.encode())
    item.last_modified_date_time, item.last_modified_by_id = ctx.now, ctx.user_id
    ctx.db.add(item)
    return item_out(ctx, item, role)


@actions.destructive
def delete_drive_item(ctx: Ctx, *, item_id: str) -> Done:
    """Delete a file or a folder with everything in it (owner or editor only).

    Args:
        item_id: the item's id.
    """
    item, _ = item_for(ctx, item_id, "write")
    if item.parent_id is None:
        raise ActionError(
            "the root of a drive cannot be deleted", field="item_id", code=ErrorKind.INVALID_VALUE
        )
    stack, removed = [item], 0
    while stack:
        node = stack.pop()
        stack.extend(ctx.db.exec(select(DriveItem).where(DriveItem.parent_id == node.id)))
        for model in (Permission, DocBlock, DocComment, Worksheet, Slide, SlideShape, SlideComment):
            for row in ctx.db.exec(select(model).where(model.item_id == node.id)):
                if model is Worksheet:
                    from apps.office.services.workbook import delete_cells

                    delete_cells(ctx, row.id)
                ctx.db.delete(row)
        for row in (ctx.db.get(Presentation, node.id), ctx.db.get(FileContent, node.id)):
            if row is not None:
                ctx.db.delete(row)
        ctx.db.delete(node)
        removed += 1
    return Done(id=item_id, status=f"deleted {removed} item(s)")


def _send_invitation(ctx: Ctx, item: DriveItem, to: User, message: str) -> None:
    """OneDrive's sharing invitation: a mail from SharePoint on the sharer's behalf, in `to`'s inbox."""
    if len(message) > MAX_INVITE_MESSAGE:
        raise ActionError(
            f"the message has {len(message):,} characters; a sharing invitation's message has at most "
            f"{MAX_INVITE_MESSAGE:,}",
            field="message",
            code=ErrorKind.INVALID_VALUE,
        )
    sharer = me(ctx)
    sender = User(id="", display_name=sharer.display_name, mail=SHAREPOINT_SENDER)
    subject = f'{sharer.display_name} shared "{item.name}" with you'
    body = f"{sharer.display_name} shared a {item.kind} with you.\n\n{message}\n\nOpen: {item.web_url}"
    receive_external(ctx, Outgoing(sender=sender, subject=subject, body=body, to=[to.mail]), to.id)


@actions.write
def share_drive_item(
    ctx: Ctx, *, item_id: str, email: Email, role: Role = "read", message: InviteMessage | None = None
) -> PermissionOut:
    """Share a file or folder with a colleague as viewer (read) or editor (write); folders share
    everything inside. Sharing again with the same person changes their role. Owners and editors can share.
    With a message the colleague also gets OneDrive's sharing invitation mail carrying it (Graph's
    invite with sendInvitation); without one, access is granted silently.

    Args:
        item_id: the item's id.
        email: the colleague's address (@acme.example).
        role: read (can view) or write (can edit).
        message: a note for the invitation mail, plain text, at most 2,000 characters.
    """
    item, _ = item_for(ctx, item_id, "write")
    user = user_by_mail(ctx, email)
    if user is None:
        raise ActionError(
            f"no colleague with the address {email!r}; files can be shared inside the company only",
            field="email",
            code=ErrorKind.INVALID_VALUE,
        )
    if user.id == item.owner_id:
        raise ActionError(f"{user.display_name} owns this item", field="email", code=ErrorKind.INVALID_VALUE)
    perm = ctx.db.exec(
        select(Permission).where(Permission.item_id == item.id, Permission.user_id == user.id)
    ).first()
    if perm is None:
        perm = Permission(
            id=ctx.new_id("Permission"),
            item_id=item.id,
            user_id=user.id,
            granted_by_id=ctx.user_id,
            created_date_time=ctx.now,
        )
    perm.roles = [role]
    ctx.db.add(perm)
    if message and message.strip():
        _send_invitation(ctx, item, user, message.strip())
    return PermissionOut.model_validate({**perm.model_dump(), "user_mail": user.mail})


@actions.destructive
def remove_permission(ctx: Ctx, *, item_id: str, email: Email) -> Done:
    """Stop sharing an item with someone (they keep access inherited from a shared parent folder).

    Args:
        item_id: the item's id.
        email: the colleague's address.
    """
    item, _ = item_for(ctx, item_id, "write")
    user = user_by_mail(ctx, email)
    perm = ctx.db.exec(
        select(Permission).where(
            Permission.item_id == item.id, Permission.user_id == (user.id if user else "")
        )
    ).first()
    if perm is None:
        raise ActionError(
            f"{item.name!r} is not shared with {email} directly", field="email", code=ErrorKind.NOT_FOUND
        )
    ctx.db.delete(perm)
    return Done(id=perm.id, status="removed")
