"""Inspect AI driver, run as the docs say, offline: eight epochs of one saasgym task with the model behind an
OpenAI-compatible endpoint through Inspect's `openai-api` provider (the scripted chat server stands in for a
local vLLM: one script per epoch, one tool call per turn), driven by Inspect's own `generate()` tool loop
over the tools the adapter put on the state; the scorer calls /verify. Nothing is downloaded (no tiktoken
file, no hub) and nothing of Inspect is patched.

Then two runs whose samples fail before scoring — a solver that raises, and one past the sample's time
limit — after which no episode of the task may be live."""

from __future__ import annotations

import asyncio
import os

from common import emit, live_episodes, load_job, with_completion
from inspect_ai import eval as inspect_eval
from inspect_ai.solver import Generate, TaskState, solver
from saasgym_client.adapters.inspect import saasgym_task
from scripted_chat import SESSION, ScriptedChat

job = load_job()
os.environ["LOCAL_API_KEY"] = "unused"


@solver
def agent():
    """Inspect's tool loop on the model; the session header names the epoch (the script it replays)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return await generate(state, extra_headers={SESSION: str(state.epoch)})

    return solve


@solver
def crashing():
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        raise RuntimeError("the agent crashed")

    return solve


@solver
def slow():
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        await asyncio.sleep(30)
        return state

    return solve


scripts = [with_completion(s) for s in job["scripts"]]
with ScriptedChat(scripts) as chat:
    chat.index_of = lambda session: int(session) - 1
    os.environ["LOCAL_BASE_URL"] = chat.base_url
    task = saasgym_task(job["base"], job["key"], solver=agent(), epochs=len(scripts), ids=[job["task"]])
    [log] = inspect_eval(
        task, model="openai-api/local/scripted", display="none", log_dir=job["log_dir"], score_display=False
    )
samples = sorted(log.samples or [], key=lambda s: s.epoch)
out = {
    "status": log.status,
    "errors": [s.error.message for s in samples if s.error],
    "outcomes": [s.scores["saasgym_verifier"].metadata["outcome"] if s.scores else None for s in samples],
    "values": [s.scores["saasgym_verifier"].value if s.scores else None for s in samples],
    "tool_calls": [
        sum(len(m.tool_calls or []) for m in s.messages if m.role == "assistant") for s in samples
    ],
    "last": [s.messages[-1].role for s in samples],
    "accuracy": log.results.scores[0].metrics["accuracy"].value if log.results else None,
    "live_after": live_episodes(job["base"], job["key"], job["task"]),
}
for name, failing, limit in (("crash", crashing(), None), ("timeout", slow(), 2)):
    task = saasgym_task(job["base"], job["key"], solver=failing, epochs=2, ids=[job["task"]])
    options = {"display": "none", "log_dir": job["log_dir"], "time_limit": limit, "fail_on_error": False}
    [failed] = inspect_eval(task, model="mockllm/model", **options)
    out[name] = {
        "errors": [bool(s.error) or s.limit is not None for s in failed.samples or []],
        "scored": [bool(s.scores) for s in failed.samples or []],
        "live_after": live_episodes(job["base"], job["key"], job["task"]),
    }
emit(out)
