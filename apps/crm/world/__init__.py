"""The CRM part of a world: users, accounts, contacts, catalog, opportunities, leads and activities.

Draws from its own random stream (`{seed}:crm`); leaves its state in `ctx.shared["crm"]` and its acting
user in `ctx.shared["actors"]["crm"]` for the parts after it (the office's mailboxes, the desk's callers).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from apps.crm.world.build import build_crm
from apps.crm.world.state import Crm
from worlds.generator.parts import BuildContext, Part


def pick_crm_actor(crm: Crm) -> str:
    """The account executive with the most open opportunities (ties: lowest user id)."""
    open_counts = Counter(o["owner_id"] for o in crm.rows["opportunity"] if not o["is_closed"])
    reps = sorted(crm.users_by_kind["ae"])
    return max(reps, key=lambda u: (open_counts[u], -reps.index(u)))


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    crm = build_crm(ctx.seed, ctx.scale, ctx.now, ctx.shared["company"])
    actor = pick_crm_actor(crm)
    ctx.shared["crm"] = crm
    ctx.shared.setdefault("actors", {})["crm"] = actor
    files = {f"crm/{table}.jsonl": sorted(rows, key=lambda r: r["id"]) for table, rows in crm.rows.items()}
    return files, {"crm": actor}


PART = Part("crm", 10, build)
