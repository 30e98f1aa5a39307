"""Trajectories in the formats trainers read: OpenAI-style chat messages with tool calls and tool results
(what SFT and most RL trainers take), and a Hugging Face `datasets` dataset of many episodes.

`to_messages(lines)` turns one episode's trajectory lines (lines.py) into one record: `messages` (the
system prompt, the task's prompt as the user's turn, then for each call an assistant turn with one tool call
and a `tool` turn with the observation's text as the performer received it), `tools` (the episode's tools as
function definitions, when the trajectory carries them) and `metadata` (episode, task, outcome, reward,
surfaces). Calls on every surface become tool calls (a UI form's save is the same action as its tool).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SYSTEM_PROMPT = (
    "You work in the company's business apps through the tools. Do exactly what is asked; "
    "call complete_task when done (answer questions there)."
)


def observation_text(observation: dict[str, Any] | None) -> str:
    """What a model was shown of a result: the MCP text blocks, else the result (or error) as JSON."""
    if observation is None:
        return ""
    if "content" in observation:
        return "\n".join(b.get("text", "") for b in observation["content"] if b.get("type") == "text")
    if "truncated" in observation:
        return observation.get("head", "")
    if observation.get("ok"):
        return json.dumps(observation.get("result"), ensure_ascii=False, sort_keys=True)
    return json.dumps({k: v for k, v in observation.items() if k != "ok"}, ensure_ascii=False, sort_keys=True)


def _function(tool: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": tool["name"],
            "description": tool.get("description", ""),
            "parameters": tool.get("input_schema") or {"type": "object", "properties": {}},
        },
    }


def to_messages(lines: list[dict[str, Any]], system_prompt: str | None = SYSTEM_PROMPT) -> dict[str, Any]:
    """One episode's trajectory as a chat record: {"messages", "tools", "metadata"}."""
    head = next(line for line in lines if line["type"] == "episode")
    verdict = next((line for line in lines if line["type"] == "verdict"), None)
    messages: list[dict[str, Any]] = [{"role": "system", "content": system_prompt}] if system_prompt else []
    if head.get("task"):
        messages.append({"role": "user", "content": head["task"]["prompt"]})
    surfaces: list[str] = []
    for line in lines:
        if line["type"] != "call":
            continue
        call_id = f"call_{line['seq']}"
        arguments = json.dumps(line["arguments"], ensure_ascii=False, sort_keys=True)
        call = {"id": call_id, "type": "function", "function": {"name": line["tool"], "arguments": arguments}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append(
            {"role": "tool", "tool_call_id": call_id, "content": observation_text(line.get("observation"))}
        )
        if line["surface"] not in surfaces:
            surfaces.append(line["surface"])
    task = head.get("task") or {}
    return {
        "messages": messages,
        "tools": [_function(t) for t in head.get("tools") or []],
        "metadata": {
            "episode_id": head["episode_id"],
            "world": head["world"],
            "task_id": task.get("id"),
            "family": task.get("family"),
            "split": task.get("split"),
            "outcome": verdict["outcome"] if verdict else None,
            "reward": verdict["reward"] if verdict else None,
            "surfaces": surfaces,
        },
    }


def hf_row(record: dict[str, Any], lines: list[dict[str, Any]]) -> dict[str, Any]:
    """One dataset row: the chat messages (nested), the tools and the whole trajectory as JSON text (their
    schemas vary per tool, which a columnar table cannot hold as structs), and the metadata as columns."""

    def calls(m: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": c["id"], "type": c["type"], **c["function"]} for c in m.get("tool_calls", ())]

    messages = [
        {
            "role": m["role"],
            "content": m.get("content"),
            "tool_call_id": m.get("tool_call_id"),
            "tool_calls": calls(m),
        }
        for m in record["messages"]
    ]
    meta = record["metadata"]
    return {
        **{k: v for k, v in meta.items() if k != "surfaces"},
        "surfaces": meta["surfaces"],
        "messages": messages,
        "tools_json": json.dumps(record["tools"], ensure_ascii=False, sort_keys=True),
        "trajectory_jsonl": "".join(json.dumps(x, ensure_ascii=False, sort_keys=True) + "\n" for x in lines),
    }


def write_hf(episodes: list[list[dict[str, Any]]], out: Path) -> int:
    """Save many episodes' trajectories as a Hugging Face dataset (`datasets.load_from_disk(out)`); returns
    how many rows. Needs the `datasets` package (`pip install 'saasgym[hf]'`)."""
    try:
        from datasets import Dataset
    except ImportError as exc:
        raise RuntimeError("the hf format needs the `datasets` package: pip install 'saasgym[hf]'") from exc
    rows = [hf_row(to_messages(lines), lines) for lines in episodes]
    Dataset.from_list(rows).save_to_disk(str(out))
    return len(rows)
