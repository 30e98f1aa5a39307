"""Saving one ServiceNow form: the submitted fields compared with the record, turned into the service
actions MCP and the CLI use (an edit, an assignment, a journal entry, a state change), run in order as
one unit. When one is refused the episode goes back to where it was before the first (nothing
changed), every call stays in the event log, and the refusal is reported at its field."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.runtime import Outcome
from apps.core.ui_kit import UiKit
from apps.core.ui_steps import Step, run_steps  # noqa: F401 (the ticketing forms import them from here)
from apps.ticketing.ui_forms import resolve_references


def changed(values: dict[str, str], current: dict[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    """The submitted fields among `names` whose text differs from the record's current text (a browser
    sends a textarea's line breaks as CRLF: a description left as it was is not an edit)."""
    out = {}
    for name in names:
        if name in values:
            new = (values[name] or "").replace("\r\n", "\n").strip()
            if new != str(current.get(name) or "").strip():
                out[name] = new
    return out


def add_record_routes(router: APIRouter, kit: UiKit, base: str, page: Any, submit: Any) -> None:
    """A one-form record's routes: GET base/{number} (the form), GET base/{number}/edit (the same
    form: the record page is its edit form) and POST base/{number}/{op} (a header button)."""
    slug = base.strip("/")

    async def show(request: Request, number: str) -> Response:
        return await page(request, number)

    async def edit(request: Request, number: str) -> Response:
        return kit.redirect(request, f"{base}/{number}")

    router.add_api_route(f"{base}/{{number}}", show, methods=["GET"], name=f"{slug}_form")
    router.add_api_route(f"{base}/{{number}}/edit", edit, methods=["GET"], name=f"{slug}_edit")
    router.add_api_route(f"{base}/{{number}}/{{op}}", submit, methods=["POST"], name=f"{slug}_action")


def form_page(kit: UiKit, template: str, context_of: Any) -> Any:
    """The `page` of a one-form record (what add_record_routes and save call):
    page(request, number, values=None, errors=None, error=None, status=200) renders `template` with
    `await context_of(request, number, values)` plus the field errors, the error banner and the flash."""

    async def page(
        request: Request,
        number: str,
        values: dict[str, str] | None = None,
        errors: dict[str, str] | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        context = await context_of(request, number, values or {})
        flash = request.query_params.get("saved")
        context |= {"errors": errors or {}, "error": error, "flash": flash}
        return kit.render(request, template, context, status=status)

    return page


async def edited(
    kit: UiKit,
    request: Request,
    page: Any,
    form: tuple[str, dict[str, str], list[dict[str, Any]]],
    current: dict[str, Any],
    names: tuple[str, ...],
    refs: list[Any],
) -> dict[str, str] | Response:
    """The submitted fields among `names` that differ from `current`, the reference fields among
    `refs` resolved to sys_ids; or, when a typed reference matches nothing, the form again with the
    error at its field (no action runs). `form` = (number, values, trace)."""
    number, values, trace = form
    edits = changed(values, current, names)
    errors = await resolve_references(kit, request, refs, edits)
    if not errors:
        return edits
    await kit.record_events(request, trace)
    return await page(request, number, values, errors, reference_message(refs, errors), 422)


def reference_message(fields: list[Any], errors: dict[str, str]) -> str:
    """The banner of a submit refused before any action ran: the reference fields that match nothing."""
    labels = ", ".join(f.label for f in fields if f.name in errors)
    return f"Invalid reference: {labels}. " + " ".join(errors.values())


def refusal(
    failed: Outcome, labels: dict[str, str], aliases: dict[str, str] | None = None
) -> tuple[str, dict[str, str]]:
    """The banner of a refused save, "Invalid update. <label>: <message>", and the error at its field
    (none when the refusal is about no field of the form). `aliases`: action argument -> form field."""
    name = (aliases or {}).get(failed.field or "", failed.field or "")
    label = labels.get(name)
    message = "Invalid update. " + (f"{label}: {failed.error}" if label else failed.error or "")
    return message, ({name: failed.error or ""} if label else {})


async def save(
    kit: UiKit,
    request: Request,
    form: tuple[str, dict[str, str], list[dict[str, Any]]],
    steps: list[Step],
    page: Any,
    labels: dict[str, str],
    done: tuple[str, str],
    aliases: dict[str, str] | None = None,
) -> Response:
    """Run a form's steps (run_steps): on success redirect to `done` = (path, message), else re-render
    `page` with the typed values and the refusal at its field. `form` = (number, values, trace)."""
    number, values, trace = form
    failed = await run_steps(kit, request, steps, trace)
    if failed is None:
        return kit.redirect(request, done[0], saved=done[1] if steps else None)
    message, errors = refusal(failed, labels, aliases)
    return await page(request, number, values, errors, message, 422)
