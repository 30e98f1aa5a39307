"""OpenEnv driver: the rollouts through `SaasgymEnvironment` and, concurrently, through the session
factory driven by openenv's own `MCPHarnessAdapter` with a scripted model step; openenv.yaml parsed by
openenv's validator."""

from __future__ import annotations

import contextlib
import gc
import json
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from pathlib import Path

from common import emit, live_episodes, load_job, resolve, with_completion
from openenv.core.env_server.mcp_types import CallToolAction
from openenv.core.harness import HarnessRunLimits, MCPHarnessAdapter, ModelStepResult
from openenv.core.llm_client import LLMResponse, ToolCall
from openenv.validation.parsers.openenv_yaml import OpenEnvYamlParser
from saasgym_client import Harness
from saasgym_client.adapters.openenv import SaasgymEnvironment, SaasgymSessionFactory

job = load_job()


def environment_rollout(script: list[dict]) -> dict:
    env = SaasgymEnvironment(job["base"], job["key"], tasks=[job["task"]])
    try:
        first = env.reset(task=job["task"])
        results, obs = [], None
        for step in with_completion(script):
            obs = env.step(CallToolAction(tool_name=step["tool"], arguments=resolve(step["args"], results)))
            results.append(None if obs.result["is_error"] else obs.result["data"])
        return {
            "outcome": obs.metadata["outcome"],
            "reward": obs.reward,
            "done": obs.done,
            "steps": env.state.step_count,
            "tools": len(first.tools),
            "prompt": bool(first.prompt),
        }
    finally:
        env.close()


def scripted_model(script: list[dict]):
    steps = with_completion(script)

    def model_step(messages, tools, sampling):
        results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
        if len(results) >= len(steps):
            return ModelStepResult(response=LLMResponse(content="done"))
        step = steps[len(results)]
        call = ToolCall(id=f"c{len(results)}", name=step["tool"], args=resolve(step["args"], results))
        return ModelStepResult(response=LLMResponse(content="", tool_calls=[call]))

    return model_step


def session_rollout(factory: SaasgymSessionFactory, i: int, script: list[dict]) -> dict:
    session = factory.create(job["task"], seed=i)
    try:
        run = MCPHarnessAdapter().run_white_box(
            scripted_model(script), session, HarnessRunLimits(max_turns=20)
        )
        verified = session.verify(run.messages)
        return {"outcome": verified.metrics["outcome"], "reward": verified.env_reward, "done": run.done}
    finally:
        session.close()


manifest = OpenEnvYamlParser().parse(Path(str(files("saasgym_client.adapters"))))
env_runs = [environment_rollout(s) for s in job["scripts"]]
factory = SaasgymSessionFactory(job["base"], job["key"])
with ThreadPoolExecutor(max_workers=len(job["scripts"])) as pool:
    session_runs = list(pool.map(lambda a: session_rollout(factory, *a), enumerate(job["scripts"])))
factory.close()


def instance_rollout() -> dict:
    """A family instance chosen by filters: reset serves it, complete_task alone scores it."""
    env = SaasgymEnvironment(job["base"], job["key"], family=job["family"], split="dev")
    try:
        first = env.reset()
        done = env.step(CallToolAction(tool_name="complete_task", arguments={}))
        return {"task": first.task_id, "tasks": len(env.tasks), "outcome": done.metadata["outcome"]}
    finally:
        env.close()


def crashes() -> list[str]:
    """Rollouts that die before their end: an environment dropped mid-episode, a session whose model step
    raises and is never closed (its factory is). Returns the ids of their episodes."""
    env = SaasgymEnvironment(job["base"], job["key"], tasks=[job["task"]])
    env.reset()
    dropped = env.state.episode_id
    del env
    gc.collect()
    crashed = SaasgymSessionFactory(job["base"], job["key"])
    session = crashed.create(job["task"])

    def broken_model(messages, tools, sampling):
        raise RuntimeError("the model server went away")

    with contextlib.suppress(RuntimeError):
        MCPHarnessAdapter().run_white_box(broken_model, session, HarnessRunLimits(max_turns=5))
    crashed.close()
    return [dropped, session.episode.id]


instance = instance_rollout()
lost = crashes()
with Harness(job["base"], job["key"]) as gym:
    states = [gym.episode(e).state for e in lost]
emit(
    {
        "manifest": manifest.name,
        "environment": env_runs,
        "sessions": session_runs,
        "instance": instance,
        "crashed_states": states,
        "live_after": live_episodes(job["base"], job["key"], job["task"]),
    }
)
