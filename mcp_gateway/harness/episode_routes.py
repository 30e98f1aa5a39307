"""`/v1/episodes…`: provision, inspect, reset, fork, checkpoint, verify and close episodes."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse

from apps.core import trajectory
from mcp_gateway.episodes import EpisodeManager, Provisioned
from mcp_gateway.harness.bodies import CreateEpisode, ForkEpisode, ResetEpisode, RestoreEpisode
from mcp_gateway.harness.models import (
    NDJSON,
    ChatRecord,
    EpisodeCreated,
    EpisodeStatus,
    EpisodeUrls,
    EventLine,
    SnapshotTaken,
    UiLaunch,
    VerdictOut,
    ndjson_response,
)
from mcp_gateway.settings import Settings
from mcp_gateway.trajectory import formats, lines, record
from mcp_gateway.trajectory.record import tool_listing


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


def performer_base(request: Request, settings: Settings) -> str:
    """Where an episode's performer URLs point: this worker (its own port, on the host the client
    used), so MCP and UI traffic reaches the process holding the episode without a hop."""
    if settings.url_base:
        return settings.url_base
    url = request.base_url.replace(port=settings.url_port) if settings.url_port else request.base_url
    return str(url).rstrip("/")


def episode_routes(manager: EpisodeManager) -> APIRouter:
    """The episode routes (the caller adds the `/v1` prefix and the harness-key dependency)."""
    v1 = APIRouter()

    def created(request: Request, p: Provisioned) -> EpisodeCreated:
        base = performer_base(request, manager.settings)
        return EpisodeCreated(
            episode_id=p.row.id,
            expires_at=p.row.public()["expires_at"],
            world=p.row.world,
            apps=p.row.apps,
            urls=episode_urls(base, p.row.apps, p.performer_token, p.launch_token),
            task=p.episode.task,
        )

    @v1.post("/episodes", status_code=201)
    def create_episode(body: CreateEpisode, request: Request) -> EpisodeCreated:
        """Reserve capacity and provision an episode; returns its performer URLs (shown once)."""
        return created(request, manager.create(**body.model_dump()))

    @v1.get("/episodes/{episode_id}")
    def get_episode(episode_id: str) -> EpisodeStatus:
        """An episode's ledger state, expiry, logical time and state hash."""
        return manager.status(episode_id)

    @v1.post("/episodes/{episode_id}/reset")
    def reset_episode(episode_id: str, request: Request, body: ResetEpisode | None = None) -> EpisodeStatus:
        """Back to the world's golden state (optionally with new URLs)."""
        tokens = manager.reset(episode_id, rotate=bool(body and body.rotate))
        out = manager.status(episode_id)
        if tokens:
            out["urls"] = episode_urls(performer_base(request, manager.settings), out["apps"], *tokens)
        return out

    @v1.post("/episodes/{episode_id}/fork", status_code=201)
    def fork_episode(episode_id: str, request: Request, body: ForkEpisode | None = None) -> EpisodeCreated:
        """A new episode (new id, new URLs) copied from this one's current state."""
        return created(request, manager.fork(episode_id, ttl_s=body.ttl_s if body else None))

    @v1.post("/episodes/{episode_id}/snapshot", status_code=201)
    def snapshot_episode(episode_id: str) -> SnapshotTaken:
        """Checkpoint the episode; restore it later with the returned id."""
        return SnapshotTaken(snapshot_id=manager.snapshot(episode_id))

    @v1.post("/episodes/{episode_id}/restore")
    def restore_episode(episode_id: str, body: RestoreEpisode) -> EpisodeStatus:
        """Return the episode to one of its snapshots."""
        manager.restore(episode_id, body.snapshot_id)
        return manager.status(episode_id)

    @v1.post("/episodes/{episode_id}/urls", status_code=201)
    def new_urls(episode_id: str, request: Request) -> EpisodeUrls:
        """New performer URLs for the episode; its old ones stop working (e.g. after a restart that kept
        a durable episode's URLs, when they may have leaked)."""
        urls = episode_urls(performer_base(request, manager.settings), manager.live(episode_id)[0].apps,
                            *manager.new_urls(episode_id))  # fmt: skip
        return EpisodeUrls(episode_id=episode_id, urls=urls)

    @v1.post("/episodes/{episode_id}/ui-launch", status_code=201)
    def new_ui_launch(episode_id: str, request: Request) -> UiLaunch:
        """A new one-time browser launch URL for the episode."""
        token = manager.launch_token(episode_id)
        return UiLaunch(ui=f"{performer_base(request, manager.settings)}/e/{token}/")

    @v1.get(
        "/episodes/{episode_id}/events",
        response_class=PlainTextResponse,
        responses=ndjson_response(EventLine.model_json_schema(), "the event log, one event a line"),
    )
    def episode_events(episode_id: str) -> PlainTextResponse:
        """The episode's event log as JSON lines."""
        _, episode = manager.live(episode_id)
        return PlainTextResponse(episode.events_jsonl(), media_type="application/x-ndjson")

    @v1.get(
        "/episodes/{episode_id}/trajectory",
        response_class=PlainTextResponse,
        responses=ndjson_response(
            lines.json_schema(), "the trajectory, one line a record (jsonl, gui)", json_model=ChatRecord
        ),
    )
    def episode_trajectory(
        episode_id: str,
        format: Literal["jsonl", "messages", "gui"] = Query(
            "jsonl",
            description="jsonl: every call with its observation, arrivals, time, browser steps and the "
            "verdict (docs/episode-trajectory.schema.json); messages: OpenAI-style chat messages with tool "
            "calls and results; gui: the browser steps only (docs/trajectory.schema.json)",
        ),
        tools: bool = Query(False, description="jsonl: put the episode's tool listing in its first line"),
    ) -> Response:
        """The episode's trajectory (docs/TRAJECTORY.md)."""
        row, episode = manager.live(episode_id)
        if format == "gui":
            body = trajectory.to_jsonl(episode.events_jsonl(), episode_id)
            return PlainTextResponse(body, media_type=NDJSON)
        listing = tool_listing(episode) if tools or format == "messages" else None
        verdict = manager.verdicts.latest(episode_id)
        found = record.lines(episode, episode_id, seed=row.seed, verdict=verdict, tools=listing)
        if format == "messages":
            return JSONResponse(formats.to_messages(found))
        return PlainTextResponse(record.to_jsonl(found), media_type=NDJSON)

    @v1.delete("/episodes/{episode_id}")
    def close_episode(episode_id: str) -> EpisodeStatus:
        """Close the episode: its URLs stop working and its capacity is freed."""
        return manager.close(episode_id).public()

    @v1.get("/episodes")
    def list_episodes() -> list[EpisodeStatus]:
        """Active episodes."""
        return [r.public() for r in manager.ledger.list()]

    @v1.post("/episodes/{episode_id}/verify")
    def verify_episode(episode_id: str) -> VerdictOut:
        """Score the episode against its task: {outcome, reward, gates, checks, diff, reason_codes}."""
        return manager.verify(episode_id)

    return v1
