"""The records a list filter names (an owner, an account, what a task is related to), by id or by the name
a list view shows (`apps/core/references.py`): "owner_id": "Amber Miller" or "0055g000000000PAAQ".
An unknown one is refused (INVALID_CROSS_REFERENCE_KEY), never an empty list."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import col, func

from apps.core.actions import Ctx
from apps.core.errors import NotFoundError
from apps.core.references import Ref, find_any
from apps.crm.ids import canonical_id, object_of
from apps.crm.models import Account, Contact, Lead, Opportunity, User
from apps.crm.services.common import was_issued

UNKNOWN = "INVALID_CROSS_REFERENCE_KEY"


def _full_name(model: type) -> object:
    """First and last name as a list view shows them (a contact without a first name: the last name)."""
    return func.trim(func.coalesce(col(model.first_name), "") + " " + col(model.last_name))


def _ref(model: type, label: str, names: tuple, listing: str) -> Ref:
    return Ref(model, label, names=names, listing=listing, key_of=canonical_id, code=UNKNOWN)


USER = _ref(User, "user", ("name", "username", "email"), "list_users")
ACCOUNT = _ref(Account, "account", ("name",), "list_accounts")
OPPORTUNITY = _ref(Opportunity, "opportunity", ("name",), "list_opportunities")
CONTACT = _ref(Contact, "contact", (_full_name, "email"), "list_contacts")
LEAD = _ref(Lead, "lead", (_full_name, "email"), "list_leads")
WHAT = (ACCOUNT, OPPORTUNITY)  # what a task or event is related to
WHO = (CONTACT, LEAD)  # whom it is about


def filter_id(ctx: Ctx, refs: Ref | Sequence[Ref], value: str | None, field: str) -> str | None:
    """The id of the record a filter's `value` names (None for no filter)."""
    if not value:
        return None
    kinds = (refs,) if isinstance(refs, Ref) else tuple(refs)
    try:
        return find_any(ctx, kinds, value, field=field)[1].id
    except NotFoundError:
        canonical = canonical_id(value)
        kind = object_of(canonical) if canonical else None
        if kind in {r.model.__name__ for r in kinds} and was_issued(ctx, kind, canonical):
            return canonical  # deleted in this episode: what it had went with it, the filter finds none
        raise
