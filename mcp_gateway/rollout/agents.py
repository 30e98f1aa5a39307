"""Agents the runner can drive. An agent gets the task's public part and a session with the episode's
tools; it must not see the truth. (The scripted agent is the exception by design: it replays the
oracle and exists to test the runner and the environment, not to be scored as a model.)
"""

from __future__ import annotations

import json
import random
from typing import Any, Protocol

from tasks.model import Task, TaskPublic
from tasks.oracle import resolve_args
from tasks.truth_model import OracleStep


class Session(Protocol):
    """What an agent can do in its episode."""

    async def tools(self) -> list[dict[str, Any]]: ...

    async def call(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]: ...


class Agent(Protocol):
    async def run(self, task: TaskPublic, session: Session, *, rollout: int) -> None: ...


class ScriptedAgent:
    """Replays the task's oracle; with `slip` > 0 it skips one random write step in that share of rollouts."""

    def __init__(self, tasks: dict[str, Task], slip: float = 0.0, seed: int = 0):
        self.tasks, self.slip, self.seed = tasks, slip, seed

    def steps(self, task_id: str, rollout: int) -> list[OracleStep]:
        """The steps this agent takes in rollout `rollout` of a task (harness adapters replay the same)."""
        steps = list(self.tasks[task_id].truth.oracle)
        rng = random.Random(f"{self.seed}:{task_id}:{rollout}")
        if self.slip and rng.random() < self.slip:
            writable = [i for i, s in enumerate(steps) if s.tool != "complete_task"]
            if writable:
                steps.pop(rng.choice(writable))
        return steps

    async def run(self, task: TaskPublic, session: Session, *, rollout: int) -> None:
        results: list[Any] = []
        for step in self.steps(task.id, rollout):
            ok, data = await session.call(step.tool, resolve_args(step.args, results))
            results.append(data if ok else None)


class ChatCompletionsAgent:
    """An OpenAI-compatible chat-completions model using the episode's tools (bring your own endpoint).

    Configured by base URL, API key and model name; runs until the model stops calling tools or
    `max_turns` is reached, then calls `complete_task` with the model's last message as the answer.
    """

    def __init__(self, base_url: str, api_key: str, model: str, max_turns: int = 30):
        self.base_url, self.api_key, self.model, self.max_turns = (
            base_url.rstrip("/"),
            api_key,
            model,
            max_turns,
        )

    async def run(self, task: TaskPublic, session: Session, *, rollout: int) -> None:
        import httpx

        tools = [
            {
                "type": "function",
                "function": {
                    "name": t["name"],
                    "description": t["description"][:1000],
                    "parameters": t["input_schema"],
                },
            }
            for t in await session.tools()
        ]
        messages: list[dict[str, Any]] = [
            {
                "role": "system",
                "content": "You work in the company's business apps through the tools. "
                "Do exactly what is asked; call complete_task when done (answer questions there).",
            },
            {"role": "user", "content": task.prompt},
        ]
        headers = {"Authorization": f"Bearer {self.api_key}"}
        async with httpx.AsyncClient(timeout=120) as http:
            for _ in range(self.max_turns):
                reply = await http.post(
                    f"{self.base_url}/chat/completions",
                    headers=headers,
                    json={"model": self.model, "messages": messages, "tools": tools},
                )
                reply.raise_for_status()
                message = reply.json()["choices"][0]["message"]
                messages.append(message)
                calls = message.get("tool_calls") or []
                if not calls:
                    await session.call("complete_task", {"answer": message.get("content") or None})
                    return
                for call in calls:
                    name = call["function"]["name"]
                    args = json.loads(call["function"]["arguments"] or "{}")
                    ok, data = await session.call(name, args)
                    if name == "complete_task" and ok:
                        return
                    content = json.dumps(data, default=str)[:20_000]
                    messages.append({"role": "tool", "tool_call_id": call["id"], "content": content})
