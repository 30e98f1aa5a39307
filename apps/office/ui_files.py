"""OneDrive pages: the folder browser and shared-with-me."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit


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

    return router
