"""Seeded world generator: writes a frozen world folder (JSONL files + manifest) for every app.

Each part of a world draws from its own random stream (`{seed}:company`, `{seed}:crm`, ...), so adding
a part later never changes the files of the existing ones, and the same seed and scale always give
byte-identical files.
"""

from __future__ import annotations

import shutil
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from apps.core.worlds import write_manifest

from .common import write_jsonl
from .company import COMPANY_NAME, build_company
from .crm import Crm, build_crm

GENERATOR_VERSION = "1.0"
DEFAULT_NOW = "2026-11-02T09:00:00"


def pick_crm_actor(crm: Crm) -> str:
    """The account executive with the most open opportunities (ties: lowest user id)."""
    open_counts = Counter(o["owner_id"] for o in crm.rows["opportunity"] if not o["is_closed"])
    reps = sorted(crm.users_by_kind["ae"])
    return max(reps, key=lambda u: (open_counts[u], -reps.index(u)))


def generate(name: str, seed: int, scale: float, out_dir: Path, now: str = DEFAULT_NOW) -> dict[str, Any]:
    """Generate world `name` into `out_dir` (replacing its data files) and return the manifest written."""
    out_dir = Path(out_dir)
    now_dt = datetime.fromisoformat(now)
    for part in ("company", "crm"):
        if (out_dir / part).is_dir():
            shutil.rmtree(out_dir / part)
    out_dir.mkdir(parents=True, exist_ok=True)

    company = build_company(seed, scale, now_dt)
    write_jsonl(out_dir / "company" / "employees.jsonl", company.employees)
    write_jsonl(out_dir / "company" / "products.jsonl", company.products)

    crm = build_crm(seed, scale, now_dt, company)
    for table, rows in crm.rows.items():
        write_jsonl(out_dir / "crm" / f"{table}.jsonl", sorted(rows, key=lambda r: r["id"]))

    meta = {
        "name": name,
        "seed": seed,
        "scale": scale,
        "generator_version": GENERATOR_VERSION,
        "now": now,
        "description": (
            f"{COMPANY_NAME} (acme.example), a B2B software and hardware vendor: "
            f"{len(company.employees)} employees, {len(crm.rows['account'])} CRM accounts, "
            f"{len(crm.rows['opportunity'])} opportunities (seed {seed}, scale {scale})."
        ),
        "actors": {"crm": pick_crm_actor(crm)},
    }
    return write_manifest(out_dir, meta)
