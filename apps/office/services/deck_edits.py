"""Edits across a deck: Replace (every slide's text, tables and notes), applying another deck's design
(Design > Themes > Browse: its theme's fonts and colours), and comments on slides."""

from __future__ import annotations

import re

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.deck_models import SlideComment, SlideShape
from apps.office.services.common import Done, actions, require_text, user_name
from apps.office.services.deck_text import replaced
from apps.office.services.decks import (
    PresentationOut,
    SlideCommentOut,
    deck_for,
    presentation_out,
    props,
    shape_in,
    slide_in,
    slides_of,
    touch,
)


class ReplaceOut(PresentationOut):
    """The deck after a Replace All, with how many occurrences were replaced."""

    replacements: int


def _pattern(find: str, match_case: bool, whole_words: bool) -> re.Pattern[str]:
    text = re.escape(require_text(find, "find", "text to find"))
    return re.compile(rf"\b{text}\b" if whole_words else text, 0 if match_case else re.IGNORECASE)


@actions.write
def replace_presentation_text(
    ctx: Ctx,
    *,
    item_id: str,
    find: str,
    replace: str,
    match_case: bool = False,
    whole_words: bool = False,
    include_notes: bool = True,
) -> ReplaceOut:
    """Replace All across a deck (Home > Replace): every occurrence in placeholders, text boxes, shapes and
    table cells of every slide, hidden ones too, and in speaker notes. A replaced run keeps its formatting.

    Args:
        item_id: the presentation's id (you need edit access).
        find: the text to find.
        replace: what to put instead (may be empty).
        match_case: only occurrences with the same upper and lower case.
        whole_words: only whole words.
        include_notes: replace in speaker notes too.
    """
    item, role = deck_for(ctx, item_id, "write")
    pattern = _pattern(find, match_case, whole_words)
    total = 0
    for slide in slides_of(ctx, item.id):
        for shape in ctx.db.exec(select(SlideShape).where(SlideShape.slide_id == slide.id)):
            paragraphs, hits = replaced(shape.paragraphs, pattern, replace)
            rows = [[pattern.sub(lambda _m: replace, c) for c in r] for r in shape.table_rows]
            hits += sum(len(pattern.findall(c)) for r in shape.table_rows for c in r)
            if hits:
                shape.paragraphs, shape.table_rows = paragraphs, rows
                ctx.db.add(shape)
                total += hits
        if include_notes:
            notes, hits = pattern.subn(lambda _m: replace, slide.notes)
            if hits:
                slide.notes = notes
                ctx.db.add(slide)
                total += hits
    if not total:
        raise ActionError(
            f"PowerPoint searched the presentation and couldn't find {find!r}",
            field="find",
            code=ErrorKind.INVALID_VALUE,
        )
    ctx.db.flush()
    touch(ctx, item)
    return ReplaceOut(**presentation_out(ctx, item, role).model_dump(), replacements=total)


@actions.write
def apply_presentation_template(ctx: Ctx, *, item_id: str, template_id: str) -> PresentationOut:
    """Give a deck another deck's design (Design > Themes > Browse for Themes): the template's theme name,
    heading and body fonts and colour scheme. Slides, their content and text you coloured yourself stay.

    Args:
        item_id: the presentation to restyle (you need edit access).
        template_id: the presentation in OneDrive whose design to apply (you need to be able to open it).
    """
    item, role = deck_for(ctx, item_id, "write")
    template, _ = deck_for(ctx, template_id, field="template_id")
    if template.id == item.id:
        raise ActionError(
            "a deck cannot be its own template", field="template_id", code=ErrorKind.INVALID_VALUE
        )
    deck, source = props(ctx, item), props(ctx, template)
    deck.theme_name, deck.heading_font, deck.body_font = (
        source.theme_name,
        source.heading_font,
        source.body_font,
    )
    deck.colors, deck.template_item_id = dict(source.colors), template.id
    ctx.db.add(deck)
    touch(ctx, item)
    return presentation_out(ctx, item, role)


@actions.write
def add_slide_comment(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    content: str,
    shape_id: str | None = None,
    reply_to_id: str | None = None,
) -> SlideCommentOut:  # type: ignore[valid-type]
    """Comment on a slide (optionally on one of its shapes), or reply to a comment. Needs edit access.

    Args:
        item_id: the presentation's id.
        slide_id: the slide the comment is on.
        content: the comment's text.
        shape_id: the shape it is about (default: the slide).
        reply_to_id: the comment you answer (its slide is used).
    """
    item, _ = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    if shape_id:
        shape_in(ctx, slide, shape_id)
    if reply_to_id:
        parent = ctx.db.get(SlideComment, reply_to_id)
        if parent is None or parent.slide_id != slide.id:
            raise NotFoundError(f"no comment {reply_to_id!r} on this slide", field="reply_to_id")
        shape_id = shape_id or parent.shape_id
    comment = SlideComment(
        id=ctx.new_id("SlideComment"),
        item_id=item.id,
        slide_id=slide.id,
        shape_id=shape_id,
        author_id=ctx.user_id or "",
        content=require_text(content, "content", "comment text"),
        created_date_time=ctx.now,
        reply_to_id=reply_to_id,
    )
    ctx.db.add(comment)
    return SlideCommentOut.model_validate(
        {**comment.model_dump(), "author_name": user_name(ctx, comment.author_id)}
    )


def _comment(ctx: Ctx, item_id: str, comment_id: str) -> SlideComment:
    item, _ = deck_for(ctx, item_id, "write")
    comment = ctx.db.get(SlideComment, comment_id) if comment_id else None
    if comment is None or comment.item_id != item.id:
        raise NotFoundError(f"no comment {comment_id!r} in {item.name!r}", field="comment_id")
    return comment


@actions.write
def resolve_slide_comment(ctx: Ctx, *, item_id: str, comment_id: str) -> Done:
    """Resolve a comment thread (PowerPoint's Resolve thread).

    Args:
        item_id: the presentation's id.
        comment_id: the thread's first comment.
    """
    comment = _comment(ctx, item_id, comment_id)
    if comment.reply_to_id:
        raise ActionError(
            "resolve the thread's first comment", field="comment_id", code=ErrorKind.INVALID_VALUE
        )
    if comment.resolved:
        raise ActionError("this thread is already resolved", field="comment_id", code=ErrorKind.INVALID_STATE)
    comment.resolved = True
    ctx.db.add(comment)
    return Done(id=comment.id, status="resolved")


@actions.destructive
def delete_slide_comment(ctx: Ctx, *, item_id: str, comment_id: str) -> Done:
    """Delete a comment (a thread's first comment deletes the thread with its replies).

    Args:
        item_id: the presentation's id.
        comment_id: the comment's id.
    """
    comment = _comment(ctx, item_id, comment_id)
    gone = [comment]
    if not comment.reply_to_id:
        gone += list(ctx.db.exec(select(SlideComment).where(SlideComment.reply_to_id == comment.id)))
    for row in gone:
        ctx.db.delete(row)
    return Done(id=comment.id, status=f"deleted {len(gone)} comment(s)")
