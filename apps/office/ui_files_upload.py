"""OneDrive's "+ Create or upload" → Files upload: the chosen file goes through the office services that can
hold it — a PowerPoint presentation (.pptx) through `import_presentation` (opened in PowerPoint, as OneDrive
opens an uploaded deck), a text file through `create_file` with its text (the Files list then shows it).
Anything else is refused in the Upload dialog, saying what can be uploaded; nothing is stored."""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.core.ui_trace import parse_trace
from apps.office.services.deck_files import MAX_FILE_BYTES

MAX_UPLOAD = MAX_FILE_BYTES  # import_presentation's limit; a text file is held to the same
TEXT_TYPES = (".txt", ".csv", ".md")


def upload_refusal(name: str, data: bytes) -> str | None:
    """Why a chosen file cannot be uploaded here (None when it can).

    Args:
        name: the chosen file's name.
        data: its bytes, read up to one byte past MAX_UPLOAD.
    """
    if not name or not data:
        return "Choose a file to upload."
    if len(data) > MAX_UPLOAD:
        return f"“{name}” is larger than 3 MB, the most a file can be here."
    lower = name.lower()
    if lower.endswith(".pptx"):
        return None
    if not lower.endswith(TEXT_TYPES):
        kinds = ", ".join(TEXT_TYPES)
        return (
            f"“{name}” can't be uploaded: this workspace keeps PowerPoint presentations (.pptx) "
            f"and text files ({kinds})."
        )
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return f"“{name}” isn't a UTF-8 text file."
    return None


def add_upload_route(
    router: APIRouter,
    kit: UiKit,
    page: Callable[..., Awaitable[Response]],
    place_of: Callable[[Any], dict[str, str]],
) -> None:
    """Add POST /files/upload to the Files router.

    Args:
        router: the Files page's router.
        kit: the office app's UI kit.
        page: renders the Files page for a place with a dialog open (ui_files.py's).
        place_of: the listing a form came from (its folder), from the form's values.
    """

    @router.post("/files/upload", name="upload_file")
    async def upload(request: Request) -> Response:
        form = await request.form()
        trace = parse_trace(form.get("_trace"))
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        place = place_of(values)
        chosen = form.get("file")
        data = await chosen.read(MAX_UPLOAD + 1) if hasattr(chosen, "read") else b""
        name = (getattr(chosen, "filename", "") or "").replace("\\", "/").rsplit("/", 1)[-1]
        refused = upload_refusal(name, data)
        if refused:
            await kit.record_events(request, trace)
            return await page(request, place, status=422, upload=True, error=refused)
        parent = place.get("folder")
        if name.lower().endswith(".pptx"):
            args = {"name": name[: -len(".pptx")] or "Presentation", "parent_id": parent}
            args["content_base64"] = base64.b64encode(data).decode()
            outcome = await kit.run(request, "import_presentation", args, trace)
        else:
            args = {"name": name, "content": data.decode("utf-8"), "parent_id": parent}
            outcome = await kit.run(request, "create_file", args, trace)
        if not outcome.ok:
            return await page(request, place, status=422, upload=True, error=outcome.error)
        if name.lower().endswith(".pptx"):
            return kit.redirect(request, "/decks/" + outcome.data()["item"]["id"])
        return kit.redirect(request, "/files", folder=parent)
