"""Typed results of the harness API and of MCP calls (plain dataclasses built from the gateway's JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Literal

Outcome = Literal["pass", "fail", "invalid", "void"]


class _FromJson:
    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        """Built from the gateway's JSON. Keys this client does not know (a newer gateway's) go to `extra`
        where the type has one, else they are ignored."""
        names = {f.name for f in fields(cls)} - {"extra"}  # type: ignore[arg-type]
        known = {k: v for k, v in data.items() if k in names}
        if "extra" in {f.name for f in fields(cls)}:  # type: ignore[arg-type]
            known["extra"] = {k: v for k, v in data.items() if k not in names}
        return cls(**known)


class SaasgymError(Exception):
    """The gateway refused a request: `status` is the HTTP status, `detail` its explanation."""

    def __init__(self, status: int, detail: str, retry_after: float | None = None):
        super().__init__(f"HTTP {status}: {detail}")
        self.status, self.detail, self.retry_after = status, detail, retry_after


class McpError(Exception):
    """A JSON-RPC error from the MCP endpoint (a tool's own failure is `ToolResult.is_error` instead)."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"MCP error {code}: {message}")
        self.code, self.message, self.data = code, message, data


@dataclass(frozen=True)
class World(_FromJson):
    name: str
    now: str
    seed: int | None = None
    scale: Any = None
    description: str | None = None


@dataclass(frozen=True)
class Task(_FromJson):
    """A task's public part: what the performer is told."""

    id: str
    world: str
    apps: list[str]
    prompt: str
    surfaces: list[str] = field(default_factory=list)
    split: str = "train"
    difficulty: str = "easy"
    tags: list[str] = field(default_factory=list)
    answer_required: bool = False
    no_ui_reason: str | None = None  # why the task cannot be done in the browser (when "ui" is not a surface)
    family: str | None = None  # a family instance (`<family>@<seed>`): its family and the family's version
    version: int | None = None

    @property
    def is_instance(self) -> bool:
        return self.family is not None


@dataclass(frozen=True)
class Page:
    """One page of a paged list and the size of the whole list (`X-Total-Count`)."""

    items: list[Any]
    total: int


@dataclass(frozen=True)
class EpisodeStatus(_FromJson):
    """An episode's ledger row (and, while live, its logical time and state hash)."""

    episode_id: str
    world: str
    apps: list[str]
    state: str
    expires_at: str
    created_at: str | None = None
    task: str | None = None
    seed: int | None = None
    parent: str | None = None
    durable: bool = False  # checkpointed at every action boundary; survives a restart of the server
    reason: str | None = None
    ended_at: str | None = None
    logical_time: str | None = None
    state_hash: str | None = None
    urls: dict[str, str] | None = None


@dataclass(frozen=True)
class Verdict(_FromJson):
    """The verifier's verdict. `void` is its own outcome: the rollout says nothing about the agent
    (the episode was lost, the environment broke) and must be left out of scores, never counted as 0.
    """

    outcome: Outcome
    reward: int | None
    gates: list[dict[str, Any]] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)
    diff: list[dict[str, Any]] = field(default_factory=list)
    reason_codes: list[str] = field(default_factory=list)
    answer: str | None = None
    detail: str | None = None  # why a void verdict is void
    verdict_id: str | None = None  # the recorded verdict (`GET /v1/verdicts/{id}`, reviews)
    episode_id: str | None = None
    task_id: str | None = None
    checkpoints: list[dict[str, Any]] = field(default_factory=list)  # diagnostics, no weight in the outcome
    progress: dict[str, int] | None = None  # {"met": …, "of": …} of the checkpoints
    criteria: list[dict[str, Any]] = field(default_factory=list)  # rubric criteria, each one's result
    judgments: list[Any] = field(default_factory=list)  # the recorded model judgments behind them
    extra: dict[str, Any] = field(default_factory=dict)  # fields this client does not name yet

    @property
    def void(self) -> bool:
        return self.outcome == "void"

    @property
    def passed(self) -> bool:
        return self.outcome == "pass"

    @property
    def score(self) -> float | None:
        """1.0 pass, 0.0 fail or invalid (a broken integrity gate scores nothing), None when void."""
        return None if self.void else float(self.passed)


@dataclass(frozen=True)
class Tool:
    """An MCP tool as listed by `tools/list`."""

    name: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None = None
    annotations: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tool:
        return cls(
            name=data["name"],
            description=data.get("description") or "",
            input_schema=data.get("inputSchema") or {"type": "object", "properties": {}},
            output_schema=data.get("outputSchema"),
            annotations=data.get("annotations"),
        )

    def openai_schema(self) -> dict[str, Any]:
        """The tool as an OpenAI-style function definition (what chat templates and trainers take)."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.input_schema},
        }


@dataclass(frozen=True)
class ToolResult:
    """The result of `tools/call`: `is_error` is the tool's own refusal (bad input, not allowed)."""

    content: list[dict[str, Any]]
    structured: Any = None
    is_error: bool = False

    @property
    def text(self) -> str:
        """The text blocks joined (what a model is shown)."""
        return "\n".join(c.get("text", "") for c in self.content if c.get("type") == "text")

    @property
    def data(self) -> Any:
        """The structured result, else the text parsed as JSON when it is JSON, else the text."""
        if self.structured is not None:
            return self.structured
        try:
            return json.loads(self.text)
        except ValueError:
            return self.text

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToolResult:
        return cls(
            content=list(data.get("content") or []),
            structured=data.get("structuredContent"),
            is_error=bool(data.get("isError")),
        )
