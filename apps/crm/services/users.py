"""Users of the org: who can own records."""

from __future__ import annotations

from sqlmodel import col, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.text_search import contains
from apps.crm.models import User
from apps.crm.schemas import UserList, UserOut
from apps.crm.services.common import actions, read_record


@actions.read
def list_users(ctx: Ctx, *, search: str | None = None, active_only: bool = True) -> UserList:
    """List users by name (to find an owner_id).

    Args:
        search: text matched against the name, username, e-mail, title and department.
        active_only: hide deactivated users (default true); inactive users cannot own records.
    """
    stmt = select(User)
    if search:
        text = search.strip()
        fields = (User.name, User.username, User.email, User.title, User.department)
        stmt = stmt.where(or_(*(contains(f, text) for f in fields)))
    if active_only:
        stmt = stmt.where(col(User.is_active).is_(True))
    return UserList(records=ctx.db.exec(stmt.order_by(User.name, User.id)).all())


@actions.read
def get_current_user(ctx: Ctx) -> UserOut:
    """The user you act as (the default owner of what you create, and whose records `mine` lists)."""
    if not ctx.user_id:
        raise ActionError("no acting user is configured for this episode", code="NOT_FOUND")
    return UserOut.model_validate(read_record(ctx, User, ctx.user_id, label="user"))
