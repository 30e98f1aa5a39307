"""A product record page's related list, as Lightning's: Price Books (each book that prices the product,
with its list price and whether the entry is active), read through list_pricebooks and
list_pricebook_entries."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit


async def price_books(kit: UiKit, request: Request, product: dict[str, Any]) -> list[dict[str, Any]]:
    """The product's price book entries, one per book that lists it: {book, list_price, active}.

    Args:
        kit: the UI kit (its read of the CRM's actions).
        request: the page's request.
        product: the product (id, name, product_code).
    """
    if not kit.has_action("list_pricebook_entries"):
        return []
    books = (await kit.read(request, "list_pricebooks", {})).get("records", [])
    found = []
    for book in books:
        args = {"pricebook_id": book["id"], "search": product.get("product_code") or product["name"]}
        entries = await kit.read(request, "list_pricebook_entries", {**args, "active_only": False})
        for entry in entries.get("records", []):
            if entry["product_id"] == product["id"]:
                found.append(
                    {"book": book["name"], "list_price": entry["unit_price"], "active": entry["is_active"]}
                )
    return found
