"""Inspect AI driver: eight epochs of one saasgym task with Inspect's mockllm model; a scripted solver
issues the tool calls through Inspect's own `execute_tools` on the tools the adapter put on the state,
then `generate()` runs on mockllm with those tools and the scorer calls /verify."""

from __future__ import annotations

import json

from common import emit, load_job, resolve, with_completion
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ChatMessageAssistant, ModelAPI, execute_tools
from inspect_ai.solver import Generate, TaskState, generate, solver
from inspect_ai.tool import ToolCall
from saasgym_client.adapters.inspect import saasgym_task

job = load_job()


async def _estimate(self, text: str) -> int:
    return len(text) // 4


# mockllm counts input tokens with tiktoken, whose BPE file is downloaded at first use from a host this
# machine cannot reach (not a package registry); a length estimate stands in for that count only.
ModelAPI.count_text_tokens = _estimate


@solver
def scripted():
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        results: list = []
        for n, step in enumerate(with_completion(job["scripts"][state.epoch - 1])):
            call = ToolCall(id=f"c{n}", function=step["tool"], arguments=resolve(step["args"], results))
            state.messages.append(ChatMessageAssistant(content="", tool_calls=[call]))
            executed = await execute_tools(state.messages, state.tools)
            state.messages.extend(executed.messages)
            text = executed.messages[-1].text
            results.append(None if text.startswith("error:") else json.loads(text))
        return state

    return solve


task = saasgym_task(
    job["base"], job["key"], solver=[scripted(), generate()], epochs=len(job["scripts"]), ids=[job["task"]]
)
[log] = inspect_eval(task, model="mockllm/model", display="none", log_dir=job["log_dir"], score_display=False)
samples = sorted(log.samples or [], key=lambda s: s.epoch)
errors = [s.error.message for s in samples if s.error]
emit(
    {
        "status": log.status,
        "errors": errors,
        "outcomes": [
            (s.scores or {}).get("saasgym_verifier", {}) and s.scores["saasgym_verifier"].metadata["outcome"]
            for s in samples
        ],
        "values": [s.scores["saasgym_verifier"].value if s.scores else None for s in samples],
        "last": [s.messages[-1].role for s in samples],
        "accuracy": log.results.scores[0].metrics["accuracy"].value if log.results else None,
    }
)
