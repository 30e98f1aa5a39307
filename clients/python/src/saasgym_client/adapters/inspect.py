"""Inspect AI adapter (tested with inspect-ai 0.3.285): a `Task` over saasgym tasks.

`saasgym_task(base, key, …)` builds the dataset from `/v1/tasks` (one sample per task, the prompt as input).
Its setup solver provisions an episode per sample and gives the state the episode's MCP tools (as Inspect
`ToolDef`s that call `tools/call`); the scorer calls `/verify`: 1 for pass, 0 for fail or invalid, and a
void verdict raises `VoidVerdict`, so Inspect records a sample error (left out of the scores, retryable
with `--retry-on-error`) instead of a zero.
"""

from __future__ import annotations

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


_OPEN: dict[str, tuple[AsyncHarness, AsyncEpisode, AsyncMcpClient]] = {}  # by TaskState.uuid


@solver
def saasgym_setup(base: str, key: str | None = None) -> Solver:
    """Provision the sample's episode and put its MCP tools on the state."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        harness = AsyncHarness(base, key)
        episode = await harness.create_episode(task=str(state.sample_id))
        mcp = episode.mcp()
        _OPEN[state.uuid] = (harness, episode, mcp)
        state.metadata["episode_id"] = episode.id
        state.tools = [_tool_def(mcp, t) for t in await mcp.list_tools()]
        return state

    return solve


@scorer(metrics=[accuracy()])
def saasgym_verifier():
    """The saasgym verifier's verdict for the sample's episode (the episode is closed afterwards)."""

    async def score(state: TaskState, target: Target) -> Score:
        harness, episode, mcp = _OPEN.pop(state.uuid)
        try:
            verdict: Verdict = await episode.verify()
        finally:
            await mcp.aclose()
            await episode.close()
            await harness.aclose()
        if verdict.void:
            raise VoidVerdict(f"void verdict for {episode.id}: {verdict.reason_codes}")
        return Score(
            value=verdict.score,
            explanation=f"{verdict.outcome}: " + ", ".join(c["name"] for c in verdict.checks if not c["ok"]),
            metadata={"outcome": verdict.outcome, "reason_codes": verdict.reason_codes},
        )

    return score


def saasgym_task(
    base: str,
    key: str | None = None,
    solver: Solver | list[Solver] | None = None,
    epochs: int = 1,
    **filters: Any,
) -> Task:
    """A Task of the saasgym tasks matching `filters` (world, app, split, difficulty, tag, ids).

    `solver` is the agent (default: Inspect's `generate()` tool loop over the episode's tools).
    """
    from saasgym_client import Harness

    with Harness(base, key) as harness:
        tasks = harness.tasks(**filters)
    samples = [Sample(input=t.prompt, id=t.id, metadata={"world": t.world, "apps": t.apps}) for t in tasks]
    agent = solver if solver is not None else generate()
    chain = [saasgym_setup(base, key), *(agent if isinstance(agent, list) else [agent])]
    return Task(
        dataset=MemoryDataset(samples, name=SYSTEM), solver=chain, scorer=saasgym_verifier(), epochs=epochs
    )
