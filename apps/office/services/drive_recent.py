"""OneDrive's Recent view (Graph `drive/recent`): the files you can open, most recently changed first,
optionally of one kind — what PowerPoint's start page and its Insert and Design pickers list."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.list_query import Limit
from apps.office.models import DriveItem
from apps.office.services.access import role_of
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
