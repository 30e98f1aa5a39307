"""Shared helpers of the CRM services: loading records, stamping audit fields, checking picklists."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TypeVar

from pydantic import BaseModel
from sqlmodel import SQLModel

from apps.core.actions import ActionSet, Ctx
from apps.core.errors import ActionError, NotFoundError
from apps.core.list_query import Page, count  # noqa: F401
from apps.core.list_query import check_page as check_limit  # noqa: F401  (used by the services)
from apps.core.service_kit import fill_doc, require_text  # noqa: F401

actions = ActionSet("crm")

T = TypeVar("T", bound=SQLModel)


class Deleted(BaseModel):
    """What a delete removed."""

    id: str
    deleted: list[str]


def load(
    ctx: Ctx, model: type[T], record_id: str, *, label: str | None = None, field: str | None = None
) -> T:
    """The record `record_id` of `model`, or a NotFoundError naming the object and id."""
    row = ctx.db.get(model, record_id) if record_id else None
    if row is None:
        name = label or model.__name__
        raise NotFoundError(f"no {name} with id {record_id!r}", field=field)
    return row


def check_choice(value: str | None, allowed: Iterable[str], field: str) -> None:
    """Refuse a picklist value that is not one of `allowed`, listing the valid ones."""
    allowed = tuple(allowed)
    if value is not None and value not in allowed:
        raise ActionError(f"{value!r} is not a valid value; choose one of: {', '.join(allowed)}", field=field)


def stamp_new(ctx: Ctx, row: Any) -> None:
    """Set created/last-modified date and user on a new record."""
    row.created_date = row.last_modified_date = ctx.now
    row.created_by_id = row.last_modified_by_id = ctx.user_id


def stamp_modified(ctx: Ctx, row: Any) -> None:
    row.last_modified_date = ctx.now
    row.last_modified_by_id = ctx.user_id


def apply_changes(row: Any, changes: dict[str, Any]) -> dict[str, Any]:
    """Set every non-None value of `changes` on `row` ("" clears a text field); returns what changed."""
    changed = {}
    for key, value in changes.items():
        if value is None:
            continue
        if value == "":
            value = None
        if getattr(row, key) != value:
            setattr(row, key, value)
            changed[key] = value
    return changed


def owner_or_default(ctx: Ctx, owner_id: str | None) -> str:
    """The given owner (which must be an active user) or the acting user."""
    from apps.crm.models import User

    owner_id = owner_id or ctx.user_id
    user = load(ctx, User, owner_id, label="user", field="owner_id") if owner_id else None
    if user is None:
        raise ActionError("an owner is required", field="owner_id")
    if not user.is_active:
        raise ActionError(f"user {user.name} is inactive and cannot own records", field="owner_id")
    return user.id


_EMAIL = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$"
)


def check_email(value: str | None, field: str = "email") -> None:
    """Refuse a malformed e-mail address ("" is allowed: it clears the field)."""
    if value and not _EMAIL.match(value.strip()):
        raise ActionError(f"{value!r} is not a valid e-mail address (expected name@domain.com)", field=field)


def check_range(value: float | None, low: float, high: float | None, field: str, what: str) -> None:
    """Refuse a number outside [low, high] (high None: no upper bound)."""
    if value is None:
        return
    if value < low or (high is not None and value > high):
        bound = f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"
        raise ActionError(f"{what} must be {bound} (got {value:g})", field=field)


def blank_to_none(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields with "" turned into None (for inserting a new record)."""
    return {k: (None if v == "" else v) for k, v in fields.items()}


def aware_utc(value: datetime) -> datetime:
    """A datetime as timezone-aware UTC, the way the columns want them (naive values are taken as UTC)."""
    return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
