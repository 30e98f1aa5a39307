"""Loading tasks from a (verified) world: `tasks/public/<id>.json` + `tasks/private/<id>.json`."""

from __future__ import annotations

import json
from functools import lru_cache

from pydantic import ValidationError

from apps.core.worlds import World, load_world
from tasks.model import Task, TaskPublic
from tasks.truth_model import TaskTruth


class TaskError(Exception):
    """A task file is missing or malformed."""


def task_ids(world: World) -> list[str]:
    """Ids of the tasks in a world (from its manifest)."""
    prefix = "tasks/public/"
    return sorted(rel[len(prefix) : -5] for rel in world.manifest["files"] if rel.startswith(prefix))


def _read(world: World, rel: str, model):
    try:
        return model.model_validate(json.loads((world.path / rel).read_text()))
    except FileNotFoundError:
        raise TaskError(f"{world.name}: {rel} is missing") from None
    except (ValidationError, json.JSONDecodeError) as exc:
        raise TaskError(f"{world.name}: {rel} is malformed: {exc}") from None


def load_task(world: World, task_id: str) -> Task:
    """One task of `world` (both parts), validated."""
    public = _read(world, f"tasks/public/{task_id}.json", TaskPublic)
    truth = _read(world, f"tasks/private/{task_id}.json", TaskTruth)
    if public.id != task_id or truth.id != task_id:
        raise TaskError(f"{world.name}: task file {task_id} declares id {public.id!r}/{truth.id!r}")
    if public.world != world.name:
        raise TaskError(f"{world.name}: task {task_id} names world {public.world!r}")
    return Task(public=public, truth=truth)


@lru_cache(maxsize=8)
def _catalog(world_name: str, fingerprint: str) -> dict[str, Task]:
    world = load_world(world_name)
    return {tid: load_task(world, tid) for tid in task_ids(world)}


def tasks_of(world: World) -> dict[str, Task]:
    """Every task of a world, cached per world fingerprint."""
    return _catalog(world.name, world.fingerprint)


def find_task(task_id: str, worlds: list[str]) -> Task | None:
    """The task called `task_id` in any of `worlds`: a hand-written task, or a family instance
    (`<family>@<seed>`, drawn on demand)."""
    for name in worlds:
        found = tasks_of(load_world(name)).get(task_id)
        if found:
            return found
    if "@" in task_id:
        from tasks.families.instances import FamilyError, find_instance

        try:
            return find_instance(task_id, worlds)
        except FamilyError as exc:
            raise TaskError(str(exc)) from None
    return None
