"""Golden images cached on disk, so a new process opens a world in milliseconds instead of seconds.

An image is a pure function of the world (its manifest), the apps' code (models, seed loaders,
journal triggers) and the libraries that turn them into SQL. The cache key is a sha256 over all of
those, so a changed world, app, engine module or library version gets a new key: a stale image is
never used. Each entry is two files, written to temporary names and renamed into place:
`<key>.db` (the image bytes) and `<key>.json` (its tables, content hash and the sha256 of the bytes).
A read checks the bytes against that sha256, so a torn or edited entry is rebuilt, never trusted.

`SAASGYM_CACHE_DIR` picks the folder (default `$XDG_CACHE_HOME/saasgym` or `~/.cache/saasgym`);
setting it to an empty string turns the cache off.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pydantic
import sqlalchemy

from apps.core.registry import app_dirs
from apps.core.spec import AppSpec
from apps.core.worlds import World

log = logging.getLogger("saasgym.golden_cache")

FORMAT = 1  # bump when the entry layout changes
KEEP = 8  # entries kept; the least recently used beyond that are deleted when one is added


def cache_dir() -> Path | None:
    """The folder holding cached images, or None when the cache is turned off."""
    configured = os.environ.get("SAASGYM_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "saasgym" / "golden"


@functools.cache
def code_version(root: Path | None = None) -> str:
    """sha256 over every source file under `root` (default: every folder apps are found in, the `apps`
    package and $SAASGYM_APP_DIRS) plus library versions."""
    h = hashlib.sha256()
    for folder in [root] if root else [Path(p) for p in app_dirs()]:
        for path in _sources(folder):
            h.update(str(path.relative_to(folder)).encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    for version in (sqlite3.sqlite_version, sqlalchemy.__version__, pydantic.VERSION, str(FORMAT)):
        h.update(version.encode() + b"\0")
    return h.hexdigest()


def _sources(folder: Path) -> list[Path]:
    """The .py files under `folder`, sorted; npm's node_modules (a web UI's design system, thousands of files)
    and __pycache__ folders are not walked.

    folder: an apps folder.
    """
    found = []
    for parent, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
        found += [Path(parent, f) for f in files if f.endswith(".py")]
    return sorted(found)


def cache_key(world: World, specs: Sequence[AppSpec]) -> str:
    """The key of one (world, apps, code) image."""
    parts = [world.fingerprint, ",".join(s.name for s in specs), code_version()]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:40]


def load(folder: Path, key: str) -> dict[str, Any] | None:
    """The cached entry `{data, tables, content_hash}` for `key`, or None when absent or damaged."""
    try:
        meta = json.loads((folder / f"{key}.json").read_text())
        data = (folder / f"{key}.db").read_bytes()
    except (OSError, ValueError):
        return None
    if (
        not isinstance(meta, dict)
        or meta.get("key") != key
        or hashlib.sha256(data).hexdigest() != meta.get("sha256")
    ):
        log.warning("golden image cache entry %s is damaged; rebuilding it", key)
        return None
    return {"data": data, "tables": tuple(meta["tables"]), "content_hash": meta["content_hash"]}


def store(folder: Path, key: str, data: bytes, tables: Sequence[str], content_hash: str) -> None:
    """Write one entry (bytes first, then the metadata naming their sha256), each by atomic rename."""
    meta = {"key": key, "sha256": hashlib.sha256(data).hexdigest(), "tables": list(tables),
            "content_hash": content_hash}  # fmt: skip
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for suffix, payload in ((".db", data), (".json", json.dumps(meta).encode())):
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{key}.", suffix=suffix)
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
            os.replace(tmp, folder / f"{key}{suffix}")
        prune(folder)
    except OSError as exc:  # a read-only or full disk costs speed, never correctness
        log.warning("could not cache golden image %s: %s", key, exc)


def prune(folder: Path, keep: int = KEEP) -> None:
    """Delete all but the `keep` most recently used entries (images of old code or worlds pile up)."""
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for meta in entries[keep:]:
        for path in (meta, meta.with_suffix(".db")):
            with contextlib.suppress(OSError):
                path.unlink()


def cached_build(
    world: World, specs: Sequence[AppSpec], build: Callable[[], tuple[bytes, tuple[str, ...], str]]
) -> tuple[bytes, tuple[str, ...], str]:
    """(image bytes, tables, content hash) from the cache, or from `build()` (then cached)."""
    folder = cache_dir()
    if folder is None:
        return build()
    key = cache_key(world, specs)
    entry = load(folder, key)
    if entry is not None:
        return entry["data"], entry["tables"], entry["content_hash"]
    data, tables, content_hash = build()
    store(folder, key, data, tables, content_hash)
    return data, tables, content_hash
