"""The work the figures are measured under: 50 mixed writes, a scaled world, the reference task."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from apps.core.api import Episode
from apps.core.worlds import World, load_world

TASK_ID = "crm-close-won-villanueva"
SCALED_SEED = 1


def account_ids(ep: Episode, n: int = 25) -> list[str]:
    """The first `n` account ids of the episode's world (by name)."""
    return [r["id"] for r in ep.call("crm_list_accounts", limit=n)["records"]]


def fifty_writes(ep: Episode, ids: list[str] | None = None, *, task_write: bool = False) -> None:
    """25 account updates and 25 new tasks (a journal of 50+ row writes, spread over two tables).

    With `task_write`, the reference task's oracle write comes first (so verifying checks a real change).
    """
    ids = ids or account_ids(ep)
    if task_write:
        ep.call("crm_update_opportunity", opportunity_id="0065g00000000L5AAI", stage_name="Closed Won")
    for i, account_id in enumerate(ids[:25]):
        ep.call("crm_update_account", account_id=account_id, phone=f"(555) 555-{i:04d}")
        ep.call("crm_create_task", subject=f"Benchmark follow-up {i}", what_id=account_id)


def reference_task() -> Any:
    """The task every verify figure scores (a one-field opportunity update in `acme`)."""
    from tasks.store import find_task

    task = find_task(TASK_ID, ["acme"])
    if task is None:
        raise RuntimeError(f"task {TASK_ID} is missing from worlds/acme")
    return task


def scaled_world_dir(scale: float) -> Path:
    """Where the scaled world is kept between runs ($SAASGYM_BENCH_DIR, else the temp dir)."""
    root = Path(os.environ.get("SAASGYM_BENCH_DIR") or Path(tempfile.gettempdir()) / "saasgym-bench")
    return root / f"acme-x{scale:g}"


def scaled_world(scale: float, log: Any = print) -> World:
    """A world like `acme`, `scale` times bigger, generated once into a scratch folder (never committed)."""
    folder = scaled_world_dir(scale)
    if not (folder / "manifest.json").is_file():
        from worlds.generator import generate

        log(f"generating a {scale:g}× world into {folder} (once; reused by later runs) …")
        generate(f"acme-x{scale:g}", SCALED_SEED, scale, folder)
    return load_world(folder)
