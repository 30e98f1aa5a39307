"""Shared helpers of the office services: the acting user, the address book, loading, time zones."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel
from sqlmodel import SQLModel, col, func, select

from apps.core.actions import ActionSet, Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.list_query import Limit, Page, count  # noqa: F401
from apps.core.list_query import check_page as check_limit  # noqa: F401  (used by the services)
from apps.core.param_schema import Format
from apps.core.service_kit import require_text  # noqa: F401
from apps.office.error_shape import INVALID_RECIPIENTS
from apps.office.models import Contact, Room, User

actions = ActionSet("office")

# Address parameters: their schema says `format: email` (checked in code by check_addresses).
Email = Annotated[str, Format("email")]
Emails = Annotated[list[str], Format("email")]
OptionalEmails = Annotated[list[str] | None, Format("email")]

T = TypeVar("T", bound=SQLModel)
INTERNAL_DOMAIN = "acme.example"
_EMAIL = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")


class Done(BaseModel):
    """The outcome of an action that changes something without returning a record."""

    id: str
    status: str


def me(ctx: Ctx) -> User:
    """The acting employee (every action runs as them)."""
    user = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    if user is None:
        raise ActionError("no acting user: this world names no office user", code=ErrorKind.NOT_FOUND)
    return user


GUID = re.compile(
    r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(_[0-9A-Za-z:+.-]+)?$"
)


def check_id(record_id: str | None, field: str | None) -> None:
    """Refuse a value that is no id at all (Graph's ErrorInvalidIdMalformed); a well-formed id of nothing
    is for the lookup to report (ErrorItemNotFound)."""
    if record_id and not GUID.match(record_id):
        raise ActionError(
            f"Id is malformed: {record_id[:80]!r} is not an id", field=field, code="ErrorInvalidIdMalformed"
        )


def load(ctx: Ctx, model: type[T], record_id: str, *, label: str, field: str | None = None) -> T:
    """The record `record_id` of `model`, or a NotFoundError naming the object and id."""
    check_id(record_id, field)
    row = ctx.db.get(model, record_id) if record_id else None
    if row is None:
        raise NotFoundError(f"no {label} with id {record_id!r}", field=field)
    return row


def user_by_mail(ctx: Ctx, address: str) -> User | None:
    return ctx.db.exec(select(User).where(func.lower(User.mail) == address.strip().lower())).first()


def contact_by_mail(ctx: Ctx, address: str) -> Contact | None:
    return ctx.db.exec(
        select(Contact).where(func.lower(Contact.email_address) == address.strip().lower())
    ).first()


def room_by_mail(ctx: Ctx, address: str) -> Room | None:
    return ctx.db.exec(select(Room).where(func.lower(Room.email_address) == address.strip().lower())).first()


def is_internal(address: str) -> bool:
    return address.lower().endswith("@" + INTERNAL_DOMAIN)


def check_addresses(ctx: Ctx, addresses: list[str], field: str, *, mail: bool = False) -> list[str]:
    """Normalised recipient addresses; external addresses only need to be well formed. An unknown
    address in the company's own domain is accepted for `mail` (Exchange takes it and bounces it with a
    non-delivery report) and refused elsewhere (meeting attendees, chat members, free/busy)."""
    out: list[str] = []
    for raw in addresses:
        address = raw.strip().lower()
        if not _EMAIL.match(address):
            raise ActionError(
                f"{raw!r} is not a valid e-mail address (expected name@domain.com)",
                field=field,
                code=INVALID_RECIPIENTS,
            )
        if (
            not mail
            and is_internal(address)
            and not (user_by_mail(ctx, address) or room_by_mail(ctx, address))
        ):
            hint = suggest_people(ctx, address.split("@")[0])
            raise ActionError(
                f"no one at {INTERNAL_DOMAIN} has the address {address}"
                + (
                    f"; did you mean {', '.join(hint)}?"
                    if hint
                    else "; search the directory with find_people"
                ),
                field=field,
                code=INVALID_RECIPIENTS,
            )
        if address not in out:
            out.append(address)
    return out


def suggest_people(ctx: Ctx, text: str, limit: Limit = 3) -> list[str]:
    """Addresses of employees whose name or address looks like `text` (for helpful errors)."""
    parts = [p for p in re.split(r"[^a-z]+", text.lower()) if len(p) > 2]
    if not parts:
        return []
    cond = [col(User.mail).contains(p) for p in parts]
    from sqlalchemy import or_

    return [u.mail for u in ctx.db.exec(select(User).where(or_(*cond)).order_by(User.mail).limit(limit))]


def user_name(ctx: Ctx, user_id: str | None) -> str | None:
    """An employee's display name from their id (None when there is no such employee)."""
    user = ctx.db.get(User, user_id) if user_id else None
    return user.display_name if user else None


def display_name(ctx: Ctx, address: str) -> str:
    """The name behind an address: employee, room, customer contact, or the address itself."""
    for found in (user_by_mail(ctx, address), room_by_mail(ctx, address)):
        if found is not None:
            return found.display_name
    contact = contact_by_mail(ctx, address)
    return contact.display_name if contact else address


def zone(name: str, field: str = "time_zone") -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ActionError(
            f"unknown time zone {name!r}; use an IANA name such as America/New_York or UTC",
            field=field,
            code=ErrorKind.INVALID_VALUE,
        ) from None


def to_utc(value: datetime, time_zone: str, field: str = "start") -> datetime:
    """A datetime given in `time_zone` (or with its own offset) as aware UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone(time_zone, field=field.replace("start", "time_zone")))
    return value.astimezone(UTC)


def aware(value: datetime) -> datetime:
    """Datetimes read back from SQLite are naive UTC: make them aware."""
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def preview(text: str, size: int = 255) -> str:
    return " ".join(text.split())[:size]
