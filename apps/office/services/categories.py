"""Your master list of categories (Outlook / Graph `outlookCategory`): the six colour categories every
mailbox starts with, plus any other name already set on one of your messages. Setting a message's
categories is `update_message`; Outlook's Categorize menu lists this master list."""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import String, cast
from sqlmodel import select

from apps.core.actions import Ctx
from apps.office.models import Message
from apps.office.services.common import Page, actions, me

# Outlook's default master categories and their preset colours (Graph `categoryColor`)
DEFAULTS = {
    "Red category": "preset0",
    "Orange category": "preset1",
    "Yellow category": "preset3",
    "Green category": "preset4",
    "Blue category": "preset7",
    "Purple category": "preset8",
}


class Category(BaseModel):
    display_name: str
    color: str  # a Graph preset (preset0 = red …), "none" for a name with no colour assigned


class CategoryList(Page):
    records: list[Category]  # type: ignore[valid-type]


def used_categories(ctx: Ctx, owner_id: str) -> set[str]:
    """Every category name set on one of `owner_id`'s messages."""
    rows = ctx.db.exec(
        select(Message.categories).where(
            Message.owner_id == owner_id, cast(Message.categories, String) != "[]"
        )
    )
    return {name for names in rows for name in names or []}


@actions.read
def list_categories(ctx: Ctx) -> CategoryList:
    """List your master categories, by name: the six colour categories ("Red category", "Blue
    category" …) and any other category already set on one of your messages. Set a message's
    categories with update_message (categories=[...])."""
    names = set(DEFAULTS) | used_categories(ctx, me(ctx).id)
    records = [
        Category(display_name=n, color=DEFAULTS.get(n, "none")) for n in sorted(names, key=str.casefold)
    ]
    return CategoryList(total=len(records), offset=0, limit=len(records), records=records)
