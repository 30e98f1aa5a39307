"""The directory: who you are, colleagues (internal) and customer contacts (external)."""

from __future__ import annotations

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.list_query import Limit
from apps.core.text_search import contains_any
from apps.office.models import Contact, User
from apps.office.schemas import ContactOut, UserOut
from apps.office.services.common import actions, check_limit, me, require_text


class People(BaseModel):
    """Colleagues (internal, @acme.example) and external contacts (customers) matching a search."""

    colleagues: list[UserOut]  # type: ignore[valid-type]
    external_contacts: list[ContactOut]  # type: ignore[valid-type]


@actions.read
def get_my_profile(ctx: Ctx) -> UserOut:
    """Who you are: your name, address, title, department, time zone and working hours."""
    return UserOut.model_validate(me(ctx))


@actions.read
def find_people(ctx: Ctx, *, query: str, limit: Limit = 10) -> People:
    """Look people up by name, address, title, department or company: colleagues and customer contacts.

    Args:
        query: e.g. "Jane", "support", "globex.com" or "Leon Inc".
        limit: at most this many of each kind, 1-200.
    """
    check_limit(limit)
    text = require_text(query, "query", "search text")
    users = ctx.db.exec(
        select(User)
        .where(contains_any((User.display_name, User.mail, User.job_title, User.department), text))
        .order_by(User.display_name)
        .limit(limit)
    )
    contacts = ctx.db.exec(
        select(Contact)
        .where(
            contains_any(
                (Contact.display_name, Contact.email_address, Contact.company_name, Contact.job_title), text
            )
        )
        .order_by(Contact.display_name)
        .limit(limit)
    )
    return People(
        colleagues=[UserOut.model_validate(u) for u in users],
        external_contacts=[ContactOut.model_validate(c) for c in contacts],
    )
