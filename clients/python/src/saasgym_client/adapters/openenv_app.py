"""The OpenEnv HTTP server of `openenv.yaml` (`app: saasgym_client.adapters.openenv_app:app`).

Configured by environment variables: SAASGYM_URL (gateway root), SAASGYM_HARNESS_KEY, and optionally
SAASGYM_TASKS (comma-separated task or instance ids), else the `/v1/tasks` filters as SAASGYM_TASK_KIND,
SAASGYM_TASK_FAMILY, SAASGYM_TASK_WORLD, SAASGYM_TASK_APP, SAASGYM_TASK_SPLIT, SAASGYM_TASK_DIFFICULTY,
SAASGYM_TASK_TAG (default: every hand-written task), and SAASGYM_MAX_ENVS (concurrent sessions).
"""

from __future__ import annotations

import os

from openenv.core.env_server.http_server import create_fastapi_app
from openenv.core.env_server.mcp_types import CallToolAction, CallToolObservation

from saasgym_client.adapters.openenv import SaasgymEnvironment, TaskObservation
from saasgym_client.calls import FILTERS


def make_environment() -> SaasgymEnvironment:
    url = os.environ.get("SAASGYM_URL")
    if not url:
        raise RuntimeError("set SAASGYM_URL to the gateway root, e.g. http://127.0.0.1:8000")
    tasks = [t for t in os.environ.get("SAASGYM_TASKS", "").split(",") if t] or None
    filters = {f: os.environ.get(f"SAASGYM_TASK_{f.upper()}") for f in FILTERS}
    return SaasgymEnvironment(url.rstrip("/"), os.environ.get("SAASGYM_HARNESS_KEY"), tasks, **filters)


app = create_fastapi_app(
    make_environment,
    CallToolAction,
    CallToolObservation,
    max_concurrent_envs=int(os.environ.get("SAASGYM_MAX_ENVS", "16")),
    env_name="saasgym",
    reset_observation_cls=TaskObservation,
)
