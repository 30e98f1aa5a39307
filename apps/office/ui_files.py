"""OneDrive pages: the folder browser, shared-with-me and search, with OneDrive's "+ Create or upload" menu
at the top of its pane (a name dialog per kind of item; Files upload in ui_files_upload.py) and the Share
dialog (people picker, Can edit / Can view, a message,
Manage access), and per item Rename (a name dialog), Move to (a folder picker: My files, its folders and
the shared folders you can edit) and a Delete confirmation. Dialogs are server-rendered states of /files
(`?new=folder`, `?share=<item id>` and its Manage access view `&access=1`, `?rename=<item id>`,
`?move=<item id>&dest=<folder id>`, `?delete=<item id>`), so a refused create, share, rename, move or
delete re-renders its dialog with the service's error and nothing changed. Rename and Move to both run
update_drive_item, as the MCP tool does."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.core.ui_steps import Step, run_steps
from apps.office.ui_files_upload import TEXT_TYPES, add_upload_route
from apps.office.ui_mail_people import picked_addresses
from apps.office.ui_move_picker import move_picker

# "+ Create or upload": (menu entry, dialog title, create action), one per kind the office services create
NEW_KINDS: dict[str, tuple[str, str, str]] = {
    "folder": ("Folder", "Create a folder", "create_folder"),
    "document": ("Word document", "Create a Word document", "create_document"),
    "workbook": ("Excel workbook", "Create an Excel workbook", "create_workbook"),
    "presentation": ("PowerPoint presentation", "Create a PowerPoint presentation", "create_presentation"),
    "text": ("Plain text document", "Create a plain text document", "create_file"),
}
ROLES = (("write", "Can edit"), ("read", "Can view"))  # OneDrive's default for people is Can edit
ITEM_DIALOGS = ("share", "rename", "move", "delete")  # the dialogs of one item: ?<dialog>=<item id>
# Home's and search's file-type filter chips: (?type= value, chip label, drive item kind or a file extension)
TYPE_FILTERS = (
    ("word", "Word", "document"),
    ("excel", "Excel", "workbook"),
    ("powerpoint", "PowerPoint", "presentation"),
    ("pdf", "PDF", ".pdf"),
)


def _of_type(records: list[dict[str, Any]], chosen: str | None) -> list[dict[str, Any]]:
    """The records a file-type chip keeps (all of them for no or an unknown chip).

    records: drive items as the tools return them.
    chosen: the chip's ?type= value.
    """
    match = next((spec for key, _, spec in TYPE_FILTERS if key == chosen), None)
    if match is None:
        return records
    if match.startswith("."):
        return [r for r in records if r["name"].lower().endswith(match)]
    return [r for r in records if r["kind"] == match]


async def _locations(kit: UiKit, request: Request, records: list[dict[str, Any]]) -> dict[str, str]:
    """Search's Location column: each result's folder by name ("My files" for your top folder, "<owner>'s
    files" for the top of someone else's OneDrive or a folder you can't open), keyed by parent id.

    kit: the app's UI kit; request: the page request; records: the search results.
    """
    where: dict[str, str] = {}
    for r in records:
        parent = r.get("parent_id")
        if not parent or parent in where:
            continue
        outcome = await kit.run(request, "get_drive_item", {"item_id": parent})
        data = outcome.data() if outcome.ok else None
        if data and data.get("parent_id"):
            where[parent] = data["name"]
        elif r.get("my_role") == "owner":
            where[parent] = "My files"
        else:
            where[parent] = f"{r.get('owner_name') or 'Someone'}'s files"
    return where


def _place(values: Any) -> dict[str, str]:
    """The listing a page or a form came from (folder, Shared with me, a search), to go back to."""
    return {k: values[k] for k in ("folder", "view", "q", "type") if values.get(k)}


def build_files_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def page(request: Request, place: dict[str, str], *, status: int = 200, **dialog: Any) -> Response:
        """The Files page for `place`, with the new-item dialog or one item's dialog of `dialog` open."""
        shared, query = place.get("view") == "shared", (place.get("q") or "").strip()
        home = place.get("view") == "home" and not query
        folder, chosen = None, place.get("type")
        if query:
            listing = await kit.read(request, "search_drive", {"query": query, "limit": 50})
            listing["records"] = _of_type(listing["records"], chosen)
            dialog["locations"] = await _locations(kit, request, listing["records"])
        elif home:  # OneDrive's Home: the files you opened or changed lately, yours and shared with you
            kind = next((spec for key, _, spec in TYPE_FILTERS if key == chosen and "." not in spec), None)
            args = {"limit": 50, **({"kind": kind} if kind else {})}  # a kind's chip: the latest 50 of it
            listing = await kit.read(request, "list_recent_files", args)
            listing["records"] = _of_type(listing["records"], chosen)
        else:
            args = {"shared_with_me": True} if shared else {"folder_id": place.get("folder")}
            listing = await kit.read(request, "list_drive_items", args)
            if listing.get("folder_id"):
                folder = await kit.read(request, "get_drive_item", {"item_id": listing["folder_id"]})
        for key in ITEM_DIALOGS:
            if dialog.get(f"{key}_id"):
                item = await kit.read(request, "get_drive_item", {"item_id": dialog[f"{key}_id"]})
                dialog[f"{key}_item"] = item
        if dialog.get("move_item"):
            dialog["move_to"] = await move_picker(kit, request, dialog["move_item"], dialog.get("dest"))
        in_folder = folder is not None and folder.get("path") not in ("/", "")
        context = {
            "title": "Files",
            "listing": listing,
            "folder": folder,
            "shared": shared,
            "home": home,
            "query": query,
            "place": place,
            # where Create or upload puts what it makes: the folder open in My files, else its top
            "create_place": {"folder": folder["id"]} if in_folder else {},
            "text_types": ",".join(TEXT_TYPES),
            "kinds": NEW_KINDS,
            "type_filters": TYPE_FILTERS,
            "chosen_type": chosen if any(k == chosen for k, _, _ in TYPE_FILTERS) else None,
            "roles": ROLES,
            "values": {},
            "error": None,
            "access_view": False,
            **dialog,
        }
        return kit.render(request, "files.html", context, status=status)

    @router.get("/files", name="files")
    async def files(request: Request) -> Response:
        q = request.query_params
        new = q.get("new") if q.get("new") in NEW_KINDS else None
        dialogs = {f"{key}_id": q.get(key) for key in ITEM_DIALOGS}
        extra = {"sent": q.get("sent"), "dest": q.get("dest"), "access_view": bool(q.get("access"))}
        extra["upload"] = bool(q.get("upload"))
        return await page(request, _place(q), new=new, **extra, **dialogs)

    @router.post("/files/new", name="new_file")
    async def new_file(request: Request) -> Response:
        values, trace = await kit.form(request)
        kind = values.get("kind") if values.get("kind") in NEW_KINDS else "folder"
        name, parent = values.get("name", ""), values.get("folder") or None
        if kind == "text" and name.strip() and "." not in name:
            name += ".txt"  # OneDrive names a new plain text document "<name>.txt"
        outcome = await kit.run(request, NEW_KINDS[kind][2], {"name": name, "parent_id": parent}, trace)
        if not outcome.ok:
            place = _place(values)
            return await page(request, place, status=422, new=kind, values=values, error=outcome.error)
        data = outcome.data()
        app_path = {"document": "/docs/", "workbook": "/sheets/", "presentation": "/decks/"}.get(kind)
        if app_path:  # OneDrive opens a new document, workbook or presentation in its app
            return kit.redirect(request, app_path + data["item"]["id"])
        return kit.redirect(request, "/files", folder=parent)

    add_upload_route(router, kit, page, _place)

    @router.post("/files/share", name="share_file")
    async def share_file(request: Request) -> Response:
        """Send: share with every chosen person (one share_drive_item each, all or nothing)."""
        values, trace = await kit.form(request)
        item_id, people, place = (
            values.get("item_id", ""),
            picked_addresses(values, "share_to"),
            _place(values),
        )
        role = values.get("role") if values.get("role") in dict(ROLES) else "write"
        args = {"item_id": item_id, "role": role}
        if values.get("message", "").strip():
            args["message"] = values["message"]
        if not people:
            await kit.record_events(request, trace)
            error = "Add a name or email to share with."
            return await page(request, place, status=422, share_id=item_id, values=values, error=error)
        failed = await run_steps(
            kit, request, [Step("share_drive_item", {**args, "email": p}) for p in people], trace
        )
        if failed is not None:
            return await page(request, place, status=422, share_id=item_id, values=values, error=failed.error)
        return kit.redirect(request, "/files", **place, share=item_id, sent="; ".join(people))

    @router.post("/files/rename", name="rename_file")
    async def rename_file(request: Request) -> Response:
        """Rename: the item's new name (update_drive_item with `name`)."""
        values, trace = await kit.form(request)
        item_id, place = values.get("item_id", ""), _place(values)
        args = {"item_id": item_id, "name": values.get("name", "")}
        outcome = await kit.run(request, "update_drive_item", args, trace)
        if not outcome.ok:
            error = outcome.error
            return await page(request, place, status=422, rename_id=item_id, values=values, error=error)
        return kit.redirect(request, "/files", **place)

    @router.post("/files/move", name="move_file")
    async def move_file(request: Request) -> Response:
        """Move here: the item into the picker's open folder (update_drive_item with `parent_id`)."""
        values, trace = await kit.form(request)
        item_id, dest, place = values.get("item_id", ""), values.get("parent_id", ""), _place(values)
        outcome = await kit.run(request, "update_drive_item", {"item_id": item_id, "parent_id": dest}, trace)
        if not outcome.ok:
            error = outcome.error
            return await page(request, place, status=422, move_id=item_id, dest=dest or None, error=error)
        return kit.redirect(request, "/files", **place)

    @router.post("/files/delete", name="delete_file")
    async def delete_file(request: Request) -> Response:
        """Delete, confirmed in its dialog: the item (a folder: everything in it) by delete_drive_item."""
        values, trace = await kit.form(request)
        item_id, place = values.get("item_id", ""), _place(values)
        outcome = await kit.run(request, "delete_drive_item", {"item_id": item_id}, trace)
        if not outcome.ok:
            return await page(request, place, status=422, delete_id=item_id, error=outcome.error)
        return kit.redirect(request, "/files", **place)

    @router.post("/files/unshare", name="unshare_file")
    async def unshare_file(request: Request) -> Response:
        """Manage access: Stop sharing with one person (remove_permission)."""
        values, trace = await kit.form(request)
        item_id = values.get("item_id", "")
        args = {"item_id": item_id, "email": values.get("email", "")}
        outcome = await kit.run(request, "remove_permission", args, trace)
        if not outcome.ok:
            shown = {"share_id": item_id, "access_view": True, "error": outcome.error}
            return await page(request, _place(values), status=422, **shown)
        return kit.redirect(request, "/files", **_place(values), share=item_id, access=1)

    return router
