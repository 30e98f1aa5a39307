"""Inspect AI adapter (tested with inspect-ai 0.3.285): a `Task` over saasgym tasks and family instances.

`saasgym_task(base, key, …)` builds the dataset from `/v1/tasks` (one sample per task, the prompt as input;
filters: kind, family, world, app, split, difficulty, tag, ids). Its setup solver provisions an episode per
sample and epoch and gives the state the episode's MCP tools (as Inspect `ToolDef`s that call `tools/call`);
the scorer calls `/verify`: 1 for pass, 0 for fail or invalid, and a void verdict raises `VoidVerdict`, so
Inspect records a sample error (left out of the scores, retryable with `--retry-on-error`) instead of a zero.
The task's `cleanup` closes the episode after every sample, whatever happened to it (a solver's error, a
time or message limit, a cancelled eval).

Any Inspect model runs the agent; offline, a model served behind an OpenAI-compatible endpoint (vLLM,
SGLang, llama.cpp …) through Inspect's `openai-api` provider needs nothing downloaded:
`eval(task, model="openai-api/local/<model>")` with `LOCAL_BASE_URL` and `LOCAL_API_KEY` set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Score, Target, accuracy, scorer
from inspect_ai.solver import Generate, Solver, TaskState, generate, solver
from inspect_ai.tool import ToolDef, ToolParams

from saasgym_client import AsyncEpisode, AsyncHarness, AsyncMcpClient, Tool, Verdict

SYSTEM = "saasgym"


class VoidVerdict(RuntimeError):
    """The verifier could not score the episode (it was lost or the environment broke)."""


def _tool_def(mcp: AsyncMcpClient, tool: Tool) -> ToolDef:
    async def call(**arguments: Any) -> str:
        result = await mcp.call_tool(tool.name, arguments)
        return f"error: {result.text}" if result.is_error else result.text

    schema = tool.input_schema
    properties = {  # Inspect requires a description on every parameter
        name: {"description": prop.get("title") or name} | prop
        for name, prop in (schema.get("properties") or {}).items()
    }
    params = ToolParams.model_validate({"properties": properties, "required": schema.get("required", [])})
    return ToolDef(call, name=tool.name, description=tool.description or tool.name, parameters=params)


@dataclass
class _Rollout:
    """One sample's harness, episode and MCP connection (each set once it exists)."""

    harness: AsyncHarness
    episode: AsyncEpisode | None = None
    mcp: AsyncMcpClient | None = None

    async def close(self) -> None:
        """Close the MCP connection, the episode and the harness (what exists of them)."""
        if self.mcp is not None:
            await self.mcp.aclose()
        await self.harness.aclose()  # closes the episode if nothing did (shielded from cancellation)


_OPEN: dict[str, _Rollout] = {}  # by TaskState.uuid


@solver
def saasgym_setup(base: str, key: str | None = None) -> Solver:
    """Provision the sample's episode and put its MCP tools on the state."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        rollout = _OPEN[state.uuid] = _Rollout(AsyncHarness(base, key))  # registered before anything can fail
        rollout.episode = await rollout.harness.create_episode(task=str(state.sample_id))
        rollout.mcp = rollout.episode.mcp()
        state.metadata["episode_id"] = rollout.episode.id
        state.tools = [_tool_def(rollout.mcp, t) for t in await rollout.mcp.list_tools()]
        return state

    return solve


@scorer(metrics=[accuracy()])
def saasgym_verifier():
    """The saasgym verifier's verdict for the sample's episode."""

    async def score(state: TaskState, target: Target) -> Score:
        rollout = _OPEN.get(state.uuid)
        if rollout is None or rollout.episode is None:
            raise VoidVerdict(f"no saasgym episode for sample {state.sample_id}: its setup did not run")
        verdict: Verdict = await rollout.episode.verify()
        await rollout.episode.close()
        if verdict.void:
            raise VoidVerdict(f"void verdict for {rollout.episode.id}: {verdict.reason_codes}")
        return Score(
            value=verdict.score,
            explanation=f"{verdict.outcome}: " + ", ".join(c["name"] for c in verdict.checks if not c["ok"]),
            metadata={
                "outcome": verdict.outcome,
                "reason_codes": verdict.reason_codes,
                "verdict_id": verdict.verdict_id,
                "progress": verdict.progress,
            },
        )

    return score


async def saasgym_cleanup(state: TaskState) -> None:
    """After every sample, however it ended: close its episode, MCP connection and harness."""
    rollout = _OPEN.pop(state.uuid, None)
    if rollout is not None:
        await rollout.close()


def saasgym_task(
    base: str,
    key: str | None = None,
    solver: Solver | list[Solver] | None = None,
    epochs: int = 1,
    ids: list[str] | None = None,
    **filters: Any,
) -> Task:
    """A Task of the saasgym tasks matching `filters` (kind, family, world, app, split, difficulty, tag) or
    exactly the tasks and instances `ids` names.

    `solver` is the agent (default: Inspect's `generate()` tool loop over the episode's tools).
    """
    from saasgym_client import Harness

    with Harness(base, key) as harness:
        tasks = harness.tasks(ids, **filters)
    samples = [
        Sample(input=t.prompt, id=t.id, metadata={"world": t.world, "apps": t.apps, "family": t.family})
        for t in tasks
    ]
    agent = solver if solver is not None else generate()
    chain = [saasgym_setup(base, key), *(agent if isinstance(agent, list) else [agent])]
    return Task(
        dataset=MemoryDataset(samples, name=SYSTEM),
        solver=chain,
        scorer=saasgym_verifier(),
        epochs=epochs,
        cleanup=saasgym_cleanup,
    )
