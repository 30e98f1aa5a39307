"""Related-list actions: tasks, calls, events, notes, opportunity products, stage moves, lead conversion."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_common import FormPage, current_user, record_path, resolve_lookups, show_form, submit_form
from apps.crm.ui_fields import (
    CALL_FORM,
    EVENT_FORM,
    LINE_ITEM_FORM,
    NOTE_FORM,
    TASK_FORM,
    F,
    Section,
)

ACTIVITY_FORMS = {
    "/tasks/new": (
        "create_task",
        TASK_FORM,
        "New Task",
        "task",
        {"status": "Not Started", "priority": "Normal"},
    ),
    "/calls/new": ("log_call", CALL_FORM, "Log a Call", "call", {"call_type": "Outbound"}),
    "/events/new": ("create_event", EVENT_FORM, "New Event", "event", {}),
}

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


def safe_next(value: str | None, fallback: str = "/") -> str:
    """An app-relative path to go back to (never another site)."""
    return value if value and value.startswith("/") and not value.startswith("//") else fallback


def build_activity_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    # -- tasks, calls, events, notes --------------------------------------------------------------
    def activity_page(request: Request, path: str) -> FormPage:
        action, sections, title, icon, _ = ACTIVITY_FORMS[path]
        links = {k: v for k in ("what_id", "who_id") if (v := request.query_params.get(k))}
        back = record_path(links.get("what_id") or links.get("who_id")) or "/"
        return FormPage(action, sections, title, icon, fixed=links, cancel=back, success=lambda _: back)

    for path in ACTIVITY_FORMS:

        async def activity_form(request: Request, path: str = path) -> Response:
            values = dict(ACTIVITY_FORMS[path][4])
            me = await current_user(kit, request)
            if me:
                values["owner_id"] = me.get("id")
            if path == "/events/new":
                start = kit.episode(request).now.replace(minute=0, second=0, microsecond=0) + timedelta(
                    hours=1
                )
                values.update(
                    start_date_time=start.isoformat()[:16],
                    end_date_time=(start + timedelta(hours=1)).isoformat()[:16],
                )
            return await show_form(kit, request, activity_page(request, path), values)

        async def activity_submit(request: Request, path: str = path) -> Response:
            return await submit_form(kit, request, activity_page(request, path))

        router.add_api_route(path, activity_form, methods=["GET"])
        router.add_api_route(path, activity_submit, methods=["POST"])

    def note_page(request: Request) -> FormPage:
        parent = request.query_params.get("parent_id", "")
        back = record_path(parent) or "/"
        return FormPage(
            "add_note",
            NOTE_FORM,
            "New Note",
            "note",
            fixed={"parent_id": parent},
            cancel=back,
            success=lambda _: back,
        )

    @router.get("/notes/new")
    async def note_form(request: Request) -> Response:
        return await show_form(kit, request, note_page(request), {})

    @router.post("/notes/new")
    async def note_submit(request: Request) -> Response:
        return await submit_form(kit, request, note_page(request))

    @router.post("/tasks/{task_id}/complete")
    async def complete_task(request: Request, task_id: str) -> Response:
        _, trace = await kit.form(request)
        back = safe_next(request.query_params.get("next"))
        outcome = await kit.run(request, "mark_task_complete", {"task_id": task_id}, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "The task could not be completed.", status=422)
        return kit.redirect(request, back)

    # -- products on an opportunity -------------------------------------------------------------
    async def line_item_page(request: Request, opportunity_id: str) -> tuple[FormPage, list[Section]]:
        data = await kit.read(request, "get_opportunity", {"opportunity_id": opportunity_id})
        opp = data["opportunity"]
        args = {"pricebook_id": opp["pricebook_id"]} if opp.get("pricebook_id") else {}
        entries = await kit.read(request, "list_pricebook_entries", {**args, "limit": 200})
        choices = tuple(
            (
                e["id"],
                f"{e['product_name']}{' (' + e['product_code'] + ')' if e.get('product_code') else ''}"
                f" — ${e['unit_price']:,.2f}",
            )
            for e in entries["records"]
        )
        sections = [
            (t, tuple(replace(f, choices=choices) if f.name == "pricebook_entry_id" else f for f in fs))
            for t, fs in LINE_ITEM_FORM
        ]
        back = f"/opportunities/{opportunity_id}"
        page = FormPage(
            "add_line_item",
            tuple(sections),
            "Add Product",
            "lineitem",
            fixed={"opportunity_id": opportunity_id},
            cancel=back,
            success=lambda _: back,
            intro=f"Opportunity: {opp['name']} · Price Book: {entries.get('pricebook_name', '')}",
        )
        return page, sections

    @router.get("/opportunities/{opportunity_id}/products/new")
    async def line_item_form(request: Request, opportunity_id: str) -> Response:
        page, sections = await line_item_page(request, opportunity_id)
        return await show_form(kit, request, page, {"quantity": "1"}, sections=sections)

    @router.post("/opportunities/{opportunity_id}/products/new")
    async def line_item_submit(request: Request, opportunity_id: str) -> Response:
        page, _ = await line_item_page(request, opportunity_id)
        return await submit_form(kit, request, page)

    @router.post("/opportunities/{opportunity_id}/products/{line_item_id}/remove")
    async def line_item_remove(request: Request, opportunity_id: str, line_item_id: str) -> Response:
        _, trace = await kit.form(request)
        outcome = await kit.run(request, "remove_line_item", {"line_item_id": line_item_id}, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "The product could not be removed.", status=422)
        return kit.redirect(request, f"/opportunities/{opportunity_id}")

    # -- stage moves --------------------------------------------------------------------------
    async def stage_move(request: Request, opportunity_id: str, action: str) -> Response:
        values, trace = await kit.form(request)
        args = {"opportunity_id": opportunity_id, "stage_name": values.get("stage_name", "")}
        outcome = await kit.run(request, action, args, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "The stage could not be changed.", status=422)
        return kit.redirect(
            request, f"/opportunities/{opportunity_id}", saved=f"Stage changed to {args['stage_name']}."
        )

    @router.post("/opportunities/{opportunity_id}/stage")
    async def mark_stage(request: Request, opportunity_id: str) -> Response:
        return await stage_move(request, opportunity_id, "update_opportunity")

    @router.post("/opportunities/{opportunity_id}/reopen")
    async def reopen(request: Request, opportunity_id: str) -> Response:
        return await stage_move(request, opportunity_id, "reopen_opportunity")

    # -- lead conversion ----------------------------------------------------------------------
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
            errors = {outcome.field: outcome.error} if outcome.field in {f.name for f in fields} else {}
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
