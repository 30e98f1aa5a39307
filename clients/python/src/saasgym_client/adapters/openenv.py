"""OpenEnv adapter (tested with openenv 0.10.0): an `Environment` and a harness-layer session factory.

- `SaasgymEnvironment`: `reset()` provisions a new episode of a task (the previous one is closed),
  `step(CallToolAction)` calls one of the episode's MCP tools, `step(ListToolsAction)` lists them,
  `state` is the episode's; calling `complete_task` ends the episode and the observation's reward is the
  verifier's (1.0 pass, 0.0 fail or invalid; `None` and `metadata["void"]` when the verdict is void).
- `SaasgymSessionFactory`: `create(task)` → a `ResourceSession` (`initial_messages`, `list_tools`,
  `call_tool`, `verify`, `close`) for the rollout API of `openenv.core.harness`; sessions are independent
  episodes, so any number run concurrently.

Tasks are hand-written tasks or family instances (`<family>@<seed>`): `tasks=[…]` names them, else the
`/v1/tasks` filters (kind, family, world, app, split, difficulty, tag) select them. No episode outlives its
rollout: `reset` closes the previous one, `close()` the current one, the factory's `close()` every session
left open, and a dropped environment or factory (or the interpreter's exit) whatever remains.
"""

from __future__ import annotations

import itertools
from typing import Any

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.mcp_types import (
    CallToolAction,
    CallToolObservation,
    ListToolsAction,
    ListToolsObservation,
    ToolError,
    ToolErrorType,
)
from openenv.core.env_server.mcp_types import Tool as OpenEnvTool
from openenv.core.env_server.types import Observation, State
from openenv.core.harness import ResourceSession, ResourceSessionFactory, ToolResult, VerifyResult

from saasgym_client import Episode, Harness, McpClient, SaasgymError, Tool, Verdict
from saasgym_client.adapters import COMPLETE, SYSTEM_PROMPT


class TaskObservation(Observation):
    """What `reset()` returns: the task's prompt and the episode's tools."""

    task_id: str
    prompt: str
    tools: list[OpenEnvTool]


def _tools(tools: list[Tool]) -> list[OpenEnvTool]:
    return [OpenEnvTool(name=t.name, description=t.description, input_schema=t.input_schema) for t in tools]


def _verdict_metadata(verdict: Verdict) -> dict[str, Any]:
    return {"outcome": verdict.outcome, "void": verdict.void, "reason_codes": verdict.reason_codes}


class SaasgymEnvironment(Environment):
    """One saasgym episode at a time; `reset(task=…)` or the configured tasks in turn choose the task."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, base: str, key: str | None = None, tasks: list[str] | None = None, **filters: Any):
        super().__init__()
        self.harness = Harness(base, key)
        self.tasks = tasks or self.harness.task_ids(**filters)
        if not self.tasks:
            raise ValueError(f"no saasgym task matches {filters or 'the gateway'}")
        self._turn = itertools.count()
        self.episode: Episode | None = None
        self.mcp: McpClient | None = None
        self.verdict: Verdict | None = None
        self._state = State()

    def reset(
        self, seed: int | None = None, episode_id: str | None = None, task: str | None = None, **kwargs: Any
    ) -> TaskObservation:
        self._end()
        if task is None:
            task = self.tasks[(seed if seed is not None else next(self._turn)) % len(self.tasks)]
        self.episode = self.harness.create_episode(task=task, seed=seed)
        self.mcp = self.episode.mcp()
        self.verdict = None
        self._state = State(episode_id=self.episode.id, step_count=0, task_id=task)
        prompt = self.episode.task.prompt if self.episode.task else ""
        return TaskObservation(task_id=task, prompt=prompt, tools=_tools(self.mcp.list_tools()))

    def step(self, action: Any, timeout_s: float | None = None, **kwargs: Any) -> Observation:
        if self.episode is None or self.mcp is None:
            raise RuntimeError("call reset() before step()")
        if isinstance(action, ListToolsAction):
            return ListToolsObservation(tools=_tools(self.mcp.list_tools()))
        if not isinstance(action, CallToolAction):
            raise TypeError(f"expected CallToolAction or ListToolsAction, not {type(action).__name__}")
        self._state.step_count += 1
        try:
            result = self.mcp.call_tool(action.tool_name, action.arguments)
        except SaasgymError as exc:
            error = ToolError(error_type=ToolErrorType.TRANSPORT_ERROR, message=str(exc))
            return CallToolObservation(tool_name=action.tool_name, error=error)
        out = {"is_error": result.is_error, "data": result.data}
        if action.tool_name != COMPLETE or result.is_error:
            return CallToolObservation(tool_name=action.tool_name, result=out)
        self.verdict = self.episode.verify()
        return CallToolObservation(
            tool_name=action.tool_name,
            result=out,
            done=True,
            reward=self.verdict.score,
            metadata=_verdict_metadata(self.verdict),
        )

    @property
    def state(self) -> State:
        return self._state

    def _end(self) -> None:
        if self.mcp is not None:
            self.mcp.close()
        if self.episode is not None:
            self.episode.close()
        self.episode, self.mcp = None, None

    def close(self) -> None:
        self._end()
        self.harness.close()


class SaasgymSession(ResourceSession):
    """One rollout's episode for openenv's harness layer."""

    def __init__(self, harness: Harness, task: str, seed: int | None = None):
        self.episode = harness.create_episode(task=task, seed=seed)
        self.mcp = self.episode.mcp()
        self.verdict: Verdict | None = None
        try:
            self._tools = _tools(self.mcp.list_tools())
        except BaseException:
            self.close()  # a session that never started leaves no episode behind
            raise

    def initial_messages(self) -> list[dict[str, Any]]:
        prompt = self.episode.task.prompt if self.episode.task else ""
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": prompt}]

    def list_tools(self) -> list[OpenEnvTool]:
        return list(self._tools)

    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        result = self.mcp.call_tool(name, arguments)
        done = name == COMPLETE and not result.is_error
        return ToolResult(
            data=result.data, done=done, error=result.text if result.is_error else None, metadata={}
        )

    def verify(self, transcript: list[dict[str, Any]], final_state: Any | None = None) -> VerifyResult:
        """The verifier's reward (None for a void verdict: such a rollout is left out, never scored 0)."""
        self.verdict = self.episode.verify()
        return VerifyResult(
            env_reward=self.verdict.score,
            done=True,
            metrics=_verdict_metadata(self.verdict),
            artifacts={"verdict": self.verdict, "episode_id": self.episode.id},
        )

    def close(self) -> None:
        self.mcp.close()
        self.episode.close()  # closing twice does nothing


class SaasgymSessionFactory(ResourceSessionFactory[SaasgymSession]):
    """Creates isolated per-rollout sessions (one saasgym episode each; safe to call from many threads)."""

    def __init__(self, base: str, key: str | None = None):
        self.harness = Harness(base, key)

    def create(self, task: Any, seed: int | None = None, episode_id: str | None = None) -> SaasgymSession:
        task_id = task if isinstance(task, str) else task["id"]
        return SaasgymSession(self.harness, task_id, seed)

    def close(self) -> None:
        """Close every session's episode still open, then the connections."""
        self.harness.close()
