"""Mail search with Outlook-style operators: from:, to:, subject:, has:attachment, before:, after:, is:."""

from __future__ import annotations

import shlex
from datetime import UTC, date, datetime, time

from sqlalchemy import String, cast
from sqlmodel import col, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.text_search import contains
from apps.office.models import Message
from apps.office.schemas import MessagePage
from apps.office.services.common import actions, check_limit, me
from apps.office.services.mailbox import resolve_folder
from apps.office.services.message_lists import message_page

OPERATORS = ("from", "to", "cc", "subject", "has", "before", "after", "is", "in", "category")


def _day(value: str, op: str) -> datetime:
    try:
        return datetime.combine(date.fromisoformat(value), time(), tzinfo=UTC)
    except ValueError:
        raise ActionError(
            f"{op}: needs a date like 2026-10-31 (got {value!r})", field="query", code=ErrorKind.INVALID_VALUE
        ) from None


def _recipients(column, text: str):
    return contains(cast(column, String), text)


def parse_query(ctx: Ctx, owner_id: str, query: str) -> list:
    """SQL conditions for a search query (free words must all appear in subject, body or sender)."""
    try:
        tokens = shlex.split(query)
    except ValueError:
        raise ActionError(
            "unbalanced quotes in the search query", field="query", code=ErrorKind.INVALID_VALUE
        ) from None
    conds: list = []
    for token in tokens:
        op, sep, value = token.partition(":")
        op = op.lower()
        if not sep or op not in OPERATORS or not value:
            conds.append(
                or_(
                    contains(Message.subject, token),
                    contains(Message.body_content, token),
                    contains(Message.from_name, token),
                    contains(Message.from_address, token),
                )
            )
        elif op == "from":
            conds.append(
                or_(
                    contains(Message.from_address, value),
                    contains(Message.from_name, value),
                )
            )
        elif op in ("to", "cc"):
            conds.append(_recipients(Message.to_recipients if op == "to" else Message.cc_recipients, value))
        elif op == "subject":
            conds.append(contains(Message.subject, value))
        elif op == "category":
            conds.append(_recipients(Message.categories, value))
        elif op == "has":
            if value.lower() not in ("attachment", "attachments"):
                raise ActionError(
                    "has: supports only has:attachment", field="query", code=ErrorKind.INVALID_VALUE
                )
            conds.append(col(Message.has_attachments).is_(True))
        elif op == "before":
            conds.append(col(Message.received_date_time) < _day(value, op))
        elif op == "after":
            conds.append(col(Message.received_date_time) >= _day(value, op))
        elif op == "is":
            flags = {
                "unread": col(Message.is_read).is_(False),
                "read": col(Message.is_read).is_(True),
                "flagged": Message.flag_status == "flagged",
                "draft": col(Message.is_draft).is_(True),
            }
            if value.lower() not in flags:
                raise ActionError(
                    f"is: supports {', '.join(flags)}", field="query", code=ErrorKind.INVALID_VALUE
                )
            conds.append(flags[value.lower()])
        elif op == "in":
            conds.append(Message.parent_folder_id == resolve_folder(ctx, owner_id, value, field="query").id)
    return conds


@actions.read
def search_messages(ctx: Ctx, *, query: str, limit: Limit = 25, offset: Offset = 0) -> MessagePage:
    """Search every folder of your mailbox, newest first.

    Operators (combine freely; words without an operator must all appear in subject, body or sender):
    from:alice (address or name), to:bob@x.com, cc:..., subject:renewal (use quotes for phrases:
    subject:"price increase"), has:attachment, after:2026-10-01, before:2026-11-01 (dates are UTC days,
    after: inclusive), is:unread / is:read / is:flagged / is:draft, in:inbox (or any folder),
    category:"Red category".

    Args:
        query: the search text, e.g. 'from:acme.example has:attachment after:2026-10-01 budget'.
        limit: page size, 1-200.
        offset: rows to skip.
    """
    check_limit(limit, offset)
    if not query.strip():
        raise ActionError(
            "type something to search for, e.g. from:jane subject:invoice",
            field="query",
            code=ErrorKind.REQUIRED,
        )
    user = me(ctx)
    stmt = select(Message).where(Message.owner_id == user.id, *parse_query(ctx, user.id, query))
    return message_page(ctx, stmt, limit=limit, offset=offset)
