"""The harness API (`/v1`) as request descriptions without I/O; `Harness` and `AsyncHarness` send them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from saasgym_client.models import EpisodeStatus, Page, SaasgymError, Task, Verdict, World

TASKS_PAGE = 100  # public parts per request: an instance on a page is drawn (≈ 10 ms the first time)
IDS_PAGE = 10_000
FILTERS = ("kind", "family", "world", "app", "split", "difficulty", "tag")


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    parse: Callable[[httpx.Response], Any]
    body: dict[str, Any] | None = None
    params: dict[str, Any] | None = None


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


def _paged(parse_item: Callable[[Any], Any]) -> Callable[[httpx.Response], Page]:
    def parse(response: httpx.Response) -> Page:
        items = [parse_item(x) for x in response.json()]
        return Page(items, int(response.headers.get("x-total-count", len(items))))

    return parse


def _query(offset: int, limit: int, filters: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(filters) - set(FILTERS))
    if unknown:
        raise TypeError(f"unknown task filter(s) {', '.join(unknown)}; filters: {', '.join(FILTERS)}")
    return {"offset": offset, "limit": limit, **{k: v for k, v in filters.items() if v is not None}}


def tasks_page(offset: int = 0, limit: int = TASKS_PAGE, **filters: Any) -> Call:
    """One page of public parts of tasks and family instances (filters: kind, family, world, app, split,
    difficulty, tag)."""
    return Call("GET", "/v1/tasks", _paged(Task.from_json), params=_query(offset, limit, filters))


def task_ids_page(offset: int = 0, limit: int = IDS_PAGE, **filters: Any) -> Call:
    """One page of task and instance ids (the same filters; instances are not drawn)."""
    return Call("GET", "/v1/task-ids", _paged(str), params=_query(offset, limit, filters))


def task(task_id: str) -> Call:
    """One task's or instance's public part."""
    return Call("GET", f"/v1/tasks/{task_id}", lambda r: Task.from_json(r.json()))


def next_offset(offset: int, page: Page) -> int | None:
    """Where the next page starts, or None after the last one."""
    after = offset + len(page.items)
    return after if page.items and after < page.total else None


def keeps(t: Task, filters: dict[str, Any]) -> bool:
    """Does `t` match the filters (for tasks fetched by id, which the server does not filter)?"""
    kind = filters.get("kind")
    wanted = {
        "family": t.family,
        "world": t.world,
        "split": t.split,
        "difficulty": t.difficulty,
    }
    return (
        all(filters.get(k) in (None, v) for k, v in wanted.items())
        and (filters.get("app") is None or filters["app"] in t.apps)
        and (filters.get("tag") is None or filters["tag"] in t.tags)
        and (kind in (None, "all") or (kind == "instance") == t.is_instance)
    )


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


def trajectory(episode_id: str, format: str = "jsonl", tools: bool = False) -> Call:
    """The trajectory: jsonl → its lines (dicts), messages → one chat record, gui → browser steps."""
    parse = _json if format == "messages" else _events
    params = {"format": format, "tools": "true" if tools else "false"}
    return Call("GET", _path(episode_id, "/trajectory"), parse, params=params)


def ui_launch(episode_id: str) -> Call:
    return Call("POST", _path(episode_id, "/ui-launch"), lambda r: r.json()["ui"])


def close(episode_id: str) -> Call:
    return Call("DELETE", _path(episode_id), _status)
