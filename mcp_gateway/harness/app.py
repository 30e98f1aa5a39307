"""The control application: `/healthz` (open) and the harness API (`/v1`, harness key)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, FastAPI

from mcp_gateway.episodes import EpisodeManager
from mcp_gateway.harness.auth import require_role
from mcp_gateway.harness.catalog_routes import catalog_routes
from mcp_gateway.harness.episode_routes import episode_routes
from mcp_gateway.harness.errors import install_error_handlers
from mcp_gateway.harness.models import Health
from mcp_gateway.harness.review_routes import review_routes


def build_harness_app(manager: EpisodeManager, keys: dict[str, str]) -> FastAPI:
    """/healthz and every /v1 route, with the API's error shapes (OpenAPI at /v1/openapi.json)."""
    app = FastAPI(
        title="saasgym harness API",
        version="1",
        docs_url="/v1/docs",
        openapi_url="/v1/openapi.json",
        redoc_url=None,
    )
    install_error_handlers(app)

    @app.get("/healthz", tags=["health"])
    def healthz() -> Health:
        out = Health(ok=True, live_episodes=len(manager.ledger.list(states=("live",))))
        if manager.settings.worker:
            out.worker = manager.settings.worker  # which worker process answered
            out.workers = len(manager.ledger.active_by_worker())  # how many have started
        return out

    v1 = APIRouter(prefix="/v1", dependencies=[Depends(require_role(("harness",), keys))], tags=["harness"])
    v1.include_router(episode_routes(manager))
    v1.include_router(catalog_routes())
    app.include_router(v1)
    app.include_router(review_routes(manager, keys))
    return app
