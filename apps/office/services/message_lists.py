"""How lists of messages are narrowed and paged (one place for list_messages and search_messages)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import String, cast
from sqlmodel import col

from apps.core import list_query
from apps.core.actions import Ctx
from apps.core.text_search import contains
from apps.office.models import Message
from apps.office.schemas import MessagePage, MessageSummary


def has_category(category: str) -> Any:
    """A condition: the message carries `category` (the whole category name, ignoring ASCII case)."""
    return contains(cast(Message.categories, String), json.dumps(category.strip()))


def message_page(ctx: Ctx, stmt: Any, *, limit: int, offset: int) -> MessagePage:
    """One page of the messages `stmt` selects, newest first (ties by id), with the total count."""
    stmt = stmt.order_by(col(Message.received_date_time).desc(), col(Message.id).desc())
    total, rows = list_query.page(ctx, stmt, limit=limit, offset=offset)
    return MessagePage(
        total=total, offset=offset, limit=limit, records=[MessageSummary.model_validate(r) for r in rows]
    )
