"""Seeded world generator: writes a frozen world folder (JSONL files + manifest) for every app.

A world is made of parts, generated in order: `company` and `crm` here, and one module
`part_<name>.py` per further part (discovered, so adding a part edits nothing here). Each part draws
from its own random stream (`{seed}:<part>`), so adding a part later never changes the files of the
existing ones, and the same seed and scale always give byte-identical files.

    generate("acme", 1, 1.0, Path("worlds/acme"))                       # every part
    generate_parts(Path("worlds/acme"), ["ticketing"])                  # add one part to a frozen world
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from apps.core.worlds import MANIFEST, write_manifest

from .common import write_jsonl
from .company import COMPANY_NAME, build_company
from .crm import Crm
from .crm_world import build_crm

GENERATOR_VERSION = "1.0"
DEFAULT_NOW = "2026-11-02T09:00:00"


@dataclass(frozen=True)
class Part:
    """One part of a world.

    `build(ctx)` receives a `BuildContext` (seed, scale, now, and the objects earlier parts left in
    `ctx.shared`) and returns the files to write, `{relative path: rows}`, plus actors
    (`{app: acting user id}`) to record in the manifest.
    """

    name: str
    order: int
    build: Callable[[BuildContext], tuple[dict[str, list[dict[str, Any]]], dict[str, str]]]


@dataclass
class BuildContext:
    seed: int
    scale: float
    now: datetime
    out_dir: Path
    shared: dict[str, Any]


def pick_crm_actor(crm: Crm) -> str:
    """The account executive with the most open opportunities (ties: lowest user id)."""
    open_counts = Counter(o["owner_id"] for o in crm.rows["opportunity"] if not o["is_closed"])
    reps = sorted(crm.users_by_kind["ae"])
    return max(reps, key=lambda u: (open_counts[u], -reps.index(u)))


def _company(ctx: BuildContext):
    company = build_company(ctx.seed, ctx.scale, ctx.now)
    ctx.shared["company"] = company
    return {"company/employees.jsonl": company.employees, "company/products.jsonl": company.products}, {}


def _crm(ctx: BuildContext):
    crm = build_crm(ctx.seed, ctx.scale, ctx.now, ctx.shared["company"])
    ctx.shared["crm"] = crm
    files = {f"crm/{table}.jsonl": sorted(rows, key=lambda r: r["id"]) for table, rows in crm.rows.items()}
    return files, {"crm": pick_crm_actor(crm)}


def parts() -> list[Part]:
    """Every part, in generation order: company, crm, then the discovered `part_*` modules."""
    found = [Part("company", 0, _company), Part("crm", 10, _crm)]
    for mod in pkgutil.iter_modules(__path__):
        if mod.name.startswith("part_"):
            found.append(importlib.import_module(f"{__name__}.{mod.name}").PART)
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


def generate(name: str, seed: int, scale: float, out_dir: Path, now: str = DEFAULT_NOW) -> dict[str, Any]:
    """Generate world `name` into `out_dir` (replacing its data files) and return the manifest written."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    actors = _run(out_dir, seed, scale, now, None)
    return write_manifest(out_dir, _meta(name, seed, scale, now, actors, out_dir))


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
