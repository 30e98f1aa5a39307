"""Run K rollouts of each task concurrently, in-process or against a gateway URL, and score them."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import anyio

from apps.core.api import Episode, Gym
from apps.core.naming import split_qualified
from mcp_gateway.rollout.agents import Agent
from mcp_gateway.rollout.metrics import summarize
from tasks.arrivals import begin
from tasks.model import Task
from tasks.verifier import verify


@dataclass
class RolloutResult:
    task: str
    rollout: int
    episode_id: str | None
    outcome: str
    reward: int | None
    reason_codes: list[str]
    seconds: float
    error: str | None = None


class LocalSession:
    """An agent session on an in-process episode (surface `python`)."""

    def __init__(self, episode: Episode):
        self.episode = episode

    async def tools(self) -> list[dict[str, Any]]:
        listed = [
            {"name": t.name, "description": t.description, "input_schema": t.input_schema}
            for t in self.episode.tools()
        ]
        listed.append(
            {
                "name": "complete_task",
                "description": "Finish your task (optional answer).",
                "input_schema": {"type": "object", "properties": {"answer": {"type": "string"}}},
            }
        )
        return listed

    async def call(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
        if tool == "complete_task":
            outcome = self.episode.complete_task(arguments.get("answer"))
        else:
            found = split_qualified(tool, self.episode.apps)
            if found is None:
                return False, f"unknown tool {tool!r}"
            outcome = await anyio.to_thread.run_sync(lambda: self.episode.invoke(*found, arguments))
        return outcome.ok, outcome.data() if outcome.ok else outcome.error


class McpSession:
    """An agent session over MCP on the episode's combined endpoint."""

    def __init__(self, client: Any):
        self.client = client

    async def tools(self) -> list[dict[str, Any]]:
        listed = (await self.client.list_tools()).tools
        return [
            {"name": t.name, "description": t.description or "", "input_schema": t.input_schema}
            for t in listed
        ]

    async def call(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
        result = await self.client.call_tool(tool, arguments)
        if result.is_error:
            return False, " ".join(getattr(c, "text", "") for c in result.content)
        return True, result.structured_content


def _trajectory_path(folder: Path, task: str, rollout: int) -> Path:
    return folder / f"{task}__{rollout}.jsonl"


def _save_local(folder: Path | None, episode: Episode, task: Task, rollout: int, verdict: Any) -> None:
    """Write the rollout's trajectory (docs/TRAJECTORY.md) into `folder`, when one is given."""
    if folder is None:
        return
    from mcp_gateway.trajectory.record import lines, to_jsonl, tool_listing

    found = lines(episode, episode.id, verdict=verdict.as_dict(), tools=tool_listing(episode))
    _trajectory_path(folder, task.id, rollout).write_text(to_jsonl(found), encoding="utf-8")


async def _local(gym: Gym, task: Task, agent: Agent, rollout: int, save: Path | None = None) -> RolloutResult:
    start = time.perf_counter()
    episode = await anyio.to_thread.run_sync(
        lambda: gym.create_episode(task.public.world, apps=task.public.apps)
    )
    begin(episode, task)
    try:
        await agent.run(task.public, LocalSession(episode), rollout=rollout)
        verdict = await anyio.to_thread.run_sync(lambda: verify(episode, task))
        await anyio.to_thread.run_sync(lambda: _save_local(save, episode, task, rollout, verdict))
        return RolloutResult(
            task.id,
            rollout,
            episode.id,
            verdict.outcome,
            verdict.reward,
            verdict.reason_codes,
            time.perf_counter() - start,
        )
    except Exception as exc:  # the agent or the environment broke: void, not a zero
        return RolloutResult(
            task.id,
            rollout,
            episode.id,
            "void",
            None,
            ["rollout_error"],
            time.perf_counter() - start,
            f"{type(exc).__name__}: {exc}",
        )
    finally:
        episode.close()


async def _remote(
    base: str, key: str, task: Task, agent: Agent, rollout: int, save: Path | None = None
) -> RolloutResult:
    import httpx
    from mcp.client import Client

    start = time.perf_counter()
    headers = {"Authorization": f"Bearer {key}"}
    episode_id = None
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as api:
        try:
            made = await api.post("/v1/episodes", json={"task": task.id})
            made.raise_for_status()
            body = made.json()
            episode_id = body["episode_id"]
            async with Client(body["urls"]["mcp"]) as client:
                await agent.run(task.public, McpSession(client), rollout=rollout)
            verdict = (await api.post(f"/v1/episodes/{episode_id}/verify")).json()
            if save is not None:  # the trajectory with the verdict just recorded, before the episode closes
                got = await api.get(f"/v1/episodes/{episode_id}/trajectory", params={"tools": "true"})
                got.raise_for_status()
                _trajectory_path(save, task.id, rollout).write_text(got.text, encoding="utf-8")
            return RolloutResult(
                task.id,
                rollout,
                episode_id,
                verdict["outcome"],
                verdict["reward"],
                verdict["reason_codes"],
                time.perf_counter() - start,
            )
        except Exception as exc:
            return RolloutResult(
                task.id,
                rollout,
                episode_id,
                "void",
                None,
                ["rollout_error"],
                time.perf_counter() - start,
                f"{type(exc).__name__}: {exc}",
            )
        finally:
            if episode_id:
                await api.delete(f"/v1/episodes/{episode_id}")


async def run_rollouts(
    tasks: list[Task],
    agent: Agent,
    *,
    k: int,
    parallel: int,
    gym: Gym | None = None,
    url: str | None = None,
    key: str | None = None,
    on_done=None,
    save_trajectories: Path | None = None,
) -> list[RolloutResult]:
    """K rollouts of each task, at most `parallel` at once; `on_done(result)` after each; with
    `save_trajectories`, each rollout's trajectory as `<task>__<rollout>.jsonl` in that folder."""
    if save_trajectories is not None:
        save_trajectories.mkdir(parents=True, exist_ok=True)
    results: list[RolloutResult] = []
    limiter = anyio.CapacityLimiter(parallel)

    async def one(task: Task, i: int) -> None:
        async with limiter:
            if url:
                result = await _remote(url.rstrip("/"), key or "", task, agent, i, save_trajectories)
            else:
                result = await _local(gym, task, agent, i, save_trajectories)
        results.append(result)
        if on_done:
            on_done(result)

    async with anyio.create_task_group() as tg:
        for task in tasks:
            for i in range(k):
                tg.start_soon(one, task, i)
    return sorted(results, key=lambda r: (r.task, r.rollout))


def report(results: list[RolloutResult], k: int) -> dict[str, Any]:
    """Per-task and overall metrics: pass@1, pass@k, pass^k, void counts."""
    ks = sorted({1, k} | {x for x in (2, 4, 8) if x < k})
    per_task = {}
    for task in sorted({r.task for r in results}):
        per_task[task] = summarize([r.outcome for r in results if r.task == task], ks)
    overall = summarize([r.outcome for r in results], [1])
    return {"tasks": per_task, "overall": overall}


def write_jsonl(results: list[RolloutResult], path: Path) -> None:
    path.write_text("".join(json.dumps(asdict(r)) + "\n" for r in results))
