"""An app's own static files (stylesheets, scripts) beside its pages, at `/_assets/{name}`."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response


def add_asset_route(router: APIRouter, folder: Path, media_types: dict[str, str]) -> None:
    """Serve GET /_assets/{name} from `folder` for the names in `media_types` (name → media type); any other
    name is a 404, so nothing else in the folder, and nothing outside it, is reachable."""

    @router.get("/_assets/{name}", include_in_schema=False)
    async def asset(name: str) -> Response:
        if name not in media_types:
            return Response(status_code=404)
        return FileResponse(folder / name, media_type=media_types[name])
