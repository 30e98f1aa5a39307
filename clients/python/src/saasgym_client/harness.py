"""The harness API client, sync (`Harness`, `Episode`) and async (`AsyncHarness`, `AsyncEpisode`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import httpx

from saasgym_client import calls
from saasgym_client.calls import Call, check
from saasgym_client.mcp import AsyncMcpClient, McpClient
from saasgym_client.models import EpisodeStatus, Task, Verdict, World


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


class Harness:
    """A synchronous client of a gateway's harness API (`base` is the gateway root, key the harness key)."""

    def __init__(self, base: str, key: str | None = None, timeout: float = 120.0, protocol: str = "auto"):
        self.base, self.protocol = base.rstrip("/"), protocol
        headers = {"Authorization": f"Bearer {_key(key)}"}
        self.http = httpx.Client(base_url=self.base, headers=headers, timeout=timeout)
        self.mcp_http = httpx.Client(timeout=timeout)

    def __enter__(self) -> Harness:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()
        self.mcp_http.close()

    def send(self, call: Call) -> Any:
        return call.parse(check(self.http.request(call.method, call.path, json=call.body)))

    def worlds(self) -> list[World]:
        return self.send(calls.worlds())

    def tasks(self, **filters: Any) -> list[Task]:
        """Public parts of the tasks; filters: world, app, split, difficulty, tag, ids."""
        return self.send(calls.tasks(**filters))

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
        return Episode(self, **_EpisodeData.from_json(body))

    def episode(self, episode_id: str) -> EpisodeStatus:
        return self.send(calls.get(episode_id))


class Episode(_EpisodeData):
    """One provisioned episode (sync)."""

    def __init__(self, harness: Harness, **data: Any):
        super().__init__(**data)
        self.harness = harness

    def __enter__(self) -> Episode:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> EpisodeStatus:
        return self.harness.send(calls.get(self.id))

    def reset(self, rotate: bool = False) -> EpisodeStatus:
        """Back to the world's golden state; with rotate, new URLs (read them from `urls`)."""
        return self._took(self.harness.send(calls.reset(self.id, rotate)))

    def fork(self, ttl_s: int | None = None) -> Episode:
        return Episode(self.harness, **_EpisodeData.from_json(self.harness.send(calls.fork(self.id, ttl_s))))

    def snapshot(self) -> str:
        return self.harness.send(calls.snapshot(self.id))

    def restore(self, snapshot_id: str) -> EpisodeStatus:
        return self.harness.send(calls.restore(self.id, snapshot_id))

    def verify(self) -> Verdict:
        return self.harness.send(calls.verify(self.id))

    def events(self) -> list[dict[str, Any]]:
        return self.harness.send(calls.events(self.id))

    def ui_launch(self) -> str:
        return self.harness.send(calls.ui_launch(self.id))

    def close(self) -> EpisodeStatus:
        return self.harness.send(calls.close(self.id))

    def mcp(self, app: str | None = None, protocol: str | None = None) -> McpClient:
        return McpClient(self.mcp_url(app), protocol or self.harness.protocol, http=self.harness.mcp_http)


class AsyncHarness:
    """The asynchronous twin of `Harness`."""

    def __init__(self, base: str, key: str | None = None, timeout: float = 120.0, protocol: str = "auto"):
        self.base, self.protocol = base.rstrip("/"), protocol
        headers = {"Authorization": f"Bearer {_key(key)}"}
        self.http = httpx.AsyncClient(base_url=self.base, headers=headers, timeout=timeout)
        self.mcp_http = httpx.AsyncClient(timeout=timeout)

    async def __aenter__(self) -> AsyncHarness:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.http.aclose()
        await self.mcp_http.aclose()

    async def send(self, call: Call) -> Any:
        return call.parse(check(await self.http.request(call.method, call.path, json=call.body)))

    async def worlds(self) -> list[World]:
        return await self.send(calls.worlds())

    async def tasks(self, **filters: Any) -> list[Task]:
        """Public parts of the tasks; filters: world, app, split, difficulty, tag, ids."""
        return await self.send(calls.tasks(**filters))

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
        return AsyncEpisode(self, **_EpisodeData.from_json(body))

    async def episode(self, episode_id: str) -> EpisodeStatus:
        return await self.send(calls.get(episode_id))


class AsyncEpisode(_EpisodeData):
    """One provisioned episode (async)."""

    def __init__(self, harness: AsyncHarness, **data: Any):
        super().__init__(**data)
        self.harness = harness

    async def __aenter__(self) -> AsyncEpisode:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def status(self) -> EpisodeStatus:
        return await self.harness.send(calls.get(self.id))

    async def reset(self, rotate: bool = False) -> EpisodeStatus:
        """Back to the world's golden state; with rotate, new URLs (read them from `urls`)."""
        return self._took(await self.harness.send(calls.reset(self.id, rotate)))

    async def fork(self, ttl_s: int | None = None) -> AsyncEpisode:
        body = await self.harness.send(calls.fork(self.id, ttl_s))
        return AsyncEpisode(self.harness, **_EpisodeData.from_json(body))

    async def snapshot(self) -> str:
        return await self.harness.send(calls.snapshot(self.id))

    async def restore(self, snapshot_id: str) -> EpisodeStatus:
        return await self.harness.send(calls.restore(self.id, snapshot_id))

    async def verify(self) -> Verdict:
        return await self.harness.send(calls.verify(self.id))

    async def events(self) -> list[dict[str, Any]]:
        return await self.harness.send(calls.events(self.id))

    async def ui_launch(self) -> str:
        return await self.harness.send(calls.ui_launch(self.id))

    async def close(self) -> EpisodeStatus:
        return await self.harness.send(calls.close(self.id))

    def mcp(self, app: str | None = None, protocol: str | None = None) -> AsyncMcpClient:
        return AsyncMcpClient(
            self.mcp_url(app), protocol or self.harness.protocol, http=self.harness.mcp_http
        )
