"""The harness API (`/v1`) as request descriptions without I/O; `Harness` and `AsyncHarness` send them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from saasgym_client.models import EpisodeStatus, SaasgymError, Task, Verdict, World


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    parse: Callable[[httpx.Response], Any]
    body: dict[str, Any] | None = None


def _json(response: httpx.Response) -> Any:
    return response.json()


def _status(response: httpx.Response) -> EpisodeStatus:
    return EpisodeStatus.from_json(response.json())


def check(response: httpx.Response) -> httpx.Response:
    """Raise SaasgymError (status, detail, Retry-After) for a refused request."""
    if response.status_code < 400:
        return response
    try:
        detail = response.json().get("detail", response.text)
    except ValueError:
        detail = response.text
    retry = response.headers.get("retry-after")
    raise SaasgymError(response.status_code, str(detail), float(retry) if retry else None)


def _events(response: httpx.Response) -> list[dict[str, Any]]:
    return [json.loads(line) for line in response.text.splitlines() if line.strip()]


def _path(episode_id: str, tail: str = "") -> str:
    return f"/v1/episodes/{episode_id}{tail}"


def worlds() -> Call:
    return Call("GET", "/v1/worlds", lambda r: [World.from_json(w) for w in r.json()])


def tasks(
    world: str | None = None,
    app: str | None = None,
    split: str | None = None,
    difficulty: str | None = None,
    tag: str | None = None,
    ids: list[str] | None = None,
) -> Call:
    """Public parts of the tasks, filtered: world, an app the task uses, split, difficulty, tag, ids."""

    def keep(t: Task) -> bool:
        return (
            (world is None or t.world == world)
            and (app is None or app in t.apps)
            and (split is None or t.split == split)
            and (difficulty is None or t.difficulty == difficulty)
            and (tag is None or tag in t.tags)
            and (ids is None or t.id in ids)
        )

    return Call("GET", "/v1/tasks", lambda r: [t for t in map(Task.from_json, r.json()) if keep(t)])


def create(**body: Any) -> Call:
    return Call("POST", "/v1/episodes", _json, {k: v for k, v in body.items() if v is not None})


def get(episode_id: str) -> Call:
    return Call("GET", _path(episode_id), _status)


def list_episodes() -> Call:
    return Call("GET", "/v1/episodes", lambda r: [EpisodeStatus.from_json(e) for e in r.json()])


def reset(episode_id: str, rotate: bool = False) -> Call:
    return Call("POST", _path(episode_id, "/reset"), _status, {"rotate": rotate})


def fork(episode_id: str, ttl_s: int | None = None) -> Call:
    return Call("POST", _path(episode_id, "/fork"), _json, {"ttl_s": ttl_s})


def snapshot(episode_id: str) -> Call:
    return Call("POST", _path(episode_id, "/snapshot"), lambda r: r.json()["snapshot_id"])


def restore(episode_id: str, snapshot_id: str) -> Call:
    return Call("POST", _path(episode_id, "/restore"), _status, {"snapshot_id": snapshot_id})


def verify(episode_id: str) -> Call:
    return Call("POST", _path(episode_id, "/verify"), lambda r: Verdict.from_json(r.json()))


def events(episode_id: str) -> Call:
    return Call("GET", _path(episode_id, "/events"), _events)


def ui_launch(episode_id: str) -> Call:
    return Call("POST", _path(episode_id, "/ui-launch"), lambda r: r.json()["ui"])


def close(episode_id: str) -> Call:
    return Call("DELETE", _path(episode_id), _status)
