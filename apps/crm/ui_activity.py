"""Activity pages: new tasks, calls, events and notes from a record, and marking a task complete."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_common import FormPage, current_user, record_path, show_form, submit_form
from apps.crm.ui_fields import (
    CALL_FORM,
    EVENT_FORM,
    NOTE_FORM,
    TASK_FORM,
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


def safe_next(value: str | None, fallback: str = "/") -> str:
    """An app-relative path to go back to (never another site)."""
    return value if value and value.startswith("/") and not value.startswith("//") else fallback


async def activity_values(kit: UiKit, request: Request, path: str, links: dict[str, str]) -> dict[str, Any]:
    """A new activity form's starting values: its defaults, the linked records (`links`: what_id,
    who_id), you as its owner, and an event from the next whole hour for an hour.

    Args:
        kit: the app's UI kit (the current user, the episode's time).
        request: the page's request.
        path: the form's path, a key of ACTIVITY_FORMS.
        links: the record ids the activity is about.
    """
    values: dict[str, Any] = {**ACTIVITY_FORMS[path][4], **links}
    me = await current_user(kit, request)
    if me:
        values["owner_id"] = me.get("id")
    if path == "/events/new":
        start = (await kit.now(request)).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        values.update(
            start_date_time=start.isoformat()[:16],
            end_date_time=(start + timedelta(hours=1)).isoformat()[:16],
        )
    return values


def build_activity_router(kit: UiKit) -> APIRouter:
    """New task / call / event / note forms and the Mark Complete action."""
    router = APIRouter()

    def activity_page(request: Request, path: str) -> FormPage:
        action, sections, title, icon, _ = ACTIVITY_FORMS[path]
        links = {k: v for k in ("what_id", "who_id") if (v := request.query_params.get(k))}
        back = record_path(links.get("what_id") or links.get("who_id")) or "/"
        docked = path != "/events/new"  # New Event stays a modal, as in Lightning
        return FormPage(action, sections, title, icon, cancel=back, success=lambda _: back, docked=docked)

    for path in ACTIVITY_FORMS:

        async def activity_form(request: Request, path: str = path) -> Response:
            links = {k: v for k in ("what_id", "who_id") if (v := request.query_params.get(k))}
            values = await activity_values(kit, request, path, links)
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
            docked=True,
            note=True,
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

    return router
