"""Frozen worlds on disk: a folder of JSONL files and a manifest with the sha256 of every file.

Loading checks every checksum and refuses a world whose files differ from its manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

from apps.core.errors import WorldIntegrityError

MANIFEST = "manifest.json"


def worlds_root() -> Path:
    """Where worlds live: $SAASGYM_WORLDS, else the `worlds/` folder of this checkout."""
    env = os.environ.get("SAASGYM_WORLDS")
    if env:
        return Path(env)
    import worlds

    return Path(worlds.__file__).parent


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def data_files(folder: Path) -> list[str]:
    """Every file of a world folder except the manifest, as sorted POSIX relative paths."""
    return sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MANIFEST and "__pycache__" not in p.parts
    )


@dataclass(frozen=True)
class World:
    """A verified world: its manifest and a reader for its files."""

    name: str
    path: Path
    manifest: dict[str, Any]

    @property
    def now(self) -> datetime:
        now = datetime.fromisoformat(self.manifest["now"])
        return now if now.tzinfo else now.replace(tzinfo=UTC)

    @property
    def seed(self) -> int:
        return int(self.manifest["seed"])

    @cached_property
    def fingerprint(self) -> str:
        """One sha256 over the manifest: equal fingerprints mean equal worlds."""
        return hashlib.sha256(json.dumps(self.manifest, sort_keys=True).encode()).hexdigest()

    def has(self, relpath: str) -> bool:
        return relpath in self.manifest["files"]

    def rows(self, relpath: str) -> Iterator[dict[str, Any]]:
        """The records of one JSONL file of the world (empty if the world has no such file)."""
        if not self.has(relpath):
            return
        with (self.path / relpath).open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)


def verify_world(folder: Path, manifest: dict[str, Any] | None = None) -> list[str]:
    """Problems with a world folder (empty when every file matches the manifest).

    `manifest` checks the files against a manifest already loaded instead of the one on disk.
    """
    manifest_path = folder / MANIFEST
    if manifest is None:
        if not manifest_path.is_file():
            return [f"{folder.name}: no {MANIFEST}"]
        manifest = json.loads(manifest_path.read_text())
    problems = []
    listed: dict[str, str] = manifest.get("files", {})
    for rel, digest in sorted(listed.items()):
        path = folder / rel
        if not path.is_file():
            problems.append(f"{rel}: listed in the manifest but missing")
        elif sha256_file(path) != digest:
            problems.append(f"{rel}: sha256 differs from the manifest (the file was modified)")
    for rel in data_files(folder):
        if rel not in listed:
            problems.append(f"{rel}: not listed in the manifest")
    return problems


# A file modified this close to its hashing could change again within the filesystem's timestamp
# granularity without its stamp changing ("racy" stamps): such a world is re-hashed next time.
TRUST_AFTER_NS = 2_000_000_000
_trusted: dict[Path, tuple[tuple[str, ...], tuple[tuple[int, ...], ...], World]] = {}


def _stamps(folder: Path, rels: list[str], dirs: tuple[str, ...]) -> tuple[tuple[int, ...], ...] | None:
    """(inode, size, mtime, ctime) of the manifest, every listed file and every folder; None if one is gone.

    A folder's mtime changes when a file is added to or removed from it.
    """
    base = os.fspath(folder) + os.sep
    try:
        out = []
        for rel in (MANIFEST, *rels, *dirs):
            st = os.stat(base + rel)
            out.append((st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
        return tuple(out)
    except OSError:
        return None


def load_world(name_or_path: str | Path) -> World:
    """Open a world by name (under worlds_root()) or path, refusing it if any checksum differs.

    Every file is hashed the first time; later loads of an unchanged folder (same inode, size,
    mtime and ctime of every file and folder, none modified within 2 s of its hashing) reuse that
    verification and cost one stat per file.
    """
    folder = Path(name_or_path)
    if not (folder / MANIFEST).is_file():
        folder = worlds_root() / str(name_or_path)
    if not (folder / MANIFEST).is_file():
        raise WorldIntegrityError(
            f"no world {str(name_or_path)!r}; available: {', '.join(list_worlds()) or 'none'}"
        )
    known = _trusted.get(folder)
    if known is not None and _unchanged(folder, known):
        return known[2]
    manifest = json.loads((folder / MANIFEST).read_text())
    problems = verify_world(folder, manifest)
    if problems:
        raise WorldIntegrityError(f"world {folder.name} refused: " + "; ".join(problems))
    world = World(name=manifest["name"], path=folder, manifest=manifest)
    _trust(world)
    return world


def world_problems(world: World) -> list[str]:
    """What differs now between a loaded world's folder and its manifest (empty: nothing).

    One stat per file while the folder is as it was when last hashed; a full hash otherwise.
    """
    known = _trusted.get(world.path)
    if known is not None and known[2].manifest == world.manifest and _unchanged(world.path, known):
        return []
    problems = verify_world(world.path, world.manifest)
    if not problems:
        _trust(world)
    return problems


def _unchanged(folder: Path, known: tuple[tuple[str, ...], tuple[tuple[int, ...], ...], World]) -> bool:
    return _stamps(folder, list(known[2].manifest["files"]), known[0]) == known[1]


def _trust(world: World) -> None:
    """Remember the stamps of a just-verified world, unless a file is too fresh to trust its stamp."""
    files = list(world.manifest["files"])
    dirs = (".", *sorted({p.as_posix() for rel in files for p in Path(rel).parents} - {"."}))
    stamps = _stamps(world.path, files, dirs)
    if stamps is not None and all(time.time_ns() - s[2] > TRUST_AFTER_NS for s in stamps):
        _trusted[world.path] = (dirs, stamps, world)


def list_worlds() -> list[str]:
    """Names of the worlds under worlds_root()."""
    root = worlds_root()
    return sorted(p.parent.name for p in root.glob(f"*/{MANIFEST}"))


def write_manifest(folder: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """Write manifest.json for a freshly generated world folder (authors only; worlds stay frozen)."""
    manifest = dict(meta)
    manifest["files"] = {rel: sha256_file(folder / rel) for rel in data_files(folder)}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest
