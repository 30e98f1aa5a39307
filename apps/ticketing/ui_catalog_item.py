"""A Service Catalog item as UI16 lays it out: the item and its questions (the variables) on the left, the
order panel on the right (Price, Quantity, Delivery date, "Order Now", "Add to Cart") over the Shopping
Cart widget. "Order Now" runs order_catalog_item and shows the Order Status; "Add to Cart" checks the
answers the way the order would (mandatory questions, choices, the Requested for person) and keeps the
line in the cart (ui_catalog_cart)."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing.ui_catalog_cart import cart_of, keep_cart, status_path
from apps.ticketing.ui_form_layouts import ORDER_FORM, VARIABLE_PREFIX, Section, variable_field
from apps.ticketing.ui_forms import FormPage, answers, fields_of, resolve_references, show, submit, visible


def missing(page: FormPage, values: dict[str, str]) -> dict[str, str]:
    """The mandatory questions left empty and the answers outside their choices, per field, worded as
    order_catalog_item words them.

    Args:
        page: the item's order form.
        values: the submitted form.
    """
    errors = {}
    name = page.item["name"] if page.item else ""
    for f in fields_of(page.sections):
        raw = (values.get(f.name) or "").strip()
        var = f.name.removeprefix(VARIABLE_PREFIX)
        if f.required and not raw:
            errors[f.name] = f"{name} needs {var} ({f.label})" if var != f.name else f"{f.label} is required"
        elif raw and f.kind == "select" and raw not in {str(v) for v, _ in f.choices}:
            errors[f.name] = f"{var} must be one of: {', '.join(str(v) for v, _ in f.choices)}"
    return errors


def build_catalog_item_router(kit: UiKit) -> APIRouter:
    """GET/POST /catalog/{item_id} (the item; Order Now) and POST /catalog/{item_id}/add_to_cart."""
    router = APIRouter()

    async def order_page(request: Request, item_id: str) -> FormPage:
        d = await kit.read(request, "get_catalog_item", {"item_id": item_id})
        item, variables = d["item"], d["variables"]
        sections: list[Section] = []
        if variables:
            sections.append(("Item variables", tuple(variable_field(v) for v in variables)))
        sections += visible(ORDER_FORM, kit.params("order_catalog_item"))
        due = await kit.now(request) + timedelta(days=item["delivery_days"])
        return FormPage(
            "order_catalog_item",
            sections,
            item["name"],
            "Service Catalog",
            "/catalog",
            lambda r: status_path([r["number"]]),
            submit_label="Order Now",
            fixed={"item_id": item["sys_id"]},
            item={**item, "delivery_date": due, "defaults": variables},
            template="sn_catalog_item.html",
        )

    @router.get("/catalog/{item_id}")
    async def order_form(request: Request, item_id: str) -> Response:
        page = await order_page(request, item_id)
        me = await kit.read(request, "get_current_user")
        values = {"requested_for": me["name"], "quantity": "1"}
        variables = page.item["defaults"] if page.item else []
        values |= {VARIABLE_PREFIX + v["name"]: v["default_value"] for v in variables if v["default_value"]}
        added = request.query_params.get("added", "")
        return await show(kit, request, page, values, flash=f"{added} added to your cart." if added else None)

    @router.post("/catalog/{item_id}")
    async def order_submit(request: Request, item_id: str) -> Response:
        return await submit(kit, request, await order_page(request, item_id))

    @router.post("/catalog/{item_id}/add_to_cart")
    async def add_to_cart(request: Request, item_id: str) -> Response:
        page = await order_page(request, item_id)
        values, trace = await kit.form(request)
        await kit.record_events(request, trace)
        fields = fields_of(page.sections)
        who = {"requested_for": (values.get("requested_for") or "").strip()}
        errors = missing(page, values) or await resolve_references(kit, request, fields, who)
        if errors:
            labels = ", ".join(f.label for f in fields if f.name in errors)
            message = f"Not added to your cart: {labels}. " + " ".join(errors.values())
            return await show(kit, request, page, values, errors=errors, error=message, status=422)
        item = page.item or {}
        qty = int(values.get("quantity") or 1)
        line = {
            "item": item["sys_id"],
            "name": item["name"],
            "price": item["price"],
            "qty": qty,
            "days": item["delivery_days"],
            "for": who["requested_for"],
            "for_name": values.get("requested_for", "").strip(),
            "vars": answers(fields, values),
            "note": (values.get("special_instructions") or "").strip(),
        }
        back = kit.redirect(request, f"/catalog/{item_id}", added=item["name"])
        return keep_cart(kit, request, back, [*cart_of(request), line])

    return router
