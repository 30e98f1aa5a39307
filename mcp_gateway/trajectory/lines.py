"""The lines of an episode trajectory (`saasgym.trajectory/1`), one JSON object a line, as pydantic models.

The published JSON Schema (docs/episode-trajectory.schema.json) is generated from these models
(`json_schema()`; a test keeps the file equal to it), and the harness API's OpenAPI schema types
`GET /v1/episodes/{id}/trajectory` with them.

Order: the `episode` line first; then, by the event log's sequence numbers, each `call` with its `time`
advance (before it, when the call let logical time pass) and the `arrival`s it brought (after it), and each
`gui_step`; then the `end` line (state hash, clock, completion); the `verdict` line last when the episode was
scored.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

SCHEMA = "saasgym.trajectory/1"
Json = Any


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EpisodeLine(_Line):
    """What the episode was: its world, apps, task (public part), seed and clock start."""

    type: Literal["episode"]
    schema_: Literal["saasgym.trajectory/1"] = Field(alias="schema")
    episode_id: str
    world: str
    apps: list[str]
    task: dict[str, Json] | None = Field(description="the task's public part (prompt, split, …), or null")
    seed: int | None = None
    started_at: str = Field(description="the world's now: logical time 0 of the episode (ISO 8601)")
    tools: list[dict[str, Json]] | None = Field(
        None, description="the episode's MCP tools (name, description, input schema), when asked for"
    )


class CallLine(_Line):
    """One call on any surface: its full arguments and what the performer received back."""

    type: Literal["call"]
    seq: int = Field(description="the call's sequence number in the episode's event log")
    logical_time: str = Field(description="the episode's clock when the call ended (ISO 8601)")
    surface: Literal["mcp", "cli", "ui", "python"]
    tool: str = Field(description="`<app>_<action>` as on the combined MCP endpoint, or complete_task")
    arguments: dict[str, Json] = Field(description="the arguments exactly as given")
    outcome: Literal["ok", "error", "rolled_back"]
    error: str | None
    observation: dict[str, Json] | None = Field(
        description="the result as received: over MCP/CLI {isError, content[, structuredContent]}, over "
        "Python/UI {ok, result} or {ok: false, error, code, field}; null when not recorded (a UI save "
        "rolled back as a unit)"
    )
    changes: list[dict[str, Json]] = Field(description="the rows the call wrote (journal entries)")


class TimeLine(_Line):
    """Logical time a call let pass (waiting for replies, the desk's clock advanced)."""

    type: Literal["time"]
    seq: int = Field(description="the call during which the time passed")
    seconds: int = Field(gt=0)
    start: str = Field(description="the clock when the wait began (ISO 8601)")
    end: str = Field(description="the clock when it ended (ISO 8601)")


class ArrivalLine(_Line):
    """A persona's message or decision that reached the performer (mail, chat, desk comment, approval)."""

    model_config = ConfigDict(extra="allow")
    type: Literal["arrival"]
    seq: int = Field(description="the call during which it arrived")
    logical_time: str
    kind: Literal["mail", "chat", "comment", "approval"]
    sender: str | None = Field(alias="from", description="who sent it (a name, address or user id)")
    text: str | None
    record: dict[str, Json] = Field(description="the row it is: {table, pk}")


class GuiStepLine(_Line):
    """A browser step (its fields: docs/trajectory.schema.json, `saasgym.gui-trajectory/1`)."""

    type: Literal["gui_step"]
    seq: int
    gui: dict[str, Json]


class EndLine(_Line):
    """Where the episode stood when the trajectory was taken: its state hash (a replay must reach it), its
    clock, and whether the task was completed (with its answer)."""

    type: Literal["end"]
    state_hash: str
    logical_time: str
    completed: bool
    answer: str | None


class VerdictLine(_Line):
    """The verdict the episode was scored with (outcome, checks, checkpoints, judgments, diff …)."""

    model_config = ConfigDict(extra="allow")
    type: Literal["verdict"]
    outcome: Literal["pass", "fail", "invalid", "void"]
    reward: int | None
    verdict_id: str | None = None


Line = Annotated[
    EpisodeLine | CallLine | TimeLine | ArrivalLine | GuiStepLine | EndLine | VerdictLine,
    Field(discriminator="type"),
]
LINE = TypeAdapter(Line)


def json_schema() -> dict[str, Any]:
    """The published JSON Schema of one trajectory line (draft 2020-12)."""
    schema = LINE.json_schema(by_alias=True)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://saasgym.dev/schemas/episode-trajectory-1.json",
        "title": "saasgym episode trajectory line",
        "description": "One line of an episode trajectory (`saasgym trajectory export`, "
        "`GET /v1/episodes/{id}/trajectory`): see docs/TRAJECTORY.md.",
        **schema,
    }


def schema_text() -> str:
    """The schema file's exact text (docs/episode-trajectory.schema.json)."""
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # python -m mcp_gateway.trajectory.lines: rewrite the published schema
    from pathlib import Path

    target = Path(__file__).resolve().parents[2] / "docs" / "episode-trajectory.schema.json"
    target.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {target}")
