"""The mail pages' reads of people and files: the people picker's chosen addresses, the directory's names of
addresses, whom a reply goes to, and the OneDrive files Attach file offers."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit
from apps.office.services.mailbox import reply_addresses


def _split(text: str | None) -> list[str]:
    return [a.strip() for a in (text or "").replace(",", ";").split(";") if a.strip()]


def picked_addresses(values: dict[str, str], field: str) -> list[str]:
    """The people picker's chosen tokens (`<field>_picked`) then any address typed into the box."""
    return _split(values.get(f"{field}_picked")) + _split(values.get(field))


async def cloud_files(kit: UiKit, request: Request) -> list[dict[str, Any]]:
    """The files of My files that Attach file offers to share by link, most recently changed first (the
    same read as list_drive_items)."""
    listing = await kit.run(request, "list_drive_items", {})
    if not listing.ok:  # no OneDrive (a mailbox without a drive): nothing to offer
        return []
    files = [r for r in listing.data()["records"] if r["kind"] != "folder" and r.get("web_url")]
    return sorted(files, key=lambda r: (str(r.get("last_modified_date_time") or ""), r["id"]), reverse=True)


async def display_names(
    kit: UiKit, request: Request, addresses: list[str], limit: int = 12
) -> dict[str, str]:
    """Each address's person as the directory names them (find_people, the same read as the tool); an address
    nobody has keeps itself. At most `limit` are looked up, the rest stay addresses."""
    names: dict[str, str] = {}
    for address in list(dict.fromkeys(a.strip() for a in addresses if a and a.strip()))[:limit]:
        outcome = await kit.run(request, "find_people", {"query": address, "limit": 3})
        found = outcome.data() if outcome.ok else {"colleagues": [], "external_contacts": []}
        people = [(u["mail"], u["display_name"]) for u in found["colleagues"]]
        people += [(c.get("email_address") or "", c["display_name"]) for c in found["external_contacts"]]
        names[address] = next((n for a, n in people if a.lower() == address.lower() and n), address)
    return names


async def reply_recipients(
    kit: UiKit, request: Request, original: dict[str, Any], mode: str
) -> dict[str, Any]:
    """Whom a reply (or reply all) of `original` goes to, as reply_to_message addresses it: the To line by
    name, and the Cc addresses (the reply form's Cc picker starts with them)."""
    mine = (await kit.read(request, "get_my_profile"))["mail"]
    to, cc = reply_addresses(
        original.get("from_address") or "",
        original["to_recipients"],
        original["cc_recipients"],
        mine,
        mode == "replyall",
    )
    names = await display_names(kit, request, to)
    return {"to": [names.get(a, a) for a in to], "cc": cc}
