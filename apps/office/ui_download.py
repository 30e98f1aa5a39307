"""File > Download a copy (Word, Excel and PowerPoint for the web): the file its export action makes."""

from __future__ import annotations

import base64
import json

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit


async def download(kit: UiKit, request: Request, action: str, item_id: str) -> Response:
    """The exported file as an attachment named as the drive item.

    kit: the app's UI kit (runs the read action).
    request: the browser's request (its episode and user).
    action: the export action, e.g. "export_document", "export_workbook", "export_presentation".
    item_id: the drive item's id.
    """
    found = await kit.read(request, action, {"item_id": item_id})
    disposition = f"attachment; filename*=UTF-8''{json.dumps(found['name'])[1:-1]}"
    data = base64.b64decode(found["content_base64"])
    return Response(data, media_type=found["content_type"], headers={"Content-Disposition": disposition})
