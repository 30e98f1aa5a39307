"""What a Teams conversation's Shared tab lists: the files and links its messages shared. A OneDrive file is
shared in a chat as its link (a drive item's web address); every other web address is a link. Read from the
messages the conversation tool returns and the drive item each file link names (`get_drive_item`), so the
tab shows nothing a tool could not."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit

URL = re.compile(r"https?://[^\s<>\"'()\[\]]+")
DRIVE_ITEM = re.compile(r"/personal/items/([0-9a-fA-F-]{36})\b")
# where a shared file opens here: its app, or the folder that holds it
OPENS = {"document": "/docs/", "workbook": "/sheets/", "presentation": "/decks/"}


def addresses_in(text: str) -> list[str]:
    """The web addresses in a message's text, in order, each once, without the sentence's last full stop,
    comma or other closing punctuation.

    Args:
        text: the message's text.
    """
    found: list[str] = []
    for url in URL.findall(text or ""):
        url = url.rstrip(".,;:!?")
        if url not in found:
            found.append(url)
    return found


def opens_at(item: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """Where a shared drive item opens in this workspace: (path, query) — a document, workbook or
    presentation in its app, a folder itself, any other file the folder holding it.

    Args:
        item: the drive item as get_drive_item returns it.
    """
    if item["kind"] in OPENS:
        return OPENS[item["kind"]] + item["id"], {}
    if item["kind"] == "folder":
        return "/files", {"folder": item["id"]}
    return "/files", {"folder": item.get("parent_id") or ""}


async def shared_in(kit: UiKit, request: Request, messages: list[dict[str, Any]]) -> dict[str, list]:
    """The conversation's shared files and links, newest first, each once (its first sharing): `files` hold
    the drive item (name, kind) with where it opens, `links` the address; both who shared it and when.
    A file link you cannot open (gone, or not shared with you) is listed as a link.

    Args:
        kit: the office app's UI kit.
        request: the page request (its episode).
        messages: the conversation's messages, oldest first, as the tools return them.
    """
    files: list[dict[str, Any]] = []
    links: list[dict[str, Any]] = []
    seen: set[str] = set()
    for msg in messages:
        for url in addresses_in(msg.get("body_content") or ""):
            entry = {"url": url, "from_name": msg.get("from_name"), "when": msg.get("created_date_time")}
            named = DRIVE_ITEM.search(url)
            key = named.group(1).lower() if named else url
            if key in seen:
                continue
            seen.add(key)
            outcome = await kit.run(request, "get_drive_item", {"item_id": key}) if named else None
            if outcome is not None and outcome.ok:
                item = outcome.data()
                path, query = opens_at(item)
                files.append({**entry, "item": item, "path": path, "query": query})
            else:
                links.append(entry)
    return {"files": files[::-1], "links": links[::-1]}
