"""What a list view shows besides its records' own fields: the account names of a page's rows and the
Lightning meta line ("25+ items • Sorted by Account Name • Filtered by All accounts • Updated …")."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit

ACCOUNT_PAGE = 200  # one list_accounts read names most rows; the rest are read one by one


async def account_names(kit: UiKit, request: Request, records: list[dict[str, Any]]) -> dict[str, str]:
    """{account id: account name} for the accounts the rows point at (the Account Name column)."""
    wanted = {r["account_id"] for r in records if r.get("account_id")}
    if not wanted or not kit.has_action("list_accounts"):
        return {}
    outcome = await kit.run(request, "list_accounts", {"limit": ACCOUNT_PAGE})
    rows = outcome.data().get("records", []) if outcome.ok else []
    names = {a["id"]: a["name"] for a in rows if a["id"] in wanted}
    for missing in sorted(wanted - names.keys()):
        one = await kit.run(request, "get_account", {"account_id": missing})
        if one.ok:
            names[missing] = one.data()["account"]["name"]
    return names


def count_text(total: int, page: int, page_size: int) -> str:
    """Lightning's item count: the exact number when it fits one page, else "<page size>+ items"."""
    if total > page_size or page > 1:
        return f"{page_size}+ items"
    return f"{total} item{'' if total == 1 else 's'}"


def filtered_text(list_view: str, filters: list[str]) -> str:
    """ "All accounts", or "All accounts - Industry, Type" when panel filters narrow the list view."""
    return list_view + (f" - {', '.join(filters)}" if filters else "")
