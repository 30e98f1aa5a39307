"""Add Products as Lightning's two-step modal over the opportunity: step 1 "Add Products" (search the
opportunity's price book; a table of its products with a checkbox each: Product Name, Product Code, List
Price, Product Description, Product Family; Next), step 2 "Edit Selected Products" (a grid of the chosen
products: Quantity, Sales Price, Discount (%), Date, Line Description; Back, Save). Save adds each row with
add_line_item."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_common import saved_message, toast_redirect
from apps.crm.ui_dates import parse_date
from apps.crm.ui_modal import render_over

ROW_FIELDS = ("quantity", "unit_price", "discount", "service_date", "description")


async def _catalog(kit: UiKit, request: Request, opportunity_id: str, query: str = "") -> dict[str, Any]:
    """The opportunity and its price book's active entries (each with its product's description),
    those matching `query` when given.

    Args:
        kit: the UI kit.
        request: the page's request.
        opportunity_id: the opportunity products are added to.
        query: text matched against product names and codes.
    """
    data = await kit.read(request, "get_opportunity", {"opportunity_id": opportunity_id})
    opp = data["opportunity"]
    args: dict[str, Any] = {"pricebook_id": opp["pricebook_id"]} if opp.get("pricebook_id") else {}
    if query:
        args["search"] = query
    entries = await kit.read(request, "list_pricebook_entries", {**args, "limit": 200})
    products = await kit.read(request, "list_products", {"limit": 200})
    about = {p["id"]: p.get("description") for p in products.get("records", [])}
    rows = [{**e, "description": about.get(e["product_id"])} for e in entries["records"]]
    return {"opportunity": opp, "book": entries.get("pricebook_name", ""), "entries": rows}


def _row_args(values: dict[str, str], i: int) -> tuple[dict[str, Any], str | None]:
    """add_line_item's arguments of grid row `i` (blank cells left out), or why the row is not valid.

    Args:
        values: the submitted form.
        i: the row's number (1-based).
    """
    args: dict[str, Any] = {"pricebook_entry_id": values.get(f"entry_{i}", "")}
    for name in ROW_FIELDS:
        text = (values.get(f"{name}_{i}") or "").strip()
        if not text:
            continue
        if name == "service_date":
            try:
                text = parse_date(text)
            except ValueError as e:
                return args, f"Date: {e}"
        args[name] = text
    if "quantity" not in args:
        return args, "Quantity: Complete this field."
    return args, None


def build_add_products_router(kit: UiKit) -> APIRouter:
    """GET /opportunities/{id}/products/new (step 1, or step 2 with ?step=2&entry=…) and its POST (Save)."""
    router = APIRouter()

    async def modal(
        request: Request, opportunity_id: str, context: dict[str, Any], status: int = 200
    ) -> Response:
        back = f"/opportunities/{opportunity_id}"
        title = "Edit Selected Products" if context.get("step") == 2 else "Add Products"
        html = kit.render(request, "add_products.html", {**context, "title": title, "cancel": back})
        return await render_over(kit, request, back, bytes(html.body).decode(), title, status)

    @router.get("/opportunities/{opportunity_id}/products/new")
    async def add_products(request: Request, opportunity_id: str) -> Response:
        query = request.query_params.get("q", "").strip()
        chosen = request.query_params.getlist("entry")
        catalog = await _catalog(kit, request, opportunity_id, "" if chosen else query)
        picked = [e for e in catalog["entries"] if e["id"] in chosen]
        if request.query_params.get("step") == "2" and picked:
            rows = [{"entry": e, "values": {"unit_price": f"{e['unit_price']:.2f}"}} for e in picked]
            return await modal(request, opportunity_id, {**catalog, "step": 2, "rows": rows})
        error = "Select at least one product." if request.query_params.get("step") == "2" else None
        if query and chosen:  # Back from step 2 after a search: the search again, the choice kept
            catalog = await _catalog(kit, request, opportunity_id, query)
        context = {**catalog, "step": 1, "query": query, "chosen": set(chosen), "error": error}
        return await modal(request, opportunity_id, context, 422 if error else 200)

    @router.post("/opportunities/{opportunity_id}/products/new")
    async def save_products(request: Request, opportunity_id: str) -> Response:
        values, trace = await kit.form(request)
        catalog = await _catalog(kit, request, opportunity_id)
        by_id = {e["id"]: e for e in catalog["entries"]}
        count = sum(1 for k in values if k.startswith("entry_"))
        rows, saved, errors, cause = [], [], [], None
        for i in range(1, count + 1):
            entry = by_id.get(values.get(f"entry_{i}", ""))
            if entry is None:
                continue
            args, problem = _row_args(values, i)
            if problem is None:
                outcome = await kit.run(
                    request, "add_line_item", {"opportunity_id": opportunity_id, **args}, trace, cause
                )
                trace, cause = (), cause or outcome.cause_seq
                if outcome.ok:
                    saved.append(outcome.data())
                    continue
                problem = outcome.error
            errors.append(f"{entry['product_name']}: {problem}")
            row_values = {n: values.get(f"{n}_{i}", "") for n in ROW_FIELDS}
            rows.append({"entry": entry, "values": row_values, "error": problem})
        if not rows and saved:
            message = (
                saved_message(saved[0], created=True)
                if len(saved) == 1
                else f"{len(saved)} products were added."
            )
            return toast_redirect(kit, request, f"/opportunities/{opportunity_id}", message)
        await kit.record_events(request, trace)
        added = f" {len(saved)} other products were added." if saved else ""
        context = {
            **catalog,
            "step": 2,
            "rows": rows,
            "error": " ".join(errors) + added or "Select at least one product.",
        }
        return await modal(request, opportunity_id, context, 422)

    return router
