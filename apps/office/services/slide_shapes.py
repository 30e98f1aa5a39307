"""Shapes on a slide: text in placeholders and text boxes (paragraphs and runs), its formatting, simple
shapes, pictures from OneDrive, and moving, resizing or deleting any shape."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.deck_models import Slide, SlideShape
from apps.office.models import DriveItem
from apps.office.services.access import role_of
from apps.office.services.common import actions
from apps.office.services.deck_layouts import MAX_EMU, Geometry, bulleted
from apps.office.services.deck_text import Color, ParagraphIn, Points, formatted, from_input, from_lines
from apps.office.services.decks import (
    SlideOut,
    deck_for,
    new_shape,
    renumber,
    shape_in,
    shapes_of,
    slide_in,
    slide_out,
    touch,
)

Emu = Annotated[int, Field(ge=0, le=MAX_EMU)]
Size = Annotated[int, Field(ge=1, le=MAX_EMU)]
IMAGE_TYPES = {"image/png", "image/jpeg", "image/gif"}


def text_of(
    slide: Slide, shape: SlideShape, text: str | None, paragraphs: list[ParagraphIn] | None
) -> list[dict]:
    """The stored paragraphs for a text or paragraphs argument (exactly one of them)."""
    if (text is None) == (paragraphs is None):
        raise ActionError("give either text or paragraphs", field="text", code=ErrorKind.REQUIRED)
    bullet = bulleted(slide.layout, shape.placeholder) if shape.kind == "placeholder" else False
    return from_lines(text, bullet) if text is not None else from_input(paragraphs or [], bullet)


def editable_slide(ctx: Ctx, item_id: str, slide_id: str) -> tuple[DriveItem, Slide]:
    item, _ = deck_for(ctx, item_id, "write")
    return item, slide_in(ctx, item, slide_id)


def _text_shape(ctx: Ctx, slide: Slide, shape_id: str) -> SlideShape:
    shape = shape_in(ctx, slide, shape_id)
    if shape.kind in ("table", "chart", "picture"):
        raise ActionError(
            f"{shape.name!r} is a {shape.kind}; edit it with its own tools",
            field="shape_id",
            code=ErrorKind.INVALID_VALUE,
        )
    return shape


def _saved(ctx: Ctx, item: DriveItem, slide: Slide) -> SlideOut:
    ctx.db.flush()
    touch(ctx, item)
    return slide_out(ctx, item, slide)


@actions.write
def set_shape_text(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    shape_id: str,
    text: str | None = None,
    paragraphs: list[ParagraphIn] | None = None,
) -> SlideOut:
    """Replace the text of a placeholder, text box or shape (what typing into it does): plain text, or
    paragraphs with their runs' formatting, list levels and bullets. Empty text empties it.

    Args:
        item_id: the presentation's id (you need edit access).
        slide_id: the slide's id.
        shape_id: the shape's id (from get_slide).
        text: plain text, a paragraph per line, each leading tab one list level deeper.
        paragraphs: the paragraphs, each with text (or runs) and optional level, bullet, align, bold,
            italic, size and color.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _text_shape(ctx, slide, shape_id)
    shape.paragraphs = (
        [] if text is not None and not text.strip() else text_of(slide, shape, text, paragraphs)
    )
    ctx.db.add(shape)
    return _saved(ctx, item, slide)


@actions.write
def format_shape_text(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    shape_id: str,
    find: str | None = None,
    paragraph_numbers: list[Annotated[int, Field(ge=1)]] | None = None,
    match_case: bool = False,
    bold: bool | None = None,
    italic: bool | None = None,
    size: Points | None = None,
    color: Color | None = None,
) -> SlideOut:
    """Format text in a shape, as selecting it and using the Font group does: every occurrence of `find`
    (or whole paragraphs) becomes bold / italic / a size / a colour.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the shape's id.
        find: the text to format (default: all the text of the chosen paragraphs).
        paragraph_numbers: only these paragraphs, 1 for the first (default: all).
        match_case: find only exact-case occurrences.
        bold: true or false to set bold.
        italic: true or false to set italic.
        size: font size in points.
        color: font colour, RGB hex such as "C00000".
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = _text_shape(ctx, slide, shape_id)
    changes = {
        k: v
        for k, v in {"bold": bold, "italic": italic, "size": size, "color": color}.items()
        if v is not None
    }
    if not changes:
        raise ActionError("give bold, italic, size or color to apply", field="bold", code=ErrorKind.REQUIRED)
    if "color" in changes:
        changes["color"] = changes["color"].upper()
    indexes = [n - 1 for n in paragraph_numbers] if paragraph_numbers else None
    if indexes and max(indexes) >= len(shape.paragraphs):
        raise ActionError(
            f"{shape.name!r} has {len(shape.paragraphs)} paragraph(s)",
            field="paragraph_numbers",
            code=ErrorKind.INVALID_VALUE,
        )
    shape.paragraphs, hits = formatted(shape.paragraphs, find, match_case, changes, indexes)
    if find and not hits:
        raise ActionError(
            f"{find!r} does not occur in {shape.name!r}", field="find", code=ErrorKind.INVALID_VALUE
        )
    ctx.db.add(shape)
    return _saved(ctx, item, slide)


@actions.write
def add_text_box(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    x: Emu,
    y: Emu,
    width: Size = 3_657_600,
    height: Size = 914_400,
    text: str | None = None,
    paragraphs: list[ParagraphIn] | None = None,
) -> SlideOut:
    """Add a text box to a slide (Insert > Text Box) with its text.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        x: left edge in EMU (914,400 per inch) from the slide's left.
        y: top edge in EMU from the slide's top.
        width: width in EMU (default 4 inches).
        height: height in EMU (default 1 inch).
        text: plain text, a paragraph per line (leading tabs for list levels).
        paragraphs: or the paragraphs with their formatting.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    count = len(shapes_of(ctx, slide.id))
    shape = new_shape(ctx, slide, kind="text_box", name=f"TextBox {count + 1}", x=x, y=y, cx=width, cy=height)
    shape.paragraphs = text_of(slide, shape, text, paragraphs)
    return _saved(ctx, item, slide)


@actions.write
def add_shape(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    geometry: Geometry,
    x: Emu,
    y: Emu,
    width: Size = 1_828_800,
    height: Size = 1_828_800,
    text: str | None = None,
    fill_color: Color | None = None,
    line_color: Color | None = None,
) -> SlideOut:
    """Add a simple shape (Insert > Shapes): rectangle, rounded rectangle, oval, triangle, right arrow,
    chevron, star or line, with optional text inside and colours.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        geometry: rectangle, rounded_rectangle, oval, triangle, right_arrow, chevron, star or line.
        x: left edge in EMU.
        y: top edge in EMU.
        width: width in EMU (default 2 inches).
        height: height in EMU (default 2 inches).
        text: text inside the shape (a paragraph per line).
        fill_color: fill, RGB hex (default: the theme's first accent).
        line_color: outline, RGB hex.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    count = len(shapes_of(ctx, slide.id))
    name = f"{geometry.replace('_', ' ').title()} {count + 1}"
    shape = new_shape(
        ctx, slide, kind="shape", name=name, geometry=geometry, x=x, y=y, cx=width, cy=height,
        fill_color=fill_color and fill_color.upper(), line_color=line_color and line_color.upper(),
    )  # fmt: skip
    if text:
        shape.paragraphs = from_lines(text, False)
    return _saved(ctx, item, slide)


def image_item(ctx: Ctx, image_id: str, field: str = "image_id") -> DriveItem:
    """An image file in OneDrive the acting user can open."""
    image = ctx.db.get(DriveItem, image_id) if image_id else None
    if image is None or role_of(ctx, image, ctx.user_id) is None:
        raise NotFoundError(f"no image file with id {image_id!r} that you can access", field=field)
    if image.mime_type not in IMAGE_TYPES:
        raise ActionError(
            f"{image.name!r} is not a picture (PNG, JPEG or GIF)", field=field, code=ErrorKind.INVALID_VALUE
        )
    return image


@actions.write
def add_picture(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    image_id: str,
    x: Emu,
    y: Emu,
    width: Size = 1_828_800,
    height: Size = 1_828_800,
) -> SlideOut:
    """Insert a picture from OneDrive on a slide (Insert > Pictures > OneDrive): the slide refers to the
    image file, and the .pptx export embeds it.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        image_id: the drive item id of a PNG, JPEG or GIF file you can open.
        x: left edge in EMU.
        y: top edge in EMU.
        width: width in EMU (default 2 inches).
        height: height in EMU (default 2 inches).
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    image = image_item(ctx, image_id)
    count = len(shapes_of(ctx, slide.id))
    new_shape(
        ctx, slide, kind="picture", name=f"Picture {count + 1}", image_item_id=image.id,
        x=x, y=y, cx=width, cy=height,
    )  # fmt: skip
    return _saved(ctx, item, slide)


@actions.write
def update_shape(
    ctx: Ctx,
    *,
    item_id: str,
    slide_id: str,
    shape_id: str,
    x: Emu | None = None,
    y: Emu | None = None,
    width: Size | None = None,
    height: Size | None = None,
    name: str | None = None,
    fill_color: Color | None = None,
    line_color: Color | None = None,
) -> SlideOut:
    """Move, resize, rename or recolour a shape (the Format pane's Size & Position and Fill/Line).

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the shape's id.
        x: new left edge in EMU.
        y: new top edge in EMU.
        width: new width in EMU.
        height: new height in EMU.
        name: new name (the Selection pane's).
        fill_color: new fill, RGB hex.
        line_color: new outline, RGB hex.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    shape = shape_in(ctx, slide, shape_id)
    given = {"x": x, "y": y, "cx": width, "cy": height, "fill_color": fill_color, "line_color": line_color}
    if name is not None:
        given["name"] = name.strip() or None
    given = {k: v for k, v in given.items() if v is not None}
    if not given:
        raise ActionError(
            "give a position, size, name or colour to change", field="x", code=ErrorKind.REQUIRED
        )
    for key, value in given.items():
        setattr(shape, key, value.upper() if key.endswith("_color") else value)
    ctx.db.add(shape)
    return _saved(ctx, item, slide)


@actions.destructive
def delete_shape(ctx: Ctx, *, item_id: str, slide_id: str, shape_id: str) -> SlideOut:
    """Delete a shape (a placeholder too) from a slide.

    Args:
        item_id: the presentation's id.
        slide_id: the slide's id.
        shape_id: the shape's id.
    """
    item, slide = editable_slide(ctx, item_id, slide_id)
    ctx.db.delete(shape_in(ctx, slide, shape_id))
    ctx.db.flush()
    renumber(ctx, shapes_of(ctx, slide.id))
    return _saved(ctx, item, slide)
