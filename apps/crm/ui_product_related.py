"""A product record page's related lists, as Lightning's: Price Books (each book that prices the product,
with its list price and whether the entry is active) and Opportunities (the opportunities with the product
on them: stage, quantity, sales price and total), read through list_pricebooks, list_pricebook_entries
and run_report."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit

OPPORTUNITY_COLUMNS = ["name", "stage_name", "quantity", "unit_price", "total_price", "close_date"]


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


async def opportunities(kit: UiKit, request: Request, product: dict[str, Any]) -> dict[str, Any]:
    """The opportunity products of this product (the Opportunities with Products report's detail rows):
    {count, rows}, each row its opportunity's id and the report's values.

    Args:
        kit: the UI kit.
        request: the page's request.
        product: the product (name, product_code).
    """
    if not kit.has_action("run_report"):
        return {"count": 0, "rows": []}
    code = product.get("product_code")
    match = f"product_code equals {code}" if code else f"product_name equals {product['name']}"
    args = {
        "report_type": "opportunity_products",
        "filters": [match],
        "include_details": True,
        "columns": OPPORTUNITY_COLUMNS,
        "sort_by": "close_date",
        "descending": True,
    }
    outcome = await kit.run(request, "run_report", args)
    if not outcome.ok:
        return {"count": 0, "rows": []}
    report = outcome.data()
    return {"count": report["total_count"], "rows": report["rows"]}
