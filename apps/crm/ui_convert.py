"""Lead conversion as Lightning's Convert modal: Account and Contact each Create New / Choose Existing
(a lookup, with the records matching the lead offered), the Opportunity (or none), Record Owner and
Converted Status; Convert runs `convert_lead`. Then the "Your lead has been converted" page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm import picklists as pl
from apps.crm.ui_common import bind_fields, errors_by_field, resolve_lookups
from apps.crm.ui_fields import F, Section
from apps.crm.ui_lookup import display_name, take_typed_text

ACCOUNT_SEARCH = F("account_id", "Account Search", "lookup", lookup="account")
CONTACT_SEARCH = F("contact_id", "Contact Search", "lookup", lookup="contact")
OWNER = F("owner_id", "Record Owner", "user", lookup="user", required=True)
LOOKUPS: tuple[Section, ...] = (("Convert", (ACCOUNT_SEARCH, CONTACT_SEARCH, OWNER)),)
CHECKED = ("true", "on", "1")


async def _matches(kit: UiKit, request: Request, lead: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Accounts named like the lead's company, and their contacts with the lead's e-mail (what
    `convert_lead` would reuse), as the modal's "N Account Matches" / "N Contact Matches"."""
    found = await kit.read(
        request, "search_records", {"query": lead["company"], "objects": ["account"], "limit": 10}
    )
    company = lead["company"].strip().lower()
    accounts = [a for a in found["accounts"] if a["name"].strip().lower() == company]
    contacts: list[dict[str, Any]] = []
    if accounts and lead.get("email"):
        people = await kit.read(request, "list_contacts", {"account_id": accounts[0]["id"], "limit": 200})
        wanted = lead["email"].strip().lower()
        contacts = [c for c in people["records"] if (c.get("email") or "").lower() == wanted]
    return {"accounts": accounts, "contacts": contacts}


def _defaults(lead: dict[str, Any], matches: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """The modal as it opens: what `convert_lead` does without choices (reuse the matching account and
    contact, else create them), the opportunity named "<Company>-", the lead's owner."""
    values: dict[str, Any] = {
        "account_mode": "existing" if matches["accounts"] else "new",
        "account_name": lead["company"],
        "contact_mode": "existing" if matches["contacts"] else "new",
        "opportunity_name": f"{lead['company']}-",
        "owner_id": lead["owner_id"],
    }
    if matches["accounts"]:
        values["account_id"] = matches["accounts"][0]["id"]
    if matches["contacts"]:
        values["contact_id"] = matches["contacts"][0]["id"]
    return values


def convert_args(lead_id: str, values: dict[str, Any]) -> dict[str, Any]:
    """`convert_lead` arguments from the submitted modal."""
    args: dict[str, Any] = {"lead_id": lead_id}
    if values.get("account_mode") == "new":
        args["account_name"] = values.get("account_name") or ""
    elif (values.get("account_id") or "").strip():
        args["account_id"] = values["account_id"].strip()
        if values.get("contact_mode") == "existing" and (values.get("contact_id") or "").strip():
            args["contact_id"] = values["contact_id"].strip()
    skip_opp = values.get("no_opportunity") in CHECKED
    args["create_opportunity"] = not skip_opp
    if not skip_opp and (values.get("opportunity_name") or "").strip():
        args["opportunity_name"] = values["opportunity_name"].strip()
    if (values.get("owner_id") or "").strip():
        args["owner_id"] = values["owner_id"].strip()
    return args


def build_convert_router(kit: UiKit) -> APIRouter:
    """The Convert modal of a lead and the page showing what it became."""
    router = APIRouter()

    async def show(
        request: Request,
        lead: dict[str, Any],
        values: dict[str, Any],
        errors: dict[str, str] | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        matches = await _matches(kit, request, lead)
        ((_, (account, contact, owner)),) = await bind_fields(kit, request, list(LOOKUPS), values)
        return kit.render(
            request,
            "convert.html",
            {
                "title": f"Convert Lead: {display_name(lead)}",
                "lead": lead,
                "values": values,
                "errors": errors or {},
                "error": error,
                "matches": matches,
                "account_search": account,
                "contact_search": contact,
                "owner": owner,
                "converted_status": pl.LEAD_CONVERTED_STATUS,
            },
            status=status,
        )

    @router.get("/leads/{lead_id}/convert")
    async def convert_form(request: Request, lead_id: str) -> Response:
        lead = (await kit.read(request, "get_lead", {"lead_id": lead_id}))["lead"]
        if lead["is_converted"]:
            return kit.redirect(request, f"/leads/{lead_id}/converted")
        return await show(request, lead, _defaults(lead, await _matches(kit, request, lead)))

    @router.post("/leads/{lead_id}/convert")
    async def convert_submit(request: Request, lead_id: str) -> Response:
        values, trace = await kit.form(request)
        lead = (await kit.read(request, "get_lead", {"lead_id": lead_id}))["lead"]
        fields = [ACCOUNT_SEARCH, CONTACT_SEARCH, OWNER]
        take_typed_text(fields, values)
        shown = dict(values)
        args = convert_args(lead_id, values)
        errors = await resolve_lookups(kit, request, fields, args)
        if values.get("account_mode") == "existing" and "account_id" not in args and not errors:
            errors["account_id"] = "Search for an existing account and choose it, or choose Create New."
        if errors:
            await kit.record_events(request, trace)
            return await show(request, lead, shown, errors, "Review the errors in this dialog.", 422)
        outcome = await kit.run(request, "convert_lead", args, trace)
        if not outcome.ok:
            by_field = errors_by_field(outcome, [*fields, F("account_name", "Account Name")])
            return await show(request, lead, shown, by_field, outcome.error, 422)
        result = outcome.data()
        return kit.redirect(  # the converted page is the confirmation (Lightning shows no toast)
            request,
            f"/leads/{lead_id}/converted",
            account_created=int(result["account_created"]),
            contact_created=int(result["contact_created"]),
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
