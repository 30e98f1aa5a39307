"""`/v1/worlds`, `/v1/tasks`, `/v1/tasks/{id}` and `/v1/task-ids`: what episodes can be made of."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Response

from apps.core.worlds import list_worlds, load_world
from mcp_gateway.harness.catalog import Page, Selection, page_of_ids, page_of_tasks, public_of
from mcp_gateway.harness.models import WorldInfo
from tasks.model import TaskPublic


def _selection(
    kind: Literal["task", "instance", "all"] | None = Query(
        None,
        description="hand-written tasks, family instances or both (default: task, or instance when a "
        "family is given)",
    ),
    family: str | None = Query(None, max_length=200, description="instances of this task family"),
    world: str | None = Query(None, max_length=200, description="tasks of this world"),
    app: str | None = Query(None, max_length=50, description="tasks that use this app"),
    split: Literal["train", "dev", "test"] | None = None,
    difficulty: Literal["easy", "medium", "hard", "frontier"] | None = None,
    tag: str | None = Query(None, max_length=200, description="tasks carrying this tag"),
) -> Selection:
    return Selection(kind, family, world, app, split, difficulty, tag)


Selected = Annotated[Selection, Depends(_selection)]
Offset = Annotated[int, Query(ge=0, le=10_000_000, description="items to skip")]


def _paged(response: Response, page: Page, offset: int, limit: int) -> list:
    """The page's items, with `X-Total-Count` and (when more follow) a `Link: <…>; rel="next"`."""
    response.headers["X-Total-Count"] = str(page.total)
    if offset + limit < page.total:
        response.headers["Link"] = f'<?offset={offset + limit}&limit={limit}>; rel="next"'
    return page.items


def catalog_routes() -> APIRouter:
    """The worlds and tasks routes (public parts only: no truth ever leaves here)."""
    v1 = APIRouter()

    @v1.get("/worlds")
    def worlds() -> list[WorldInfo]:
        """The worlds episodes can be made of."""
        out = []
        for name in list_worlds():
            w = load_world(name)
            m = w.manifest
            out.append(
                WorldInfo(
                    name=name,
                    now=m["now"],
                    seed=w.seed,
                    scale=m.get("scale"),
                    description=m.get("description"),
                )
            )
        return out

    @v1.get("/tasks")
    def tasks(
        response: Response,
        selection: Selected,
        offset: Offset = 0,
        limit: int = Query(100, ge=1, le=1000),
    ) -> list[TaskPublic]:
        """Public parts of tasks and task-family instances, filtered and paged (`X-Total-Count`, `Link`).

        Each instance on the page is drawn (≈ 10 ms the first time); `GET /v1/task-ids` lists ids only."""
        return _paged(response, page_of_tasks(selection, offset, limit), offset, limit)

    @v1.get("/task-ids")
    def task_ids(
        response: Response,
        selection: Selected,
        offset: Offset = 0,
        limit: int = Query(10_000, ge=1, le=100_000),
    ) -> list[str]:
        """Ids of the tasks and instances selected, paged like `/v1/tasks`; instances are not drawn unless
        a difficulty or tag filter needs them."""
        return _paged(response, page_of_ids(selection, offset, limit), offset, limit)

    @v1.get("/tasks/{task_id}")
    def task(task_id: Annotated[str, Path(max_length=200)]) -> TaskPublic:
        """One hand-written task's or family instance's public part (`<family>@<seed>`)."""
        return public_of(task_id)

    return v1
