"""Knowledge base: articles with versions and the draft -> review -> published workflow, and search.

Each version is its own kb_knowledge record sharing the article number: drafts are minor versions
(0.01, 1.01 ...), publishing makes a major version (1.0, 2.0 ...) and the previously published
version becomes outdated. `latest` marks the newest version of each number.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel
from sqlmodel import col, func, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Examples
from apps.ticketing.models_itsm import KnowledgeArticle, KnowledgeBase
from apps.ticketing.schemas import ArticleOut, ArticlePage
from apps.ticketing.services.common import (
    ShortDescription,
    actions,
    find,
    page,
    require_text,
    search_filter,
    stamp,
)
from apps.ticketing.services.incidents import check_ci
from apps.ticketing.services.present import display_names

# The usual knowledge categories (an open list: others are accepted).
KB_CATEGORIES = ("Email", "VPN", "Hardware", "Software", "Network", "Access")


class ArticleDetail(BaseModel):
    """An article version with every version of the same article (newest first)."""

    article: ArticleOut  # type: ignore[valid-type]
    versions: list[ArticleOut]  # type: ignore[valid-type]


def articles_out(ctx: Ctx, rows: list[KnowledgeArticle]) -> list[ArticleOut]:
    names = display_names(ctx, [r.author for r in rows])
    kbs = dict(ctx.db.exec(select(KnowledgeBase.sys_id, KnowledgeBase.title)).all())
    return [
        ArticleOut.model_validate(
            {**r.model_dump(), "author_name": names.get(r.author), "kb_name": kbs.get(r.kb_knowledge_base)}
        )
        for r in rows
    ]


def load_article(ctx: Ctx, key: str) -> KnowledgeArticle:
    """An article version by sys_id, or the latest version of a KB number."""
    return find(ctx, KnowledgeArticle, key, field="article_id", label="knowledge article")


def _versions(ctx: Ctx, number: str) -> list[KnowledgeArticle]:
    stmt = select(KnowledgeArticle).where(KnowledgeArticle.number == number)
    return sorted(ctx.db.exec(stmt).all(), key=lambda a: float(a.version), reverse=True)


@actions.read
def search_knowledge(
    ctx: Ctx,
    *,
    query: str | None = None,
    workflow_state: Literal["draft", "review", "published", "retired", "outdated"] | None = "published",
    kb_category: Annotated[str | None, Examples(KB_CATEGORIES)] = None,
    limit: Limit = 10,
    offset: Offset = 0,
) -> ArticlePage:
    """Search knowledge articles (by default the published ones: an article checked out into a new draft
    version stays found by its published version until the draft is published).

    Args:
        query: words matched against the title, text and keywords; every word must match.
        workflow_state: draft, review, published, retired or outdated; null = any.
        kb_category: only this category (e.g. "Email", "VPN", "Hardware").
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(KnowledgeArticle)
    if workflow_state not in ("outdated", "published"):
        stmt = stmt.where(KnowledgeArticle.latest == True)  # noqa: E712
    for word in (query or "").split():
        stmt = stmt.where(
            search_filter(KnowledgeArticle, word, ("short_description", "text", "meta", "number"))
        )
    if workflow_state:
        stmt = stmt.where(KnowledgeArticle.workflow_state == workflow_state)
    if kb_category:
        stmt = stmt.where(KnowledgeArticle.kb_category == kb_category)
    stmt = stmt.order_by(col(KnowledgeArticle.sys_view_count).desc(), KnowledgeArticle.number)
    total, rows = page(ctx, stmt, limit, offset)
    return ArticlePage(total=total, offset=offset, limit=limit, records=articles_out(ctx, rows))


@actions.read
def get_knowledge_article(ctx: Ctx, *, article_id: str) -> ArticleDetail:
    """Get a knowledge article (KB number for its latest version, or a version's sys_id) and its versions.

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
    """
    art = load_article(ctx, article_id)
    return ArticleDetail(
        article=articles_out(ctx, [art])[0], versions=articles_out(ctx, _versions(ctx, art.number))
    )


@actions.write
def create_knowledge_article(
    ctx: Ctx,
    *,
    short_description: ShortDescription,
    text: str,
    knowledge_base: str | None = None,
    kb_category: Annotated[str | None, Examples(KB_CATEGORIES)] = None,
    meta: str | None = None,
    cmdb_ci: str | None = None,
) -> ArticleOut:
    """Write a new article as a draft (version 0.01, you are the author). Submit it with
    submit_knowledge_article; it is published after review.

    Args:
        short_description: the title.
        knowledge_base: the knowledge base's title or sys_id (default: IT).
        kb_category: e.g. Email, VPN, Hardware, Software, Network, Access.
        text: the article body (HTML or plain text).
        meta: search keywords, space- or comma-separated.
        cmdb_ci: the affected configuration item's sys_id.
    """
    title = require_text(short_description, "short_description", "a title")
    body = require_text(text, "text", "the article text")
    kb = _knowledge_base(ctx, knowledge_base)
    art = KnowledgeArticle(
        sys_id=ctx.new_id("kb_knowledge"),
        number=ctx.new_id("kb_knowledge.number"),
        short_description=title,
        text=body,
        kb_knowledge_base=kb.sys_id,
        kb_category=kb_category or None,
        meta=meta or None,
        cmdb_ci=check_ci(ctx, cmdb_ci),
        author=ctx.user_id,
    )
    stamp(ctx, art, new=True)
    ctx.db.add(art)
    return articles_out(ctx, [art])[0]


def _knowledge_base(ctx: Ctx, key: str | None) -> KnowledgeBase:
    stmt = select(KnowledgeBase).order_by(KnowledgeBase.sys_created_on, KnowledgeBase.sys_id)
    if key:
        stmt = select(KnowledgeBase).where(
            or_(KnowledgeBase.sys_id == key, func.lower(KnowledgeBase.title) == key.strip().lower())
        )
    kb = ctx.db.exec(stmt).first()
    if kb is None:
        raise NotFoundError(f"no knowledge base {key!r}", field="knowledge_base")
    return kb


def _require(art: KnowledgeArticle, states: tuple[str, ...], doing: str, hint: str) -> None:
    if art.workflow_state not in states:
        raise ActionError(
            f"{art.number} v{art.version} is {art.workflow_state}; only {' or '.join(states)} articles "
            f"can be {doing}. {hint}".strip(),
            field="article_id",
            code=ErrorKind.INVALID_STATE,
        )


@actions.write
def update_knowledge_article(
    ctx: Ctx,
    *,
    article_id: str,
    short_description: ShortDescription | None = None,
    text: str | None = None,
    meta: str | None = None,
    kb_category: Annotated[str | None, Examples(KB_CATEGORIES)] = None,
) -> ArticleOut:
    """Edit a draft article version. Published articles cannot be edited in place: create a new version
    (create_article_version), edit that draft, then submit and publish it.

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
        short_description: one-line summary, as shown in list views.
        text: the new article body (HTML or plain text).
        meta: new search keywords, space- or comma-separated.
        kb_category: the new knowledge category (see list_knowledge_articles).
    """
    art = load_article(ctx, article_id)
    _require(art, ("draft",), "edited", "Use create_article_version to change a published article.")
    if short_description is not None:
        art.short_description = require_text(short_description, "short_description", "a title")
    if text is not None:
        art.text = require_text(text, "text", "the article text")
    if meta is not None:
        art.meta = meta or None
    if kb_category is not None:
        art.kb_category = kb_category or None
    stamp(ctx, art)
    return articles_out(ctx, [art])[0]


@actions.write
def create_article_version(ctx: Ctx, *, article_id: str) -> ArticleOut:
    """Check out a published article: creates a new draft version (e.g. 1.0 -> 1.01) with the same number
    and text. The published version stays visible until the new one is published.

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
    """
    art = load_article(ctx, article_id)
    _require(art, ("published",), "checked out", "")
    if any(v.workflow_state in ("draft", "review") for v in _versions(ctx, art.number)):
        raise ActionError(
            f"{art.number} already has a version in draft or review; edit or publish that one",
            field="article_id",
            code=ErrorKind.INVALID_STATE,
        )
    new = KnowledgeArticle(
        **{
            **art.model_dump(),
            "sys_id": ctx.new_id("kb_knowledge"),
            "version": f"{float(art.version) + 0.01:.2f}",
            "workflow_state": "draft",
            "published": None,
            "author": ctx.user_id,
            "sys_view_count": 0,
            "latest": True,
        }
    )
    art.latest = False
    stamp(ctx, art)
    stamp(ctx, new, new=True)
    ctx.db.add(new)
    return articles_out(ctx, [new])[0]


@actions.write
def submit_knowledge_article(ctx: Ctx, *, article_id: str) -> ArticleOut:
    """Submit a draft article version for review (workflow_state draft -> review).

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
    """
    art = load_article(ctx, article_id)
    _require(art, ("draft",), "submitted for review", "")
    art.workflow_state = "review"
    stamp(ctx, art)
    return articles_out(ctx, [art])[0]


@actions.write
def publish_knowledge_article(ctx: Ctx, *, article_id: str) -> ArticleOut:
    """Publish an article version in review (review -> published, next major version number, e.g.
    1.01 -> 2.0). The previously published version of the same article becomes outdated.

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
    """
    art = load_article(ctx, article_id)
    _require(art, ("review",), "published", "Submit the draft for review first (submit_knowledge_article).")
    for old in _versions(ctx, art.number):
        if old.sys_id != art.sys_id and old.workflow_state == "published":
            old.workflow_state, old.latest = "outdated", False
            stamp(ctx, old)
    art.workflow_state, art.published, art.latest = "published", ctx.now, True
    art.version = f"{int(float(art.version)) + 1}.0"
    stamp(ctx, art)
    return articles_out(ctx, [art])[0]


@actions.destructive
def retire_knowledge_article(ctx: Ctx, *, article_id: str) -> ArticleOut:
    """Retire a published article: it no longer shows in search (workflow_state retired).

    Args:
        article_id: the knowledge article's number (like KB0010001) or sys_id.
    """
    art = load_article(ctx, article_id)
    _require(art, ("published",), "retired", "")
    art.workflow_state = "retired"
    stamp(ctx, art)
    return articles_out(ctx, [art])[0]
