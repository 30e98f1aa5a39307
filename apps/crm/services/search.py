"""Global search across accounts, contacts, leads and opportunities (like Salesforce's search box)."""

from __future__ import annotations

from typing import Literal

from sqlmodel import func, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.text_search import contains
from apps.crm.models import Account, Contact, Lead, Opportunity
from apps.crm.schemas import SearchResults
from apps.crm.services.common import actions

SearchObject = Literal["account", "contact", "lead", "opportunity"]


@actions.read
def search_records(
    ctx: Ctx, *, query: str, objects: list[SearchObject] | None = None, limit: int = 10
) -> SearchResults:
    """Search accounts, contacts, leads and opportunities at once, case-insensitively.

    Matches account name/phone/website, contact name/e-mail/phone, lead name/company/e-mail/phone and
    opportunity name; the text is matched literally (% and _ are not wildcards).

    Args:
        query: at least 2 characters.
        objects: limit the search to some of account, contact, lead, opportunity (default: all).
        limit: at most this many hits per object, 1-50.
    """
    text = (query or "").strip()
    if len(text) < 2:
        raise ActionError(
            "search term must be longer than one character: give at least 2 characters",
            field="query",
            code="INVALID_SEARCH",
        )
    if not 1 <= limit <= 50:
        raise ActionError("limit must be between 1 and 50", field="limit", code="NUMBER_OUTSIDE_VALID_RANGE")
    wanted = set(objects or ("account", "contact", "lead", "opportunity"))

    def find(model, conditions, order):  # noqa: ANN001, ANN202
        if model.__name__.lower() not in wanted:
            return []
        return ctx.db.exec(select(model).where(or_(*conditions)).order_by(order, model.id).limit(limit)).all()

    contact_name = func.coalesce(Contact.first_name, "") + " " + Contact.last_name
    lead_name = func.coalesce(Lead.first_name, "") + " " + Lead.last_name
    return SearchResults(
        query=text,
        accounts=find(
            Account,
            [contains(Account.name, text), contains(Account.phone, text), contains(Account.website, text)],
            Account.name,
        ),
        contacts=find(
            Contact,
            [
                contains(contact_name, text),
                contains(Contact.email, text),
                contains(Contact.phone, text),
                contains(Contact.mobile_phone, text),
            ],
            Contact.last_name,
        ),
        leads=find(
            Lead,
            [
                contains(lead_name, text),
                contains(Lead.company, text),
                contains(Lead.email, text),
                contains(Lead.phone, text),
            ],
            Lead.last_name,
        ),
        opportunities=find(Opportunity, [contains(Opportunity.name, text)], Opportunity.name),
    )
