"""`/v1/worlds` and `/v1/tasks`: what episodes can be made of."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from apps.core.worlds import list_worlds, load_world
from mcp_gateway.tasks.store import tasks_of


def catalog_routes() -> APIRouter:
    """The worlds and tasks routes (public parts only: no truth ever leaves here)."""
    v1 = APIRouter()

    @v1.get("/worlds")
    def worlds() -> list[dict[str, Any]]:
        """The worlds episodes can be made of."""
        out = []
        for name in list_worlds():
            w = load_world(name)
            out.append(
                {
                    "name": name,
                    "now": w.manifest["now"],
                    "seed": w.seed,
                    "scale": w.manifest.get("scale"),
                    "description": w.manifest.get("description"),
                }
            )
        return out

    @v1.get("/tasks")
    def tasks() -> list[dict[str, Any]]:
        """Public parts of every task of every world."""
        return [t.public.model_dump() for name in list_worlds() for t in tasks_of(load_world(name)).values()]

    return v1
