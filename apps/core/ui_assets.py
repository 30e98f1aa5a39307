"""An app's own static files (stylesheets, scripts) beside its pages, at `/_assets/{name}`, and the files
of the vendor design system it is styled by (installed from npm), at `/_<prefix>/{path}`."""

from __future__ import annotations

from collections.abc import Callable
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


DESIGN_SYSTEM_CACHE = "public, max-age=86400"  # the links carry the package version, so a day is safe


def add_design_system_route(
    router: APIRouter, prefix: str, lookup: Callable[[str], tuple[Path, str] | None]
) -> None:
    """Serve GET /_<prefix>/{path} with what `lookup(path)` finds (file, media type); None is a 404, so only
    the files the design system module lists are reachable."""

    @router.get(f"/_{prefix}/{{relative:path}}", include_in_schema=False)
    async def design_system_file(relative: str) -> Response:
        found = lookup(relative)
        if found is None:
            return Response(status_code=404)
        return FileResponse(found[0], media_type=found[1], headers={"Cache-Control": DESIGN_SYSTEM_CACHE})
