"""Seeded world generator: writes a frozen world folder (JSONL files + manifest) for every app.

A world is made of parts, generated in order: the shared `company` (employees, products) here, then one
part per app that has data, in that app's folder (`apps/<app>/world/__init__.py` exposing `PART`,
discovered like the app itself), then the parts spanning apps (`worlds/parts/<name>`). Each part draws
from its own random stream (`{seed}:<part>`), so adding a part later never changes the files of the
existing ones, and the same seed and scale always give byte-identical files.

    generate("acme", 1, 1.0, Path("worlds/acme"))                       # every part
    generate_parts(Path("worlds/acme"), ["ticketing"])                  # add one part to a frozen world
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

from apps.core.registry import app_names
from apps.core.worlds import MANIFEST, write_manifest

from .common import write_jsonl
from .company import COMPANY_NAME, build_company
from .parts import BuildContext, Part

__all__ = ["BuildContext", "Part", "generate", "generate_parts", "parts"]

# 3.7: incident texts said from the final opening (v10); 3.6: the decks (worlds/parts/decks, v9); 3.5: pending
# requests (v8)
GENERATOR_VERSION = "3.7"
DEFAULT_NOW = "2026-11-02T09:00:00"


def _company(ctx: BuildContext):
    company = build_company(ctx.seed, ctx.scale, ctx.now)
    ctx.shared["company"] = company
    return {"company/employees.jsonl": company.employees, "company/products.jsonl": company.products}, {}


def parts() -> list[Part]:
    """Every part, in generation order: the company, then each app's own part (`apps/<app>/world`,
    discovered: adding an app with data edits nothing here), then the company handbook (published in the
    office drive and the service desk's knowledge base)."""
    found = [Part("company", 0, _company)]
    for name in app_names():
        module = f"apps.{name}.world"
        if importlib.util.find_spec(module) is not None:
            found.append(importlib.import_module(module).PART)
    for folder in sorted(Path(__file__).parent.parent.joinpath("parts").iterdir()):
        if (folder / "__init__.py").is_file():  # parts spanning apps (worlds/parts/<name>)
            found.append(importlib.import_module(f"worlds.parts.{folder.name}").PART)
    if {"office", "ticketing"} <= set(app_names()):  # the handbook is published in both apps
        found.append(importlib.import_module("worlds.generator.handbook").PART)
    return sorted(found, key=lambda p: (p.order, p.name))


def _run(out_dir: Path, seed: int, scale: float, now: str, only: set[str] | None) -> dict[str, str]:
    ctx = BuildContext(seed, scale, datetime.fromisoformat(now), out_dir, {})
    actors: dict[str, str] = {}
    for part in parts():
        files, part_actors = part.build(ctx)  # earlier parts are rebuilt (in memory) for later ones
        if only is not None and part.name not in only:
            continue
        if (out_dir / part.name).is_dir():
            shutil.rmtree(out_dir / part.name)
        for relpath, rows in files.items():
            write_jsonl(out_dir / relpath, rows)
        actors.update(part_actors)
    return actors


def generate(
    name: str, seed: int, scale: float, out_dir: Path, now: str = DEFAULT_NOW, version: int = 1
) -> dict[str, Any]:
    """Generate version `version` of world `name` into `out_dir` (replacing its data files); returns the
    manifest written (it records the name, version, seed, scale, now and generator version)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    actors = _run(out_dir, seed, scale, now, None)
    return write_manifest(out_dir, {**_meta(name, seed, scale, now, actors, out_dir), "version": version})


def generate_parts(world_dir: Path, names: list[str]) -> dict[str, Any]:
    """(Re)generate only the named parts of an existing world with its own seed, scale and now.

    The other parts' files are left untouched; the manifest's checksums are refreshed.
    """
    world_dir = Path(world_dir)
    meta = json.loads((world_dir / MANIFEST).read_text())
    actors = _run(world_dir, meta["seed"], meta["scale"], meta["now"], set(names))
    meta.pop("files", None)
    meta["actors"] = {**meta.get("actors", {}), **actors}
    meta["description"] = _describe(meta["seed"], meta["scale"], world_dir)
    return write_manifest(world_dir, meta)


def _describe(seed: int, scale: float, out_dir: Path) -> str:
    def count(rel: str) -> int:
        path = out_dir / rel
        return sum(1 for _ in path.open()) if path.is_file() else 0

    return (
        f"{COMPANY_NAME} (acme.example), a B2B software and hardware vendor: "
        f"{count('company/employees.jsonl')} employees, {count('crm/account.jsonl')} CRM accounts, "
        f"{count('crm/opportunity.jsonl')} opportunities (seed {seed}, scale {scale})."
    )


def _meta(
    name: str, seed: int, scale: float, now: str, actors: dict[str, str], out_dir: Path
) -> dict[str, Any]:
    return {
        "name": name,
        "seed": seed,
        "scale": scale,
        "generator_version": GENERATOR_VERSION,
        "now": now,
        "description": _describe(seed, scale, out_dir),
        "actors": actors,
    }
