"""UI16's Shopping Cart: catalog items added with "Add to Cart" wait in the cart (kept in the browser, one
cookie per episode) until "Check Out" orders them all, each with order_catalog_item as MCP and the CLI
order, run as one unit: a refused line orders nothing. "Order Now" and a checkout both end on the Order
Status page (the request numbers, the requested items and their stages)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.runtime import Outcome
from apps.core.ui_kit import UiKit
from apps.core.ui_steps import Step, run_steps

COOKIE = "sn_cart"
MAX_LINES = 10  # a cookie holds about 4 KB


def cart_of(request: Request) -> list[dict[str, Any]]:
    """The cart's lines (item, name, price, qty, for, for_name, vars, note, days); [] when none or unreadable.

    Args:
        request: the page's request (its cookie holds the cart).
    """
    raw = request.cookies.get(COOKIE, "")
    try:
        lines = json.loads(base64.urlsafe_b64decode(raw.encode()).decode()) if raw else []
    except (ValueError, binascii.Error):
        return []
    return lines if isinstance(lines, list) else []


def keep_cart(kit: UiKit, request: Request, response: Response, lines: list[dict[str, Any]]) -> Response:
    """`response` storing `lines` as the cart (an empty cart drops the cookie).

    Args:
        kit: the UI kit (the episode's root is the cookie's path).
        request: the request being answered.
        response: the response to set the cookie on.
        lines: the cart's lines.
    """
    path = kit.root(request) or "/"
    if not lines:
        response.delete_cookie(COOKIE, path=path, samesite="strict")
        return response
    value = base64.urlsafe_b64encode(json.dumps(lines[-MAX_LINES:]).encode()).decode()
    response.set_cookie(COOKIE, value, path=path, samesite="strict", httponly=True)
    return response


def order_steps(lines: list[dict[str, Any]]) -> list[Step]:
    """One order_catalog_item call per cart line, in the cart's order.

    Args:
        lines: the cart's lines.
    """
    steps = []
    for line in lines:
        args: dict[str, Any] = {
            "item_id": line["item"],
            "requested_for": line["for"],
            "quantity": line["qty"],
        }
        if line.get("vars"):
            args["variables"] = list(line["vars"])
        if line.get("note"):
            args["special_instructions"] = line["note"]
        steps.append(Step("order_catalog_item", args))
    return steps


def status_path(numbers: list[str]) -> str:
    """The Order Status page of the requested items `numbers` (RITM numbers), under the app's root."""
    return "/catalog/order_status?" + urlencode({"items": ",".join(numbers)})


def build_cart_router(kit: UiKit) -> APIRouter:
    """GET /catalog/cart, POST /catalog/cart/{remove/<n>, empty, checkout}, GET /catalog/order_status.
    Include it before the item routes: "/catalog/cart" would otherwise be taken for an item."""
    router = APIRouter()

    def cart_page(
        request: Request, lines: list[dict[str, Any]], error: str = "", status: int = 200
    ) -> Response:
        total = sum(line["price"] * line["qty"] for line in lines)
        context = {"title": "Shopping Cart", "lines": lines, "total": total, "error": error}
        return kit.render(request, "sn_catalog_cart.html", context, status=status)

    @router.get("/catalog/cart")
    async def cart(request: Request) -> Response:
        return cart_page(request, cart_of(request))

    @router.post("/catalog/cart/remove/{index}")
    async def remove(request: Request, index: int) -> Response:
        _, trace = await kit.form(request)
        await kit.record_events(request, trace)
        lines = cart_of(request)
        kept = [line for i, line in enumerate(lines) if i != index]
        return keep_cart(kit, request, kit.redirect(request, "/catalog/cart"), kept)

    @router.post("/catalog/cart/empty")
    async def empty(request: Request) -> Response:
        _, trace = await kit.form(request)
        await kit.record_events(request, trace)
        return keep_cart(kit, request, kit.redirect(request, "/catalog/cart"), [])

    @router.post("/catalog/cart/checkout")
    async def checkout(request: Request) -> Response:
        _, trace = await kit.form(request)
        lines = cart_of(request)
        if not lines:
            await kit.record_events(request, trace)
            return cart_page(request, lines, "Your cart is empty: add an item before checking out.", 422)
        done: list[Outcome] = []
        refused = await run_steps(kit, request, order_steps(lines), trace, done)
        if refused is not None:
            name = lines[len(done)]["name"] if len(done) < len(lines) else ""
            return cart_page(request, lines, f"{name}: {refused.error} Nothing was ordered.", 422)
        numbers = [o.data()["number"] for o in done]
        done_page = kit.url(request, "/catalog/order_status", items=",".join(numbers))
        return keep_cart(kit, request, Response(status_code=303, headers={"location": done_page}), [])

    @router.get("/catalog/order_status")
    async def order_status(request: Request) -> Response:
        numbers = [n for n in request.query_params.get("items", "").split(",") if n.strip()]
        items = [
            (await kit.read(request, "get_requested_item", {"requested_item_id": n.strip()}))
            for n in numbers[:MAX_LINES]
        ]
        if not items:
            return kit.error_page(request, "No order to show.")
        total = sum(d["item"]["price"] * d["item"]["quantity"] for d in items)
        context = {"title": "Order Status", "orders": items, "total": total}
        return kit.render(request, "sn_catalog_status.html", context)

    return router
