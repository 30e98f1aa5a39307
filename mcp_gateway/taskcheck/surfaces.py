"""The oracle on each real surface, against a live gateway: MCP client, CLI subprocess, Chromium."""

from __future__ import annotations

import anyio

from mcp_gateway.live import LiveServer
from tasks.model import Task
from tasks.oracle import StepFailed, run_cli, run_mcp
from tasks.rubric.evaluate import calibration_judge


def oracle_outcome(server: LiveServer, task: Task, surface: str) -> str:
    """Provision an episode for `task`, solve it with the oracle on `surface`, verify, close."""
    episode, urls = server.gateway.create(task.public.world, task=task.id)
    try:
        if surface == "mcp":
            anyio.run(run_mcp, urls.mcp(), task.truth.oracle)
        elif surface == "cli":
            run_cli(urls.cli, task.truth.oracle)
        elif surface == "ui":
            from tasks.ui_oracle import run_ui

            if not task.truth.ui_oracle:
                return "error: the task allows the UI but has no ui_oracle"
            app = task.public.apps[0]
            run_ui(urls.ui(), urls.base, app, task.truth.ui_oracle)
        else:
            raise ValueError(f"unknown surface {surface}")
        return server.gateway.manager.verify(episode.id, judge=calibration_judge())["outcome"]
    except StepFailed as exc:
        return f"error: {exc}"[:300]
    finally:
        server.gateway.manager.close(episode.id)
