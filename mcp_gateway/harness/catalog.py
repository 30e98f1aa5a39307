"""The task catalogue as the harness API pages it: hand-written tasks and family instances, filtered.

Instances are derived, not stored (tasks/families/instances.py): listing one draws it (≈ 10 ms, cached). A
page therefore draws only the instances on it; the others are counted from their ids when no filter needs
their draw (difficulty, tag), else from their cached summary. `ids` lists only ids, drawing nothing unless
such a filter asks for it, so a harness can enumerate all 21,000-odd instances in a second.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from apps.core.worlds import list_worlds, load_world
from mcp_gateway.episodes import EpisodeError
from tasks.families.instances import WORLDS, instance, instance_ids, parse_id, summary
from tasks.families.registry import families
from tasks.model import TaskPublic
from tasks.store import TaskError, find_task, tasks_of

Kind = Literal["task", "instance", "all"]


@dataclass(frozen=True)
class Selection:
    """What a `/v1/tasks` or `/v1/task-ids` request asks for (None: any)."""

    kind: Kind | None = None
    family: str | None = None
    world: str | None = None
    app: str | None = None
    split: str | None = None
    difficulty: str | None = None
    tag: str | None = None

    @property
    def chosen(self) -> Kind:
        """The default kind is hand-written tasks, or instances when a family is named."""
        return self.kind or ("instance" if self.family else "task")

    def check(self) -> None:
        if self.family and self.family not in families():
            raise EpisodeError(422, f"unknown family {self.family!r}; families: {', '.join(families())}")
        if self.family and self.chosen == "task":
            raise EpisodeError(422, "kind=task lists hand-written tasks, which belong to no family")
        if self.world and self.world not in list_worlds():
            raise EpisodeError(422, f"unknown world {self.world!r}; worlds: {', '.join(list_worlds())}")

    def _drawn_filters(self) -> bool:
        return bool(self.difficulty or self.tag)

    def _keeps(self, difficulty: str, tags: tuple[str, ...] | list[str]) -> bool:
        return (not self.difficulty or difficulty == self.difficulty) and (not self.tag or self.tag in tags)

    def tasks(self) -> Iterator[TaskPublic]:
        """The hand-written tasks selected, in world then id order."""
        if self.chosen == "instance":
            return
        for name in list_worlds():
            if self.world and name != self.world:
                continue
            for t in tasks_of(load_world(name)).values():
                p = t.public
                matches = (not self.split or p.split == self.split) and (not self.app or self.app in p.apps)
                if matches and self._keeps(p.difficulty, p.tags):
                    yield p

    def instance_ids(self) -> Iterator[str]:
        """The family instances selected (ids only), in family then seed order."""
        if self.chosen == "task":
            return
        for world in WORLDS:
            if self.world and world != self.world:
                continue
            for iid in instance_ids(world, family=self.family, split=self.split, app=self.app):
                if not self._drawn_filters():
                    yield iid
                    continue
                drawn = summary(world, *parse_id(iid))
                if self._keeps(drawn.difficulty, drawn.tags):
                    yield iid


@dataclass
class Page:
    items: list
    total: int


def page_of_tasks(selection: Selection, offset: int, limit: int) -> Page:
    """The public parts on the page [offset, offset + limit) and how many the selection holds."""
    selection.check()
    found: list[TaskPublic] = []
    total = 0
    for p in selection.tasks():
        if offset <= total < offset + limit:
            found.append(p)
        total += 1
    for iid in selection.instance_ids():
        if offset <= total < offset + limit:
            found.append(instance(WORLDS[0], *parse_id(iid)).public)
        total += 1
    return Page(found, total)


def page_of_ids(selection: Selection, offset: int, limit: int) -> Page:
    """The ids on the page and how many the selection holds (instances are not drawn)."""
    selection.check()
    ids = [p.id for p in selection.tasks()] + list(selection.instance_ids())
    return Page(ids[offset : offset + limit], len(ids))


def public_of(task_id: str) -> TaskPublic:
    """One task's or instance's public part, or 404."""
    try:
        found = find_task(task_id, list_worlds())
    except TaskError as exc:
        raise EpisodeError(404, str(exc)) from None
    if found is None:
        raise EpisodeError(404, f"no task or instance {task_id!r}")
    return found.public
