"""The harness API (`/v1/…`): JSON over HTTP for the lab's harness, authenticated by role keys.

A performer's capability token grants nothing here; only the harness key (bearer) does.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from apps.core.safe_values import INT64_MAX, INT64_MIN
from apps.core.worlds import list_worlds, load_world
from mcp_gateway.episodes import EpisodeError, EpisodeManager, Provisioned
from mcp_gateway.ledger import CapacityError
from mcp_gateway.tasks.store import find_task, tasks_of
from mcp_gateway.verdicts import ReviewError

MAX_TTL_S = 366 * 24 * 3600  # the schema's bound; the gateway's own (smaller) limit is checked too


class CreateEpisode(BaseModel):
    """Body of POST /v1/episodes."""

    model_config = ConfigDict(extra="forbid")
    world: str | None = Field(None, max_length=200, description="world name (default acme)")
    task: str | None = Field(None, max_length=200, description="task id; its public part is returned")
    apps: list[str] | None = Field(None, max_length=50, description="apps the episode offers (default all)")
    ttl_s: int | None = Field(None, ge=1, le=MAX_TTL_S, description="seconds until the episode expires")
    seed: int | None = Field(None, ge=INT64_MIN, le=INT64_MAX, description="episode seed (64-bit), recorded")


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


def validation_detail(errors: Sequence[Any]) -> dict[str, Any]:
    """A 422 body in FastAPI's documented shape (`detail`: [{loc, msg, type}]) plus `message`, a line that
    says what to fix; the offending input is never echoed (it may not even be strict JSON, like 1e400)."""
    detail = [
        {"loc": [x if isinstance(x, int) else str(x) for x in e.get("loc", ())], "msg": str(e.get("msg")),
         "type": str(e.get("type"))}
        for e in errors
    ]  # fmt: skip
    text = "; ".join(f"{'.'.join(map(str, d['loc'][1:] or d['loc'])) or 'body'}: {d['msg']}" for d in detail)
    return {"detail": detail, "message": f"invalid request: {text}"}


def error_body(status: int, message: str) -> dict[str, Any]:
    """The body of a refused request: `{"detail": message}`, or for 422 the documented validation shape."""
    if status == 422:
        return {"detail": [{"loc": ["body"], "msg": message, "type": "value_error"}], "message": message}
    return {"detail": message}


def episode_urls(base: str, apps: list[str], performer: str, launch: str) -> dict[str, str]:
    """Every performer URL of an episode: the combined and per-app MCP endpoints and the UI launch."""
    urls = {"mcp": f"{base}/e/{performer}/mcp"}
    for app in apps:
        urls[f"{app}_mcp"] = f"{base}/e/{performer}/{app}/mcp"
    urls["ui"] = f"{base}/e/{launch}/"
    for app in apps:
        urls[f"{app}_ui"] = f"{base}/e/{launch}/{app}/"
    urls["cli"] = f"{base}/e/{performer}"
    return urls


def require_role(roles: tuple[str, ...], keys: dict[str, str]):
    """A dependency accepting only `Authorization: Bearer <key of one of roles>`.

    (Performer credentials never get this far: `PerformerCredentialGuard` refuses and records them.)
    """

    def check(authorization: Annotated[str | None, Header()] = None) -> str:
        scheme, _, given = (authorization or "").partition(" ")
        for role in roles:
            expected = keys.get(role)
            if (
                expected
                and scheme.lower() == "bearer"
                and hmac.compare_digest(given.encode(), expected.encode())
            ):
                return role
        raise HTTPException(
            401,
            f"a valid {' or '.join(roles)} key is required (Authorization: Bearer …)",
            headers={"WWW-Authenticate": "Bearer"},
        )

    return check


def build_harness_app(manager: EpisodeManager, keys: dict[str, str]) -> FastAPI:
    """The control application: /healthz (open) and the harness API (harness key)."""
    app = FastAPI(
        title="saasgym harness API",
        version="1",
        docs_url="/v1/docs",
        openapi_url="/v1/openapi.json",
        redoc_url=None,
    )

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(validation_detail(exc.errors()), status_code=422)

    @app.exception_handler(EpisodeError)
    async def _episode_error(request: Request, exc: EpisodeError) -> JSONResponse:
        return JSONResponse(error_body(exc.status, exc.message), status_code=exc.status)

    @app.exception_handler(CapacityError)
    async def _capacity(request: Request, exc: CapacityError) -> JSONResponse:
        return JSONResponse(
            {"detail": "no capacity left for a new episode; retry later"},
            status_code=503,
            headers={"Retry-After": str(exc.retry_after)},
        )

    @app.get("/healthz", tags=["health"])
    def healthz() -> dict[str, Any]:
        return {"ok": True, "live_episodes": len(manager.ledger.list(states=("live",)))}

    harness_only = Depends(require_role(("harness",), keys))
    reviewer_only = Depends(require_role(("reviewer",), keys))
    v1 = APIRouter(prefix="/v1", dependencies=[harness_only], tags=["harness"])
    review = APIRouter(prefix="/v1", tags=["review"])

    def created(request: Request, p: Provisioned) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {
            "episode_id": p.row.id,
            "expires_at": p.row.public()["expires_at"],
            "world": p.row.world,
            "apps": p.row.apps,
            "urls": episode_urls(base, p.row.apps, p.performer_token, p.launch_token),
            "task": p.episode.task.model_dump() if p.episode.task is not None else None,
        }

    @v1.post("/episodes", status_code=201)
    def create_episode(body: CreateEpisode, request: Request) -> dict[str, Any]:
        """Reserve capacity and provision an episode; returns its performer URLs (shown once)."""
        return created(request, manager.create(**body.model_dump()))

    @v1.get("/episodes/{episode_id}")
    def get_episode(episode_id: str) -> dict[str, Any]:
        """An episode's ledger state, expiry, logical time and state hash."""
        return manager.status(episode_id)

    @v1.post("/episodes/{episode_id}/reset")
    def reset_episode(episode_id: str, request: Request, body: ResetEpisode | None = None) -> dict[str, Any]:
        """Back to the world's golden state (optionally with new URLs)."""
        tokens = manager.reset(episode_id, rotate=bool(body and body.rotate))
        out = manager.status(episode_id)
        if tokens:
            out["urls"] = episode_urls(str(request.base_url).rstrip("/"), out["apps"], *tokens)
        return out

    @v1.post("/episodes/{episode_id}/fork", status_code=201)
    def fork_episode(episode_id: str, request: Request, body: ForkEpisode | None = None) -> dict[str, Any]:
        """A new episode (new id, new URLs) copied from this one's current state."""
        return created(request, manager.fork(episode_id, ttl_s=body.ttl_s if body else None))

    @v1.post("/episodes/{episode_id}/snapshot", status_code=201)
    def snapshot_episode(episode_id: str) -> dict[str, str]:
        """Checkpoint the episode; restore it later with the returned id."""
        return {"snapshot_id": manager.snapshot(episode_id)}

    @v1.post("/episodes/{episode_id}/restore")
    def restore_episode(episode_id: str, body: RestoreEpisode) -> dict[str, Any]:
        """Return the episode to one of its snapshots."""
        manager.restore(episode_id, body.snapshot_id)
        return manager.status(episode_id)

    @v1.post("/episodes/{episode_id}/ui-launch", status_code=201)
    def new_ui_launch(episode_id: str, request: Request) -> dict[str, str]:
        """A new one-time browser launch URL for the episode."""
        token = manager.launch_token(episode_id)
        return {"ui": f"{str(request.base_url).rstrip('/')}/e/{token}/"}

    @v1.get("/episodes/{episode_id}/events", response_class=PlainTextResponse)
    def episode_events(episode_id: str) -> PlainTextResponse:
        """The episode's event log as JSON lines."""
        _, episode = manager.live(episode_id)
        return PlainTextResponse(episode.events_jsonl(), media_type="application/x-ndjson")

    @v1.delete("/episodes/{episode_id}")
    def close_episode(episode_id: str) -> dict[str, Any]:
        """Close the episode: its URLs stop working and its capacity is freed."""
        return manager.close(episode_id).public()

    @v1.get("/episodes")
    def list_episodes() -> list[dict[str, Any]]:
        """Active episodes."""
        return [r.public() for r in manager.ledger.list()]

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

    @v1.post("/episodes/{episode_id}/verify")
    def verify_episode(episode_id: str) -> dict[str, Any]:
        """Score the episode against its task: {outcome, reward, gates, checks, diff, reason_codes}."""
        return manager.verify(episode_id)

    @v1.get("/tasks")
    def tasks() -> list[dict[str, Any]]:
        """Public parts of every task of every world."""
        return [t.public.model_dump() for name in list_worlds() for t in tasks_of(load_world(name)).values()]

    @review.get("/verdicts/stats", dependencies=[Depends(require_role(("reviewer", "harness"), keys))])
    def verdict_stats() -> dict[str, Any]:
        """False-pass and false-fail rates among reviewed verdicts."""
        return manager.verdicts.stats()

    @review.get("/verdicts/{verdict_id}", dependencies=[Depends(require_role(("reviewer", "harness"), keys))])
    def get_verdict(verdict_id: str) -> dict[str, Any]:
        """A verdict with its review history."""
        return manager.verdicts.get(verdict_id)

    @review.post("/verdicts/{verdict_id}/review", dependencies=[reviewer_only])
    def review_verdict(verdict_id: str, body: ReviewVerdict) -> dict[str, Any]:
        """Change a verdict (reason code + note required); recorded append-only."""
        return manager.verdicts.review(verdict_id, **body.model_dump())

    @review.post("/tasks/{task_id}/approve", dependencies=[reviewer_only])
    def approve_task(task_id: str, body: ApproveTask) -> dict[str, Any]:
        """Approve a task for use; its author cannot approve it."""
        task = find_task(task_id, list_worlds())
        if task is None:
            raise HTTPException(404, f"no task {task_id!r}")
        return manager.verdicts.approve_task(task.public.world, task_id, task.truth.author, body.reviewer)

    @app.exception_handler(ReviewError)
    async def _review_error(request: Request, exc: ReviewError) -> JSONResponse:
        return JSONResponse(error_body(exc.status, exc.message), status_code=exc.status)

    app.include_router(v1)
    app.include_router(review)
    return app
