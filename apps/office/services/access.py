"""Drive sharing rules: who may see (read) or change (write) an item, inherited down the folder tree."""

from __future__ import annotations

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.models import DriveItem, Permission
from apps.office.services.common import check_id

RANK = {None: 0, "read": 1, "write": 2, "owner": 3}


def role_of(ctx: Ctx, item: DriveItem, user_id: str | None) -> str | None:
    """The acting user's role on `item`: owner, write, read or None, from the item and its ancestors."""
    best: str | None = None
    seen: set[str] = set()
    node: DriveItem | None = item
    while node is not None and node.id not in seen:
        seen.add(node.id)
        if node.owner_id == user_id:
            return "owner"
        for perm in ctx.db.exec(
            select(Permission).where(Permission.item_id == node.id, Permission.user_id == user_id)
        ):
            for role in perm.roles:
                if RANK.get(role, 0) > RANK[best]:
                    best = role
        node = ctx.db.get(DriveItem, node.parent_id) if node.parent_id else None
    return best


def item_for(ctx: Ctx, item_id: str, need: str = "read", field: str = "item_id", kind: str | None = None):
    """The drive item `item_id` if the acting user holds at least role `need` on it.

    Items the user cannot see are reported exactly like missing ones (nothing leaks); a viewer asking
    to change an item is told they have view-only access.
    """
    check_id(item_id, field)
    item = ctx.db.get(DriveItem, item_id) if item_id else None
    role = role_of(ctx, item, ctx.user_id) if item is not None else None
    what = {
        "document": "document",
        "workbook": "workbook",
        "presentation": "presentation",
        "folder": "folder",
    }.get(kind or "", "drive item")
    if item is None or role is None or (kind and item.kind != kind):
        raise NotFoundError(f"no {what} with id {item_id!r} that you can access", field=field)
    if RANK[role] < RANK[need]:
        raise ActionError(
            f"you have view-only access to {item.name!r}; ask its owner for edit access",
            field=field,
            code=ErrorKind.ACCESS_DENIED,
        )
    return item, role
