"""Slides of a deck: add one with a layout of the slide master, duplicate, move, delete, hide, change its
layout (content follows PowerPoint's placeholder matching) and write its speaker notes."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.param_schema import TextRule
from apps.office.deck_models import Slide, SlideComment, SlideShape
from apps.office.services.common import actions
from apps.office.services.deck_layouts import LAYOUTS, MAX_SLIDES, LayoutName, bulleted
from apps.office.services.deck_text import from_lines
from apps.office.services.decks import (
    PresentationOut,
    SlideOut,
    copy_slide,
    deck_for,
    layout_placeholders,
    new_shape,
    presentation_out,
    renumber,
    shapes_of,
    slide_in,
    slide_out,
    slides_of,
    touch,
)

Position = Annotated[int, Field(ge=1, le=MAX_SLIDES)]
NotesText = Annotated[str, TextRule(max_length=100_000)]


def _place(ctx: Ctx, slides: list[Slide], slide: Slide, position: int | None) -> None:
    """Put `slide` at 1-based `position` (default: the end) and renumber the deck."""
    others = [s for s in slides if s.id != slide.id]
    at = len(others) if position is None else min(position - 1, len(others))
    others.insert(at, slide)
    renumber(ctx, others)


@actions.write
def add_slide(
    ctx: Ctx,
    *,
    item_id: str,
    layout: LayoutName = "Title and Content",
    position: Position | None = None,
    title: str | None = None,
    text: str | None = None,
) -> SlideOut:
    """Add a slide with a layout of the deck's slide master (PowerPoint's New Slide): its placeholders come
    empty unless you give a title and text.

    Args:
        item_id: the presentation's id (you need edit access).
        layout: Title Slide, Title and Content, Section Header, Two Content, Comparison, Title Only or Blank.
        position: the new slide's number (1 = first; default: after the last slide).
        title: text for the title placeholder.
        text: text for the first other placeholder (subtitle, content or left content): a paragraph per
            line, each leading tab one list level deeper.
    """
    item, _ = deck_for(ctx, item_id, "write")
    slides = slides_of(ctx, item.id)
    if len(slides) >= MAX_SLIDES:
        raise ActionError(f"a deck holds at most {MAX_SLIDES} slides", field="item_id", code=ErrorKind.LIMIT)
    slide = Slide(id=ctx.new_id("Slide"), item_id=item.id, position=len(slides), layout=layout)
    ctx.db.add(slide)
    ctx.db.flush()
    layout_placeholders(ctx, slide)
    placeholders = shapes_of(ctx, slide.id)
    for value, wanted in ((title, "title"), (text, "other")):
        if value is None:
            continue
        target = next((s for s in placeholders if (s.placeholder == "title") == (wanted == "title")), None)
        if target is None:
            raise ActionError(
                f"the {layout} layout has no {'title' if wanted == 'title' else 'text'} placeholder",
                field="title" if wanted == "title" else "text",
                code=ErrorKind.INVALID_VALUE,
            )
        target.paragraphs = from_lines(value, bulleted(layout, target.placeholder))
        ctx.db.add(target)
    _place(ctx, slides, slide, position)
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def duplicate_slide(ctx: Ctx, *, item_id: str, slide_id: str) -> SlideOut:
    """Duplicate a slide (shapes, notes, layout); the copy comes right after it, as PowerPoint does.

    Args:
        item_id: the presentation's id.
        slide_id: the slide to copy.
    """
    item, _ = deck_for(ctx, item_id, "write")
    source = slide_in(ctx, item, slide_id)
    slides = slides_of(ctx, item.id)
    if len(slides) >= MAX_SLIDES:
        raise ActionError(f"a deck holds at most {MAX_SLIDES} slides", field="item_id", code=ErrorKind.LIMIT)
    copy = copy_slide(ctx, source, item.id, len(slides))
    ctx.db.flush()
    _place(ctx, slides, copy, source.position + 2)
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, copy)


@actions.write
def move_slide(ctx: Ctx, *, item_id: str, slide_id: str, position: Position) -> PresentationOut:
    """Move a slide to another place in the deck (the slide sorter's drag).

    Args:
        item_id: the presentation's id.
        slide_id: the slide to move.
        position: its new number (1 = first; past the end puts it last).
    """
    item, role = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    _place(ctx, slides_of(ctx, item.id), slide, position)
    ctx.db.flush()
    touch(ctx, item)
    return presentation_out(ctx, item, role)


@actions.destructive
def delete_slide(ctx: Ctx, *, item_id: str, slide_id: str) -> PresentationOut:
    """Delete a slide with its shapes and comments (a deck may end up with no slides, as in PowerPoint).

    Args:
        item_id: the presentation's id.
        slide_id: the slide to delete.
    """
    item, role = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    for model in (SlideShape, SlideComment):
        for row in ctx.db.exec(select(model).where(model.slide_id == slide.id)):
            ctx.db.delete(row)
    ctx.db.delete(slide)
    ctx.db.flush()
    renumber(ctx, slides_of(ctx, item.id))
    ctx.db.flush()
    touch(ctx, item)
    return presentation_out(ctx, item, role)


@actions.write
def set_slide_hidden(ctx: Ctx, *, item_id: str, slide_id: str, hidden: bool = True) -> SlideOut:
    """Hide a slide from the slide show (it stays in the deck and in the file), or show it again.

    Args:
        item_id: the presentation's id.
        slide_id: the slide.
        hidden: true to hide it, false to show it again.
    """
    item, _ = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    if slide.hidden == hidden:
        state = "hidden" if hidden else "shown"
        raise ActionError(
            f"slide {slide.position + 1} is already {state}", field="hidden", code=ErrorKind.INVALID_STATE
        )
    slide.hidden = hidden
    ctx.db.add(slide)
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def set_slide_layout(ctx: Ctx, *, item_id: str, slide_id: str, layout: LayoutName) -> SlideOut:
    """Change a slide's layout. As in PowerPoint, each placeholder's content moves to the new layout's
    placeholder in the same place of the layout's order (title to title, first content to first content);
    content with no place left stays on the slide as a text box; empty placeholders of the new layout appear.

    Args:
        item_id: the presentation's id.
        slide_id: the slide.
        layout: Title Slide, Title and Content, Section Header, Two Content, Comparison, Title Only or Blank.
    """
    item, _ = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    old = [s for s in shapes_of(ctx, slide.id) if s.kind == "placeholder"]
    old_order = [p.role for p in LAYOUTS[slide.layout]]
    new = LAYOUTS[layout]
    taken: set[int] = set()
    for shape in old:
        index = old_order.index(shape.placeholder) if shape.placeholder in old_order else -1
        if 0 <= index < len(new) and (index == 0) == (new[index].role == "title") and index not in taken:
            target = new[index]
            taken.add(index)
            shape.placeholder, shape.name = target.role, target.name
            shape.x, shape.y, shape.cx, shape.cy = target.x, target.y, target.cx, target.cy
        elif shape.paragraphs:
            shape.kind, shape.placeholder, shape.name = "text_box", None, f"TextBox {shape.position + 1}"
        else:
            ctx.db.delete(shape)
            continue
        ctx.db.add(shape)
    slide.layout = layout
    ctx.db.add(slide)
    ctx.db.flush()
    renumber(ctx, shapes_of(ctx, slide.id))
    for i, p in enumerate(new):
        if i not in taken:
            new_shape(
                ctx,
                slide,
                kind="placeholder",
                placeholder=p.role,
                name=p.name,
                x=p.x,
                y=p.y,
                cx=p.cx,
                cy=p.cy,
            )
            ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def update_slide_notes(ctx: Ctx, *, item_id: str, slide_id: str, notes: NotesText) -> SlideOut:
    """Write a slide's speaker notes (replaces what the notes pane held; empty text clears them).

    Args:
        item_id: the presentation's id.
        slide_id: the slide.
        notes: the notes, plain text (lines kept).
    """
    item, _ = deck_for(ctx, item_id, "write")
    slide = slide_in(ctx, item, slide_id)
    slide.notes = notes.strip()
    ctx.db.add(slide)
    touch(ctx, item)
    return slide_out(ctx, item, slide)
