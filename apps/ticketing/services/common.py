"""Shared helpers of the ticketing services: finding records by number or sys_id, checks, stamping."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from pydantic import Field
from sqlmodel import SQLModel, col, func, select

from apps.core import list_query
from apps.core.actions import ActionSet, Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.list_query import Page, count  # noqa: F401
from apps.core.list_query import check_page as check_limit  # noqa: F401  (used by the services)
from apps.core.param_schema import Choices, Examples
from apps.core.references import Ref, resolve
from apps.core.service_kit import fill_doc, require_text  # noqa: F401
from apps.core.text_search import contains_any
from apps.ticketing import choices as c
from apps.ticketing.models import ConfigurationItem, Group, GroupMember, JournalEntry, SysUser

actions = ActionSet("ticketing")

T = TypeVar("T", bound=SQLModel)


def find(ctx: Ctx, model: type[T], key: str | None, *, field: str, label: str) -> T:
    """A record by sys_id, or by number (INC0010001) for tables with numbers; else NotFoundError."""
    key = (key or "").strip()
    row = ctx.db.get(model, key) if key else None
    if row is None and key and hasattr(model, "number"):
        stmt = select(model).where(func.upper(model.number) == key.upper())
        if hasattr(model, "latest"):
            stmt = stmt.where(model.latest == True)  # noqa: E712
        row = ctx.db.exec(stmt).first()
    if row is None:
        hint = " (give its number, like INC0010001, or its sys_id)" if hasattr(model, "number") else ""
        raise NotFoundError(f"no {label} {key!r}{hint}", field=field)
    return row


USER = Ref(SysUser, "user", key="sys_id", names=("user_name", "email", "name"), listing="list_users")
GROUP = Ref(Group, "group", key="sys_id", listing="list_groups")
CI = Ref(ConfigurationItem, "configuration item", key="sys_id", listing="list_configuration_items")


def _active(row: Any, what: str, field: str) -> None:
    if not row.active:
        raise ActionError(f"{what} {row.name} is inactive", field=field, code=ErrorKind.INVALID_VALUE)


def find_user(ctx: Ctx, key: str | None, field: str, *, active: bool = True) -> SysUser:
    """A user by sys_id, user_name, e-mail or name (its display value); `active` refuses an inactive one
    (whom nothing can be assigned to; a filter passes active=False, their past records still count)."""
    user = resolve(ctx, USER, key, field=field)
    if active:
        _active(user, "user", field)
    return user


def find_group(ctx: Ctx, key: str | None, field: str = "assignment_group", *, active: bool = True) -> Group:
    """A group by sys_id or name (see `find_user` for `active`)."""
    group = resolve(ctx, GROUP, key, field=field)
    if active:
        _active(group, "group", field)
    return group


def find_ci(ctx: Ctx, key: str | None, field: str = "cmdb_ci") -> ConfigurationItem:
    """A configuration item by sys_id or name."""
    return resolve(ctx, CI, key, field=field)


def group_members(ctx: Ctx, group_id: str) -> list[SysUser]:
    stmt = (
        select(SysUser)
        .join(GroupMember, col(GroupMember.user) == col(SysUser.sys_id))
        .where(GroupMember.group == group_id)
        .order_by(SysUser.name)
    )
    return list(ctx.db.exec(stmt).all())


def is_member(ctx: Ctx, group_id: str, user_id: str) -> bool:
    stmt = select(GroupMember).where(GroupMember.group == group_id, GroupMember.user == user_id)
    return ctx.db.exec(stmt).first() is not None


def check_assignee(ctx: Ctx, group: Group, user: SysUser) -> None:
    """The assignee must be a member of the assignment group (names the members to choose from)."""
    if not is_member(ctx, group.sys_id, user.sys_id):
        names = ", ".join(u.name for u in group_members(ctx, group.sys_id)[:12])
        raise ActionError(
            f"{user.name} is not a member of {group.name}; assign to one of its members ({names}) "
            "or choose another group",
            field="assigned_to",
            code=ErrorKind.INVALID_VALUE,
        )


def set_assignment(ctx: Ctx, row: Any, group_key: str | None, user_key: str | None) -> None:
    """Set a task's assignment group and/or assignee (who must belong to the new or current group)."""
    group = (
        find_group(ctx, group_key or row.assignment_group) if (group_key or row.assignment_group) else None
    )
    if user_key:
        user = find_user(ctx, user_key, "assigned_to")
        if group is None:
            raise ActionError(
                "choose an assignment group for the assignee first",
                field="assignment_group",
                code=ErrorKind.REQUIRED,
            )
        check_assignee(ctx, group, user)
        row.assigned_to = user.sys_id
    if group_key and group:
        row.assignment_group = group.sys_id


def search_filter(model: Any, text: str, fields: tuple[str, ...]) -> Any:
    """A WHERE clause: `text` (matched literally) in any of the model's `fields`."""
    return contains_any((getattr(model, f) for f in fields), text.strip())


def check_choice(value: Any, allowed: Iterable[Any], field: str, labels: dict | None = None) -> None:
    """Refuse a choice value that is not one of `allowed`, listing the valid ones."""
    allowed = tuple(allowed)
    if value is not None and value not in allowed:
        shown = ", ".join(f"{a} ({labels[a]})" if labels else str(a) for a in allowed)
        raise ActionError(
            f"{value!r} is not a valid value; choose one of: {shown}",
            field=field,
            code=ErrorKind.INVALID_CHOICE,
        )


def stamp(ctx: Ctx, row: Any, *, new: bool = False) -> None:
    """Set sys_updated_on/by (and sys_created_* for a new record)."""
    row.sys_updated_on, row.sys_updated_by = ctx.now, ctx.user_id
    if new:
        row.sys_created_on, row.sys_created_by = ctx.now, ctx.user_id


def add_journal(
    ctx: Ctx, table: str, record_id: str, element: str, text: str, author: str | None = None
) -> JournalEntry:
    """Append a work note (element "work_notes") or comment (element "comments") to a record."""
    entry = JournalEntry(
        sys_id=ctx.new_id("sys_journal_field"),
        element_id=record_id,
        name=table,
        element=element,
        value=text,
        sys_created_on=ctx.now,
        sys_created_by=author or ctx.user_id,
    )
    ctx.db.add(entry)
    return entry


def journal_of(ctx: Ctx, record_id: str) -> list[JournalEntry]:
    """The record's work notes and comments, newest first."""
    stmt = (
        select(JournalEntry)
        .where(JournalEntry.element_id == record_id)
        .order_by(col(JournalEntry.sys_created_on).desc(), col(JournalEntry.sys_id))
    )
    return list(ctx.db.exec(stmt).all())


def aware(value: datetime | None) -> datetime | None:
    """Datetimes from SQLite come back naive; they are UTC."""
    if value is None:
        return None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def utc(value: datetime | None) -> datetime | None:
    """An input datetime in UTC (naive values are taken as UTC)."""
    return aware(value).astimezone(UTC) if value else None


# Picklist parameters: their values are listed in the tool schema (`enum`) from the choice lists, and
# checked in code (check_levels, check_choice) so the refusal names each value's meaning.
Level = Annotated[int, Choices(c.IMPACTS)]
Risk = Annotated[int, Choices(c.CHANGE_RISKS)]
Category = Annotated[str | None, Choices(c.CATEGORIES)]
# task.short_description is 160 characters in ServiceNow's dictionary (the engine refuses longer).
ShortDescription = Annotated[str, Field(max_length=160)]
Subcategory = Annotated[
    str | None, Examples(dict.fromkeys(sub for _, subs in c.CATEGORIES.values() for sub in subs))
]


def check_levels(**values: int | None) -> None:
    """Refuse impact/urgency outside 1-3 and risk outside 1-4."""
    for field, value in values.items():
        high = 4 if field == "risk" else 3
        if value is not None and not 1 <= value <= high:
            meaning = "1 Very High, 2 High, 3 Moderate, 4 Low" if high == 4 else "1 High, 2 Medium, 3 Low"
            raise ActionError(
                f"{field} must be between 1 and {high} ({meaning}); got {value}",
                field=field,
                code=ErrorKind.INVALID_VALUE,
            )


def page(ctx: Ctx, stmt: Any, limit: int, offset: int) -> tuple[int, list[Any]]:
    """(total, rows) of one page of `stmt` (the engine's list-query kit)."""
    return list_query.page(ctx, stmt, limit=limit, offset=offset)
