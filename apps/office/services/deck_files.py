"""Presentations as .pptx files: export a deck (python-pptx writes it; PowerPoint, LibreOffice Impress
and python-pptx open it with the same slides, text, tables and chart data) and import one into OneDrive
as a deck you can edit (its pictures become image files beside it)."""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Annotated

from pydantic import Field
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.deck_models import Slide, SlideComment, SlideShape
from apps.office.models import DriveItem, FileContent, User
from apps.office.pptx_files import DeckFile
from apps.office.schemas import ExportOut
from apps.office.services.common import actions, aware, me, require_text
from apps.office.services.deck_layouts import LAYOUT_NAMES, MAX_SLIDES
from apps.office.services.deck_text import paragraph
from apps.office.services.decks import (
    PPTX,
    PresentationOut,
    comments_of,
    deck_for,
    new_deck,
    presentation_out,
    props,
    shapes_of,
    slides_of,
    touch,
)
from apps.office.services.drive import new_item
from apps.office.services.drive_names import ItemName

MAX_FILE_BYTES = 3 * 1024 * 1024
Base64File = Annotated[str, Field(max_length=MAX_FILE_BYTES * 4 // 3 + 4)]
IMAGE_MIME = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif"}


def deck_file(ctx: Ctx, item: DriveItem) -> DeckFile:
    """The deck as plain data for the writer, pictures with their files' bytes."""
    deck = props(ctx, item)
    images: dict[str, tuple[bytes, str]] = {}
    slides = []
    for slide in slides_of(ctx, item.id):
        shapes = [s.model_dump() for s in shapes_of(ctx, slide.id)]
        for s in shapes:
            key = s.get("image_item_id")
            content = ctx.db.get(FileContent, key) if key else None
            if content is not None and key not in images:
                images[key] = (content.content, ctx.db.get(DriveItem, key).name)
        comments = [
            {"author": _name(ctx, c.author_id), "text": c.content, "created": c.created_date_time}
            for c in comments_of(ctx, slide.id)
        ]
        slides.append(
            {
                "layout": slide.layout,
                "hidden": slide.hidden,
                "notes": slide.notes,
                "shapes": shapes,
                "comments": comments,
            }
        )
    theme = {
        "name": deck.theme_name,
        "heading_font": deck.heading_font,
        "body_font": deck.body_font,
        "colors": deck.colors,
    }
    owner = ctx.db.get(User, item.owner_id)
    return DeckFile(
        name=item.name, width=deck.slide_width, height=deck.slide_height, theme=theme, slides=slides,
        images=images, author=owner.display_name if owner else "", created=item.created_date_time,
        modified=item.last_modified_date_time,
    )  # fmt: skip


def _name(ctx: Ctx, user_id: str) -> str:
    user = ctx.db.get(User, user_id)
    return user.display_name if user else "Unknown"


@actions.read
def export_presentation(ctx: Ctx, *, item_id: str) -> ExportOut:
    """Download a presentation as a .pptx file (base64): its slides with their layouts, text and
    formatting, tables, charts with their data, pictures, notes, hidden slides, theme and comments.

    Args:
        item_id: the presentation's drive item id.
    """
    from apps.office.pptx_write import to_pptx

    item, _ = deck_for(ctx, item_id)
    data = to_pptx(deck_file(ctx, item))
    return ExportOut(
        name=item.name, content_type=PPTX, size=len(data), content_base64=base64.b64encode(data).decode()
    )


def _decode(content_base64: str) -> bytes:
    try:
        data = base64.b64decode(content_base64.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise ActionError(
            "content_base64 is not base64 text", field="content_base64", code=ErrorKind.INVALID_VALUE
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise ActionError(
            f"the file has {len(data):,} bytes; import files of at most {MAX_FILE_BYTES:,}",
            field="content_base64",
            code=ErrorKind.LIMIT,
        )
    return data


def _author(ctx: Ctx, name: str) -> tuple[str, str]:
    """The employee of that name (else the importer, the comment saying who wrote it)."""
    user = ctx.db.exec(select(User).where(User.display_name == name)).first() if name else None
    return (user.id, "") if user else (ctx.user_id or "", f"{name}: " if name else "")


def _store(ctx: Ctx, parsed: DeckFile, item: DriveItem) -> None:
    deck = props(ctx, item)
    deck.slide_width, deck.slide_height = parsed.width, parsed.height
    theme = parsed.theme
    deck.theme_name, deck.heading_font, deck.body_font = (
        theme["name"],
        theme["heading_font"],
        theme["body_font"],
    )
    deck.colors = {**deck.colors, **theme["colors"]}
    ctx.db.add(deck)
    pictures = {}
    stem = item.name.removesuffix(".pptx")
    for n, (key, (data, name)) in enumerate(sorted(parsed.images.items()), start=1):
        ext = name.rsplit(".", 1)[-1].lower()
        picture = new_item(
            ctx, item.parent_id, f"{stem} - picture {n}.{ext}", "file", IMAGE_MIME.get(ext, "image/png")
        )
        picture.size = len(data)
        ctx.db.add(FileContent(id=picture.id, sha256=hashlib.sha256(data).hexdigest(), content=data))
        pictures[key] = picture.id
    for i, s in enumerate(parsed.slides[:MAX_SLIDES]):
        layout = s["layout"] if s["layout"] in LAYOUT_NAMES else "Title and Content"
        slide = Slide(
            id=ctx.new_id("Slide"),
            item_id=item.id,
            position=i,
            layout=layout,
            hidden=s["hidden"],
            notes=s["notes"],
        )
        ctx.db.add(slide)
        for z, shape in enumerate(s["shapes"]):
            fields = {
                k: v for k, v in shape.items() if k in SlideShape.model_fields and k not in ("id", "position")
            }
            fields["paragraphs"] = [
                paragraph(p["runs"], p["level"], p["bullet"], p.get("align"))
                for p in shape.get("paragraphs", [])
            ]
            if fields.get("image_item_id"):
                fields["image_item_id"] = pictures.get(fields["image_item_id"])
            ctx.db.add(
                SlideShape(
                    id=ctx.new_id("SlideShape"), slide_id=slide.id, item_id=item.id, position=z, **fields
                )
            )
        for c in s["comments"]:
            author, prefix = _author(ctx, c["author"])
            if not c["text"].strip():
                continue
            when = aware(c["created"]) if c.get("created") else ctx.now
            ctx.db.add(
                SlideComment(
                    id=ctx.new_id("SlideComment"), item_id=item.id, slide_id=slide.id, author_id=author,
                    content=prefix + c["text"].strip(), created_date_time=when,
                )
            )  # fmt: skip


@actions.write
def import_presentation(
    ctx: Ctx, *, name: ItemName, content_base64: Base64File, parent_id: str | None = None
) -> PresentationOut:
    """Upload a .pptx file to OneDrive as a presentation you can edit (at most 3 MB): its slides, layouts
    (PowerPoint's seven common ones; others by their placeholders), text with formatting, tables, charts
    with their data, notes, hidden slides, theme and comments. Its pictures are saved as image files in the
    same folder ("<name> - picture 1.png" ...) that the slides refer to.

    Args:
        name: the presentation's file name (".pptx" is added when missing).
        content_base64: the .pptx file's bytes as base64.
        parent_id: the folder's id (default: your drive's root).
    """
    from apps.office.pptx_read import NotAPresentation, from_pptx

    me(ctx)
    require_text(name, "name", "a name")
    data = _decode(content_base64)
    try:
        parsed = from_pptx(data, name)
    except NotAPresentation:
        raise ActionError(
            "PowerPoint can't open this file: it is not a .pptx presentation",
            field="content_base64",
            code=ErrorKind.INVALID_VALUE,
        ) from None
    item = new_deck(ctx, name, parent_id)
    ctx.db.flush()
    _store(ctx, parsed, item)
    ctx.db.flush()
    touch(ctx, item)
    return presentation_out(ctx, item, "owner")
