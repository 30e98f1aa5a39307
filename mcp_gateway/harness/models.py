"""What the harness API answers: one response model per `/v1` route, so the OpenAPI schema types every
response and generated clients get fields, not `object`.

Models that carry a verdict allow fields they do not name (`extra="allow"`): a newer verifier's fields
(rubric results, judgments) reach the client unchanged, typed here once they are known.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.model import TaskPublic

Outcome = Literal["pass", "fail", "invalid", "void"]
EpisodeState = Literal["reserved", "live", "closed", "expired", "void", "failed"]
JsonValue = Any


class Health(BaseModel):
    """`GET /healthz`."""

    ok: bool
    live_episodes: int = Field(description="live episodes in the ledger (every worker's)")
    worker: str | None = Field(None, description="the worker process that answered (several workers)")
    workers: int | None = Field(None, description="how many workers have started")


class WorldInfo(BaseModel):
    """A world episodes can be made of."""

    name: str
    now: str = Field(description="the world's frozen present (ISO 8601); each episode's clock starts here")
    seed: int | None = None
    scale: float | None = None
    description: str | None = None


class EpisodeStatus(BaseModel):
    """An episode's ledger row and, while it is live, its logical time and state hash."""

    episode_id: str
    world: str
    apps: list[str]
    task: str | None = None
    seed: int | None = None
    parent: str | None = Field(None, description="the episode this one was forked from")
    durable: bool = Field(False, description="checkpointed at every action boundary; survives a restart")
    state: EpisodeState
    reason: str | None = Field(None, description="why it ended (closed, expired, void, failed)")
    created_at: str
    expires_at: str
    ended_at: str | None = None
    logical_time: str | None = Field(None, description="the episode's clock (live episodes)")
    state_hash: str | None = Field(None, description="content hash of its app tables (live episodes)")
    urls: dict[str, str] | None = Field(None, description="new performer URLs (a reset with rotate)")


class EpisodeCreated(BaseModel):
    """A new episode (created or forked) and its performer URLs, shown once."""

    episode_id: str
    expires_at: str
    world: str
    apps: list[str]
    urls: dict[str, str] = Field(
        description="mcp (all apps), <app>_mcp, ui and <app>_ui (one-time launch links), cli (episode URL)"
    )
    task: TaskPublic | None = Field(None, description="the task's public part, when the episode has one")


class EpisodeUrls(BaseModel):
    """An episode's new performer URLs (its old ones stop working), shown once."""

    episode_id: str
    urls: dict[str, str] = Field(
        description="mcp (all apps), <app>_mcp, ui and <app>_ui (one-time launch links), cli (episode URL)"
    )


class SnapshotTaken(BaseModel):
    snapshot_id: str


class UiLaunch(BaseModel):
    ui: str = Field(description="a one-time browser launch URL")


class Check(BaseModel):
    """One named check of a verdict (a gate, an expectation, a checkpoint)."""

    model_config = ConfigDict(extra="allow")
    name: str
    ok: bool
    detail: str = ""


class DiffRow(BaseModel):
    """One changed row against the world: each changed field as [old, new], and whether the task asked
    for it (`expected`), allowed it, or it is collateral damage."""

    model_config = ConfigDict(extra="allow")
    table: str
    pk: str
    op: str
    status: str
    fields: dict[str, list[JsonValue]]


class Progress(BaseModel):
    met: int
    of: int


class VerdictBody(BaseModel):
    """The verifier's verdict: `outcome` is the bit (`void`: the rollout says nothing about the agent and is
    left out of scores), the rest says why."""

    model_config = ConfigDict(extra="allow")
    outcome: Outcome
    reward: int | None = Field(description="1 pass, 0 fail, null when invalid or void")
    gates: list[Check] = []
    checks: list[Check] = []
    diff: list[DiffRow] = []
    reason_codes: list[str] = []
    answer: str | None = None
    checkpoints: list[Check] = Field([], description="diagnostics only: they carry no weight in the outcome")
    progress: Progress | None = Field(None, description="checkpoints met of the task's checkpoints")
    detail: str | None = Field(None, description="why a void verdict is void")


class VerdictOut(VerdictBody):
    """`POST /v1/episodes/{id}/verify`: the verdict, recorded under `verdict_id`."""

    verdict_id: str
    episode_id: str
    task_id: str


class Review(BaseModel):
    reviewer: str
    old_outcome: str
    new_outcome: str
    reason_code: str
    note: str
    at: float = Field(description="when (seconds since the epoch)")


class VerdictRecord(BaseModel):
    """A recorded verdict, its current outcome (after reviews) and its review history."""

    verdict_id: str
    episode_id: str
    task_id: str
    scored_outcome: Outcome
    outcome: Outcome
    verdict: VerdictBody
    reviews: list[Review]


class VerdictStats(BaseModel):
    verdicts: int
    reviewed: int
    false_pass: int
    false_pass_rate: float
    false_fail: int
    false_fail_rate: float


class TaskApproval(BaseModel):
    world: str
    task_id: str
    approved_by: str


class JournalEntry(BaseModel):
    """A row an action wrote: its table, key, operation and images (SQL literals by column)."""

    model_config = ConfigDict(extra="allow")
    table: str
    pk: JsonValue
    op: str


class EventLine(BaseModel):
    """One line of `GET /v1/episodes/{id}/events`: an action (any surface) or a browser event."""

    seq: int
    kind: Literal["action", "browser"]
    logical_time: str
    tick: int = Field(description="logical seconds since the world's now")
    wall_time: str
    surface: Literal["mcp", "cli", "ui", "python"]
    app: str | None
    name: str
    args: dict[str, JsonValue] | None
    outcome: Literal["ok", "error", "rolled_back"] | None
    error: str | None
    detail: dict[str, JsonValue] | None = Field(description="a browser event's recorded detail")
    led_to: int | None = Field(description="the action a browser event led to")
    changes: list[JournalEntry] | None = Field(None, description="what an action wrote")


NDJSON = "application/x-ndjson"


class ChatRecord(BaseModel):
    """An episode as OpenAI-style chat messages with tool calls and results (`?format=messages`)."""

    messages: list[dict[str, JsonValue]]
    tools: list[dict[str, JsonValue]] = Field(description="the episode's tools as function definitions")
    metadata: dict[str, JsonValue] = Field(description="episode, world, task, family, split, outcome, reward")


def ndjson_response(schema: dict[str, Any], what: str, json_model: type[BaseModel] | None = None) -> dict:
    """The OpenAPI `responses` entry of a route answering JSON lines, each line of `schema` (and, when
    `json_model` is given, a JSON body of that model for another format)."""
    content: dict[str, Any] = {NDJSON: {"schema": schema}}
    if json_model is not None:
        content["application/json"] = {"schema": json_model.model_json_schema()}
    return {200: {"description": what, "content": content}}
