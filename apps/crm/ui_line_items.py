"""An opportunity's products: a row's Edit (Quantity, Sales Price, Discount, Date,
Line Description, saved with update_line_item) and removing a line item."""

from __future__ import annotations

from dataclasses import replace

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_common import FormPage, show_form, submit_form
from apps.crm.ui_fields import LINE_ITEM_FORM, all_fields, record_values

EDIT_FIELDS = ("quantity", "unit_price", "discount", "service_date", "description")


def build_line_item_router(kit: UiKit) -> APIRouter:
    """A Products row's Edit and Remove (Add Products: ui_add_products.py)."""
    router = APIRouter()

    async def edit_page(
        request: Request, opportunity_id: str, line_item_id: str
    ) -> tuple[FormPage, dict[str, object]] | Response:
        data = await kit.read(request, "get_opportunity", {"opportunity_id": opportunity_id})
        item = next((li for li in data["line_items"] if li["id"] == line_item_id), None)
        if item is None:
            return kit.error_page(request, f"No product {line_item_id} on this opportunity.")
        sections = tuple(
            (t, tuple(replace(f, help=None) for f in fs if f.name in EDIT_FIELDS))  # no "blank = list price"
            for t, fs in LINE_ITEM_FORM
        )
        back = f"/opportunities/{opportunity_id}"
        name = item.get("product_name") or line_item_id
        page = FormPage(
            "update_line_item",
            sections,
            f"Edit {name}",
            "lineitem",
            fixed={"line_item_id": line_item_id},
            update=True,
            cancel=back,
            success=lambda _: back,
            intro=f"Opportunity: {data['opportunity']['name']}",
            toast=lambda _: f'Opportunity Product "{name}" was saved.',
        )
        return page, record_values(item, all_fields(list(sections)))

    @router.get("/opportunities/{opportunity_id}/products/{line_item_id}/edit")
    async def line_item_edit(request: Request, opportunity_id: str, line_item_id: str) -> Response:
        found = await edit_page(request, opportunity_id, line_item_id)
        if isinstance(found, Response):
            return found
        return await show_form(kit, request, found[0], found[1])

    @router.post("/opportunities/{opportunity_id}/products/{line_item_id}/edit")
    async def line_item_save(request: Request, opportunity_id: str, line_item_id: str) -> Response:
        found = await edit_page(request, opportunity_id, line_item_id)
        if isinstance(found, Response):
            return found
        return await submit_form(kit, request, found[0])

    @router.post("/opportunities/{opportunity_id}/products/{line_item_id}/remove")
    async def line_item_remove(request: Request, opportunity_id: str, line_item_id: str) -> Response:
        _, trace = await kit.form(request)
        outcome = await kit.run(request, "remove_line_item", {"line_item_id": line_item_id}, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "The product could not be removed.", status=422)
        return kit.redirect(request, f"/opportunities/{opportunity_id}")

    return router
