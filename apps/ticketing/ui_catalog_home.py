"""The Service Catalog home (ServiceNow's catalog page): categories with their item counts, a search
box, and one tile per item (name, short description, price, delivery time) opening its order form.
Read through list_catalog_items, as MCP and the CLI do."""

from __future__ import annotations

from collections import Counter

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit

ALL = 200  # the catalog's whole item list fits one read (list_catalog_items' page size limit)


def build_catalog_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/catalog")
    async def catalog(request: Request) -> Response:
        search = request.query_params.get("search", "").strip()
        category = request.query_params.get("category", "").strip()
        everything = (await kit.read(request, "list_catalog_items", {"limit": ALL}))["records"]
        counts = Counter(i["category"] or "Other" for i in everything)
        args = {
            "limit": ALL,
            **({"search": search} if search else {}),
            **({"category": category} if category else {}),
        }
        items = (
            (await kit.read(request, "list_catalog_items", args))["records"]
            if search or category
            else everything
        )
        return kit.render(
            request,
            "sn_catalog.html",
            {
                "title": "Service Catalog",
                "items": items,
                "categories": sorted(counts.items()),
                "total": len(everything),
                "search": search,
                "category": category,
            },
        )

    return router
