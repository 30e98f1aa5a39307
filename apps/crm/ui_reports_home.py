"""The Reports tab's home as Lightning's: the views sidebar (Reports: Recent, Created by Me, Private Reports,
Public Reports, All Reports; Folders: All Folders, Created by Me, Shared with Me; Favorites) and the chosen
view's list, searchable by name."""

from __future__ import annotations

from typing import Any

# (key, label) per sidebar group; the key is the page's ?view= value
VIEWS = {
    "Reports": (
        ("recent", "Recent"),
        ("mine", "Created by Me"),
        ("private", "Private Reports"),
        ("public", "Public Reports"),
        ("all", "All Reports"),
    ),
    "Folders": (("folders", "All Folders"), ("my_folders", "Created by Me"), ("shared", "Shared with Me")),
    "Favorites": (("favorites", "All Favorites"),),
}
LABELS = {key: label for group in VIEWS.values() for key, label in group}
FOLDER_VIEWS = {"folders", "my_folders", "shared"}
# the built-in report every org has (the pipeline page), listed with the saved ones
PIPELINE = {
    "name": "Opportunity Pipeline",
    "description": "Open opportunities by stage and owner, with the sum of their amounts.",
    "folder": "Public Reports",
    "report_type": "opportunities",
    "owner_id": None,
    "path": "/reports/pipeline",
}


def report_rows(saved: list[dict[str, Any]], view: str, me: str | None, query: str) -> list[dict[str, Any]]:
    """The reports the view lists, those whose name holds `query` (any case).

    Args:
        saved: the saved reports the user can see (list_reports' records).
        view: a report view's key (recent, mine, private, public, all).
        me: the current user's id (Created by Me).
        query: the search box's text.
    """
    rows = [PIPELINE, *({**r, "path": f"/reports/{r['id']}"} for r in saved)]
    if view == "mine":
        rows = [r for r in rows if r["owner_id"] and r["owner_id"] == me]
    elif view == "private":
        rows = [r for r in rows if r["folder"] == "Private Reports"]
    elif view == "public":
        rows = [r for r in rows if r["folder"] == "Public Reports"]
    elif view == "favorites":
        rows = []
    needle = query.strip().lower()
    return [r for r in rows if needle in r["name"].lower()]


def folder_rows(saved: list[dict[str, Any]], view: str, me: str | None) -> list[dict[str, Any]]:
    """The folders the view lists, each with its report count (All Folders: every folder you see).

    Args:
        saved: the saved reports the user can see.
        view: a folder view's key (folders, my_folders, shared).
        me: the current user's id.
    """
    if view == "shared":
        return []
    counts: dict[str, int] = {"Private Reports": 0, "Public Reports": 1}  # the pipeline is public
    for r in saved:
        if view == "my_folders" and r["owner_id"] != me:
            continue
        counts[r["folder"]] = counts.get(r["folder"], 0) + 1
    if view == "my_folders":
        counts.pop("Public Reports", None)
    return [{"name": name, "count": n} for name, n in sorted(counts.items())]
