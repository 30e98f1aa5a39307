"""The harness API client, asynchronous: `AsyncHarness`, `AsyncEpisode` (the same API as `Harness`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx

from saasgym_client import calls
from saasgym_client.calls import Call, check
from saasgym_client.harness import _EpisodeData, _headers, quiet_on_error
from saasgym_client.lifecycle import OpenEpisodes, guard
from saasgym_client.mcp import AsyncMcpClient
from saasgym_client.models import EpisodeStatus, Task, Verdict, World


class AsyncHarness:
    """The asynchronous twin of `Harness` (it closes the episodes it left open the same way)."""

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
        self.http = httpx.AsyncClient(base_url=self.base, headers=headers, timeout=timeout)
        self.mcp_http = httpx.AsyncClient(timeout=timeout)
        self.open_episodes = OpenEpisodes(self.base, headers, keep=keep_episodes)
        self._guard = guard(self, self.open_episodes)

    async def __aenter__(self) -> AsyncHarness:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the episodes still open (unless kept, shielded from cancellation), then the connections."""
        await self.open_episodes.aclose_all(self.http)
        self._guard.detach()
        await self.http.aclose()
        await self.mcp_http.aclose()

    async def send(self, call: Call) -> Any:
        response = await self.http.request(call.method, call.path, json=call.body, params=call.params)
        return call.parse(check(response))

    async def worlds(self) -> list[World]:
        return await self.send(calls.worlds())

    async def iter_tasks(
        self, ids: list[str] | None = None, page_size: int = calls.TASKS_PAGE, **filters: Any
    ) -> AsyncIterator[Task]:
        """Stream public parts of tasks and family instances to the end of the catalogue (as `Harness`)."""
        if ids is not None:
            for task_id in ids:
                found = await self.send(calls.task(task_id))
                if calls.keeps(found, filters):
                    yield found
            return
        offset: int | None = 0
        while offset is not None:
            page = await self.send(calls.tasks_page(offset, page_size, **filters))
            for item in page.items:
                yield item
            offset = calls.next_offset(offset, page)

    async def tasks(self, ids: list[str] | None = None, **filters: Any) -> list[Task]:
        """Every task matching the filters (all pages; see `Harness.iter_tasks`)."""
        return [t async for t in self.iter_tasks(ids, **filters)]

    async def task(self, task_id: str) -> Task:
        """One task's or family instance's public part."""
        return await self.send(calls.task(task_id))

    async def task_ids(self, page_size: int = calls.IDS_PAGE, **filters: Any) -> list[str]:
        """The ids of every task and instance matching the filters (as `Harness.task_ids`)."""
        out: list[str] = []
        offset: int | None = 0
        while offset is not None:
            page = await self.send(calls.task_ids_page(offset, page_size, **filters))
            out += page.items
            offset = calls.next_offset(offset, page)
        return out

    async def episodes(self) -> list[EpisodeStatus]:
        return await self.send(calls.list_episodes())

    async def create_episode(
        self,
        world: str | None = None,
        task: str | None = None,
        apps: list[str] | None = None,
        ttl_s: int | None = None,
        seed: int | None = None,
        durable: bool = False,
    ) -> AsyncEpisode:
        """Provision an episode (of a task, when given: its world and apps come with it); a `durable` one
        survives a restart of the server (checkpointed at every action boundary)."""
        body = await self.send(
            calls.create(world=world, task=task, apps=apps, ttl_s=ttl_s, seed=seed, durable=durable or None)
        )
        self.open_episodes.opened(body["episode_id"])
        return AsyncEpisode(self, **_EpisodeData.from_json(body))

    async def episode(self, episode_id: str) -> EpisodeStatus:
        return await self.send(calls.get(episode_id))

    async def close_episode(self, episode_id: str) -> EpisodeStatus:
        """Close an episode by id (one this harness did not create, say); closing a closed one is a no-op."""
        self.open_episodes.closed(episode_id)
        return await self.send(calls.close(episode_id))


class AsyncEpisode(_EpisodeData):
    """One provisioned episode (async); `async with` closes it on every path, cancellation included."""

    def __init__(self, harness: AsyncHarness, **data: Any):
        super().__init__(**data)
        self.harness = harness
        self.closed = False

    async def __aenter__(self) -> AsyncEpisode:
        return self

    async def __aexit__(self, exc_type: object, *exc: object) -> None:
        try:
            await self.close()
        except quiet_on_error(exc_type):
            pass

    async def status(self) -> EpisodeStatus:
        return await self.harness.send(calls.get(self.id))

    async def reset(self, rotate: bool = False) -> EpisodeStatus:
        """Back to the world's golden state; with rotate, new URLs (read them from `urls`)."""
        return self._took(await self.harness.send(calls.reset(self.id, rotate)))

    async def fork(self, ttl_s: int | None = None) -> AsyncEpisode:
        body = await self.harness.send(calls.fork(self.id, ttl_s))
        self.harness.open_episodes.opened(body["episode_id"])
        return AsyncEpisode(self.harness, **_EpisodeData.from_json(body))

    async def snapshot(self) -> str:
        return await self.harness.send(calls.snapshot(self.id))

    async def restore(self, snapshot_id: str) -> EpisodeStatus:
        return await self.harness.send(calls.restore(self.id, snapshot_id))

    async def verify(self) -> Verdict:
        return await self.harness.send(calls.verify(self.id))

    async def events(self) -> list[dict[str, Any]]:
        return await self.harness.send(calls.events(self.id))

    async def trajectory(self, format: str = "jsonl", tools: bool = False) -> Any:
        """The episode's trajectory (docs/TRAJECTORY.md): `jsonl` → its lines (every call with its full
        arguments and the observation received, time advances, arrivals, browser steps, end state, verdict),
        `messages` → one OpenAI-style chat record, `gui` → the browser steps. `tools` puts the tool listing
        in the first line. Read it before closing the episode."""
        return await self.harness.send(calls.trajectory(self.id, format, tools))

    async def ui_launch(self) -> str:
        return await self.harness.send(calls.ui_launch(self.id))

    async def close(self) -> EpisodeStatus | None:
        """End the episode (its URLs stop working), even when the caller is being cancelled; closing it
        again does nothing."""
        if self.closed:
            return None
        import anyio

        with anyio.CancelScope(shield=True):
            return self._ended(await self.harness.send(calls.close(self.id)))

    def mcp(self, app: str | None = None, protocol: str | None = None) -> AsyncMcpClient:
        return AsyncMcpClient(
            self.mcp_url(app), protocol or self.harness.protocol, http=self.harness.mcp_http
        )
