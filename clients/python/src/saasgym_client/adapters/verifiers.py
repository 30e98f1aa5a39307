"""verifiers adapter (tested with verifiers 0.4.0, its v1 API): a taskset over saasgym tasks.

`SaasgymTaskset` loads its tasks from `/v1/tasks` (filters: kind, family, world, app, split, difficulty, tag,
ids — hand-written tasks and family instances alike). Each rollout's `SaasgymTask.setup` provisions an
episode and keeps its id and MCP URL in the rollout state (not traced: the URL is a credential). The
taskset's toolset, `SaasgymTools`, is one tool server for the eval: each request reaches it with its
rollout's state channel, and it forwards `tools/list` and `tools/call` to that rollout's episode, so the
harness sees the episode's own tools and schemas, unprefixed. The reward
is the saasgym verifier (1 pass, 0 fail or invalid); a void verdict raises `VoidVerdict`, so the rollout
records an error and no reward (excluded, never a 0; `RetryRule(type="VoidVerdict", …)` retries it).
A rollout that fails before scoring (the model endpoint down, the harness crashed, a timeout, a cancelled
eval) is void as well: `trace.info["saasgym_outcome"]` reads "void" until a verdict replaces it, and its
episode is closed as soon as the rollout ends (verifiers runs no task hook after a failure, so setup starts a
watcher that closes the episode once the trace completes, or when it is cancelled).

    vf-eval saasgym-verifiers --env.taskset.ids '["crm-close-won-villanueva"]' …

The harness key is read from the environment variable named by `key_var` (never put in the config).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Iterable
from typing import Any

import httpx
import verifiers.v1 as vf
from mcp.types import CallToolResult
from mcp.types import Tool as McpTool

from saasgym_client import AsyncHarness, AsyncMcpClient, SaasgymError, Verdict, calls


class VoidVerdict(vf.TaskError):
    """The verifier could not score the episode (it was lost or the environment broke)."""


class SaasgymState(vf.State):
    episode_id: str | None = None
    mcp_url: str | None = None


class SaasgymTools(vf.Toolset[vf.SharedToolsetConfig, SaasgymState]):
    """One tool server for the whole eval (taskset-scoped): each request carries its rollout's state
    channel, whose episode MCP URL it forwards `tools/list` and `tools/call` to."""

    TOOL_PREFIX = None  # the episode's tool names as they are (`crm_update_opportunity`)

    async def _episode(self) -> AsyncMcpClient:
        state = await self._pull_state()  # this request's rollout (verifiers signs its coordinates)
        if not state.mcp_url:
            raise vf.ToolsetError("no saasgym episode in the rollout state: SaasgymTask.setup did not run")
        return AsyncMcpClient(state.mcp_url, http=self._http)

    def register(self, mcp: Any) -> None:
        self._http = httpx.AsyncClient(timeout=120.0)

        async def list_tools() -> list[McpTool]:
            tools = await (await self._episode()).list_tools()
            return [
                McpTool(
                    name=t.name,
                    description=t.description,
                    input_schema=t.input_schema,
                    annotations=t.annotations,
                )
                for t in tools
            ]

        async def call_tool(name: str, arguments: dict[str, Any], context: Any = None) -> CallToolResult:
            result = await (await self._episode()).call_tool(name, arguments)
            return CallToolResult.model_validate(
                {
                    "content": result.content,
                    "structuredContent": result.structured,
                    "isError": result.is_error,
                }
            )

        mcp.list_tools, mcp.call_tool = list_tools, call_tool  # forwarded, not MCPServer's own registry


class SaasgymTaskConfig(vf.TaskConfig):
    url: str = "http://127.0.0.1:8000"
    """The saasgym gateway."""
    key_var: str = "SAASGYM_HARNESS_KEY"
    """The environment variable holding the harness key."""


class SaasgymData(vf.TaskData):
    world: str = ""
    apps: list[str] = []
    split: str = ""
    difficulty: str = ""
    family: str = ""  # a family instance's family ("" for a hand-written task)


class SaasgymTask(vf.Task[SaasgymData, SaasgymState, SaasgymTaskConfig]):
    @property
    def key(self) -> str:
        return f"saasgym/{self.data.id}"

    def _harness(self) -> AsyncHarness:
        return AsyncHarness(self.config.url, self._key())

    async def setup(self, trace: vf.Trace, runtime: vf.Runtime) -> None:
        trace.info["saasgym_outcome"] = "void"  # until a verdict says otherwise: an errored rollout is void
        trace.info["saasgym_reason_codes"] = ["not_scored"]
        async with AsyncHarness(self.config.url, self._key(), keep_episodes=True) as harness:
            episode = await harness.create_episode(task=self.data.id)
        trace.state.episode_id, trace.state.mcp_url = episode.id, episode.mcp_url()
        trace.info["saasgym_episode"] = episode.id
        _watch(trace, self._harness, episode.id)

    def _key(self) -> str | None:
        return os.environ.get(self.config.key_var)

    @vf.reward
    async def saasgym_verifier(self, trace: vf.Trace) -> float:
        """The verifier's verdict on the rollout's episode (closed afterwards)."""
        episode_id = trace.state.episode_id
        async with self._harness() as harness:
            try:
                verdict: Verdict = await harness.send(calls.verify(episode_id))
            finally:
                with contextlib.suppress(SaasgymError):  # a lost episode is gone already
                    await harness.close_episode(episode_id)
        trace.info["saasgym_outcome"] = verdict.outcome
        trace.info["saasgym_reason_codes"] = verdict.reason_codes
        if verdict.score is None:
            raise VoidVerdict(f"void verdict for {episode_id}: {verdict.reason_codes}")
        return verdict.score


_WATCHERS: set[asyncio.Task] = set()  # strong references: the loop keeps only weak ones
WATCH_INTERVAL_S = 0.25


def _settled(trace: vf.Trace) -> bool:
    """Will nothing score this rollout any more? Scoring has ended, or the rollout failed before it began
    (a failure is the only thing that records an error before scoring; a timeout is a stop, still scored)."""
    scoring = trace.timing.scoring
    return bool(scoring.end) or (bool(trace.errors) and not scoring.start)


def _watch(trace: vf.Trace, harness: Any, episode_id: str) -> None:
    """Close the rollout's episode once nothing will score it any more, or when the watch is cancelled."""

    async def watch() -> None:
        try:
            while not _settled(trace):
                await asyncio.sleep(WATCH_INTERVAL_S)
        finally:
            async with harness() as gym:
                with contextlib.suppress(SaasgymError, httpx.HTTPError):
                    await gym.close_episode(episode_id)  # closing a closed episode does nothing

    task = asyncio.get_running_loop().create_task(watch())
    _WATCHERS.add(task)
    task.add_done_callback(_WATCHERS.discard)


class SaasgymTasksetConfig(vf.TasksetConfig):
    task: SaasgymTaskConfig = SaasgymTaskConfig()
    tools: vf.SharedToolsetConfig = vf.SharedToolsetConfig()
    """Where the forwarding tool server runs (default: one subprocess on the host for the eval)."""
    kind: str | None = None
    """"task" (hand-written, the default unless a family is named), "instance" or "all"."""
    family: str | None = None
    """Instances of this task family (`<family>@<seed>` ids)."""
    world: str | None = None
    app: str | None = None
    split: str | None = None
    difficulty: str | None = None
    tag: str | None = None
    ids: list[str] | None = None
    """Exactly these tasks or instances."""


class SaasgymTaskset(vf.Taskset[SaasgymTask, SaasgymTasksetConfig]):
    """The saasgym tasks matching the config's filters, as served by the gateway's `/v1/tasks`."""

    def load(self) -> Iterable[SaasgymTask]:
        from saasgym_client import Harness

        c = self.config
        filters = {name: getattr(c, name) for name in calls.FILTERS}
        with Harness(c.task.url, os.environ.get(c.task.key_var)) as harness:
            tasks = harness.iter_tasks(ids=c.ids, **filters)
            yield from (self._task(t) for t in tasks)

    def _task(self, t: Any) -> SaasgymTask:
        return SaasgymTask(
            SaasgymData(
                id=t.id,
                name=t.id,
                prompt=t.prompt,
                world=t.world,
                apps=t.apps,
                split=t.split,
                difficulty=t.difficulty,
                family=t.family or "",
            ),
            self.config.task,
        )

    @classmethod
    def toolsets(cls, config: SaasgymTasksetConfig) -> list[vf.Toolset]:
        return [SaasgymTools(config.tools)]


__all__ = ["SaasgymTaskset", "SaasgymTask", "SaasgymTools", "SaasgymState", "VoidVerdict"]

if __name__ == "__main__":  # how verifiers launches the tool server: `python -m <module of the toolset>`
    SaasgymTools.run()
