"""Presentation tables (PowerPoint's object model): a deck is a drive item of kind "presentation" whose
`office_presentation` row holds the slide size and theme; its slides are ordered rows, each with a layout
of the slide master and shapes (placeholders, text boxes, tables, charts, pictures, simple shapes).

Positions and sizes are EMU (914,400 to the inch) as in the .pptx file. Text is a list of paragraphs,
each `{"level": 0-8, "bullet": bool, "align": "left"|"center"|"right"|None, "runs": [{"text", "bold",
"italic", "size" (points or None), "color" ("RRGGBB" or None)}]}`. Lists are JSON columns: always assign
a new list.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field

from apps.office.models import OfficeTable, json_dict, json_list


class Presentation(OfficeTable, table=True):
    """A deck's own properties (its id is its drive item's): slide size and the slide master's theme."""

    __tablename__ = "office_presentation"
    id: str = Field(primary_key=True)
    slide_width: int = 12_192_000  # 13.333 in: PowerPoint's default 16:9
    slide_height: int = 6_858_000  # 7.5 in
    theme_name: str = "Office Theme"
    heading_font: str = "Aptos Display"
    body_font: str = "Aptos"
    colors: dict = json_dict()  # the theme's colour scheme: dk1, lt1, dk2, lt2, accent1-6, hlink, folHlink
    template_item_id: str | None = None  # the template deck it was created from or last restyled with


class Slide(OfficeTable, table=True):
    """One slide: its place in the deck, its layout from the slide master, speaker notes, hidden or not."""

    __tablename__ = "office_slide"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    position: int
    layout: str = "Title and Content"
    hidden: bool = False
    notes: str = ""


class SlideShape(OfficeTable, table=True):
    """A shape on a slide, in z-order (`position`): a layout placeholder (`placeholder` names its role:
    title, subtitle, body, left, right, left_heading, right_heading), a text box, a table (`table_rows`:
    rows of cell texts, the first the header), a chart (`chart`: type, title, categories, series and the
    workbook range it came from), a picture (`image_item_id`: an image file in OneDrive) or a simple shape
    (`geometry`: rectangle, rounded_rectangle, oval, triangle, right_arrow, chevron, star, line)."""

    __tablename__ = "office_slide_shape"
    id: str = Field(primary_key=True)
    slide_id: str = Field(index=True)
    item_id: str = Field(index=True)
    position: int
    kind: str
    name: str
    placeholder: str | None = None
    x: int = 0
    y: int = 0
    cx: int = 0
    cy: int = 0
    paragraphs: list[dict] = json_list()
    table_rows: list[list[str]] = json_list()
    chart: dict = json_dict()
    image_item_id: str | None = None
    geometry: str | None = None
    fill_color: str | None = None
    line_color: str | None = None


class SlideComment(OfficeTable, table=True):
    """A comment on a slide (optionally on one of its shapes), or a reply to one."""

    __tablename__ = "office_slide_comment"
    id: str = Field(primary_key=True)
    item_id: str = Field(index=True)
    slide_id: str = Field(index=True)
    shape_id: str | None = None
    author_id: str
    content: str
    created_date_time: datetime | None = None
    resolved: bool = False
    reply_to_id: str | None = None
