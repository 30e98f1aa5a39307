"""Lead conversion: the Convert form (existing or new account, optional opportunity, owner) and its result."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_common import FormPage, errors_by_field, resolve_lookups, show_form
from apps.crm.ui_fields import F, Section

CONVERT_FORM: tuple[Section, ...] = (
    (
        "Account",
        (
            F(
                "account_id",
                "Existing Account Name",
                "lookup",
                lookup="account",
                wide=True,
                help="Leave blank to use the account whose name matches the company, or create a new one.",
            ),
        ),
    ),
    (
        "Opportunity",
        (
            F("no_opportunity", "Don't create an opportunity upon conversion", "checkbox", wide=True),
            F("opportunity_name", "Opportunity Name", wide=True),
        ),
    ),
    ("Owner", (F("owner_id", "Record Owner", "user", wide=True),)),
)


def build_convert_router(kit: UiKit) -> APIRouter:
    """Convert a lead and show what it became."""
    router = APIRouter()

    def convert_page(lead: dict[str, Any]) -> FormPage:
        return FormPage(
            "convert_lead",
            CONVERT_FORM,
            f"Convert Lead: {lead['company']}",
            "lead",
            cancel=f"/leads/{lead['id']}",
            submit_label="Convert",
            intro=f"{lead.get('first_name') or ''} {lead['last_name']} · {lead['company']}",
        )

    @router.get("/leads/{lead_id}/convert")
    async def convert_form(request: Request, lead_id: str) -> Response:
        lead = (await kit.read(request, "get_lead", {"lead_id": lead_id}))["lead"]
        if lead["is_converted"]:
            return kit.redirect(request, f"/leads/{lead_id}/converted")
        values = {"opportunity_name": f"{lead['company']}-", "owner_id": lead["owner_id"]}
        return await show_form(kit, request, convert_page(lead), values, sections=list(CONVERT_FORM))

    @router.post("/leads/{lead_id}/convert")
    async def convert_submit(request: Request, lead_id: str) -> Response:
        values, trace = await kit.form(request)
        lead = (await kit.read(request, "get_lead", {"lead_id": lead_id}))["lead"]
        fields = [f for _, fs in CONVERT_FORM for f in fs]
        skip_opp = values.get("no_opportunity") in ("true", "on", "1")
        args: dict[str, Any] = {"lead_id": lead_id, "create_opportunity": not skip_opp}
        for name in ("account_id", "owner_id") + (() if skip_opp else ("opportunity_name",)):
            if (values.get(name) or "").strip():
                args[name] = values[name].strip()
        errors = await resolve_lookups(kit, request, fields, args)
        outcome = None
        if not errors:
            outcome = await kit.run(request, "convert_lead", args, trace)
            if outcome.ok:
                result = outcome.data()
                return kit.redirect(
                    request,
                    f"/leads/{lead_id}/converted",
                    account_created=int(result["account_created"]),
                    contact_created=int(result["contact_created"]),
                )
            errors = errors_by_field(outcome, fields)
        else:
            await kit.record_events(request, trace)
        message = outcome.error if outcome else "Review the errors on this page."
        return await show_form(
            kit,
            request,
            convert_page(lead),
            values,
            errors=errors,
            error=message,
            status=422,
            sections=list(CONVERT_FORM),
        )

    @router.get("/leads/{lead_id}/converted")
    async def converted(request: Request, lead_id: str) -> Response:
        lead = (await kit.read(request, "get_lead", {"lead_id": lead_id}))["lead"]
        q = request.query_params
        return kit.render(
            request,
            "converted.html",
            {
                "title": "Your lead has been converted",
                "lead": lead,
                "account_created": q.get("account_created") == "1",
                "contact_created": q.get("contact_created") == "1",
            },
        )

    return router
