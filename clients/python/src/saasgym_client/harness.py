"""The harness API client, sync (`Harness`, `Episode`) and async (`AsyncHarness`, `AsyncEpisode`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from saasgym_client import calls
from saasgym_client.calls import Call, check
from saasgym_client.lifecycle import OpenEpisodes, guard
from saasgym_client.mcp import McpClient
from saasgym_client.models import EpisodeStatus, SaasgymError, Task, Verdict, World


def _headers(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {_key(key)}"}


def _key(key: str | None) -> str:
    key = key or os.environ.get("SAASGYM_HARNESS_KEY")
    if not key:
        raise ValueError("a harness key is needed: pass key=… or set SAASGYM_HARNESS_KEY")
    return key


@dataclass
class _EpisodeData:
    """What creating (or forking) an episode returns: its id and its performer URLs (shown once)."""

    id: str
    world: str
    apps: list[str]
    expires_at: str
    urls: dict[str, str]
    task: Task | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": data["episode_id"],
            "world": data["world"],
            "apps": data["apps"],
            "expires_at": data["expires_at"],
            "urls": data["urls"],
            "task": Task.from_json(data["task"]) if data.get("task") else None,
            "raw": data,
        }

    def mcp_url(self, app: str | None = None) -> str:
        """The combined MCP endpoint (tools named `<app>_<tool>`), or one app's endpoint."""
        return self.urls["mcp"] if app is None else self.urls[f"{app}_mcp"]

    def _took(self, status: EpisodeStatus) -> EpisodeStatus:
        if status.urls:
            self.urls = status.urls
        return status

    def _ended(self, status: EpisodeStatus | None) -> EpisodeStatus | None:
        self.closed = True
        self.harness.open_episodes.closed(self.id)
        return status


def quiet_on_error(exc_type: object) -> tuple[type[BaseException], ...]:
    """What a context manager's exit may swallow while closing: nothing when the body succeeded (a failed
    close must be seen), the close's own HTTP failures when the body raised (its error comes first)."""
    return () if exc_type is None else (SaasgymError, httpx.HTTPError)


class Harness:
    """A synchronous client of a gateway's harness API (`base` is the gateway root, key the harness key).

    Closing it (`with Harness(…)`, `close()`) closes every episode it created or forked that is still open;
    so does its garbage collection or the interpreter's exit. `keep_episodes=True` leaves them open.
    """

    def __init__(
        self,
        base: str,
        key: str | None = None,
        timeout: float = 120.0,
        protocol: str = "auto",
        keep_episodes: bool = False,
    ):
        self.base, self.protocol = base.rstrip("/"), protocol
        headers = _headers(key)
        self.http = httpx.Client(base_url=self.base, headers=headers, timeout=timeout)
        self.mcp_http = httpx.Client(timeout=timeout)
        self.open_episodes = OpenEpisodes(self.base, headers, keep=keep_episodes)
        self._guard = guard(self, self.open_episodes)

    def __enter__(self) -> Harness:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the episodes still open (unless kept), then the connections."""
        self._guard()
        self.http.close()
        self.mcp_http.close()

    def send(self, call: Call) -> Any:
        response = self.http.request(call.method, call.path, json=call.body, params=call.params)
        return call.parse(check(response))

    def worlds(self) -> list[World]:
        return self.send(calls.worlds())

    def iter_tasks(
        self, ids: list[str] | None = None, page_size: int = calls.TASKS_PAGE, **filters: Any
    ) -> Iterator[Task]:
        """Stream public parts of tasks and family instances, page by page to the end of the catalogue.

        Filters: kind ("task": hand-written, the default unless a family is named; "instance"; "all"),
        family, world, app, split, difficulty, tag; `ids` fetches exactly those tasks or instances
        (`<family>@<seed>`), in that order, keeping those that match the filters.
        """
        if ids is not None:
            for task_id in ids:
                found = self.send(calls.task(task_id))
                if calls.keeps(found, filters):
                    yield found
            return
        offset: int | None = 0
        while offset is not None:
            page = self.send(calls.tasks_page(offset, page_size, **filters))
            yield from page.items
            offset = calls.next_offset(offset, page)

    def tasks(self, ids: list[str] | None = None, **filters: Any) -> list[Task]:
        """Every task matching the filters (all pages; see `iter_tasks`)."""
        return list(self.iter_tasks(ids, **filters))

    def task(self, task_id: str) -> Task:
        """One task's or family instance's public part."""
        return self.send(calls.task(task_id))

    def task_ids(self, page_size: int = calls.IDS_PAGE, **filters: Any) -> list[str]:
        """The ids of every task and instance matching the filters (instances are not drawn: the whole
        catalogue in a second). Filters as for `iter_tasks`."""
        out: list[str] = []
        offset: int | None = 0
        while offset is not None:
            page = self.send(calls.task_ids_page(offset, page_size, **filters))
            out += page.items
            offset = calls.next_offset(offset, page)
        return out

    def episodes(self) -> list[EpisodeStatus]:
        return self.send(calls.list_episodes())

    def create_episode(
        self,
        world: str | None = None,
        task: str | None = None,
        apps: list[str] | None = None,
        ttl_s: int | None = None,
        seed: int | None = None,
        durable: bool = False,
    ) -> Episode:
        """Provision an episode (of a task, when given: its world and apps come with it); a `durable` one
        survives a restart of the server (checkpointed at every action boundary)."""
        body = self.send(
            calls.create(world=world, task=task, apps=apps, ttl_s=ttl_s, seed=seed, durable=durable or None)
        )
        self.open_episodes.opened(body["episode_id"])
        return Episode(self, **_EpisodeData.from_json(body))

    def episode(self, episode_id: str) -> EpisodeStatus:
        return self.send(calls.get(episode_id))

    def close_episode(self, episode_id: str) -> EpisodeStatus:
        """Close an episode by id (one this harness did not create, say); closing a closed one is a no-op."""
        self.open_episodes.closed(episode_id)
        return self.send(calls.close(episode_id))


class Episode(_EpisodeData):
    """One provisioned episode (sync); `with` closes it on every path."""

    def __init__(self, harness: Harness, **data: Any):
        super().__init__(**data)
        self.harness = harness
        self.closed = False

    def __enter__(self) -> Episode:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        try:
            self.close()
        except quiet_on_error(exc_type):
            pass

    def status(self) -> EpisodeStatus:
        return self.harness.send(calls.get(self.id))

    def reset(self, rotate: bool = False) -> EpisodeStatus:
        """Back to the world's golden state; with rotate, new URLs (read them from `urls`)."""
        return self._took(self.harness.send(calls.reset(self.id, rotate)))

    def fork(self, ttl_s: int | None = None) -> Episode:
        body = self.harness.send(calls.fork(self.id, ttl_s))
        self.harness.open_episodes.opened(body["episode_id"])
        return Episode(self.harness, **_EpisodeData.from_json(body))

    def snapshot(self) -> str:
        return self.harness.send(calls.snapshot(self.id))

    def restore(self, snapshot_id: str) -> EpisodeStatus:
        return self.harness.send(calls.restore(self.id, snapshot_id))

    def verify(self) -> Verdict:
        return self.harness.send(calls.verify(self.id))

    def events(self) -> list[dict[str, Any]]:
        return self.harness.send(calls.events(self.id))

    def trajectory(self, format: str = "jsonl", tools: bool = False) -> Any:
        """The episode's trajectory (docs/TRAJECTORY.md): `jsonl` → its lines (every call with its full
        arguments and the observation received, time advances, arrivals, browser steps, end state, verdict),
        `messages` → one OpenAI-style chat record, `gui` → the browser steps. `tools` puts the tool listing
        in the first line. Read it before closing the episode."""
        return self.harness.send(calls.trajectory(self.id, format, tools))

    def ui_launch(self) -> str:
        return self.harness.send(calls.ui_launch(self.id))

    def close(self) -> EpisodeStatus | None:
        """End the episode (its URLs stop working); closing it again does nothing."""
        if self.closed:
            return None
        return self._ended(self.harness.send(calls.close(self.id)))

    def mcp(self, app: str | None = None, protocol: str | None = None) -> McpClient:
        return McpClient(self.mcp_url(app), protocol or self.harness.protocol, http=self.harness.mcp_http)
