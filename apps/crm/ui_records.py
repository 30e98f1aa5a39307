"""Record pages: account, contact, lead, opportunity and product, with their related lists."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm import picklists as pl
from apps.crm import ui_product_related as product_related
from apps.crm.ui_common import current_user, record_path, users
from apps.crm.ui_timeline import composer, timeline_view

# the lead's path as Lightning's: the working statuses, then Closed - Not Converted, then Converted (the
# status "Closed - Converted", set only by converting)
LEAD_PATH = (*(s for s in pl.LEAD_STATUSES if s != pl.LEAD_CONVERTED_STATUS), "Converted")


def stage_path(opp: dict[str, Any]) -> list[dict[str, str]]:
    """The steps of the opportunity path: the open stages, then one closing step."""
    current = opp["stage_name"]
    names = list(pl.OPEN_STAGES)
    index = names.index(current) if current in names else len(names)
    steps = [
        {"name": n, "state": "done" if i < index else ("current" if i == index else "")}
        for i, n in enumerate(names)
    ]
    if opp["is_closed"]:
        steps.append({"name": current, "state": "won" if opp["is_won"] else "lost"})
    else:
        steps.append({"name": "Closed", "state": ""})
    return steps


def next_stage(opp: dict[str, Any]) -> str | None:
    names = list(pl.OPEN_STAGES)
    if opp["is_closed"] or opp["stage_name"] not in names:
        return None
    i = names.index(opp["stage_name"])
    return names[i + 1] if i + 1 < len(names) else None


def build_record_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def page(
        request: Request, template: str, title: str, record_id: str, link: str = "what_id", **context: Any
    ) -> Response:
        owners = dict(await users(kit, request))
        timeline = context.pop("timeline", None)
        read_only = bool((context.get("lead") or {}).get("is_converted"))
        me = await current_user(kit, request)
        return kit.render(
            request,
            template,
            {
                "title": title,
                "record_id": record_id,
                "owners": owners,
                "timeline": timeline,
                "activity": timeline_view(timeline, (await kit.now(request)).date()),
                "composer": None
                if timeline is None
                else await composer(kit, request, link, record_id, read_only),
                "me_id": (me or {}).get("id"),
                "record_path": record_path,
                "flash": request.query_params.get("saved"),
                **context,
            },
        )

    @router.get("/accounts/{account_id}", name="account_page")
    async def account_page(request: Request, account_id: str) -> Response:
        data = await kit.read(request, "get_account", {"account_id": account_id})
        timeline = await kit.read(request, "list_activities", {"record_id": account_id})
        return await page(
            request,
            "account.html",
            data["account"]["name"],
            account_id,
            d=data,
            a=data["account"],
            timeline=timeline,
        )

    @router.get("/contacts/{contact_id}", name="contact_page")
    async def contact_page(request: Request, contact_id: str) -> Response:
        data = await kit.read(request, "get_contact", {"contact_id": contact_id})
        c = data["contact"]
        name = " ".join(x for x in (c.get("salutation"), c.get("first_name"), c["last_name"]) if x)
        return await page(request, "contact.html", name, contact_id, "who_id", d=data, c=c, timeline=data)

    @router.get("/leads/{lead_id}", name="lead_page")
    async def lead_page(request: Request, lead_id: str) -> Response:
        data = await kit.read(request, "get_lead", {"lead_id": lead_id})
        lead = data["lead"]
        name = " ".join(x for x in (lead.get("salutation"), lead.get("first_name"), lead["last_name"]) if x)
        return await page(
            request,
            "lead.html",
            name,
            lead_id,
            "who_id",
            d=data,
            lead=lead,
            timeline=data,
            statuses=LEAD_PATH,
        )

    @router.get("/opportunities/{opportunity_id}", name="opportunity_page")
    async def opportunity_page(request: Request, opportunity_id: str) -> Response:
        data = await kit.read(request, "get_opportunity", {"opportunity_id": opportunity_id})
        opp = data["opportunity"]
        return await page(
            request,
            "opportunity.html",
            opp["name"],
            opportunity_id,
            d=data,
            o=opp,
            timeline=data,
            path=stage_path(opp),
            next_stage=next_stage(opp),
            open_stages=pl.OPEN_STAGES,
        )

    @router.get("/products/{product_id}", name="product_page")
    async def product_page(request: Request, product_id: str) -> Response:
        if kit.has_action("get_product"):
            data = await kit.read(request, "get_product", {"product_id": product_id})
            product = data.get("product", data)
        else:  # no get_product action: find it in the catalog listing
            data = await kit.read(request, "list_products", {"active_only": False, "limit": 200})
            product = next((p for p in data["records"] if p["id"] == product_id), None)
            if product is None:
                return kit.error_page(request, f"No product with id {product_id!r}.")
        related = {
            "price_books": await product_related.price_books(kit, request, product),
        }
        return await page(
            request, "product.html", product["name"], product_id, p=product, d=data, rel=related
        )

    @router.get("/users/{user_id}", name="user_page")
    async def user_page(request: Request, user_id: str) -> Response:
        listed = await kit.read(request, "list_users", {"active_only": False})
        people = {u["id"]: u for u in listed["records"]}
        user = people.get(user_id)
        if user is None:
            return kit.error_page(request, f"No user with id {user_id!r}.", status=404)
        manager = people.get(user.get("manager_id") or "")
        return await page(request, "user.html", user["name"], user_id, user=user, manager=manager)

    @router.get("/record/{record_id}", name="record_redirect")
    async def any_record(request: Request, record_id: str) -> Response:
        path = record_path(record_id)
        return (
            kit.redirect(request, path)
            if path
            else kit.error_page(request, f"No page for record {record_id!r}.")
        )

    return router
