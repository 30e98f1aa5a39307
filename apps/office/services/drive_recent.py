"""OneDrive's Recent view (Graph `drive/recent`): the files you can open, most recently changed first,
optionally of one kind — what PowerPoint's start page and its Insert and Design pickers list — and a
file's content (Graph `driveItem/content`), e.g. a picture a slide shows."""

from __future__ import annotations

import base64
from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit
from apps.office.models import DriveItem, FileContent
from apps.office.schemas import ExportOut
from apps.office.services.access import item_for, role_of
from apps.office.services.common import actions, check_limit, me
from apps.office.services.drive import DriveItemList, item_out

FileKind = Literal["presentation", "document", "workbook", "image", "file"]


@actions.read
def list_recent_files(ctx: Ctx, *, kind: FileKind | None = None, limit: Limit = 25) -> DriveItemList:
    """Files you can open (yours and those shared with you), most recently changed first.

    Args:
        kind: only presentations, documents, workbooks, images (PNG, JPEG, GIF) or other files.
        limit: at most this many, 1-200.
    """
    check_limit(limit)
    user = me(ctx)
    stmt = select(DriveItem).where(DriveItem.kind != "folder", col(DriveItem.parent_id).is_not(None))
    if kind == "image":
        stmt = stmt.where(DriveItem.kind == "file", col(DriveItem.mime_type).like("image/%"))
    elif kind is not None:
        stmt = stmt.where(DriveItem.kind == kind)
    stmt = stmt.order_by(col(DriveItem.last_modified_date_time).desc(), DriveItem.id)
    found = []
    for item in ctx.db.exec(stmt):
        role = role_of(ctx, item, user.id)
        if role is not None:
            found.append(item_out(ctx, item, role))
            if len(found) >= limit:
                break
    return DriveItemList(folder_id=None, records=found)


@actions.read
def get_file_content(ctx: Ctx, *, item_id: str) -> ExportOut:
    """Download a file's bytes (Graph `driveItem/content`) as base64: a picture, an uploaded file, a plain
    text file. Documents, workbooks and presentations are downloaded with their export tools.

    Args:
        item_id: the file's drive item id.
    """
    item, _ = item_for(ctx, item_id)
    stored = ctx.db.get(FileContent, item.id)
    if item.kind != "file":
        tool = {
            "document": "export_document",
            "workbook": "export_workbook",
            "presentation": "export_presentation",
        }
        raise ActionError(
            f"{item.name!r} is a {item.kind}; download it with {tool.get(item.kind, 'list_drive_items')}",
            field="item_id",
            code=ErrorKind.INVALID_VALUE,
        )
    data = stored.content if stored is not None else (item.content_text or "").encode()
    return ExportOut(
        name=item.name,
        content_type=item.mime_type or "application/octet-stream",
        size=len(data),
        content_base64=base64.b64encode(data).decode(),
    )
