"""Presentations (PowerPoint): a deck is a drive item with ordered slides; create one (blank or from a
template deck in OneDrive), read it slide by slide. The helpers every deck service shares live here."""

from __future__ import annotations

from pydantic import BaseModel, Field
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.public import public_model
from apps.office.deck_models import Presentation, Slide, SlideComment, SlideShape
from apps.office.models import DriveItem
from apps.office.schemas import DriveItemOut
from apps.office.services.access import item_for
from apps.office.services.common import actions, require_text, user_name
from apps.office.services.deck_layouts import LAYOUTS, MAX_SHAPES, OFFICE_COLORS
from apps.office.services.deck_text import plain
from apps.office.services.drive import item_out, new_item
from apps.office.services.drive_names import ItemName

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
ShapeOut = public_model(SlideShape, "ShapeOut", exclude=("item_id", "slide_id"), text=(str, ""))
SlideCommentOut = public_model(SlideComment, "SlideCommentOut", author_name=(str | None, None))


class Theme(BaseModel):
    """The slide master's theme: its name, heading and body fonts and colour scheme (RGB hex per slot)."""

    name: str
    heading_font: str
    body_font: str
    colors: dict[str, str]


class SlideSummary(BaseModel):
    """A slide as the thumbnails pane lists it: number, layout, title, every text on it, notes."""

    id: str
    number: int
    layout: str
    hidden: bool
    title: str
    text: str = Field(description="every text on the slide, a line each: placeholders, tables, charts")
    notes: str
    comments: int
    shapes: list[ShapeOut] | None = None  # type: ignore[valid-type]  # with include_shapes


class SlideOut(BaseModel):
    """One slide with its shapes (positions in EMU), notes and comments."""

    item_id: str
    id: str
    number: int
    layout: str
    hidden: bool
    notes: str
    title: str
    shapes: list[ShapeOut]  # type: ignore[valid-type]
    comments: list[SlideCommentOut]  # type: ignore[valid-type]


class PresentationOut(BaseModel):
    """A deck: its drive item, slide size (EMU), theme and slides in order."""

    item: DriveItemOut  # type: ignore[valid-type]
    slide_width: int
    slide_height: int
    theme: Theme
    template_item_id: str | None
    slides: list[SlideSummary]


# -- shared helpers ------------------------------------------------------------------------------------


def deck_for(ctx: Ctx, item_id: str, need: str = "read", field: str = "item_id") -> tuple[DriveItem, str]:
    """The presentation `item_id` if the acting user holds role `need` on it (else Graph's refusal)."""
    return item_for(ctx, item_id, need, field=field, kind="presentation")


def props(ctx: Ctx, item: DriveItem) -> Presentation:
    found = ctx.db.get(Presentation, item.id)
    if found is None:  # a deck always has its row; this only guards a hand-made drive item
        raise NotFoundError(f"{item.name!r} has no slides to open", field="item_id")
    return found


def slides_of(ctx: Ctx, item_id: str) -> list[Slide]:
    return list(ctx.db.exec(select(Slide).where(Slide.item_id == item_id).order_by(Slide.position)))


def shapes_of(ctx: Ctx, slide_id: str) -> list[SlideShape]:
    return list(
        ctx.db.exec(select(SlideShape).where(SlideShape.slide_id == slide_id).order_by(SlideShape.position))
    )


def comments_of(ctx: Ctx, slide_id: str) -> list[SlideComment]:
    stmt = select(SlideComment).where(SlideComment.slide_id == slide_id)
    return list(ctx.db.exec(stmt.order_by(SlideComment.created_date_time, SlideComment.id)))


def slide_in(ctx: Ctx, item: DriveItem, slide_id: str, field: str = "slide_id") -> Slide:
    slide = ctx.db.get(Slide, slide_id) if slide_id else None
    if slide is None or slide.item_id != item.id:
        raise NotFoundError(f"no slide {slide_id!r} in {item.name!r}; see get_presentation", field=field)
    return slide


def shape_in(ctx: Ctx, slide: Slide, shape_id: str, field: str = "shape_id") -> SlideShape:
    shape = ctx.db.get(SlideShape, shape_id) if shape_id else None
    if shape is None or shape.slide_id != slide.id:
        raise NotFoundError(f"no shape {shape_id!r} on this slide; see get_slide", field=field)
    return shape


def renumber(ctx: Ctx, rows: list) -> None:
    for i, row in enumerate(rows):
        if row.position != i:
            row.position = i
            ctx.db.add(row)


def shape_text(shape: SlideShape) -> str:
    """What a reader sees in a shape: its paragraphs, a table's rows (cells joined by " | "), a chart's
    title and data (a line per series: its name, then each category with its value)."""
    if shape.kind == "table":
        return "\n".join(" | ".join(row) for row in shape.table_rows)
    if shape.kind == "chart":
        chart = shape.chart or {}
        lines = [chart.get("title") or ""]
        for s in chart.get("series", []):
            pairs = ", ".join(
                f"{c}: {_num(v)}" for c, v in zip(chart.get("categories", []), s["values"], strict=False)
            )
            lines.append(f"{s['name']}: {pairs}")
        return "\n".join(line for line in lines if line)
    return plain(shape.paragraphs)


def _num(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def title_of(shapes: list[SlideShape]) -> str:
    found = next((s for s in shapes if s.placeholder == "title"), None)
    return " ".join(plain(found.paragraphs).split()) if found else ""


def touch(ctx: Ctx, item: DriveItem) -> None:
    """Stamp the deck as saved by the acting user now; its size follows what it holds."""
    size = 0
    for shape in ctx.db.exec(select(SlideShape).where(SlideShape.item_id == item.id)):
        size += len(shape_text(shape).encode()) + 200
    item.size = size + 2000 * len(slides_of(ctx, item.id))
    item.last_modified_date_time, item.last_modified_by_id = ctx.now, ctx.user_id
    ctx.db.add(item)


def new_shape(ctx: Ctx, slide: Slide, **fields) -> SlideShape:
    """A shape on top of the slide's others."""
    count = len(shapes_of(ctx, slide.id))
    if count >= MAX_SHAPES:
        raise ActionError(
            f"a slide holds at most {MAX_SHAPES} shapes", field="slide_id", code=ErrorKind.LIMIT
        )
    shape = SlideShape(
        id=ctx.new_id("SlideShape"), slide_id=slide.id, item_id=slide.item_id, position=count, **fields
    )
    ctx.db.add(shape)
    return shape


def content_area(ctx: Ctx, slide: Slide, positioned: bool) -> tuple[int, int, int, int]:
    """Where an inserted table or chart goes: the slide's first empty content placeholder, which it replaces
    unless a position was given (PowerPoint's icons in the placeholder), else the content area."""
    empty = next(
        (
            s
            for s in shapes_of(ctx, slide.id)
            if s.kind == "placeholder" and s.placeholder in ("body", "left", "right") and not s.paragraphs
        ),
        None,
    )
    if empty is None:
        return 838_200, 1_825_625, 10_515_600, 4_351_338
    if not positioned:
        ctx.db.delete(empty)
        ctx.db.flush()
        renumber(ctx, shapes_of(ctx, slide.id))
        ctx.db.flush()
    return empty.x, empty.y, empty.cx, empty.cy


def layout_placeholders(ctx: Ctx, slide: Slide) -> None:
    """The empty placeholders of the slide's layout (PowerPoint shows their prompt until typed into)."""
    for p in LAYOUTS[slide.layout]:
        new_shape(
            ctx, slide, kind="placeholder", placeholder=p.role, name=p.name, x=p.x, y=p.y, cx=p.cx, cy=p.cy
        )
        ctx.db.flush()


def copy_slide(ctx: Ctx, source: Slide, item_id: str, position: int) -> Slide:
    """A copy of `source` (shapes, notes, layout, hidden) at `position` of deck `item_id`."""
    slide = Slide(
        id=ctx.new_id("Slide"),
        item_id=item_id,
        position=position,
        layout=source.layout,
        hidden=source.hidden,
        notes=source.notes,
    )
    ctx.db.add(slide)
    for shape in shapes_of(ctx, source.id):
        data = shape.model_dump(exclude={"id", "slide_id", "item_id"})
        ctx.db.add(SlideShape(id=ctx.new_id("SlideShape"), slide_id=slide.id, item_id=item_id, **data))
    return slide


def slide_out(ctx: Ctx, item: DriveItem, slide: Slide) -> SlideOut:
    shapes = shapes_of(ctx, slide.id)
    return SlideOut(
        item_id=item.id,
        id=slide.id,
        number=slide.position + 1,
        layout=slide.layout,
        hidden=slide.hidden,
        notes=slide.notes,
        title=title_of(shapes),
        shapes=[ShapeOut.model_validate({**s.model_dump(), "text": shape_text(s)}) for s in shapes],
        comments=[
            SlideCommentOut.model_validate({**c.model_dump(), "author_name": user_name(ctx, c.author_id)})
            for c in comments_of(ctx, slide.id)
        ],
    )


def summary(ctx: Ctx, slide: Slide, with_shapes: bool = False) -> SlideSummary:
    shapes = shapes_of(ctx, slide.id)
    return SlideSummary(
        shapes=[ShapeOut.model_validate({**s.model_dump(), "text": shape_text(s)}) for s in shapes]
        if with_shapes
        else None,
        id=slide.id,
        number=slide.position + 1,
        layout=slide.layout,
        hidden=slide.hidden,
        title=title_of(shapes),
        text="\n".join(t for s in shapes if (t := shape_text(s))),
        notes=slide.notes,
        comments=len(comments_of(ctx, slide.id)),
    )


def presentation_out(
    ctx: Ctx, item: DriveItem, role: str | None = None, shapes: bool = False
) -> PresentationOut:
    deck = props(ctx, item)
    return PresentationOut(
        item=item_out(ctx, item, role),
        slide_width=deck.slide_width,
        slide_height=deck.slide_height,
        theme=Theme(
            name=deck.theme_name, heading_font=deck.heading_font, body_font=deck.body_font, colors=deck.colors
        ),
        template_item_id=deck.template_item_id,
        slides=[summary(ctx, s, shapes) for s in slides_of(ctx, item.id)],
    )


def new_deck(ctx: Ctx, name: str, parent_id: str | None) -> DriveItem:
    """An empty deck (no slides) named `name` (".pptx" added) in a folder the user may edit."""
    name = require_text(name, "name", "a name")
    name = name if name.lower().endswith(".pptx") else name + ".pptx"
    item = new_item(ctx, parent_id, name, "presentation", PPTX)
    ctx.db.add(Presentation(id=item.id, colors=dict(OFFICE_COLORS)))
    return item


# -- the tools -----------------------------------------------------------------------------------------


@actions.write
def create_presentation(
    ctx: Ctx, *, name: ItemName, parent_id: str | None = None, template_id: str | None = None
) -> PresentationOut:
    """Create a PowerPoint presentation in your drive (or a shared folder you can edit): blank (one Title
    Slide, the Office Theme, 16:9) or a copy of a template deck's theme and slides.

    Args:
        name: file name; ".pptx" is added when missing (OneDrive's naming rules apply, see create_file).
        parent_id: the folder's id (default: your drive's root).
        template_id: a presentation in OneDrive you can open whose theme and slides the new deck starts from.
    """
    template = deck_for(ctx, template_id, field="template_id")[0] if template_id else None
    item = new_deck(ctx, name, parent_id)
    deck = ctx.db.get(Presentation, item.id)
    if template is None:
        slide = Slide(id=ctx.new_id("Slide"), item_id=item.id, position=0, layout="Title Slide")
        ctx.db.add(slide)
        ctx.db.flush()
        layout_placeholders(ctx, slide)
    else:
        source = props(ctx, template)
        for field in ("slide_width", "slide_height", "theme_name", "heading_font", "body_font"):
            setattr(deck, field, getattr(source, field))
        deck.colors, deck.template_item_id = dict(source.colors), template.id
        for i, s in enumerate(slides_of(ctx, template.id)):
            copy_slide(ctx, s, item.id, i)
    ctx.db.add(deck)
    ctx.db.flush()
    touch(ctx, item)
    return presentation_out(ctx, item, "owner")


@actions.read
def get_presentation(ctx: Ctx, *, item_id: str, include_shapes: bool = False) -> PresentationOut:
    """Read a presentation: its theme, slide size and every slide in order with its id, number, layout,
    title, all its text (placeholders, tables, chart data), speaker notes, whether it is hidden and how
    many comments it has. Read one slide's shapes with get_slide (or every slide's with include_shapes).

    Args:
        item_id: the presentation's drive item id.
        include_shapes: also list every slide's shapes (as get_slide does).
    """
    item, role = deck_for(ctx, item_id)
    return presentation_out(ctx, item, role, include_shapes)


@actions.read
def get_slide(
    ctx: Ctx, *, item_id: str, slide_id: str | None = None, slide_number: int | None = None
) -> SlideOut:
    """Read one slide: its shapes in z-order (kind, placeholder role, position and size in EMU, paragraphs
    with their runs' formatting, table cells, chart type and data, picture), notes and comments.

    Args:
        item_id: the presentation's drive item id.
        slide_id: the slide's id (from get_presentation); or give slide_number.
        slide_number: the slide's number, 1 for the first.
    """
    item, _ = deck_for(ctx, item_id)
    if slide_id:
        return slide_out(ctx, item, slide_in(ctx, item, slide_id))
    slides = slides_of(ctx, item.id)
    if slide_number is None or not 1 <= slide_number <= len(slides):
        raise ActionError(
            f"give slide_id, or a slide_number from 1 to {len(slides)}",
            field="slide_number",
            code=ErrorKind.INVALID_VALUE,
        )
    return slide_out(ctx, item, slides[slide_number - 1])
