"""Request bodies of the harness API, with the bounds that make out-of-range input a 422."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from apps.core.safe_values import INT64_MAX, INT64_MIN

MAX_TTL_S = 366 * 24 * 3600  # the schema's bound; the gateway's own (smaller) limit is checked too


class CreateEpisode(BaseModel):
    """Body of POST /v1/episodes."""

    model_config = ConfigDict(extra="forbid")
    world: str | None = Field(None, max_length=200, description="world name (default acme)")
    task: str | None = Field(None, max_length=200, description="task id; its public part is returned")
    apps: list[str] | None = Field(None, max_length=50, description="apps the episode offers (default all)")
    ttl_s: int | None = Field(None, ge=1, le=MAX_TTL_S, description="seconds until the episode expires")
    seed: int | None = Field(None, ge=INT64_MIN, le=INT64_MAX, description="episode seed (64-bit), recorded")
    durable: bool = Field(
        False,
        description="checkpoint the episode to the server's state dir at every action boundary: it survives "
        "a restart of the server with its URLs, state, clock and snapshots",
    )


class ForkEpisode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ttl_s: int | None = Field(None, ge=1, le=MAX_TTL_S, description="seconds until the fork expires")


class ResetEpisode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rotate: bool = Field(False, description="revoke the episode's URLs and issue new ones")


class ReviewVerdict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reviewer: str = Field(min_length=1, max_length=200)
    outcome: str = Field(max_length=20)
    reason_code: str = Field(max_length=100)
    note: str = Field(max_length=20_000)


class ApproveTask(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reviewer: str = Field(min_length=1, max_length=200)


class RestoreEpisode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    snapshot_id: str = Field(max_length=100)
