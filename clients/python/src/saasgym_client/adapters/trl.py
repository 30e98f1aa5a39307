"""TRL adapter (tested with trl 1.16.0): an `environment_factory` for `GRPOTrainer`.

`saasgym_environment(base, key, tasks=…)` returns an environment class. TRL builds one instance per
concurrent rollout (reused across batches) and exposes its public methods as tools: here one method per MCP
tool of the tasks' apps, with the tool's name, description and typed arguments (`functions.function_for`),
each forwarding its call to the rollout's episode. A tool's refusal raises `ToolError`, which TRL shows the
model as `{'error': …}` and counts as a tool failure.

- `reset(task=…, seed=…, **row)` closes the previous episode, provisions one of the row's task (without a
  `task` column, the instance's tasks in turn) and returns the task's prompt, which TRL appends to the
  row's last user message (`saasgym_dataset` rows have an empty one).
- `get_reward()` is the verifier's verdict on the episode, which it then closes: 1.0 pass, 0.0 fail or
  invalid, and None when void — TRL leaves such a rollout out of its group's baseline and gives it no
  advantage, never a 0. The verdict stays on `verdict`.
- Tasks are hand-written tasks or family instances: `tasks=[…]` names them (`<family>@<seed>`), else the
  `/v1/tasks` filters select them (kind, family, world, app, split, difficulty, tag).
- No episode outlives its rollout: the next `reset` closes it, and so does the environment's garbage
  collection or the interpreter's exit (a trainer that died before `get_reward`).

    trainer = GRPOTrainer(model=…, args=GRPOConfig(…), train_dataset=saasgym_dataset(url, tasks=ids),
                          environment_factory=saasgym_environment(url, tasks=ids))
"""

from __future__ import annotations

import itertools
from typing import Any

from saasgym_client import Episode, Harness, McpClient, SaasgymError, Task, Verdict, calls
from saasgym_client.adapters import COMPLETE, SYSTEM_PROMPT
from saasgym_client.adapters.functions import function_for


class ToolError(RuntimeError):
    """The tool refused the call (its text says why); the model sees it as the call's error."""


class SaasgymEnvironment:
    """One rollout's saasgym episode; `saasgym_environment` makes the subclass that carries the tools."""

    _base: str = ""
    _key: str | None = None
    _tasks: tuple[Task, ...] = ()

    def __init__(self) -> None:
        self._harness = Harness(self._base, self._key)
        self._turn = itertools.count()
        self._episode: Episode | None = None
        self._mcp: McpClient | None = None
        self.task: str | None = None
        self.episode_id: str | None = None
        self.verdict: Verdict | None = None

    def reset(self, task: str | None = None, seed: int | None = None, **row: Any) -> str:
        """Start a rollout: a new episode of `task` (else of the next of this environment's tasks)."""
        self._close()
        turn = next(self._turn)
        self.task = task or self._tasks[turn % len(self._tasks)].id
        self._episode = self._harness.create_episode(task=self.task, seed=seed)
        self._mcp = self._episode.mcp()
        self.episode_id, self.verdict = self._episode.id, None
        return self._episode.task.prompt if self._episode.task else ""

    def get_reward(self) -> float | None:
        """The verifier's score of the rollout (None when void: left out, never a 0); closes the episode."""
        if self._episode is None:
            raise RuntimeError("get_reward() before reset(): no episode to verify")
        self.verdict = self._episode.verify()
        self._close()
        return self.verdict.score

    def _call(self, name: str, arguments: dict[str, Any]) -> str:
        if self._mcp is None:
            raise RuntimeError(f"{name}: no episode (call reset() first, or the rollout was scored already)")
        result = self._mcp.call_tool(name, arguments)
        if result.is_error:
            raise ToolError(result.text)
        return result.text

    def _close(self) -> None:
        """Close this rollout's episode, if open (`get_reward` and the next `reset` do it)."""
        if self._mcp is not None:
            self._mcp.close()
        if self._episode is not None:
            self._episode.close()
        self._episode, self._mcp = None, None


def _known(harness: Harness, task_id: str) -> Task | None:
    try:
        return harness.task(task_id)
    except SaasgymError as exc:
        if exc.status == 404:
            return None
        raise


def _tasks(harness: Harness, tasks: list[str] | None, filters: dict[str, Any]) -> list[Task]:
    if tasks:
        named = {task_id: _known(harness, task_id) for task_id in dict.fromkeys(tasks)}
        missing = [task_id for task_id, t in named.items() if t is None]
        if missing:
            raise ValueError(f"unknown tasks: {', '.join(missing)}")
        found = [t for t in named.values() if t is not None and calls.keeps(t, filters)]
    else:
        found = harness.tasks(**filters)
    if not found:
        raise ValueError(f"no saasgym task matches {filters or 'the gateway'}")
    return found


def saasgym_environment(
    base: str,
    key: str | None = None,
    *,
    tasks: list[str] | None = None,
    tools: list[str] | None = None,
    **filters: Any,
) -> type[SaasgymEnvironment]:
    """The environment class for `GRPOTrainer(environment_factory=…)` over saasgym tasks.

    Args:
        base: the gateway's root URL.
        key: the harness key (default: $SAASGYM_HARNESS_KEY).
        tasks: task or instance ids (default: every task matching `filters`); an environment cycles
            through them when the dataset row names none.
        tools: only these MCP tools become methods (`complete_task` is always kept); default: all the
            tools of the tasks' apps.
        filters: `/v1/tasks` filters (kind, family, world, app, split, difficulty, tag).
    """
    with Harness(base, key) as harness:
        found = _tasks(harness, tasks, filters)
        apps = sorted({app for t in found for app in t.apps})
        with harness.create_episode(world=found[0].world, apps=apps) as probe, probe.mcp() as mcp:
            listed = mcp.list_tools()
    if tools is not None:
        unknown = sorted(set(tools) - {t.name for t in listed})
        if unknown:
            raise ValueError(f"no such tools in {', '.join(apps)}: {', '.join(unknown)}")
        listed = [t for t in listed if t.name in tools or t.name == COMPLETE]
    members: dict[str, Any] = {t.name: function_for(t, SaasgymEnvironment._call) for t in listed}
    members |= {"_base": base, "_key": key, "_tasks": tuple(found), "__doc__": SaasgymEnvironment.__doc__}
    return type("SaasgymEnvironment", (SaasgymEnvironment,), members)


def saasgym_dataset(
    base: str,
    key: str | None = None,
    *,
    tasks: list[str] | None = None,
    repeat: int = 1,
    system_prompt: str | None = SYSTEM_PROMPT,
    **filters: Any,
) -> Any:
    """A `datasets.Dataset` with one row per task (times `repeat`): `prompt` (the system prompt and an empty
    user message, which `reset` fills with the task's prompt) and `task` (its id, passed to `reset`).

    Args:
        base: the gateway's root URL.
        key: the harness key (default: $SAASGYM_HARNESS_KEY).
        tasks: task or instance ids (default: every task matching `filters`).
        repeat: how many rows per task.
        system_prompt: the system message of every row (None: none).
        filters: `/v1/tasks` filters (kind, family, world, app, split, difficulty, tag).
    """
    from datasets import Dataset

    with Harness(base, key) as harness:
        found = _tasks(harness, tasks, filters)
    system = [{"role": "system", "content": system_prompt}] if system_prompt else []
    rows = [{"prompt": [*system, {"role": "user", "content": ""}], "task": t.id} for t in found] * repeat
    return Dataset.from_list(rows)


__all__ = ["SaasgymEnvironment", "ToolError", "saasgym_dataset", "saasgym_environment"]
