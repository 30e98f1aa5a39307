"""Shared helpers of the CRM services: loading records, stamping audit fields, checking picklists."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any, NoReturn, TypeVar

from pydantic import BaseModel
from sqlmodel import SQLModel

from apps.core.actions import ActionSet, Ctx
from apps.core.errors import ActionError, NotFoundError
from apps.core.ids import counter_key, salesforce_id
from apps.core.list_query import Page, count  # noqa: F401
from apps.core.list_query import check_page as check_limit  # noqa: F401  (used by the services)
from apps.core.reads import row_by_id, update_row
from apps.core.service_kit import fill_doc  # noqa: F401
from apps.crm.ids import KEY_PREFIXES, canonical_id, object_of

actions = ActionSet("crm")

T = TypeVar("T", bound=SQLModel)


class Deleted(BaseModel):
    """What a delete removed."""

    id: str
    deleted: list[str]


def record_id(value: str, field: str, *, ref: bool = False) -> str:
    """The 18-character form of the id `value` (a 15-character one gets its checksum suffix).

    A malformed id is refused with MALFORMED_ID.
    """
    canonical = canonical_id(value or "")
    if canonical is None:
        what = "id value of incorrect type" if ref else "invalid id"
        raise ActionError(
            f"{what}: {value!r} (a record id has 15 or 18 letters and digits, e.g. 0015g0000000001AAA)",
            field=field,
            code="MALFORMED_ID",
        )
    return canonical


def optional_id(value: str | None, field: str) -> str | None:
    """`record_id` of an optional id or filter ("" and None pass through unchanged)."""
    return record_id(value, field, ref=True) if value else value


BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def was_issued(ctx: Ctx, object_name: str, canonical: str) -> bool:
    """Whether this episode's id counter of `object_name` already handed out `canonical` (so a record
    with that id existed and was deleted)."""
    digits = canonical[6:15]
    n = sum(BASE62.index(ch) * 62**i for i, ch in enumerate(reversed(digits)))
    if salesforce_id(KEY_PREFIXES[object_name])(n) != canonical:
        return False
    row = (
        ctx.db.connection()
        .exec_driver_sql("SELECT next FROM _idseq WHERE object = ?", (counter_key("crm", object_name),))
        .fetchone()
    )
    return row is not None and 0 < n < row[0]


def load(
    ctx: Ctx,
    model: type[T],
    record_id_: str,
    *,
    label: str | None = None,
    field: str | None = None,
    ref: bool = False,
) -> T:
    """The record `record_id_` of `model` (15- or 18-character id).

    Refused with MALFORMED_ID (not an id), ENTITY_IS_DELETED (deleted in this episode), and, when
    no such record exists, NOT_FOUND for the record a call addresses or, for a reference field
    (`ref`: an account_id on a contact, a parent_id ...), INVALID_CROSS_REFERENCE_KEY; an id of
    another object in a reference field is a FIELD_INTEGRITY_EXCEPTION.
    """
    canonical = record_id(record_id_, field or "id", ref=ref)
    row = ctx.db.get(model, canonical)
    if row is None:
        _refuse_missing(ctx, model, record_id_, canonical, label=label, field=field, ref=ref)
    return row


def read_record(
    ctx: Ctx,
    model: type[SQLModel],
    record_id_: str,
    *,
    label: str | None = None,
    field: str | None = None,
    ref: bool = False,
) -> Mapping[str, Any]:
    """The record `record_id_` of `model` as its column values (SQLAlchemy Core, no ORM object), for
    read-only actions; refused exactly as `load` refuses."""
    canonical = record_id(record_id_, field or "id", ref=ref)
    row = row_by_id(ctx, model, canonical)
    if row is None:
        _refuse_missing(ctx, model, record_id_, canonical, label=label, field=field, ref=ref)
    return row


def _refuse_missing(
    ctx: Ctx, model: type, record_id_: str, canonical: str, *, label: str | None, field: str | None, ref: bool
) -> NoReturn:
    """Raise the error `load` gives for an id of `model` with no record (see `load`)."""
    name = label or model.__name__
    if object_of(canonical) == model.__name__ and was_issued(ctx, model.__name__, canonical):
        raise NotFoundError(
            f"entity is deleted: the {name} {canonical} was deleted", field=field, code="ENTITY_IS_DELETED"
        )
    if ref and object_of(canonical) != model.__name__:
        raise ActionError(
            f"id value of incorrect type: {record_id_!r} is not the id of {_article(name)} {name} "
            f"(those start with {KEY_PREFIXES.get(model.__name__, '?')})",
            field=field,
            code="FIELD_INTEGRITY_EXCEPTION",
        )
    if ref:
        raise NotFoundError(
            f"invalid cross reference id: no {name} with id {record_id_!r}",
            field=field,
            code="INVALID_CROSS_REFERENCE_KEY",
        )
    raise NotFoundError(f"no {name} with id {record_id_!r}", field=field, code="NOT_FOUND")


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def require_text(value: str | None, field: str, what: str = "a value") -> str:
    """A required text argument, stripped; refused with REQUIRED_FIELD_MISSING when missing or blank."""
    if value is None or not value.strip():
        raise ActionError(
            f"required field missing: {what} is required", field=field, code="REQUIRED_FIELD_MISSING"
        )
    return value.strip()


def check_choice(value: str | None, allowed: Iterable[str], field: str) -> None:
    """Refuse a picklist value that is not one of `allowed`, listing the valid ones."""
    allowed = tuple(allowed)
    if value is not None and value not in allowed:
        raise ActionError(
            f"bad value for restricted picklist field: {value!r} is not a valid value; "
            f"choose one of: {', '.join(allowed)}",
            field=field,
            code="INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
        )


def stamp_new(ctx: Ctx, row: Any) -> None:
    """Set created/last-modified date and user on a new record."""
    row.created_date = row.last_modified_date = ctx.now
    row.created_by_id = row.last_modified_by_id = ctx.user_id


def stamp_modified(ctx: Ctx, row: Any) -> None:
    row.last_modified_date = ctx.now
    row.last_modified_by_id = ctx.user_id


def changed_values(current: Mapping[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The values of `changes` that differ from the record's `current` column values: None means
    "leave as it is", "" clears a text field (to NULL)."""
    changed = {}
    for key, value in changes.items():
        if value is None:
            continue
        if value == "":
            value = None
        if current[key] != value:
            changed[key] = value
    return changed


def apply_changes(row: Any, changes: dict[str, Any]) -> dict[str, Any]:
    """Set every non-None value of `changes` on `row` ("" clears a text field); returns what changed."""
    current = {key: getattr(row, key) for key, value in changes.items() if value is not None}
    changed = changed_values(current, changes)
    for key, value in changed.items():
        setattr(row, key, value)
    return changed


def save_changes(ctx: Ctx, model: type[SQLModel], row: Mapping[str, Any], changes: dict[str, Any]) -> dict:
    """Write the values of `changes` that differ from `row` (a record read by `read_record`) with one
    UPDATE of those columns only, stamped as modified by you now; returns the record as it is now."""
    changed = changed_values(row, changes)
    if changed:
        changed["last_modified_date"] = ctx.now
        changed["last_modified_by_id"] = ctx.user_id
        update_row(ctx, model, row["id"], changed)
    return {**row, **changed}


def owner_or_default(ctx: Ctx, owner_id: str | None) -> str:
    """The given owner (which must be an active user) or the acting user."""
    from apps.crm.models import User

    owner_id = owner_id or ctx.user_id
    user = load(ctx, User, owner_id, label="user", field="owner_id", ref=True) if owner_id else None
    if user is None:
        raise ActionError("an owner is required", field="owner_id", code="REQUIRED_FIELD_MISSING")
    if not user.is_active:
        raise ActionError(
            f"operation with inactive owner: user {user.name} is inactive and cannot own records",
            field="owner_id",
            code="INACTIVE_OWNER_OR_USER",
        )
    return user.id


_EMAIL = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$"
)


def check_email(value: str | None, field: str = "email") -> None:
    """Refuse a malformed e-mail address ("" is allowed: it clears the field)."""
    if value and not _EMAIL.match(value.strip()):
        raise ActionError(
            f"invalid email address: {value!r} is not a valid e-mail address (expected name@domain.com)",
            field=field,
            code="INVALID_EMAIL_ADDRESS",
        )


def check_range(value: float | None, low: float, high: float | None, field: str, what: str) -> None:
    """Refuse a number outside [low, high] (high None: no upper bound)."""
    if value is None:
        return
    if value < low or (high is not None and value > high):
        bound = f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"
        raise ActionError(
            f"{what} must be {bound} (got {value:g})", field=field, code="NUMBER_OUTSIDE_VALID_RANGE"
        )


def blank_to_none(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields with "" turned into None (for inserting a new record)."""
    return {k: (None if v == "" else v) for k, v in fields.items()}


def aware_utc(value: datetime) -> datetime:
    """A datetime as timezone-aware UTC, the way the columns want them (naive values are taken as UTC)."""
    return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)


def check_lengths(object_name: str, values: dict[str, Any], argument: dict[str, str] | None = None) -> None:
    """Refuse text longer than its field allows (Salesforce's STRING_TOO_LONG), naming field and limit.

    `values` maps columns (the tool arguments, unless `argument` renames one) to the values given;
    non-text fields are skipped.
    """
    from apps.crm.fields import standard_field

    too_long = []
    for column, value in values.items():
        spec = standard_field(object_name, column)
        if not isinstance(value, str) or spec is None or spec.length is None:
            continue
        if spec.type in ("id", "reference", "picklist"):
            continue
        if len(value) > spec.length:
            too_long.append(
                ActionError(
                    f"{spec.label} ({object_name}.{spec.api}): data value too large: "
                    f"max length={spec.length}, got {len(value)} characters",
                    field=(argument or {}).get(column, column),
                    code="STRING_TOO_LONG",
                )
            )
    if too_long:  # one STRING_TOO_LONG per field, as Salesforce lists them
        raise ActionError.several(too_long)
