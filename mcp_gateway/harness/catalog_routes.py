"""`/v1/worlds` and `/v1/tasks`: what episodes can be made of."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Response

from apps.core.worlds import list_worlds, load_world
from mcp_gateway.episodes import EpisodeError
from tasks.families.instances import instance, instance_ids, parse_id, summary
from tasks.families.registry import families
from tasks.store import tasks_of


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
    def tasks(
        response: Response,
        split: Literal["train", "dev", "test"] | None = None,
        family: str | None = Query(None, description="instances of this task family (implies kind=instance)"),
        app: str | None = None,
        difficulty: Literal["easy", "medium", "hard", "frontier"] | None = None,
        kind: Literal["task", "instance", "all"] | None = Query(
            None,
            description="hand-written tasks, family instances or both (default: task, or instance "
            "when a family is given)",
        ),
        offset: int = Query(0, ge=0),
        limit: int = Query(100, ge=1, le=1000),
    ) -> list[dict[str, Any]]:
        """Public parts of tasks and task-family instances, filtered and paged (`X-Total-Count`, `Link`)."""
        chosen = kind or ("instance" if family else "task")
        if family and family not in families():
            raise EpisodeError(422, f"unknown family {family!r}; families: {', '.join(families())}")
        found: list[dict[str, Any]] = []
        total = 0

        def keep(public: dict[str, Any]) -> None:
            nonlocal total
            if difficulty and public["difficulty"] != difficulty:
                return
            if offset <= total < offset + limit:
                found.append(public)
            total += 1

        if chosen in ("task", "all"):
            for name in list_worlds():
                for t in tasks_of(load_world(name)).values():
                    p = t.public
                    if (not split or p.split == split) and (not app or app in p.apps) and not family:
                        keep(p.model_dump())
        if chosen in ("instance", "all"):
            for iid in instance_ids("acme", family=family, split=split, app=app):
                if not offset <= total < offset + limit:  # off the page: counted from a summary, or
                    total += not difficulty or summary("acme", *parse_id(iid)).difficulty == difficulty
                    continue  # without drawing at all when no difficulty is asked for
                keep(instance("acme", *parse_id(iid)).public.model_dump())
        response.headers["X-Total-Count"] = str(total)
        if offset + limit < total:
            response.headers["Link"] = f'<?offset={offset + limit}&limit={limit}>; rel="next"'
        return found

    return v1
