"""Global search across accounts, contacts, leads and opportunities (like Salesforce's search box)."""

from __future__ import annotations

from typing import Literal

from sqlmodel import col, func, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.models import Account, Contact, Lead, Opportunity
from apps.crm.schemas import SearchResults
from apps.crm.services.common import actions, escape_like

SearchObject = Literal["account", "contact", "lead", "opportunity"]


def _ilike(column, like: str):  # noqa: ANN001, ANN202
    return col(column).ilike(like, escape="\\")


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
        raise ActionError("the search text must have at least 2 characters", field="query")
    if not 1 <= limit <= 50:
        raise ActionError("limit must be between 1 and 50", field="limit")
    wanted = set(objects or ("account", "contact", "lead", "opportunity"))
    like = f"%{escape_like(text)}%"

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
            [_ilike(Account.name, like), _ilike(Account.phone, like), _ilike(Account.website, like)],
            Account.name,
        ),
        contacts=find(
            Contact,
            [
                contact_name.ilike(like, escape="\\"),
                _ilike(Contact.email, like),
                _ilike(Contact.phone, like),
                _ilike(Contact.mobile_phone, like),
            ],
            Contact.last_name,
        ),
        leads=find(
            Lead,
            [
                lead_name.ilike(like, escape="\\"),
                _ilike(Lead.company, like),
                _ilike(Lead.email, like),
                _ilike(Lead.phone, like),
            ],
            Lead.last_name,
        ),
        opportunities=find(Opportunity, [_ilike(Opportunity.name, like)], Opportunity.name),
    )
