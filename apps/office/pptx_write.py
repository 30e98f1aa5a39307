"""Writing a deck as a .pptx with python-pptx: PowerPoint's default template resized to the deck's slide
size, its theme given the deck's colours and fonts, one slide per slide from the layout of the same name,
placeholders, text boxes, simple shapes, tables, charts (with their embedded data workbook), pictures,
speaker notes, hidden slides and comments."""

from __future__ import annotations

import io
from typing import Any

from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE
from pptx.enum.text import PP_ALIGN
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.util import Pt

from apps.office.pptx_files import A, DeckFile, comment_authors_xml, comments_xml, themed
from apps.office.services.deck_layouts import LAYOUTS, bulleted

CHART_TYPES = {
    "column": XL_CHART_TYPE.COLUMN_CLUSTERED,
    "bar": XL_CHART_TYPE.BAR_CLUSTERED,
    "line": XL_CHART_TYPE.LINE_MARKERS,
    "pie": XL_CHART_TYPE.PIE,
}
GEOMETRIES = {
    "rectangle": MSO_SHAPE.RECTANGLE,
    "rounded_rectangle": MSO_SHAPE.ROUNDED_RECTANGLE,
    "oval": MSO_SHAPE.OVAL,
    "triangle": MSO_SHAPE.ISOSCELES_TRIANGLE,
    "right_arrow": MSO_SHAPE.RIGHT_ARROW,
    "chevron": MSO_SHAPE.CHEVRON,
    "star": MSO_SHAPE.STAR_5_POINT,
}
ALIGN = {
    "left": PP_ALIGN.LEFT,
    "center": PP_ALIGN.CENTER,
    "right": PP_ALIGN.RIGHT,
    "justify": PP_ALIGN.JUSTIFY,
}


def _resize_master(prs: Any, width: int, height: int) -> None:
    """The template's master and layouts laid out for the deck's size; the seven layouts' placeholders
    where the deck's own layouts put them (so a new slide made in PowerPoint from the file matches)."""
    sx, sy = width / prs.slide_width, height / prs.slide_height
    prs.slide_width, prs.slide_height = width, height
    for holder in [prs.slide_master, *prs.slide_layouts]:
        for ph in holder.placeholders:
            ph.left, ph.top = int(ph.left * sx), int(ph.top * sy)
            ph.width, ph.height = int(ph.width * sx), int(ph.height * sy)
    for name, placeholders in LAYOUTS.items():
        layout = prs.slide_layouts.get_by_name(name)
        for idx, p in enumerate(placeholders):
            ph = next(x for x in layout.placeholders if x.placeholder_format.idx == idx)
            ph.left, ph.top, ph.width, ph.height = p.x, p.y, p.cx, p.cy


def _bullet(paragraph: Any, on: bool) -> None:
    ppr = paragraph._p.get_or_add_pPr()
    for old in ppr.findall(f"{{{A}}}buNone") + ppr.findall(f"{{{A}}}buChar"):
        ppr.remove(old)
    if on:
        ppr.set("marL", str(285_750 * (paragraph.level + 1)))
        ppr.set("indent", "-285750")
        ppr.append(ppr.makeelement(f"{{{A}}}buChar", {"char": "•"}))
    else:
        ppr.append(ppr.makeelement(f"{{{A}}}buNone", {}))


def write_text(
    frame: Any, paragraphs: list[dict], default_bullet: bool, default_align: str | None = None
) -> None:
    """The paragraphs into a text frame: level, alignment (a shape's text is centred unless set), bullet
    (written only where it differs from what the placeholder does), runs with bold, italic, size and
    colour."""
    frame.clear()
    for i, para in enumerate(paragraphs):
        p = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
        p.level = para.get("level", 0)
        if para.get("align") or default_align:
            p.alignment = ALIGN[para.get("align") or default_align]
        if bool(para.get("bullet")) != default_bullet:
            _bullet(p, bool(para.get("bullet")))
        for r in para.get("runs", []):
            run = p.add_run()
            run.text = r["text"]
            if r.get("bold"):
                run.font.bold = True
            if r.get("italic"):
                run.font.italic = True
            if r.get("size"):
                run.font.size = Pt(r["size"])
            if r.get("color"):
                run.font.color.rgb = RGBColor.from_string(r["color"])


def _chart(shapes: Any, s: dict) -> Any:
    chart = s["chart"]
    data = CategoryChartData(number_format="General")
    data.categories = chart["categories"]
    for series in chart["series"]:
        data.add_series(series["name"], series["values"])
    frame = shapes.add_chart(CHART_TYPES[chart["chart_type"]], s["x"], s["y"], s["cx"], s["cy"], data)
    graph = frame.chart
    graph.has_title = bool(chart.get("title"))
    if chart.get("title"):
        graph.chart_title.text_frame.text = chart["title"]
    graph.has_legend = chart["chart_type"] == "pie" or len(chart["series"]) > 1
    if graph.has_legend:
        graph.legend.position, graph.legend.include_in_layout = XL_LEGEND_POSITION.BOTTOM, False
    return frame


def _shape(shapes: Any, s: dict, images: dict[str, tuple[bytes, str]]) -> Any:
    kind = s["kind"]
    if kind == "table":
        rows = s["table_rows"]
        frame = shapes.add_table(len(rows), len(rows[0]), s["x"], s["y"], s["cx"], s["cy"])
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                frame.table.cell(r, c).text = text
        return frame
    if kind == "chart":
        return _chart(shapes, s)
    if kind == "picture" and s.get("image_item_id") in images:
        return shapes.add_picture(io.BytesIO(images[s["image_item_id"]][0]), s["x"], s["y"], s["cx"], s["cy"])
    if kind == "shape" and s.get("geometry") == "line":
        line = shapes.add_connector(
            MSO_CONNECTOR.STRAIGHT, s["x"], s["y"], s["x"] + s["cx"], s["y"] + s["cy"]
        )
        if s.get("line_color"):
            line.line.color.rgb = RGBColor.from_string(s["line_color"])
        return line
    if kind == "shape" or kind == "picture":  # a picture whose file is gone: PowerPoint's empty frame
        shape = shapes.add_shape(
            GEOMETRIES.get(s.get("geometry") or "rectangle"), s["x"], s["y"], s["cx"], s["cy"]
        )
        if kind == "picture":
            shape.text_frame.text = "The picture can't be displayed."
        if s.get("fill_color"):
            shape.fill.solid()
            shape.fill.fore_color.rgb = RGBColor.from_string(s["fill_color"])
        if s.get("line_color"):
            shape.line.color.rgb = RGBColor.from_string(s["line_color"])
    else:
        shape = shapes.add_textbox(s["x"], s["y"], s["cx"], s["cy"])
        shape.text_frame.word_wrap = True
    if s.get("paragraphs"):
        write_text(shape.text_frame, s["paragraphs"], False, "center" if kind == "shape" else None)
    return shape


def _slide(prs: Any, data: dict, images: dict[str, tuple[bytes, str]]) -> Any:
    slide = prs.slides.add_slide(prs.slide_layouts.get_by_name(data["layout"]))
    roles = [p.role for p in LAYOUTS[data["layout"]]]
    placeholders = {ph.placeholder_format.idx: ph for ph in slide.placeholders}
    used, order = set(), []
    for s in data["shapes"]:
        if s["kind"] == "placeholder" and s.get("placeholder") in roles:
            idx = roles.index(s["placeholder"])
            element = placeholders[idx]
            used.add(idx)
            element.left, element.top, element.width, element.height = s["x"], s["y"], s["cx"], s["cy"]
            if s.get("paragraphs"):
                write_text(element.text_frame, s["paragraphs"], bulleted(data["layout"], s["placeholder"]))
        else:
            element = _shape(
                slide.shapes, {**s, "kind": "text_box" if s["kind"] == "placeholder" else s["kind"]}, images
            )
        element.name = s["name"]
        order.append(element._element)
    for idx, ph in placeholders.items():  # placeholders the slide no longer has
        if idx not in used:
            ph._element.getparent().remove(ph._element)
    tree = slide.shapes._spTree
    for element in order:  # z-order as on the slide
        tree.append(element)
    if data.get("hidden"):
        slide._element.set("show", "0")
    if data.get("notes"):
        slide.notes_slide.notes_text_frame.text = data["notes"]
    return slide


def _comments(prs: Any, slides: list[tuple[Any, list[dict]]]) -> None:
    authors = sorted({c["author"] for _, comments in slides for c in comments})
    if not authors:
        return
    package, numbers = prs.part.package, {}
    for n, (slide, comments) in enumerate(slides, start=1):
        if comments:
            part = Part(
                PackURI(f"/ppt/comments/comment{n}.xml"),
                CT.PML_COMMENTS,
                package,
                comments_xml(comments, authors, numbers),
            )
            slide.part.relate_to(part, RT.COMMENTS)
    part = Part(
        PackURI("/ppt/commentAuthors.xml"),
        CT.PML_COMMENT_AUTHORS,
        package,
        comment_authors_xml(authors, numbers),
    )
    prs.part.relate_to(part, RT.COMMENT_AUTHORS)


def to_pptx(deck: DeckFile) -> bytes:
    """The deck as the bytes of a .pptx file."""
    prs = Presentation()
    _resize_master(prs, deck.width, deck.height)
    theme = prs.slide_master.part.part_related_by(RT.THEME)
    theme._blob = themed(theme.blob, deck.theme)
    made = [(_slide(prs, s, deck.images), s.get("comments", [])) for s in deck.slides]
    _comments(prs, made)
    core = prs.core_properties
    core.title = deck.name.removesuffix(".pptx")
    core.author = core.last_modified_by = deck.author
    core.revision = 1
    if deck.created:
        core.created = deck.created
    if deck.modified:
        core.modified = deck.modified
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()
