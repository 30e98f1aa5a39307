"""Home > Font and Alignment (format_range): stored per cell, kept by Delete, refused in the product's shape,
and exported to .xlsx as Excel writes it (read back with openpyxl)."""

from __future__ import annotations

import base64
import io

import openpyxl


def test_format_range_is_stored_and_exported(office):
    item_id = office.ok("create_workbook", name="Styled")["item"]["id"]
    office.ok("update_range", item_id=item_id, start_address="A1", values=[["Region", "Q3"], ["East", 120]])
    view = office.ok(
        "format_range",
        item_id=item_id,
        address="A1:B1",
        bold=True,
        italic=True,
        underline=True,
        font_color="c00000",
        fill_color="#FFFF00",
        horizontal_alignment="center",
    )
    styles = {c["address"]: c["style"] for c in view["cells"]}
    assert (
        styles["A1"]
        == styles["B1"]
        == {
            "bold": True,
            "italic": True,
            "underline": True,
            "font_color": "#C00000",
            "fill_color": "#FFFF00",
            "horizontal": "center",
        }
    )
    office.ok("format_range", item_id=item_id, address="B1", italic=False, wrap_text=True, font_size=14)
    office.ok(
        "format_range", item_id=item_id, address="A2", font_name="Arial", font_size=11
    )  # 11: the default
    office.ok("format_range", item_id=item_id, address="C5", horizontal_alignment="right")  # an empty cell
    office.ok("update_cell", item_id=item_id, address="A1", value="")  # Delete keeps the formatting
    cells = {c["address"]: c for c in office.ok("get_worksheet", item_id=item_id)["cells"]}
    assert cells["A1"]["value"] is None and cells["A1"]["style"]["bold"] is True
    assert "italic" not in cells["B1"]["style"] and cells["B1"]["style"]["wrap"] is True
    assert cells["C5"]["style"] == {"horizontal": "right"} and cells["A2"]["style"] == {"font_name": "Arial"}
    assert cells["B1"]["style"]["font_size"] == 14

    exported = office.ok("export_workbook", item_id=item_id)
    ws = openpyxl.load_workbook(io.BytesIO(base64.b64decode(exported["content_base64"])))["Sheet1"]
    b1, a2 = ws["B1"], ws["A2"]
    assert b1.value == "Q3" and b1.font.b and not b1.font.i and b1.font.u == "single"
    assert b1.font.color.rgb == "FFC00000" and b1.fill.fgColor.rgb == "FFFFFF00"
    assert b1.alignment.horizontal == "center" and b1.alignment.wrap_text
    assert ws["A1"].font.b and ws["C5"].alignment.horizontal == "right"
    assert b1.font.sz == 14 and a2.font.name == "Arial" and ws["B2"].font.name != "Arial"
    assert not a2.font.b and a2.fill.fill_type is None and a2.alignment.horizontal is None


def test_format_range_refuses_bad_input(office):
    item_id = office.ok("create_workbook", name="Checked")["item"]["id"]
    office.refused("format_range", "bold", "at least one", item_id=item_id, address="A1")
    office.refused("format_range", "font_color", "#RRGGBB", item_id=item_id, address="A1", font_color="red")
    office.refused("format_range", "font_size", "1 to 409", item_id=item_id, address="A1", font_size=500)
    office.refused("format_range", "font_name", "font's name", item_id=item_id, address="A1", font_name="<b>")
    office.refused("format_range", "address", "not a cell address", item_id=item_id, address="A:B", bold=True)
    office.refused("format_range", "address", "at most 5000", item_id=item_id, address="A1:Z500", bold=True)
    office.refused(
        "format_range",
        "horizontal_alignment",
        "one of",
        item_id=item_id,
        address="A1",
        horizontal_alignment="middle",
    )
