"""Decks as .pptx files, checked by software nobody here wrote: python-pptx reads what we export (slides,
layouts, formatted text, tables, chart data, pictures, notes, hidden slides, theme, comments); LibreOffice
Impress opens it, saves it again and renders it with the same content; a file made by python-pptx alone
imports; ours -> .pptx -> ours gives the deck back."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.util import Inches, Pt

from apps.office.deck_render import convert, slide_pngs
from apps.office.pptx_read import from_pptx
from tests.office.conftest import Office

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def png(color: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 20), color).save(out, "PNG")
    return out.getvalue()


def foreign_pptx() -> bytes:
    """A deck made with python-pptx alone (as PowerPoint would hand one over): a picture, a bar chart,
    a table and a layout the app does not have."""
    prs = Presentation()
    title = prs.slides.add_slide(prs.slide_layouts[0])
    title.shapes.title.text = "Partner update"
    title.placeholders[1].text = "From the field"
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Numbers"
    slide.shapes.add_picture(io.BytesIO(png((200, 30, 30))), Inches(0.5), Inches(0.5), Inches(1), Inches(0.5))
    data = CategoryChartData()
    data.categories = ["East", "West"]
    data.add_series("Units", (12, 30))
    slide.shapes.add_chart(XL_CHART_TYPE.BAR_CLUSTERED, Inches(1), Inches(2), Inches(5), Inches(3), data)
    table = slide.shapes.add_table(2, 2, Inches(6), Inches(2), Inches(3), Inches(1)).table
    for (r, c), text in {(0, 0): "Region", (0, 1): "Lead", (1, 0): "East", (1, 1): "Dana"}.items():
        table.cell(r, c).text = text
    caption = prs.slides.add_slide(prs.slide_layouts[7])  # Content with Caption
    caption.shapes.title.text = "Caption slide"
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


@pytest.fixture
def built(office: Office) -> dict:
    """A deck with every kind of content the app holds."""
    imported = office.ok(
        "import_presentation", name="Partner update", content_base64=base64.b64encode(foreign_pptx()).decode()
    )
    picture = office.ok("list_recent_files", kind="image")["records"][0]
    deck = office.ok("create_presentation", name="Everything")
    item, first = deck["item"]["id"], deck["slides"][0]["id"]
    title = office.ok("get_slide", item_id=item, slide_id=first)["shapes"][0]["id"]
    office.ok("set_shape_text", item_id=item, slide_id=first, shape_id=title, text="Quarterly review")
    body = office.ok("add_slide", item_id=item, title="Highlights", text="Revenue up\n\tEast led\nChurn flat")
    body_id = next(s["id"] for s in body["shapes"] if s["placeholder"] == "body")
    office.ok(
        "format_shape_text",
        item_id=item,
        slide_id=body["id"],
        shape_id=body_id,
        find="Revenue",
        bold=True,
        size=32,
        color="C00000",
    )
    office.ok("update_slide_notes", item_id=item, slide_id=body["id"], notes="Mention the East team.")
    office.ok("add_slide_comment", item_id=item, slide_id=body["id"], content="Add last year's number")
    table = office.ok("add_slide", item_id=item, layout="Title Only", title="Top deals")
    office.ok(
        "add_table",
        item_id=item,
        slide_id=table["id"],
        rows=[["Deal", "Amount"], ["Renewal", "$40,000"], ["Pilot", "$12,500"]],
    )
    chart = office.ok("add_slide", item_id=item, title="Pipeline")
    office.ok(
        "add_chart", item_id=item, slide_id=chart["id"], chart_type="column", title="By stage",
        categories=["Qualification", "Negotiation"],
        series=[{"name": "Amount", "values": [150000, 90000]}, {"name": "Deals", "values": [3, 1]}],
    )  # fmt: skip
    office.ok(
        "add_shape",
        item_id=item,
        slide_id=chart["id"],
        geometry="chevron",
        x=0,
        y=0,
        text="Next",
        fill_color="156082",
    )
    office.ok(
        "add_picture", item_id=item, slide_id=chart["id"], image_id=picture["id"], x=9_000_000, y=100_000
    )
    pie = office.ok("add_slide", item_id=item, layout="Two Content", title="Mix")
    office.ok(
        "add_chart",
        item_id=item,
        slide_id=pie["id"],
        chart_type="pie",
        categories=["A", "B"],
        series=[{"name": "Share", "values": [60, 40]}],
    )
    office.ok("set_slide_hidden", item_id=item, slide_id=pie["id"])
    office.ep.db.execute_raw("UPDATE office_presentation SET heading_font = 'Georgia' WHERE id = ?", [item])
    return {"item": item, "imported": imported, "picture": picture}


def export(office: Office, item: str) -> bytes:
    out = office.ok("export_presentation", item_id=item)
    assert out["content_type"].endswith("presentationml.presentation")
    return base64.b64decode(out["content_base64"])


def test_python_pptx_reads_every_part(office: Office, built: dict):
    prs = Presentation(io.BytesIO(export(office, built["item"])))
    assert (prs.slide_width, prs.slide_height) == (12_192_000, 6_858_000)
    slides = list(prs.slides)
    assert [s.slide_layout.name for s in slides] == [
        "Title Slide",
        "Title and Content",
        "Title Only",
        "Title and Content",
        "Two Content",
    ]
    assert [s.shapes.title.text for s in slides] == [
        "Quarterly review",
        "Highlights",
        "Top deals",
        "Pipeline",
        "Mix",
    ]
    body = slides[1].placeholders[1].text_frame.paragraphs
    assert [(p.level, "".join(r.text for r in p.runs)) for p in body] == [
        (0, "Revenue up"),
        (1, "East led"),
        (0, "Churn flat"),
    ]
    first = body[0].runs[0]
    assert (first.text, first.font.bold, first.font.size, str(first.font.color.rgb)) == (
        "Revenue",
        True,
        Pt(32),
        "C00000",
    )
    assert slides[1].notes_slide.notes_text_frame.text == "Mention the East team."
    [table] = [s for s in slides[2].shapes if s.has_table]
    assert [[c.text for c in r.cells] for r in table.table.rows] == [
        ["Deal", "Amount"],
        ["Renewal", "$40,000"],
        ["Pilot", "$12,500"],
    ]
    [chart] = [s.chart for s in slides[3].shapes if s.has_chart]
    assert (
        chart.chart_type == XL_CHART_TYPE.COLUMN_CLUSTERED and chart.chart_title.text_frame.text == "By stage"
    )
    assert list(chart.plots[0].categories) == ["Qualification", "Negotiation"]
    assert [(s.name, list(s.values)) for s in chart.plots[0].series] == [
        ("Amount", [150000, 90000]),
        ("Deals", [3, 1]),
    ]
    [picture] = [s for s in slides[3].shapes if s.shape_type == 13]
    stored = office.sql("SELECT content FROM office_file_content WHERE id = ?", built["picture"]["id"])[0][0]
    assert picture.image.blob == stored
    assert slides[4]._element.get("show") == "0" and slides[3]._element.get("show") is None
    theme = etree.fromstring(prs.slide_master.part.part_related_by(RT.THEME).blob)
    assert theme.find(f".//{A}majorFont/{A}latin").get("typeface") == "Georgia"
    assert theme.find(f".//{A}accent1/{A}srgbClr").get("val") == "156082"
    comments = [r.target_part.blob for r in slides[1].part.rels.values() if r.reltype == RT.COMMENTS]
    assert (
        len(comments) == 1
        and b"Add last year&apos;s number" in comments[0]
        or b"Add last year's number" in comments[0]
    )


def test_round_trip_gives_the_deck_back(office: Office, built: dict):
    data = export(office, built["item"])
    again = office.ok("import_presentation", name="Copy", content_base64=base64.b64encode(data).decode())
    original = office.ok("get_presentation", item_id=built["item"])
    fields = ("layout", "hidden", "title", "text", "notes", "comments")
    assert [{k: s[k] for k in fields} for s in again["slides"]] == [
        {k: s[k] for k in fields} for s in original["slides"]
    ]
    assert again["theme"]["heading_font"] == "Georgia"
    for a, b in zip(original["slides"], again["slides"], strict=True):
        one = office.ok("get_slide", item_id=built["item"], slide_id=a["id"])["shapes"]
        two = office.ok("get_slide", item_id=again["item"]["id"], slide_id=b["id"])["shapes"]
        keep = (
            "kind",
            "placeholder",
            "x",
            "y",
            "cx",
            "cy",
            "paragraphs",
            "table_rows",
            "geometry",
            "fill_color",
        )
        assert [{k: s[k] for k in keep} for s in two] == [{k: s[k] for k in keep} for s in one]
        charts = [
            (s["chart"]["chart_type"], s["chart"]["categories"], s["chart"]["series"])
            for s in one
            if s["kind"] == "chart"
        ]
        assert charts == [
            (s["chart"]["chart_type"], s["chart"]["categories"], s["chart"]["series"])
            for s in two
            if s["kind"] == "chart"
        ]


def test_a_foreign_file_imports_with_its_picture(office: Office, built: dict):
    deck = built["imported"]
    assert [(s["layout"], s["title"]) for s in deck["slides"]] == [
        ("Title Slide", "Partner update"),
        ("Title Only", "Numbers"),
        ("Two Content", "Caption slide"),  # title, content and caption: two areas
    ]
    numbers = office.ok("get_slide", item_id=deck["item"]["id"], slide_number=2)
    kinds = sorted(s["kind"] for s in numbers["shapes"])
    assert kinds == ["chart", "picture", "placeholder", "table"]
    chart = next(s["chart"] for s in numbers["shapes"] if s["kind"] == "chart")
    assert (chart["chart_type"], chart["categories"], chart["series"]) == (
        "bar",
        ["East", "West"],
        [{"name": "Units", "values": [12, 30]}],
    )
    assert built["picture"]["name"] == "Partner update - picture 1.png"
    assert (
        next(s for s in numbers["shapes"] if s["kind"] == "picture")["image_item_id"]
        == built["picture"]["id"]
    )


def test_import_refuses_what_is_not_a_presentation(office: Office):
    office.refused("import_presentation", "content_base64", "not base64", name="x", content_base64="%%%")
    docx = base64.b64encode(b"PK\x03\x04 not really a zip").decode()
    office.refused("import_presentation", "content_base64", "can't open", name="x", content_base64=docx)


def test_libreoffice_opens_saves_and_renders_it(office: Office, built: dict, tmp_path: Path):
    source = tmp_path / "deck.pptx"
    source.write_bytes(export(office, built["item"]))
    convert([source], "pdf", tmp_path / "pdf")
    convert([source], "pptx", tmp_path / "impress")
    pdf = (tmp_path / "pdf" / "deck.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 4  # the hidden slide is left out of the show
    ours = from_pptx(source.read_bytes(), "deck.pptx")
    resaved = from_pptx((tmp_path / "impress" / "deck.pptx").read_bytes(), "deck.pptx")

    def content(deck):
        out = []
        for s in deck.slides:
            texts = sorted(
                "\n".join("".join(r["text"] for r in p["runs"]) for p in x.get("paragraphs", []))
                for x in s["shapes"]
            )
            tables = [x["table_rows"] for x in s["shapes"] if x["kind"] == "table"]
            charts = [
                (x["chart"]["categories"], x["chart"]["series"]) for x in s["shapes"] if x["kind"] == "chart"
            ]
            out.append((s["hidden"], [t for t in texts if t], tables, charts, s["notes"], len(s["comments"])))
        return out

    assert content(resaved) == content(ours)


def test_each_slide_renders_as_a_png(office: Office, built: dict, tmp_path: Path):
    files = slide_pngs(export(office, built["item"]), tmp_path)
    assert [f.name for f in files] == [f"slide-0{n}.png" for n in range(1, 6)]
    for f in files:
        image = Image.open(f)
        assert image.size == (1280, 720) and len(image.convert("L").getcolors(256 * 256)) > 2
