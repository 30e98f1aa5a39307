"""What the slide canvas draws: each shape of a slide placed in percent of the slide (so the same markup
is a thumbnail or the editing canvas), its text sized in container units from points, in the theme's
fonts and colours, with a placeholder's prompt when empty, a chart's SVG geometry and a picture's address."""

from __future__ import annotations

from typing import Any

from apps.office.services.deck_layouts import EMU_PER_INCH, EMU_PER_POINT, LAYOUTS
from apps.office.ui_deck_chart import geometry

TEXT_KINDS = ("placeholder", "text_box", "shape")
ROLE_LABELS = {
    "title": "Title",
    "subtitle": "Subtitle",
    "body": "Content",
    "left": "Left content",
    "right": "Right content",
    "left_heading": "Left heading",
    "right_heading": "Right heading",
}


def inches(emu: int) -> str:
    """EMU as PowerPoint's Size & Position pane shows them: inches with two decimals."""
    return f"{emu / EMU_PER_INCH:.2f}"


def _default(layout: str, shape: dict) -> tuple[float, str, str]:
    """The text size (points), prompt and alignment of a shape when nothing sets them."""
    for p in LAYOUTS.get(layout, ()):
        if shape["kind"] == "placeholder" and p.role == shape["placeholder"]:
            return p.size, p.prompt, p.align or "left"
    return 18.0, "", "center" if shape["kind"] == "shape" else "left"


def _cqw(points: float, width_pt: float) -> str:
    return f"{100 * points / width_pt:.3f}cqw"


def shape_view(shape: dict, layout: str, deck: dict) -> dict[str, Any]:
    """One shape as the canvas draws it."""
    width, height = deck["slide_width"], deck["slide_height"]
    width_pt = width / EMU_PER_POINT
    colors = deck["theme"]["colors"]
    size, prompt, align = _default(layout, shape)
    is_title = shape.get("placeholder") == "title"
    font = deck["theme"]["heading_font" if is_title else "body_font"]
    view = {
        **shape,
        "style": (
            f"left:{100 * shape['x'] / width:.3f}%;top:{100 * shape['y'] / height:.3f}%;"
            f"width:{100 * shape['cx'] / width:.3f}%;height:{100 * shape['cy'] / height:.3f}%;"
            f"font-size:{_cqw(size, width_pt)};"
            f"font-family:'{font}',Aptos,Calibri,sans-serif;text-align:{align};"
            f"color:#{colors.get('dk1', '000000')}"
        ),
        "label": ROLE_LABELS.get(shape.get("placeholder") or "", "") or shape["name"],
        "prompt": prompt,
        "is_text": shape["kind"] in TEXT_KINDS,
        "anchor": "middle" if shape["kind"] == "shape" or is_title else "top",
        "size_pt": size,
    }
    if shape["kind"] in TEXT_KINDS:
        view["paras"] = [
            {
                **p,
                "runs": [
                    {
                        **r,
                        "style": "".join(
                            (
                                "font-weight:700;" if r.get("bold") else "",
                                "font-style:italic;" if r.get("italic") else "",
                                f"font-size:{_cqw(r['size'], width_pt)};" if r.get("size") else "",
                                f"color:#{r['color']};" if r.get("color") else "",
                            )
                        ),
                    }
                    for r in p["runs"]
                ],
            }
            for p in shape.get("paragraphs", [])
        ]
    if shape["kind"] == "shape":
        fill = shape.get("fill_color") or colors.get("accent1", "156082")
        view["fill"] = "#" + fill
        view["line"] = "#" + (shape.get("line_color") or fill)
    if shape["kind"] == "chart":
        view["svg"] = geometry(shape["chart"], colors)
        view["sheet"] = chart_sheet(shape["chart"])
    if shape["kind"] == "table":
        view["header_color"] = "#" + colors.get("accent1", "156082")
    return view


def slide_view(slide: dict, deck: dict) -> dict[str, Any]:
    """A slide with every shape ready to draw."""
    return {**slide, "views": [shape_view(s, slide["layout"], deck) for s in slide["shapes"]]}


def position_fields(shape: dict) -> list[tuple[str, str, str]]:
    """The Format pane's Size & Position fields: (form name, label, inches)."""
    return [
        ("x", "Horizontal position (in)", inches(shape["x"])),
        ("y", "Vertical position (in)", inches(shape["y"])),
        ("width", "Width (in)", inches(shape["cx"])),
        ("height", "Height (in)", inches(shape["cy"])),
    ]


def _cell(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def chart_sheet(chart: dict) -> list[list[str]]:
    """A chart's data sheet: a header row (a corner cell, then the series' names) and a row per category
    with its values, as the Format pane's data grid shows it."""
    series = chart.get("series", [])
    rows = [["", *(s["name"] for s in series)]]
    for i, category in enumerate(chart.get("categories", [])):
        values = [s["values"][i] if i < len(s["values"]) else None for s in series]
        rows.append([category, *(_cell(v) for v in values)])
    return rows
