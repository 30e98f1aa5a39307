"""Moving an opportunity's stage from its path (Mark Stage as Complete, Mark as Current Stage), and a lead's
status from its path (Mark Status as Complete)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit


def build_stage_router(kit: UiKit) -> APIRouter:
    """The path's stage buttons."""
    router = APIRouter()

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

    @router.post("/leads/{lead_id}/status")
    async def mark_status(request: Request, lead_id: str) -> Response:
        values, trace = await kit.form(request)
        args = {"lead_id": lead_id, "status": values.get("status", "")}
        outcome = await kit.run(request, "update_lead", args, trace)
        if not outcome.ok:
            return kit.error_page(request, outcome.error or "The status could not be changed.", status=422)
        return kit.redirect(request, f"/leads/{lead_id}", saved=f"Status changed to {args['status']}.")

    return router
