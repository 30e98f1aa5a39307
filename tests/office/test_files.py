"""Drive sharing, documents (edits, comments, .docx) and workbooks (formulas, recalculation, .xlsx)."""

from __future__ import annotations

import base64
import io

import docx
import openpyxl


def _item(office, name: str) -> str:
    return office.sql("SELECT id FROM office_drive_item WHERE name = ?", name)[0][0]


def test_unshared_file_is_invisible_and_view_only_is_enforced(office):
    hidden = _item(office, "Compensation plan 2026.docx")
    office.refused("get_document", "item_id", "no document", item_id=hidden)
    office.refused("get_drive_item", "item_id", "no drive item", item_id=hidden)
    assert not office.ok("search_drive", query="Compensation")["records"]
    pricing = _item(office, "Pricing approvals.xlsx")
    assert office.ok("get_worksheet", item_id=pricing)["item"]["my_role"] == "read"
    office.refused("update_cell", "item_id", "view-only", item_id=pricing, address="B2", value="0.5")
    office.refused(
        "share_drive_item", "item_id", "view-only", item_id=pricing, email=office.colleague_without_persona()
    )


def test_shared_folder_gives_edit_access_to_its_contents(office):
    shared = office.ok("list_drive_items", shared_with_me=True)["records"]
    team = next(i for i in shared if i["name"] == "Sales Team")
    assert team["my_role"] == "write"
    inside = office.ok("list_drive_items", folder_id=team["id"])["records"]
    assert {"Q4 Pipeline Forecast.xlsx", "Sales playbook.docx"} <= {i["name"] for i in inside}
    created = office.ok("create_file", name="notes.txt", content="hello", parent_id=team["id"])
    assert created["owner_id"] == team["owner_id"]


def test_sharing_creates_and_changes_a_permission(office):
    folder = office.ok("create_folder", name="Deal room")
    other = office.colleague_without_persona()
    office.ok("share_drive_item", item_id=folder["id"], email=other, role="read")
    perm = office.ok("share_drive_item", item_id=folder["id"], email=other, role="write")
    assert perm["roles"] == ["write"]
    assert office.ok("get_drive_item", item_id=folder["id"])["permissions"][0]["user_mail"] == other
    office.refused(
        "share_drive_item", "email", "inside the company", item_id=folder["id"], email="someone@customer.com"
    )
    office.refused("create_folder", "name", "already exists", name="deal room")
    office.ok("remove_permission", item_id=folder["id"], email=other)
    office.refused("remove_permission", "email", "not shared", item_id=folder["id"], email=other)


def test_sharing_with_a_message_sends_the_invitation_mail(office):
    """Graph's invite: a message goes to the colleague in OneDrive's invitation mail (from SharePoint,
    nothing in the sharer's Sent Items); without one access is granted silently; over 2,000 characters
    the message is refused and nothing is shared."""
    other = office.colleague_without_persona()
    doc = office.ok("create_document", name="Offer")["item"]
    office.refused(
        "share_drive_item", "message", "at most 2,000", item_id=doc["id"], email=other, message="x" * 2001
    )
    assert office.ok("get_drive_item", item_id=doc["id"])["permissions"] == []
    office.ok(
        "share_drive_item", item_id=doc["id"], email=other, role="read", message="Please check the terms"
    )
    mails = office.sql(
        "SELECT m.from_address, m.subject, m.body_content, u.mail FROM office_message m "
        "JOIN office_user u ON u.id = m.owner_id WHERE m.subject LIKE '%shared \"Offer.docx\" with you'"
    )
    assert [(m[0], m[1], m[3]) for m in mails] == [
        ("no-reply@sharepointonline.com", f'{office.me["display_name"]} shared "Offer.docx" with you', other)
    ]
    assert "Please check the terms" in mails[0][2] and doc["web_url"] in mails[0][2]


def test_document_edits_comments_and_docx_export(office):
    doc = office.ok(
        "create_document",
        name="Brief",
        content="# Brief\nIntro text\n- point one\n| Name | Amount |\n|---|---|\n| Acme | 10 |",
    )
    assert doc["item"]["name"] == "Brief.docx"
    assert [b["block_type"] for b in doc["blocks"]] == ["heading1", "paragraph", "bullet", "table"]
    item_id, intro = doc["item"]["id"], doc["blocks"][1]["id"]
    doc = office.ok(
        "insert_document_block",
        item_id=item_id,
        block_type="heading2",
        text="Next steps",
        after_block_id=intro,
    )
    assert [b["text"] for b in doc["blocks"]][:3] == ["Brief", "Intro text", "Next steps"]
    doc = office.ok("update_document_block", item_id=item_id, block_id=intro, text="Intro for Acme")
    doc = office.ok("replace_document_text", item_id=item_id, find="Acme", replace="Globex")
    assert "Intro for Globex" in doc["markdown"] and "| Globex | 10 |" in doc["markdown"]
    office.refused(
        "replace_document_text", "find", "does not occur", item_id=item_id, find="Initech", replace="x"
    )
    office.refused("insert_document_block", "rows", "needs rows", item_id=item_id, block_type="table")
    comment = office.ok("add_document_comment", item_id=item_id, content="Check numbers", block_id=intro)
    office.ok("resolve_document_comment", item_id=item_id, comment_id=comment["id"])
    office.refused(
        "resolve_document_comment",
        "comment_id",
        "already resolved",
        item_id=item_id,
        comment_id=comment["id"],
    )
    exported = office.ok("export_document", item_id=item_id)
    word = docx.Document(io.BytesIO(base64.b64decode(exported["content_base64"])))
    texts = [p.text for p in word.paragraphs]
    assert "Brief" in texts and "Intro for Globex" in texts and "Next steps" in texts
    assert word.tables[0].cell(1, 0).text == "Globex"
    assert word.paragraphs[0].style.name == "Heading 1"


def test_formulas_recalculate_on_edit_and_export_to_xlsx(office):
    book = office.ok("create_workbook", name="Budget")
    item_id = book["item"]["id"]
    view = office.ok(
        "update_range",
        item_id=item_id,
        start_address="A1",
        values=[
            ["Item", "Cost"],
            ["Laptop", 1200],
            ["Desk", "300"],
            ["Total", "=SUM(B2:B3)"],
            ["Big?", '=IF(B4>1000,"yes","no")'],
        ],
    )
    cells = {c["address"]: c for c in view["cells"]}
    assert (
        cells["B4"]["formula"] == "=SUM(B2:B3)"
        and cells["B4"]["value"] == 1500
        and cells["B5"]["value"] == "yes"
    )
    view = office.ok("update_cell", item_id=item_id, address="B2", value="100")
    cells = {c["address"]: c for c in view["cells"]}
    assert cells["B4"]["value"] == 400 and cells["B5"]["value"] == "no" and view["changed_cells"] == 2
    office.ok("add_worksheet", item_id=item_id, name="Summary")
    view = office.ok("update_cell", item_id=item_id, worksheet="Summary", address="A1", value="=Sheet1!B4*2")
    assert view["cells"][0]["value"] == 800
    view = office.ok("update_cell", item_id=item_id, address="C1", value="=1/0")
    assert {c["address"]: c["value"] for c in view["cells"]}["C1"] == "#DIV/0!"
    view = office.ok("update_cell", item_id=item_id, address="C1", value="=NOSUCHFUNC(1)")
    assert {c["address"]: c["value"] for c in view["cells"]}["C1"] == "#NAME?"
    office.ok("update_cell", item_id=item_id, address="C1", value="")
    office.refused(
        "update_cell", "value", "problem with the formula", item_id=item_id, address="C2", value="=SUM(B2:B3"
    )
    office.refused(
        "update_range", "values", "does not parse", item_id=item_id, start_address="D1", values=[["=1+"]]
    )
    office.refused("update_cell", "address", "not a cell address", item_id=item_id, address="1A", value="1")
    office.refused(
        "update_cell", "worksheet", "no worksheet", item_id=item_id, worksheet="Nope", address="A1", value="1"
    )
    office.refused("add_worksheet", "name", "already has", item_id=item_id, name="summary")
    exported = office.ok("export_workbook", item_id=item_id)
    wb = openpyxl.load_workbook(io.BytesIO(base64.b64decode(exported["content_base64"])))
    assert wb.sheetnames == ["Sheet1", "Summary"]
    assert wb["Sheet1"]["B4"].value == "=SUM(B2:B3)" and wb["Sheet1"]["B2"].value == 100
    assert wb["Summary"]["A1"].value == "=Sheet1!B4*2"


def test_world_workbook_values_match_the_engine(office):
    forecast = _item(office, "Q4 Pipeline Forecast.xlsx")
    view = office.ok("get_worksheet", item_id=forecast)
    cells = {c["address"]: c for c in view["cells"]}
    weighted = [
        c for c in view["cells"] if c["column_index"] == 6 and c["formula"] and c["formula"].startswith("=D")
    ]
    row = weighted[0]["row_index"]
    assert weighted[0]["value"] == cells[f"D{row}"]["value"] * cells[f"E{row}"]["value"] / 100
    again = office.ok(
        "update_cell", item_id=forecast, address=f"E{row}", value=str(cells[f"E{row}"]["value"])
    )
    assert again["changed_cells"] == 0
