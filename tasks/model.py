"""The task format. A task is two files in its world, both covered by the world's manifest:

- `tasks/public/<id>.json`  — `TaskPublic`: what a performer may see.
- `tasks/private/<id>.json` — `TaskTruth` (`tasks.truth_model`): expected changes, allowed side effects,
  expected answer, the oracle (steps that solve it) and calibration hints, their values stated with the rules
  of `tasks.match_model`. Never reachable from a performer surface; every truth file carries a canary string
  so leaks can be detected.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from tasks.match_model import Strict
from tasks.truth_model import TaskTruth

Surface = Literal["mcp", "cli", "ui", "python"]


class TaskPublic(Strict):
    """What the performer is told."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*(@[0-9]+)?$")  # `<family>@<seed>` for an instance
    world: str
    apps: list[str]
    prompt: str
    surfaces: list[Surface] = ["mcp", "cli", "ui", "python"]
    split: Literal["train", "dev", "test"] = "train"
    difficulty: Literal["easy", "medium", "hard", "frontier"] = "easy"
    tags: list[str] = []
    answer_required: bool = False
    no_ui_reason: str | None = None  # why a task without "ui" in `surfaces` cannot be done in a browser
    family: str | None = None  # instances of a task family: the family's name and code version
    version: int | None = None


class Task(BaseModel):
    """A task's two parts together (trusted side only)."""

    public: TaskPublic
    truth: TaskTruth

    @property
    def id(self) -> str:
        return self.public.id

    @property
    def tags(self) -> list[str]:
        """Every tag: the public topic tags and the private variant tags (trusted side only)."""
        return [*self.public.tags, *self.truth.variant_tags]
