"""The web UI's static files, served for speed: the shared files at `/static/{name}`, an app's own files
(stylesheets, scripts) at `/_assets/{name}`, and the files of the vendor design system it is styled by
(installed from npm) at `/_<prefix>/{path}`.

Pages link them by content-hashed addresses (`asset_url`, a Jinja global): `/static/<tag>/trace.js`, where
the tag is the first 12 hex digits of the file's sha256 (for a design system, of its package's integrity hash
in the npm lockfile, so the package's relative links — `../images/…` in its stylesheet — keep working). A
tagged address whose tag matches is cached by the browser for a year (`immutable`); any other address
(untagged, or a stale tag) is answered with `no-cache`. Text files are gzip-compressed once per content and
sent compressed to browsers that accept it (`Content-Encoding: gzip`, `Vary: Accept-Encoding`); an ETag
answers a revalidation with 304.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response

YEAR = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
TAG = re.compile(r"^[0-9a-f]{12}$")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
# what a lookup returns: a file, or bytes made on the fly (an icon cut out of a sprite), with its media type
Found = tuple[Path | bytes, str]


@dataclass(frozen=True)
class Blob:
    """A static file's bytes, their gzip form (text only) and their content tag."""

    data: bytes
    gz: bytes | None
    tag: str
    media: str


_blobs: dict[tuple[object, ...], Blob] = {}
_lock = threading.Lock()


def content_tag(data: bytes) -> str:
    """The first 12 hex digits of the sha256 of `data`."""
    return hashlib.sha256(data).hexdigest()[:12]


def blob(source: Path | bytes, media: str) -> Blob:
    """The bytes of `source` with their gzip form, computed once per content (a file is re-read when its
    size or modification time changes)."""
    if isinstance(source, Path):
        stat = source.stat()
        key: tuple[object, ...] = (str(source), stat.st_size, stat.st_mtime_ns)
    else:
        key = ("bytes", content_tag(source))
    with _lock:
        found = _blobs.get(key)
    if found is not None:
        return found
    data = source.read_bytes() if isinstance(source, Path) else source
    packed = gzip.compress(data, compresslevel=9, mtime=0) if media.startswith(COMPRESSIBLE) else None
    made = Blob(
        data, packed if packed is not None and len(packed) < len(data) else None, content_tag(data), media
    )
    with _lock:
        _blobs[key] = made
    return made


def respond(request: Request, item: Blob, *, cache: str) -> Response:
    """`item` as a response: 304 for a matching If-None-Match, gzip when the browser accepts it."""
    etag = f'"{item.tag}"'
    headers = {"Cache-Control": cache, "ETag": etag, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    if item.gz is not None and "gzip" in request.headers.get("accept-encoding", ""):
        return Response(item.gz, media_type=item.media, headers={**headers, "Content-Encoding": "gzip"})
    return Response(item.data, media_type=item.media, headers=headers)


@dataclass(frozen=True)
class Source:
    """Where the files under one URL prefix come from: `lookup(relative)` finds one (None: not served);
    `package_tag()` is the tag of every file (a design system's package), or None to tag each by content."""

    lookup: Callable[[str], Found | None]
    package_tag: Callable[[], str | None] = lambda: None

    def tag(self, relative: str) -> str | None:
        package = self.package_tag()
        if package is not None:
            return package
        found = self.lookup(relative)
        return None if found is None else blob(*found).tag


def add_static_route(router: APIRouter, prefix: str, source: Source) -> None:
    """Serve GET {prefix}/<tag>/{relative} and GET {prefix}/{relative} from `source`: the current file either
    way, cached for a year when the tag is the current one, else revalidated."""

    @router.get(prefix + "/{rest:path}", include_in_schema=False)
    async def static_file(request: Request, rest: str) -> Response:
        head, _, tail = rest.partition("/")
        tagged = bool(TAG.match(head) and tail)
        relative = tail if tagged else rest
        found = source.lookup(relative)
        if found is None:
            return Response(status_code=404)
        item = blob(*found)
        current = source.package_tag() or item.tag
        return respond(request, item, cache=YEAR if tagged and head == current else REVALIDATE)


def folder_lookup(folder: Path, media_types: dict[str, str]) -> Callable[[str], Found | None]:
    """Files of `folder` by the names in `media_types` (name → media type); any other name is not served, so
    nothing else in the folder, and nothing outside it, is reachable."""

    def lookup(name: str) -> Found | None:
        media = media_types.get(name)
        return (folder / name, media) if media and (folder / name).is_file() else None

    return lookup


def add_asset_route(router: APIRouter, folder: Path, media_types: dict[str, str]) -> Source:
    """Serve an app's own files at /_assets/{name} (see folder_lookup); returns their source."""
    source = Source(folder_lookup(folder, media_types))
    add_static_route(router, "/_assets", source)
    return source


def add_design_system_route(
    router: APIRouter,
    prefix: str,
    lookup: Callable[[str], Found | None],
    package_tag: Callable[[], str | None] = lambda: None,
) -> Source:
    """Serve a design system's files at /_<prefix>/{path} with what `lookup(path)` finds (None is a 404, so
    only the files its module lists are reachable), all tagged by `package_tag()` (by default each by its own
    content); returns their source."""
    source = Source(lookup, package_tag)
    add_static_route(router, f"/_{prefix}", source)
    return source


def asset_url_function(sources: dict[str, Source], url: Callable[[str], str]) -> Callable[[str], str]:
    """`asset_url('/static/trace.js')` → the file's tagged address under the request's root (`url` makes it);
    an address whose prefix is not among `sources`, or whose file is missing, is returned untagged."""

    def asset_url(path: str) -> str:
        prefix, _, relative = path.lstrip("/").partition("/")
        source = sources.get("/" + prefix)
        tag = source.tag(relative) if source is not None else None
        return url(f"/{prefix}/{tag}/{relative}" if tag else path)

    return asset_url


def lockfile_tag(lockfile: Path, package: str) -> str | None:
    """The tag of an npm package as installed from `lockfile`, from its `integrity` hash (None: no such)."""
    import json

    try:
        entry = json.loads(lockfile.read_text())["packages"][f"node_modules/{package}"]
    except (OSError, ValueError, KeyError):
        return None
    integrity = entry.get("integrity") or entry.get("version")
    return content_tag(integrity.encode()) if integrity else None
