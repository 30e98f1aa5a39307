"""The Family API: a family draws the entities of one instance through a seeded random stream (`Draw`),
checks its preconditions (raise `Redraw` to draw again, deterministically) and returns a `Spec`: the
prompt, the truth computed from the world, the MCP and UI oracles and the mutation hints.
`tasks.families.instances` turns a Spec into a `Task` with its id, canary, split and measures.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from tasks.families.worldview import WorldView
from tasks.match_model import Match
from tasks.truth_model import (
    Allowance,
    AnswerSpec,
    Checkpoint,
    Criterion,
    Expectation,
    FrontierMeasures,
    OracleStep,
    PlannedMail,
    UiStep,
)
from worlds.splits import SPLITS, entity_split


class Redraw(Exception):
    """The drawn entities do not meet the instance's preconditions: draw again (same stream, next draw)."""


@dataclass
class Draw:
    """One attempt at drawing an instance: a seeded stream, the world and the split its subjects come from."""

    world: WorldView
    split: str
    rng: random.Random
    subjects: list[str] = field(default_factory=list)
    distractors: int = 0

    def pick(self, kind: str, candidates: list[dict[str, Any]], key: str = "sys_id") -> dict[str, Any]:
        """A subject entity: one of `candidates` (in their given, stable order) whose split is this
        instance's split. Recorded as a subject; raises Redraw when no candidate is in the split."""
        pool = [c for c in candidates if entity_split(self.world.world, kind, str(c[key])) == self.split]
        if not pool:
            raise Redraw(f"no {kind} of the {self.split} split among {len(candidates)} candidates")
        chosen = self.rng.choice(pool)
        self.subjects.append(f"{kind}:{chosen[key]}")
        return chosen

    def pick_many(
        self, kind: str, candidates: list[dict[str, Any]], n: int, key: str = "sys_id"
    ) -> list[dict[str, Any]]:
        """`n` distinct subject entities of this split (Redraw when there are fewer)."""
        pool = [c for c in candidates if entity_split(self.world.world, kind, str(c[key])) == self.split]
        if len(pool) < n:
            raise Redraw(f"fewer than {n} {kind} of the {self.split} split")
        chosen = self.rng.sample(pool, n)
        self.subjects += [f"{kind}:{c[key]}" for c in chosen]
        return chosen

    def require(self, kind: str, key: str) -> None:
        """Another entity the instance names (a caller, an account): it must be of this split too."""
        if entity_split(self.world.world, kind, str(key)) != self.split:
            raise Redraw(f"{kind} {key} is not in the {self.split} split")
        self.subjects.append(f"{kind}:{key}")

    def note(self, kind: str, key: str) -> None:
        """Record an entity that belongs to a picked subject (an incident of a picked caller): it follows
        its owner's split, so it is recorded without a check."""
        self.subjects.append(f"{kind}:{key}")

    def choice(self, options: list[Any]) -> Any:
        """A shared (not held-out) choice: a phrasing, a group member, a note text, a knob value."""
        if not options:
            raise Redraw("nothing to choose from")
        return self.rng.choice(list(options))

    def chance(self, p: float) -> bool:
        """True with probability `p` (a knob)."""
        return self.rng.random() < p


@dataclass
class Spec:
    """What a family's `build` returns: one instance, before its id, canary and measures are added."""

    prompt: str
    oracle: list[OracleStep]
    expect: list[Expectation] = field(default_factory=list)
    allow: list[Allowance] = field(default_factory=list)
    answer: AnswerSpec | None = None
    ui_oracle: list[UiStep] | None = None
    wrong_record: dict[str, str] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    phrasing: int = 0
    records: int | None = None  # records the work is about, when more than the expected rows (questions)
    off_by_one: bool = True  # False when no number of the oracle's writes decides the outcome (a wait)
    checkpoints: list[Checkpoint] = field(default_factory=list)  # named milestones (diagnostics only)
    exchange: list[int] = field(default_factory=list)  # oracle steps of the persona exchange (0-based)
    late: list[int] = field(default_factory=list)  # oracle steps that meet a deadline (`Mutations.late`)
    unseen: list[int] = field(default_factory=list)  # steps acting on a chat arrival (`Mutations.unseen`)
    personas: list[str] = field(default_factory=list)  # who the oracle exchanges with (mail addresses)
    scenario: bool = False  # a long-horizon scenario (tasks stats shows them apart)
    criteria: list[Criterion] = field(default_factory=list)  # rubric criteria on the work product
    frontier: FrontierMeasures | None = None  # a frontier family's measures (required with tier frontier)
    arrivals: list[PlannedMail] = field(default_factory=list)  # mails that arrive during the episode


class Family(ABC):
    """A task family. Subclasses set the class attributes and implement `build(draw) -> Spec`.

    name: `<app>.<slug>` (cross-app: `xapp.<slug>`) · apps: the apps the performer may use ·
    version: bump it whenever the code changes what an instance contains · splits: where its
    instances go (`("test",)` for an out-of-distribution family) · surfaces: where it may be performed
    (`ui` only when build returns a ui_oracle) · no_ui_reason: why its instances stay out of the browser
    when build returns no ui_oracle (default: says that none is written yet) · size: how many seeds
    (0 … size-1) the catalog lists · author: the team that owns it · reads_part_rows: a family of the
    desk whose instance is about a customer a world part's incidents are about is drawn again
    (`instances.draw`: its world view hides them), unless it reads them itself (True) · tier: "frontier"
    for a family whose difficulty is judgment and discovery (its instances are of the frontier tier and
    each Spec carries its `FrontierMeasures`), else None (the tier follows the oracle's measures).
    """

    name: str = ""
    apps: tuple[str, ...] = ()
    version: int = 1
    reads_part_rows: bool = False
    tier: str | None = None
    splits: tuple[str, ...] = SPLITS
    surfaces: tuple[str, ...] = ("mcp", "cli", "python")
    no_ui_reason: str | None = None
    size: int = 250
    # the fewest distinct instances (distinct truths) its catalog must hold: a frontier family drawn from the
    # world's few situations of its kind (eight pending clarify requests) sets it to their number
    distinct: int = 50
    author: str = "saasgym-families"
    summary: str = ""
    # what CI's sampled calibration runs of it (`tasks check` without --full): how many instances and, when
    # set, only these surfaces (the ultra-long scenarios keep their slow browser run to --full and to
    # `tasks check --family F`, which calibrates F on every surface it allows)
    ci_instances: int = 3
    ci_surfaces: tuple[str, ...] | None = None
    # some variants end with an answer (a refusal branch among changes): every instance then asks for one,
    # so that whether an answer is required tells no variant apart (tasks.families.public)
    answers: bool = False

    @abstractmethod
    def build(self, d: Draw) -> Spec:
        """Draw one instance from `d` (raise Redraw when a precondition fails)."""


# -- small helpers families share ----------------------------------------------------------------------


def eq(value: Any) -> Match:
    """An exact-value match."""
    return Match(equals=value)


def step(tool: str, **args: Any) -> OracleStep:
    """One oracle tool call."""
    return OracleStep(tool=tool, args=args)


def answer_steps(text: str) -> list[OracleStep]:
    """The oracle's last step for a question or a refusal."""
    return [OracleStep(tool="complete_task", args={"answer": text})]


def ui_answer(text: str) -> list[UiStep]:
    """The UI oracle of a question or a refusal: the task page's answer form."""
    return [UiStep(goto="/_task"), UiStep(fill=("Answer", text)), UiStep(click=("button", "Finish task"))]
