"""The folder picker of OneDrive's "Move to" dialog: where the item would go and the folders to open from
there. It starts at My files with the folders shared with you that you can edit; opening a folder lists
its subfolders. Only folders you may write to are offered, never the item itself (a folder cannot go into
itself). Every listing comes from the read actions the MCP tools use."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit

WRITABLE = ("owner", "write")


def _folders(records: list[dict[str, Any]], item_id: str) -> list[dict[str, Any]]:
    return [r for r in records if r["kind"] == "folder" and r["my_role"] in WRITABLE and r["id"] != item_id]


async def crumbs(kit: UiKit, request: Request, here: dict[str, Any]) -> list[dict[str, Any]]:
    """The picker's breadcrumb: My files (id None), then the folders down to `here` (as far up as you may
    read: a folder shared with you starts at its highest folder you can open).

    Args:
        here: the open folder (a drive item).
    """
    chain: list[dict[str, Any]] = []
    node = here
    while node["parent_id"] is not None and len(chain) < 20:
        chain.append({"id": node["id"], "name": node["name"]})
        parent = await kit.run(request, "get_drive_item", {"item_id": node["parent_id"]})
        if not parent.ok:
            break
        node = parent.data()
    return [{"id": None, "name": "My files"}, *reversed(chain)]


async def move_picker(kit: UiKit, request: Request, item: dict[str, Any], dest: str | None) -> dict[str, Any]:
    """The picker for moving `item` with the folder `dest` open (None: My files): that folder's id, its
    name and path, the folders to open from it, and, at My files, the shared folders you can edit."""
    opened = await kit.run(request, "list_drive_items", {"folder_id": dest}) if dest else None
    if opened is None or not opened.ok:  # not a folder you can open (a refused move's target): My files
        dest, listing = None, await kit.read(request, "list_drive_items", {})
    else:
        listing = opened.data()
    here = await kit.read(request, "get_drive_item", {"item_id": listing["folder_id"]})
    picker = {
        "id": here["id"],
        "root": dest is None or here["parent_id"] is None,
        "name": "My files" if here["parent_id"] is None else here["name"],
        "current": here["id"] == item["parent_id"],
        "folders": _folders(listing["records"], item["id"]),
        "shared": [],
    }
    picker["crumbs"] = await crumbs(kit, request, here)
    if picker["root"]:
        shared = await kit.read(request, "list_drive_items", {"shared_with_me": True})
        picker["shared"] = _folders(shared["records"], item["id"])
    return picker
