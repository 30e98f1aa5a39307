"""verifiers adapter (tested with verifiers 0.4.0, its v1 API): a taskset over saasgym tasks.

`SaasgymTaskset` loads its tasks from `/v1/tasks` (filters: world, app, split, difficulty, tag, ids). Each
rollout's `SaasgymTask.setup` provisions an episode and keeps its id and MCP URL in the rollout state (not
traced: the URL is a credential). The taskset's toolset, `SaasgymTools`, is one tool server for the eval:
each request reaches it with its rollout's state channel, and it forwards `tools/list` and `tools/call`
to that rollout's episode, so the harness sees the episode's own tools and schemas, unprefixed. The reward
is the saasgym verifier (1 pass, 0 fail or invalid); a void verdict raises `VoidVerdict`, so the rollout
records an error and no reward (excluded, never a 0; `RetryRule(type="VoidVerdict", …)` retries it).

    vf-eval saasgym-verifiers --env.taskset.ids '["crm-close-won-villanueva"]' …

The harness key is read from the environment variable named by `key_var` (never put in the config).
"""

from __future__ import annotations

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


class SaasgymTask(vf.Task[SaasgymData, SaasgymState, SaasgymTaskConfig]):
    @property
    def key(self) -> str:
        return f"saasgym/{self.data.id}"

    def _harness(self) -> AsyncHarness:
        return AsyncHarness(self.config.url, os.environ.get(self.config.key_var))

    async def setup(self, trace: vf.Trace, runtime: vf.Runtime) -> None:
        async with self._harness() as harness:
            episode = await harness.create_episode(task=self.data.id)
        trace.state.episode_id, trace.state.mcp_url = episode.id, episode.mcp_url()
        trace.info["saasgym_episode"] = episode.id

    @vf.reward
    async def saasgym_verifier(self, trace: vf.Trace) -> float:
        """The verifier's verdict on the rollout's episode (closed afterwards)."""
        episode_id = trace.state.episode_id
        async with self._harness() as harness:
            try:
                verdict: Verdict = await harness.send(calls.verify(episode_id))
            finally:
                with contextlib.suppress(SaasgymError):  # a lost episode is gone already
                    await harness.send(calls.close(episode_id))
        trace.info["saasgym_outcome"] = verdict.outcome
        trace.info["saasgym_reason_codes"] = verdict.reason_codes
        if verdict.score is None:
            raise VoidVerdict(f"void verdict for {episode_id}: {verdict.reason_codes}")
        return verdict.score


class SaasgymTasksetConfig(vf.TasksetConfig):
    task: SaasgymTaskConfig = SaasgymTaskConfig()
    tools: vf.SharedToolsetConfig = vf.SharedToolsetConfig()
    """Where the forwarding tool server runs (default: one subprocess on the host for the eval)."""
    world: str | None = None
    app: str | None = None
    split: str | None = None
    difficulty: str | None = None
    tag: str | None = None
    ids: list[str] | None = None


class SaasgymTaskset(vf.Taskset[SaasgymTask, SaasgymTasksetConfig]):
    """The saasgym tasks matching the config's filters, as served by the gateway's `/v1/tasks`."""

    def load(self) -> Iterable[SaasgymTask]:
        from saasgym_client import Harness

        c = self.config
        filters = {"world": c.world, "app": c.app, "split": c.split, "difficulty": c.difficulty, "tag": c.tag}
        with Harness(c.task.url, os.environ.get(c.task.key_var)) as harness:
            tasks = harness.tasks(ids=c.ids, **filters)
        for t in tasks:
            data = SaasgymData(
                id=t.id,
                name=t.id,
                prompt=t.prompt,
                world=t.world,
                apps=t.apps,
                split=t.split,
                difficulty=t.difficulty,
            )
            yield SaasgymTask(data, c.task)

    @classmethod
    def toolsets(cls, config: SaasgymTasksetConfig) -> list[vf.Toolset]:
        return [SaasgymTools(config.tools)]


__all__ = ["SaasgymTaskset", "SaasgymTask", "SaasgymTools", "SaasgymState", "VoidVerdict"]

if __name__ == "__main__":  # how verifiers launches the tool server: `python -m <module of the toolset>`
    SaasgymTools.run()
