"""Reading a .pptx with python-pptx into a `DeckFile`: each slide's layout (by PowerPoint's layout name,
else by what its placeholders are), placeholders by their place in the layout, text with its formatting,
tables, charts with their data, pictures (bytes kept for OneDrive), simple shapes, notes, hidden slides,
the theme and comments (legacy and threaded)."""

from __future__ import annotations

import io
from typing import Any
from zipfile import BadZipFile

from lxml import etree
from pptx import Presentation
from pptx.enum.dml import MSO_COLOR_TYPE
from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER
from pptx.exc import PackageNotFoundError
from pptx.opc.constants import RELATIONSHIP_TYPE as RT

from apps.office.pptx_files import MODERN_COMMENTS, A, DeckFile, read_authors, read_comments, read_theme
from apps.office.pptx_write import GEOMETRIES
from apps.office.services.deck_layouts import LAYOUT_NAMES, LAYOUTS, bulleted

GEOMETRY_OF = {v: k for k, v in GEOMETRIES.items()}
ALIGN_OF = {1: "left", 2: "center", 3: "right", 4: "justify"}
TITLES = (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE, PP_PLACEHOLDER.VERTICAL_TITLE)
FOOTERS = (PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER)
MODERN_AUTHORS = "http://schemas.microsoft.com/office/2018/10/relationships/authors"


class NotAPresentation(ValueError):
    """The bytes are not a .pptx file python-pptx can open."""


def _layout(slide: Any) -> str:
    name = slide.slide_layout.name
    if name in LAYOUT_NAMES:
        return name
    kinds = [
        ph.placeholder_format.type for ph in slide.placeholders if ph.placeholder_format.type not in FOOTERS
    ]
    has_title = any(k in TITLES for k in kinds)
    others = sum(1 for k in kinds if k not in TITLES)
    if not kinds:
        return "Blank"
    if others == 0:
        return "Title Only"
    if others >= 2:
        return "Two Content"
    return "Title and Content" if has_title else "Blank"


def _rgb(font: Any) -> str | None:
    try:
        return str(font.color.rgb) if font.color and font.color.type == MSO_COLOR_TYPE.RGB else None
    except AttributeError:
        return None


def read_text(frame: Any, default_bullet: bool, default_align: str | None = None) -> list[dict[str, Any]]:
    out = []
    for p in frame.paragraphs:
        ppr = p._p.pPr
        bullet = default_bullet
        if ppr is not None and ppr.find(f"{{{A}}}buNone") is not None:
            bullet = False
        elif ppr is not None and (
            ppr.find(f"{{{A}}}buChar") is not None or ppr.find(f"{{{A}}}buAutoNum") is not None
        ):
            bullet = True
        runs = [
            {
                "text": r.text,
                "bold": bool(r.font.bold),
                "italic": bool(r.font.italic),
                "size": r.font.size.pt if r.font.size else None,
                "color": _rgb(r.font),
            }
            for r in p.runs
            if r.text
        ]
        align = ALIGN_OF.get(int(p.alignment or 0))
        out.append(
            {
                "level": p.level,
                "bullet": bullet,
                "align": None if align == default_align else align,
                "runs": runs,
            }
        )
    while out and not out[-1]["runs"] and len(out) > 1:
        out.pop()
    return [] if len(out) == 1 and not out[0]["runs"] else out


def _chart(shape: Any) -> dict[str, Any]:
    chart = shape.chart
    kind = str(chart.chart_type).split(".")[-1].split(" ")[0].upper()
    chart_type = next((t for t in ("column", "bar", "line", "pie") if kind.startswith(t.upper())), None)
    chart_type = chart_type or ("pie" if kind.startswith("DOUGHNUT") else "column")
    plot = chart.plots[0]
    return {
        "chart_type": chart_type,
        "title": chart.chart_title.text_frame.text
        if chart.has_title and chart.chart_title.has_text_frame
        else None,
        "categories": [str(c) for c in plot.categories],
        "series": [{"name": s.name, "values": list(s.values)} for s in plot.series],
        "source": None,
    }


def _role(slide: Any, layout: str, ph: Any, taken: set[str]) -> str | None:
    """The role of a slide placeholder in our layout: the title, else the layout's next free role."""
    kind = ph.placeholder_format.type
    roles = [p.role for p in LAYOUTS[layout]]
    if kind in TITLES:
        return "title" if "title" in roles and "title" not in taken else None
    idx = ph.placeholder_format.idx
    if 0 < idx < len(roles) and roles[idx] not in taken and slide.slide_layout.name == layout:
        return roles[idx]
    return next((r for r in roles if r != "title" and r not in taken), None)


def _shapes(slide: Any, layout: str, images: dict[str, tuple[bytes, str]]) -> list[dict[str, Any]]:
    out, taken = [], set()
    for shape in slide.shapes:
        base = {
            "name": shape.name,
            "x": shape.left or 0,
            "y": shape.top or 0,
            "cx": shape.width or 1,
            "cy": shape.height or 1,
        }
        if shape.is_placeholder and shape.placeholder_format.type in FOOTERS:
            continue
        if shape.has_chart:
            out.append({**base, "kind": "chart", "chart": _chart(shape)})
        elif shape.has_table:
            rows = [[cell.text for cell in row.cells] for row in shape.table.rows]
            out.append({**base, "kind": "table", "table_rows": rows})
        elif shape.shape_type == MSO_SHAPE_TYPE.PICTURE or hasattr(shape, "image"):
            key = f"image{len(images) + 1}"
            images[key] = (shape.image.blob, f"{key}.{shape.image.ext}")
            out.append({**base, "kind": "picture", "image_item_id": key})
        elif shape.is_placeholder and (role := _role(slide, layout, shape, taken)):
            taken.add(role)
            text = read_text(shape.text_frame, bulleted(layout, role)) if shape.has_text_frame else []
            out.append({**base, "kind": "placeholder", "placeholder": role, "paragraphs": text})
        elif shape.shape_type == MSO_SHAPE_TYPE.LINE:
            out.append({**base, "kind": "shape", "geometry": "line"})
        elif shape.shape_type == MSO_SHAPE_TYPE.AUTO_SHAPE:
            fill = (
                shape.fill.fore_color.rgb
                if shape.fill.type == 1 and shape.fill.fore_color.type == MSO_COLOR_TYPE.RGB
                else None
            )
            line = (
                shape.line.color.rgb
                if shape.line.fill.type == 1 and shape.line.color.type == MSO_COLOR_TYPE.RGB
                else None
            )
            geometry = (
                GEOMETRY_OF.get(shape.auto_shape_type, "rectangle")
                if shape.auto_shape_type in GEOMETRY_OF
                else "rectangle"
            )
            out.append(
                {**base, "kind": "shape", "geometry": geometry, "fill_color": fill and str(fill),
                 "line_color": line and str(line), "paragraphs": read_text(shape.text_frame, False, "center")}
            )  # fmt: skip
        elif shape.has_text_frame:
            out.append({**base, "kind": "text_box", "paragraphs": read_text(shape.text_frame, False)})
    return out


def _comments(prs: Any, slide: Any) -> list[dict[str, Any]]:
    authors: dict[str, str] = {}
    for rel in prs.part.rels.values():
        if rel.reltype in (RT.COMMENT_AUTHORS, MODERN_AUTHORS):
            authors |= read_authors(rel.target_part.blob)
    found = []
    for rel in slide.part.rels.values():
        if rel.reltype in (RT.COMMENTS, MODERN_COMMENTS):
            found += read_comments(rel.target_part.blob, authors)
    return found


def from_pptx(data: bytes, name: str) -> DeckFile:
    """A .pptx file as a DeckFile (raises NotAPresentation for anything python-pptx cannot open or read:
    not a zip, not a presentation package, broken parts)."""
    try:
        return _read(Presentation(io.BytesIO(data)), name)
    except (
        PackageNotFoundError,
        BadZipFile,
        KeyError,
        ValueError,
        OSError,
        AttributeError,
        etree.XMLSyntaxError,
    ) as exc:
        raise NotAPresentation(str(exc)) from None


def _read(prs: Any, name: str) -> DeckFile:
    images: dict[str, tuple[bytes, str]] = {}
    slides = []
    for slide in prs.slides:
        layout = _layout(slide)
        notes = (
            slide.notes_slide.notes_text_frame.text
            if slide.has_notes_slide and slide.notes_slide.notes_text_frame
            else ""
        )
        slides.append(
            {
                "layout": layout,
                "hidden": slide._element.get("show") in ("0", "false"),
                "notes": notes.strip(),
                "shapes": _shapes(slide, layout, images),
                "comments": _comments(prs, slide),
            }
        )
    theme = read_theme(prs.slide_master.part.part_related_by(RT.THEME).blob)
    core = prs.core_properties
    return DeckFile(
        name=name,
        width=prs.slide_width or 12_192_000,
        height=prs.slide_height or 6_858_000,
        theme=theme,
        slides=slides,
        images=images,
        author=core.author or "",
        created=core.created,
        modified=core.modified,
    )
