"""Shared by the drivers (run inside an adapter venv): the job from stdin and the scripted policy."""

from __future__ import annotations

import json
import sys
from typing import Any


def load_job() -> dict[str, Any]:
    job = json.loads(sys.stdin.read())
    if "repo" in job:
        sys.path.insert(0, job["repo"])  # for the oracle's argument references (standard library only)
    return job


def resolve(args: Any, results: list[Any]) -> Any:
    """Step arguments with "$N.path" references replaced by earlier results (the oracle's own rule)."""
    from tasks.refs import resolve_args

    return resolve_args(args, results)


def with_completion(script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The script ending with complete_task (adapters end an episode there)."""
    if script and script[-1]["tool"] == "complete_task":
        return script
    return [*script, {"tool": "complete_task", "args": {}}]


def emit(payload: Any) -> None:
    print(json.dumps(payload, default=str))


def live_episodes(base: str, key: str, task: str) -> list[str]:
    """The live episodes of `task` on the gateway (after a run: what it leaked)."""
    from saasgym_client import Harness

    with Harness(base, key) as gym:
        return [e.episode_id for e in gym.episodes() if e.task == task and e.state == "live"]
