"""An episode's whole trajectory as lines (`saasgym.trajectory/1`, see lines.py): every call on every surface
with its full arguments and the observation the performer received, the time each call let pass, what
personas sent meanwhile, the browser steps, and the verdict.

Built from the episode's own logs — the event log (calls, outcomes, journal entries, browser events), the
observation log (arguments and results as received) — and, for arrivals, each app's `arrivals` reader
(`apps/<app>/arrivals.py`, where the app has personas). Reading them changes nothing.
"""

from __future__ import annotations

import functools
import importlib
import json
from datetime import datetime, timedelta
from typing import Any

from apps.core import trajectory as gui
from apps.core.naming import qualified
from mcp_gateway.trajectory.lines import SCHEMA


@functools.cache
def _reader(app: str) -> Any:
    """The app's arrivals reader, or None when it has none."""
    try:
        return importlib.import_module(f"apps.{app}.arrivals").arrivals
    except ModuleNotFoundError:
        return None


def tool_listing(episode: Any) -> list[dict[str, Any]]:
    """The episode's tools as its combined MCP endpoint lists them: name, description, input schema."""
    from apps.core.mcp_tools import COMPLETE_TASK_DOC, CompleteTaskArgs
    from apps.core.tool_schema import portable

    listed = [
        {"name": t.name, "description": t.description, "input_schema": t.input_schema}
        for t in episode.tools()
    ]
    done = portable(CompleteTaskArgs.model_json_schema())
    return [*listed, {"name": "complete_task", "description": COMPLETE_TASK_DOC, "input_schema": done}]


def _iso(start: datetime, tick: int) -> str:
    return (start + timedelta(seconds=tick)).isoformat()


def header(episode: Any, episode_id: str, seed: int | None, tools: list[dict] | None) -> dict[str, Any]:
    line = {
        "type": "episode",
        "schema": SCHEMA,
        "episode_id": episode_id,
        "world": episode.world.name,
        "apps": list(episode.apps),
        "task": episode.task.model_dump(mode="json") if episode.task is not None else None,
        "seed": seed,
        "started_at": episode.world.now.isoformat(),
    }
    if tools is not None:
        line["tools"] = tools
    return line


def _arrivals(episode: Any, event: dict[str, Any]) -> list[dict[str, Any]]:
    changes = event.get("changes") or []
    if not changes:
        return []

    def lookup(sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return list(episode.db.execute_raw(sql, params))

    found = []
    for app in episode.apps:
        read = _reader(app)
        if read is not None:
            acting = episode.apps[app].acting_user(episode.world)
            found += read([c for c in changes if c["table"].startswith(f"{app}_")], acting, lookup)
    at = {"type": "arrival", "seq": event["seq"], "logical_time": event["logical_time"]}
    return [at | a for a in found]


def _call(event: dict[str, Any], observed: dict[int, tuple[dict | None, dict]]) -> dict[str, Any]:
    arguments, observation = observed.get(event["seq"], (None, None))
    tool = qualified(event["app"], event["name"]) if event["app"] else event["name"]
    return {
        "type": "call",
        "seq": event["seq"],
        "logical_time": event["logical_time"],
        "surface": event["surface"],
        "tool": tool,
        "arguments": arguments if arguments is not None else (event["args"] or {}),
        "outcome": event["outcome"],
        "error": event["error"],
        "observation": observation,
        "changes": event.get("changes") or [],
    }


def lines(
    episode: Any,
    episode_id: str,
    *,
    seed: int | None = None,
    verdict: dict[str, Any] | None = None,
    tools: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The trajectory of a live `episode` (apps.core Episode) as line dicts, in order.

    Args:
        episode: the episode (its logs are read under its lock).
        episode_id: the id to stamp on the lines.
        seed: the episode's recorded seed.
        verdict: the verdict it was scored with (the last one), if any.
        tools: the tool listing to put in the `episode` line (None: left out).
    """
    with episode.lock:  # the logs and the state as of one action boundary
        events_jsonl = episode.events_jsonl()
        observed = episode.observations()
        state_hash, clock, (completed, answer) = episode.state_hash(), episode.now, episode.completed
    events = [json.loads(line) for line in events_jsonl.splitlines() if line.strip()]
    steps = {s["seq"]: s for s in gui.steps(events_jsonl, episode_id)}
    out = [header(episode, episode_id, seed, tools)]
    start, previous = episode.world.now, 0
    for event in events:
        if event["kind"] == "action":
            waited = event["tick"] - previous - 1
            if waited > 0:
                span = {"start": _iso(start, previous + 1), "end": _iso(start, event["tick"])}
                out.append({"type": "time", "seq": event["seq"], "seconds": waited, **span})
            out.append(_call(event, observed))
            out += _arrivals(episode, event)
        elif event["seq"] in steps:
            out.append({"type": "gui_step", "seq": event["seq"], "gui": steps[event["seq"]]})
        previous = max(previous, event["tick"])
    end = {"type": "end", "state_hash": state_hash, "logical_time": clock.isoformat()}
    out.append(end | {"completed": completed, "answer": answer})
    if verdict is not None:
        out.append({"type": "verdict", **verdict})
    return out


def to_jsonl(records: list[dict[str, Any]]) -> str:
    """Lines as JSON lines (keys sorted, UTF-8 kept)."""
    body = "\n".join(json.dumps(r, sort_keys=True, ensure_ascii=False, default=str) for r in records)
    return body + ("\n" if records else "")
