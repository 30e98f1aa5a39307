"""The Service Catalog as UI16 shows it: the catalog home (one block per category: its icon, title and
description over its items), a category's page (its items with their short descriptions and prices),
the search results, all beside the Shopping Cart widget. Read through list_catalog_items, as MCP and the
CLI do."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing.ui_catalog_cart import cart_of

ALL = 200  # the catalog's whole item list fits one read (list_catalog_items' page size limit)
# category -> (description, icon); the catalog's categories are the items' category texts
CATEGORIES = {
    "Hardware": ("Laptops, monitors, phones and the accessories for your desk.", "hardware"),
    "Software": ("Licences for the desktop applications you need.", "software"),
    "Access": ("VPN, mailboxes, lists and access to applications and databases.", "access"),
    "HR": ("Joiners and leavers: everything set up or removed on the day.", "hr"),
    "Facilities": ("Rooms and equipment for meetings and events.", "facilities"),
    "Cloud": ("Sandbox accounts and virtual servers.", "cloud"),
}
OTHER = ("Other services.", "other")


def category_blocks(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The home page's blocks: one per category (in the catalog's order, then any other by name),
    each with its description, icon and items (entries).

    Args:
        items: the catalog items as list_catalog_items returns them.
    """
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in items:
        grouped[item["category"] or "Other"].append(item)
    order = [c for c in CATEGORIES if c in grouped] + sorted(set(grouped) - set(CATEGORIES))
    return [category(name, grouped[name]) for name in order]


def category(name: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    """One category as a page shows it.

    Args:
        name: the category's title.
        items: its items.
    """
    text, icon = CATEGORIES.get(name, OTHER)
    return {"name": name, "description": text, "icon": icon, "entries": items}


def build_catalog_router(kit: UiKit) -> APIRouter:
    """GET /catalog: the home, ?category= a category's page, ?search= the search results."""
    router = APIRouter()

    @router.get("/catalog")
    async def catalog(request: Request) -> Response:
        search = request.query_params.get("search", "").strip()
        name = request.query_params.get("category", "").strip()
        args = {
            "limit": ALL,
            **({"search": search} if search else {}),
            **({"category": name} if name else {}),
        }
        items = (await kit.read(request, "list_catalog_items", args))["records"]
        context: dict[str, Any] = {"search": search, "cart": cart_of(request), "items": items}
        if search:
            context |= {"title": "Search results", "view": "search", "category": name}
        elif name:
            context |= {"title": name, "view": "category", "category": name, "cat": category(name, items)}
        else:
            context |= {"title": "Service Catalog", "view": "home", "blocks": category_blocks(items)}
        return kit.render(request, "sn_catalog.html", context)

    return router
