"""OneDrive pages: folder browser, shared-with-me, document view/edit, workbook grid with a formula bar."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.office.services.workbook import a1
from apps.office.ui_submit import submit


def grid(cells: list[dict], rows: int = 12, cols: int = 8) -> tuple[list[str], list[list[dict]]]:
    """Column letters and rows of cells (value shown, formula in the title) big enough for the data."""
    by_address = {c["address"]: c for c in cells}
    rows = max([rows] + [c["row_index"] + 2 for c in cells])
    cols = max([cols] + [c["column_index"] + 1 for c in cells])
    letters = [a1(1, c)[:-1] for c in range(1, cols + 1)]
    out = [
        [
            by_address.get(a1(r, c), {"address": a1(r, c), "value": None, "formula": None})
            for c in range(1, cols + 1)
        ]
        for r in range(1, rows + 1)
    ]
    return letters, out


def build_files_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/files", name="files")
    async def files(request: Request) -> Response:
        q = request.query_params
        shared = q.get("view") == "shared"
        args = {"shared_with_me": True} if shared else ({"folder_id": q["folder"]} if q.get("folder") else {})
        listing = await kit.read(request, "list_drive_items", args)
        folder = (
            await kit.read(request, "get_drive_item", {"item_id": listing["folder_id"]})
            if listing["folder_id"]
            else None
        )
        return kit.render(
            request, "files.html", {"title": "Files", "listing": listing, "folder": folder, "shared": shared}
        )

    @router.post("/files/new", name="new_file")
    async def new_file(request: Request) -> Response:
        values, trace = await kit.form(request)
        kind, parent = values.get("kind", "folder"), values.get("parent_id") or None
        action = {
            "folder": "create_folder",
            "document": "create_document",
            "workbook": "create_workbook",
        }.get(kind, "create_folder")
        outcome = await kit.run(request, action, {"name": values.get("name", ""), "parent_id": parent}, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "could not create the item", status=422)
        return kit.redirect(request, "/files", folder=parent)

    @router.get("/docs/{item_id}", name="doc")
    async def doc(request: Request, item_id: str) -> Response:
        document = await kit.read(request, "get_document", {"item_id": item_id})
        return kit.render(request, "doc.html", {"title": document["item"]["name"], "doc": document})

    @router.post("/docs/{item_id}/blocks", name="doc_insert")
    async def insert(request: Request, item_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {
            "item_id": item_id,
            "block_type": values.get("block_type", "paragraph"),
            "text": values.get("text", ""),
        }
        return await submit(kit, request, "insert_document_block", args, f"/docs/{item_id}")

    @router.post("/docs/{item_id}/blocks/{block_id}", name="doc_update")
    async def update(request: Request, item_id: str, block_id: str) -> Response:
        values, _ = await kit.form(request)
        return await submit(
            kit,
            request,
            "update_document_block",
            {"item_id": item_id, "block_id": block_id, "text": values.get("text", "")},
            f"/docs/{item_id}",
        )

    @router.post("/docs/{item_id}/comments", name="doc_comment")
    async def comment(request: Request, item_id: str) -> Response:
        values, _ = await kit.form(request)
        return await submit(
            kit,
            request,
            "add_document_comment",
            {"item_id": item_id, "content": values.get("content", "")},
            f"/docs/{item_id}",
        )

    @router.get("/sheets/{item_id}", name="sheet")
    async def sheet(request: Request, item_id: str) -> Response:
        q = request.query_params
        view = await kit.read(request, "get_worksheet", {"item_id": item_id, "worksheet": q.get("sheet")})
        letters, rows = grid(view["cells"])
        selected = q.get("cell", "A1").upper()
        current = next((c for c in view["cells"] if c["address"] == selected), None)
        typed = (current["formula"] or current["value"]) if current else ""
        return kit.render(
            request,
            "sheet.html",
            {
                "title": view["item"]["name"],
                "view": view,
                "letters": letters,
                "rows": rows,
                "selected": selected,
                "typed": "" if typed is None else typed,
            },
        )

    @router.post("/sheets/{item_id}/cell", name="sheet_cell")
    async def cell(request: Request, item_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {
            "item_id": item_id,
            "address": values.get("address", ""),
            "value": values.get("value", ""),
            "worksheet": values.get("worksheet") or None,
        }
        return await submit(
            kit,
            request,
            "update_cell",
            args,
            f"/sheets/{item_id}",
            sheet=values.get("worksheet"),
            cell=values.get("address"),
        )

    return router
