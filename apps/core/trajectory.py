"""GUI trajectories: an episode's browser steps as JSON lines (docs/TRAJECTORY.md, JSON Schema in
docs/trajectory.schema.json).

Built from the event log alone (`Episode.events_jsonl()`): every user input the page script recorded
(apps/core/static/trace.js) becomes one step, in the browser's own order. A step carries the tool calls it
caused — the click on Save, the Enter, the choice, the typing an autosave sent: the call its event points at
(`led_to`) and the later calls of the same submit, which point back at the step — and the journal rows they
wrote; every other step carries none. Server-side page views are not steps: each step carries the URL it
happened on, so navigation shows as the URL changing. Steps of older logs of type "submit" (a form's submit,
the effect of the click or key before it) are left out.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA = "saasgym.gui-trajectory/1"
ACTION_TYPES = ("click", "double-click", "type", "key", "scroll", "select", "check", "drag")


def _int(detail: dict[str, Any], key: str) -> int | None:
    value = detail.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _call(call: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": call["seq"],
        "tool": f"{call['app']}_{call['name']}" if call["app"] else call["name"],
        "args": call["args"],
        "outcome": call["outcome"],
        "error": call["error"],
    }


def _step(index: int, episode_id: str, ev: dict[str, Any], calls: list[dict[str, Any]]) -> dict[str, Any]:
    d = ev["detail"]
    action: dict[str, Any] = {"type": d["type"]}
    for key, out in (("value_before", "value_before"), ("value", "value_after"), ("key", "key")):
        if key in d:
            action[out] = d[key]
    for key in ("checked", "option", "scroll_top", "scroll_left", "text"):
        if key in d:
            action[key] = d[key]
    if d.get("submits"):
        action["submits"] = True
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
        "tool_call": _call(calls[0]) if calls else None,
        "tool_calls": [_call(c) for c in calls],
        "journal": [row for c in calls for row in c.get("changes", [])],
    }


def steps(events_jsonl: str, episode_id: str) -> list[dict[str, Any]]:
    """The GUI steps of an event log (JSON lines from `Episode.events_jsonl()`), oldest first.

    Args:
        events_jsonl: the episode's event log as JSON lines.
        episode_id: the episode the log belongs to (copied into every step).
    """
    events = [json.loads(line) for line in events_jsonl.splitlines() if line.strip()]
    actions = {e["seq"]: e for e in events if e["kind"] == "action"}
    later: dict[int, list[dict[str, Any]]] = {}  # step seq -> the later calls of its submit
    for call in actions.values():
        if call.get("led_to") is not None:
            later.setdefault(call["led_to"], []).append(call)
    browser = [
        e
        for e in events
        if e["kind"] == "browser"
        and isinstance(e.get("detail"), dict)
        and e["detail"].get("type") in ACTION_TYPES
        and "t" in e["detail"]  # recorded by the page script, not a server-side page view
    ]
    browser.sort(key=lambda e: (e["detail"]["t"], e["seq"]))
    out = []
    for i, e in enumerate(browser, start=1):
        first = actions.get(e["led_to"]) if e.get("led_to") is not None else None
        calls = ([first] if first else []) + sorted(later.get(e["seq"], []), key=lambda c: c["seq"])
        out.append(_step(i, episode_id, e, calls))
    return out


def to_jsonl(events_jsonl: str, episode_id: str) -> str:
    """The GUI trajectory as JSON lines (one step a line).

    Args:
        events_jsonl: the episode's event log as JSON lines.
        episode_id: the episode the log belongs to.
    """
    lines = [json.dumps(s, sort_keys=True, ensure_ascii=False) for s in steps(events_jsonl, episode_id)]
    return "\n".join(lines) + ("\n" if lines else "")
