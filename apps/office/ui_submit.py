"""The one way an office UI form runs its action: with the browser trace, then a redirect or the error."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit


async def submit(kit: UiKit, request: Request, action: str, args: dict, back: str, **query) -> Response:
    """Run `action` with the form's browser trace; on success go to `back`, else show the error."""
    _, trace = await kit.form(request)
    outcome = await kit.run(request, action, args, trace)
    if not outcome.ok:
        return kit.error_page(request, outcome.error or f"{action} failed", status=422)
    return kit.redirect(request, back, **query)
