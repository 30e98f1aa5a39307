"""Presentations through the Python API: slides, layouts, text and formatting, tables, charts (given data
and workbook ranges), Replace, comments, templates, access rules and refusals that change nothing."""

from __future__ import annotations

import pytest

from tests.office.conftest import Office


@pytest.fixture
def deck(office: Office) -> dict:
    return office.ok("create_presentation", name="Review")


def shape(slide: dict, role: str) -> dict:
    return next(s for s in slide["shapes"] if s["placeholder"] == role)


def test_new_deck_is_one_title_slide_in_the_office_theme(office: Office, deck: dict):
    assert deck["item"]["name"] == "Review.pptx" and deck["item"]["kind"] == "presentation"
    assert (deck["slide_width"], deck["slide_height"]) == (12_192_000, 6_858_000)
    assert deck["theme"]["name"] == "Office Theme" and deck["theme"]["colors"]["accent1"] == "156082"
    [first] = deck["slides"]
    slide = office.ok("get_slide", item_id=deck["item"]["id"], slide_number=1)
    assert first["layout"] == "Title Slide" and slide["id"] == first["id"]
    assert [(s["placeholder"], s["paragraphs"]) for s in slide["shapes"]] == [("title", []), ("subtitle", [])]
    listed = office.ok("list_drive_items")["records"]
    assert any(r["id"] == deck["item"]["id"] for r in listed)


def test_slides_are_added_duplicated_moved_hidden_and_deleted(office: Office, deck: dict):
    item = deck["item"]["id"]
    agenda = office.ok("add_slide", item_id=item, title="Agenda", text="Results\n\tWins\nPipeline")
    body = shape(agenda, "body")["paragraphs"]
    assert [(p["level"], p["bullet"], p["runs"][0]["text"]) for p in body] == [
        (0, True, "Results"),
        (1, True, "Wins"),
        (0, True, "Pipeline"),
    ]
    copy = office.ok("duplicate_slide", item_id=item, slide_id=agenda["id"])
    assert copy["number"] == 3 and copy["title"] == "Agenda"
    moved = office.ok("move_slide", item_id=item, slide_id=copy["id"], position=1)
    assert [s["id"] for s in moved["slides"]][0] == copy["id"]
    hidden = office.ok("set_slide_hidden", item_id=item, slide_id=copy["id"])
    assert hidden["hidden"] is True
    office.refused("set_slide_hidden", "hidden", "already hidden", item_id=item, slide_id=copy["id"])
    left = office.ok("delete_slide", item_id=item, slide_id=copy["id"])
    assert [s["title"] for s in left["slides"]] == ["", "Agenda"]
    assert office.sql("SELECT count(*) FROM office_slide_shape WHERE slide_id = ?", copy["id"]) == [(0,)]


def test_changing_layout_moves_content_like_powerpoint(office: Office, deck: dict):
    item = deck["item"]["id"]
    slide = office.ok("add_slide", item_id=item, title="Regions", text="East grew")
    two = office.ok("set_slide_layout", item_id=item, slide_id=slide["id"], layout="Two Content")
    roles = {s["placeholder"]: s["text"] for s in two["shapes"] if s["kind"] == "placeholder"}
    assert roles == {"title": "Regions", "left": "East grew", "right": ""}
    assert shape(two, "left")["x"] == 838_200 and shape(two, "right")["x"] == 6_172_200
    blank = office.ok("set_slide_layout", item_id=item, slide_id=slide["id"], layout="Blank")
    assert sorted((s["kind"], s["text"]) for s in blank["shapes"]) == [
        ("text_box", "East grew"),
        ("text_box", "Regions"),
    ]


def test_text_runs_and_formatting(office: Office, deck: dict):
    item, first = deck["item"]["id"], deck["slides"][0]["id"]
    slide = office.ok("get_slide", item_id=item, slide_id=first)
    subtitle = shape(slide, "subtitle")["id"]
    office.ok(
        "set_shape_text",
        item_id=item,
        slide_id=first,
        shape_id=subtitle,
        paragraphs=[
            {"runs": [{"text": "Revenue "}, {"text": "$1.2M", "bold": True, "color": "c00000", "size": 32}]}
        ],
    )
    done = office.ok(
        "format_shape_text", item_id=item, slide_id=first, shape_id=subtitle, find="revenue", italic=True
    )
    runs = shape(done, "subtitle")["paragraphs"][0]["runs"]
    assert runs == [
        {"text": "Revenue", "bold": False, "italic": True, "size": None, "color": None},
        {"text": " ", "bold": False, "italic": False, "size": None, "color": None},
        {"text": "$1.2M", "bold": True, "italic": False, "size": 32.0, "color": "C00000"},
    ]
    office.refused(
        "format_shape_text", "find", "does not occur", item_id=item, slide_id=first, shape_id=subtitle,
        find="Profit", bold=True,
    )  # fmt: skip
    office.refused(
        "set_shape_text", "paragraphs", "give either text or runs", item_id=item, slide_id=first,
        shape_id=subtitle, paragraphs=[{"level": 1}],
    )  # fmt: skip
    office.refused(
        "set_shape_text", "paragraphs", "color", item_id=item, slide_id=first, shape_id=subtitle,
        paragraphs=[{"text": "x", "color": "red"}],
    )  # fmt: skip


def test_tables_take_the_content_placeholder_and_grow(office: Office, deck: dict):
    item = deck["item"]["id"]
    slide = office.ok("add_slide", item_id=item, title="Top deals")
    rows = [["Deal", "Amount"], ["Renewal", "$40,000"]]
    done = office.ok("add_table", item_id=item, slide_id=slide["id"], rows=rows)
    [table] = [s for s in done["shapes"] if s["kind"] == "table"]
    assert not [s for s in done["shapes"] if s["placeholder"] == "body"], "the table replaced the placeholder"
    assert (table["x"], table["y"]) == (838_200, 1_825_625)
    args = {"item_id": item, "slide_id": slide["id"], "shape_id": table["id"]}
    office.ok("insert_table_rows", **args, after_row=2, values=[["Expansion", "$90,000"]])
    office.ok("insert_table_columns", **args, after_column=1)
    office.ok("update_table_cells", **args, cells=[{"row": 1, "column": 2, "text": "Stage"}])
    office.ok("delete_table_rows", **args, rows=[2])
    out = office.ok("delete_table_columns", **args, columns=[2])
    assert [s for s in out["shapes"] if s["kind"] == "table"][0]["table_rows"] == [
        ["Deal", "Amount"],
        ["Expansion", "$90,000"],
    ]
    office.refused(
        "update_table_cells", "cells", "no cell (9, 1)", **args, cells=[{"row": 9, "column": 1, "text": "x"}]
    )
    office.refused("delete_table_rows", "rows", "delete_shape", **args, rows=[1, 2])


def test_charts_from_data_and_from_a_workbook_range(office: Office, deck: dict):
    item = deck["item"]["id"]
    slide = office.ok("add_slide", item_id=item, title="Pipeline")
    book = office.ok("create_workbook", name="Pipeline data")["item"]["id"]
    office.ok(
        "update_range", item_id=book, start_address="A1",
        values=[["Stage", "Amount", "Deals"], ["Prospecting", 120000, 3], ["Negotiation", "=B2*2", 1]],
    )  # fmt: skip
    done = office.ok(
        "add_chart", item_id=item, slide_id=slide["id"], chart_type="column", title="By stage",
        workbook_id=book, address="A1:C3",
    )  # fmt: skip
    [chart] = [s for s in done["shapes"] if s["kind"] == "chart"]
    assert chart["chart"]["categories"] == ["Prospecting", "Negotiation"]
    assert chart["chart"]["series"] == [
        {"name": "Amount", "values": [120000.0, 240000.0]},
        {"name": "Deals", "values": [3.0, 1.0]},
    ]
    assert "Amount: Prospecting: 120000, Negotiation: 240000" in chart["text"]
    office.ok("update_cell", item_id=book, address="B2", value="100000")
    args = {"item_id": item, "slide_id": slide["id"], "shape_id": chart["id"]}
    fresh = office.ok("update_chart", **args, refresh=True)
    assert [s for s in fresh["shapes"] if s["kind"] == "chart"][0]["chart"]["series"][0]["values"] == [
        100000,
        200000,
    ]
    office.refused("update_chart", "chart_type", "one series", **args, chart_type="pie")
    typed = office.ok("update_chart", **args, series=[{"name": "Amount", "values": [1, 2]}], chart_type="pie")
    assert [s for s in typed["shapes"] if s["kind"] == "chart"][0]["chart"]["source"] is None
    office.ok("update_cell", item_id=book, address="C3", value="unknown")
    office.refused(
        "add_chart", "address", "C3 holds", "not a number", item_id=item, slide_id=slide["id"],
        chart_type="bar", workbook_id=book, address="A1:C3",
    )  # fmt: skip
    office.refused(
        "add_chart", "series", "2 values for 3 categories", item_id=item, slide_id=slide["id"],
        chart_type="line", categories=["a", "b", "c"], series=[{"name": "s", "values": [1, 2]}],
    )  # fmt: skip


def test_shapes_pictures_and_positions(office: Office, deck: dict):
    item, first = deck["item"]["id"], deck["slides"][0]["id"]
    done = office.ok(
        "add_shape", item_id=item, slide_id=first, geometry="oval", x=0, y=0, text="Go", fill_color="00ff00"
    )
    oval = done["shapes"][-1]
    assert (oval["kind"], oval["geometry"], oval["fill_color"], oval["text"]) == (
        "shape",
        "oval",
        "00FF00",
        "Go",
    )
    moved = office.ok(
        "update_shape", item_id=item, slide_id=first, shape_id=oval["id"], x=914_400, width=457_200
    )
    assert (moved["shapes"][-1]["x"], moved["shapes"][-1]["cx"]) == (914_400, 457_200)
    box = office.ok("add_text_box", item_id=item, slide_id=first, x=10, y=10, text="Note")["shapes"][-1]
    assert box["kind"] == "text_box" and box["paragraphs"][0]["bullet"] is False
    office.refused(
        "add_text_box", "x", "from 0 to 51206400", item_id=item, slide_id=first, x=-1, y=0, text="x"
    )
    text_file = office.ok("create_file", name="notes.txt", content="hi")["id"]
    office.refused(
        "add_picture", "image_id", "not a picture", item_id=item, slide_id=first, image_id=text_file, x=0, y=0
    )
    left = office.ok("delete_shape", item_id=item, slide_id=first, shape_id=oval["id"])
    assert oval["id"] not in [s["id"] for s in left["shapes"]]


def test_replace_across_slides_tables_and_notes(office: Office, deck: dict):
    item = deck["item"]["id"]
    a = office.ok("add_slide", item_id=item, title="Q3 results", text="Q3 was strong")
    office.ok("update_slide_notes", item_id=item, slide_id=a["id"], notes="Say Q3 twice")
    b = office.ok("add_slide", item_id=item, layout="Title Only", title="Table")
    office.ok("add_table", item_id=item, slide_id=b["id"], rows=[["Quarter"], ["Q3"]])
    office.ok("set_slide_hidden", item_id=item, slide_id=b["id"])
    out = office.ok("replace_presentation_text", item_id=item, find="Q3", replace="Q4", match_case=True)
    assert out["replacements"] == 4
    text = "\n".join(s["text"] + "\n" + s["notes"] for s in out["slides"])
    assert "Q3" not in text and text.count("Q4") == 4
    office.refused("replace_presentation_text", "find", "couldn't find", item_id=item, find="Q9", replace="x")


def test_comments_templates_and_access(office: Office, deck: dict):
    item, first = deck["item"]["id"], deck["slides"][0]["id"]
    c = office.ok("add_slide_comment", item_id=item, slide_id=first, content="Use the new logo")
    reply = office.ok("add_slide_comment", item_id=item, slide_id=first, content="Done", reply_to_id=c["id"])
    assert reply["reply_to_id"] == c["id"] and c["author_name"]
    office.refused(
        "resolve_slide_comment", "comment_id", "first comment", item_id=item, comment_id=reply["id"]
    )
    office.ok("resolve_slide_comment", item_id=item, comment_id=c["id"])
    assert office.ok("get_presentation", item_id=item)["slides"][0]["comments"] == 2
    office.ok("delete_slide_comment", item_id=item, comment_id=c["id"])
    assert office.ok("get_slide", item_id=item, slide_id=first)["comments"] == []

    office.ok("add_slide", item_id=item, title="Agenda")
    office.refused(
        "apply_presentation_template", "template_id", "own template", item_id=item, template_id=item
    )
    made = office.ok("create_presentation", name="From template", template_id=item)
    assert [s["title"] for s in made["slides"]] == ["", "Agenda"] and made["template_item_id"] == item
    office.ep.db.execute_raw(
        "UPDATE office_presentation SET theme_name = 'Acme 2027', heading_font = 'Georgia' WHERE id = ?",
        [item],
    )
    applied = office.ok("apply_presentation_template", item_id=made["item"]["id"], template_id=item)
    assert (applied["theme"]["name"], applied["theme"]["heading_font"]) == ("Acme 2027", "Georgia")
    assert [s["title"] for s in applied["slides"]] == ["", "Agenda"]


def test_someone_elses_deck_is_not_found_and_view_only_is_refused(office: Office, deck: dict):
    other = office.sql("SELECT id FROM office_user WHERE id != ? ORDER BY mail LIMIT 1", office.me["id"])[0][
        0
    ]
    root = office.sql("SELECT id FROM office_drive_item WHERE owner_id = ? AND parent_id IS NULL", other)[0][
        0
    ]
    office.ep.db.execute_raw(
        "UPDATE office_drive_item SET owner_id = ?, parent_id = ? WHERE id = ?",
        [other, root, deck["item"]["id"]],
    )
    office.refused("get_presentation", "item_id", "no presentation", item_id=deck["item"]["id"])
    office.ep.db.execute_raw(
        "INSERT INTO office_permission (id, item_id, user_id, roles) VALUES ('p-test', ?, ?, '[\"read\"]')",
        [deck["item"]["id"], office.me["id"]],
    )
    assert office.ok("get_presentation", item_id=deck["item"]["id"])["item"]["my_role"] == "read"
    office.refused("add_slide", "item_id", "view-only", item_id=deck["item"]["id"])
    doc = office.ok("create_document", name="Plan")["item"]["id"]
    office.refused("get_presentation", "item_id", "no presentation", item_id=doc)
