"""People and groups: users (employees and customer contacts), assignment groups, who you are."""

from __future__ import annotations

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.list_query import Limit, Offset
from apps.core.references import Ref, resolve
from apps.ticketing.models import Group, GroupMember, SysUser
from apps.ticketing.schemas import GroupList, GroupOut, UserOut, UserPage
from apps.ticketing.services.common import actions, find_group, group_members, page, search_filter
from apps.ticketing.services.present import display_names

# a customer company, by its name (the users of one share it): "acme corp" and "Acme Corp" are one company
COMPANY = Ref(
    SysUser,
    "company",
    key="company",
    names=("company",),
    how="give a customer company's name; see list_users",
)


@actions.read
def list_users(
    ctx: Ctx,
    *,
    search: str | None = None,
    group: str | None = None,
    department: str | None = None,
    company: str | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> UserPage:
    """Find users (sys_user): employees and customer contacts (company set, crm_contact_id = their CRM id).

    Args:
        search: text in the name, user_name or e-mail.
        group: only members of this group (sys_id or name).
        department: e.g. IT, Support, Engineering.
        company: only users of this customer company (its name).
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(SysUser).where(SysUser.active == True)  # noqa: E712
    if search:
        stmt = stmt.where(search_filter(SysUser, search, ("name", "user_name", "email")))
    if group:
        members = select(GroupMember.user).where(
            GroupMember.group == find_group(ctx, group, "group", active=False).sys_id
        )
        stmt = stmt.where(col(SysUser.sys_id).in_(members))
    if department:
        stmt = stmt.where(SysUser.department == department)
    if company:
        known = resolve(ctx, COMPANY, company, field="company").company
        stmt = stmt.where(func.lower(SysUser.company) == known.lower())
    total, rows = page(ctx, stmt.order_by(SysUser.name, SysUser.sys_id), limit, offset)
    return UserPage(total=total, offset=offset, limit=limit, records=rows)


@actions.read
def list_groups(ctx: Ctx) -> GroupList:
    """List the active assignment groups with their manager and member count. Use list_users(group=...)
    for the members (an incident's assignee must belong to its assignment group)."""
    groups = ctx.db.exec(select(Group).where(Group.active == True).order_by(Group.name)).all()  # noqa: E712
    counts = dict(ctx.db.exec(select(GroupMember.group, func.count()).group_by(GroupMember.group)).all())
    names = display_names(ctx, [g.manager for g in groups])
    return GroupList(
        records=[
            GroupOut.model_validate(
                {
                    **g.model_dump(),
                    "manager_name": names.get(g.manager),
                    "member_count": counts.get(g.sys_id, 0),
                }
            )
            for g in groups
        ]
    )


@actions.read
def get_current_user(ctx: Ctx) -> UserOut:
    """Who you are acting as (your sys_id, name, department), as in the ServiceNow user menu."""
    user = ctx.db.get(SysUser, ctx.user_id or "")
    if user is None:
        from apps.core.errors import NotFoundError

        raise NotFoundError("no acting user in this world", field=None)
    return user


@actions.read
def get_group_members(ctx: Ctx, *, group: str) -> UserPage:
    """The members of one group (sys_id or name), by name.

    Args:
        group: the group's sys_id or name.
    """
    members = group_members(ctx, find_group(ctx, group, "group", active=False).sys_id)
    return UserPage(total=len(members), offset=0, limit=len(members), records=members)
