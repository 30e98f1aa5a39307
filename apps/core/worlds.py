"""Frozen worlds on disk: a folder of JSONL files and a manifest with the sha256 of every file.

Loading checks every checksum and refuses a world whose files differ from its manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
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


def verify_world(folder: Path) -> list[str]:
    """Problems with a world folder (empty when every file matches the manifest)."""
    manifest_path = folder / MANIFEST
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


def load_world(name_or_path: str | Path) -> World:
    """Open a world by name (under worlds_root()) or path, refusing it if any checksum differs."""
    folder = Path(name_or_path)
    if not (folder / MANIFEST).is_file():
        folder = worlds_root() / str(name_or_path)
    if not (folder / MANIFEST).is_file():
        raise WorldIntegrityError(
            f"no world {str(name_or_path)!r}; available: {', '.join(list_worlds()) or 'none'}"
        )
    problems = verify_world(folder)
    if problems:
        raise WorldIntegrityError(f"world {folder.name} refused: " + "; ".join(problems))
    manifest = json.loads((folder / MANIFEST).read_text())
    return World(name=manifest["name"], path=folder, manifest=manifest)


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
