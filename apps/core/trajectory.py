"""GUI trajectories: an episode's browser steps as JSON lines (docs/TRAJECTORY.md, JSON Schema in
docs/trajectory.schema.json).

Built from the event log alone (`Episode.events_jsonl()`): every event the page script recorded
(apps/core/static/trace.js) becomes one step, in the browser's own order, with the tool call it led to
(the action whose form carried it) and the journal rows that call wrote. Server-side page views are not
steps: each step carries the URL it happened on, so navigation shows as the URL changing.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA = "saasgym.gui-trajectory/1"
ACTION_TYPES = ("click", "double-click", "type", "key", "scroll", "select", "check", "drag", "submit")


def _int(detail: dict[str, Any], key: str) -> int | None:
    value = detail.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _step(index: int, episode_id: str, ev: dict[str, Any], call: dict[str, Any] | None) -> dict[str, Any]:
    d = ev["detail"]
    action: dict[str, Any] = {"type": d["type"]}
    for key, out in (("value_before", "value_before"), ("value", "value_after"), ("key", "key")):
        if key in d:
            action[out] = d[key]
    for key in ("checked", "option", "scroll_top", "scroll_left"):
        if key in d:
            action[key] = d[key]
    pointer = {"x": _int(d, "x"), "y": _int(d, "y")}
    if "x2" in d:
        pointer |= {"x2": _int(d, "x2"), "y2": _int(d, "y2")}
    return {
        "schema": SCHEMA,
        "episode_id": episode_id,
        "step": index,
        "seq": ev["seq"],
        "app": ev["app"],
        "time_ms": _int(d, "t"),
        "action": action,
        "pointer": pointer,
        "viewport": {
            "width": _int(d, "vw"),
            "height": _int(d, "vh"),
            "device_pixel_ratio": d.get("dpr"),
            "scroll_x": _int(d, "sx"),
            "scroll_y": _int(d, "sy"),
        },
        "target": {
            "ref": d.get("ref"),
            "role": d.get("role"),
            "name": d.get("name"),
            "tag": d.get("tag"),
            "element_id": d.get("id"),
            "form": d.get("form"),
            "href": d.get("href"),
            "input_type": d.get("input_type"),
            "bbox": {
                "x": _int(d, "bx"),
                "y": _int(d, "by"),
                "width": _int(d, "bw"),
                "height": _int(d, "bh"),
            },
        },
        "page": {"url": d.get("url"), "a11y_snapshot_id": d.get("snapshot")},
        "tool_call": None
        if call is None
        else {
            "seq": call["seq"],
            "tool": f"{call['app']}_{call['name']}",
            "args": call["args"],
            "outcome": call["outcome"],
            "error": call["error"],
        },
        "journal": [] if call is None else call.get("changes", []),
    }


def steps(events_jsonl: str, episode_id: str) -> list[dict[str, Any]]:
    """The GUI steps of an event log (JSON lines from `Episode.events_jsonl()`), oldest first.

    Args:
        events_jsonl: the episode's event log as JSON lines.
        episode_id: the episode the log belongs to (copied into every step).
    """
    events = [json.loads(line) for line in events_jsonl.splitlines() if line.strip()]
    actions = {e["seq"]: e for e in events if e["kind"] == "action"}
    browser = [
        e
        for e in events
        if e["kind"] == "browser"
        and isinstance(e.get("detail"), dict)
        and e["detail"].get("type") in ACTION_TYPES
        and "t" in e["detail"]  # recorded by the page script, not a server-side page view
    ]
    browser.sort(key=lambda e: (e["detail"]["t"], e["seq"]))
    return [_step(i, episode_id, e, actions.get(e["led_to"])) for i, e in enumerate(browser, start=1)]


def to_jsonl(events_jsonl: str, episode_id: str) -> str:
    """The GUI trajectory as JSON lines (one step a line).

    Args:
        events_jsonl: the episode's event log as JSON lines.
        episode_id: the episode the log belongs to.
    """
    lines = [json.dumps(s, sort_keys=True, ensure_ascii=False) for s in steps(events_jsonl, episode_id)]
    return "\n".join(lines) + ("\n" if lines else "")
