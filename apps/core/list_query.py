"""The list-query kit every `list_*` / `search_*` service uses: filter, search, sort, page and count.

One rule each, for every app: a page is 1-200 rows from a non-negative offset; search text matches
literally (`apps.core.text_search`); ties in a sort are broken by primary key, so pages are stable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import BaseModel
from sqlmodel import func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.param_schema import Range
from apps.core.text_search import contains_any

MAX_PAGE = 200
# The paging parameters of a list tool, with their bounds in its schema.
Limit = Annotated[int, Range(1, MAX_PAGE)]
Offset = Annotated[int, Range(0)]


class Page(BaseModel):
    """One page of a list: `total` rows match; this page starts at `offset` and holds `limit` rows at most."""

    total: int
    offset: int
    limit: int


def check_page(limit: int, offset: int = 0) -> None:
    """Refuse a page size outside 1-200 or a negative offset (the error names the argument)."""
    if not 1 <= limit <= MAX_PAGE:
        raise ActionError(
            f"limit must be between 1 and {MAX_PAGE}", field="limit", code=ErrorKind.INVALID_VALUE
        )
    if offset < 0:
        raise ActionError("offset cannot be negative", field="offset", code=ErrorKind.INVALID_VALUE)


def count(ctx: Ctx, stmt: Any) -> int:
    """The number of rows `stmt` (a select) would return, without fetching them."""
    return ctx.db.exec(select(func.count()).select_from(stmt.order_by(None).subquery())).one()


def page(ctx: Ctx, stmt: Any, *, limit: int, offset: int = 0) -> tuple[int, list[Any]]:
    """(total, rows) of one page of `stmt`, after checking the page arguments."""
    check_page(limit, offset)
    return count(ctx, stmt), list(ctx.db.exec(stmt.offset(offset).limit(limit)).all())


def matching(stmt: Any, columns: Iterable[Any], text: str | None) -> Any:
    """`stmt` narrowed to rows where any of `columns` contains `text` (unchanged for blank text)."""
    if text is None or not text.strip():
        return stmt
    return stmt.where(contains_any(columns, text.strip()))


def matching_words(stmt: Any, columns: Iterable[Any], text: str | None) -> Any:
    """`stmt` narrowed to rows where every word of `text` is in at least one of `columns`."""
    columns = list(columns)
    for word in (text or "").split():
        stmt = stmt.where(contains_any(columns, word))
    return stmt


def equal_to(stmt: Any, *pairs: tuple[Any, Any]) -> Any:
    """`stmt` narrowed by `column == value` for every pair whose value is given (not None, not "")."""
    for column, value in pairs:
        if value is not None and value != "":
            stmt = stmt.where(column == value)
    return stmt


def ordered(stmt: Any, column: Any, *, descending: bool = False, tiebreak: Any = None) -> Any:
    """`stmt` sorted by `column` (then by `tiebreak`, normally the primary key, for stable pages)."""
    first = column.desc() if descending else column
    return stmt.order_by(first, tiebreak) if tiebreak is not None else stmt.order_by(first)
