"""Browser events a page sends (the hidden `_trace` field of a form, or a beacon): parsed and sanitized before
they are recorded as the trajectory's GUI steps."""

from __future__ import annotations

import json
from typing import Any

MAX_EVENTS = 200
TRACE_FIELD = "_trace"
EVENT_KEYS = (
    *("type", "role", "name", "tag", "t", "value", "href", "form", "checked", "input_type", "id"),
    *("value_before", "option", "key", "ref", "url", "snapshot", "x", "y", "x2", "y2"),
    *("bx", "by", "bw", "bh", "vw", "vh", "dpr", "sx", "sy", "scroll_top", "scroll_left"),
    *("text", "cause", "submits"),
)


def parse_trace(raw: Any) -> list[dict[str, Any]]:
    """Browser events from the hidden `_trace` field or a beacon body: a JSON list, sanitized."""
    if not isinstance(raw, str) or not raw.strip():
        return []
    try:
        items = json.loads(raw)
    except ValueError:
        return []
    if isinstance(items, dict):
        items = items.get("events", [])
    if not isinstance(items, list):
        return []
    return [clean_event(ev) for ev in items[:MAX_EVENTS] if isinstance(ev, dict)]


def clean_event(ev: dict[str, Any]) -> dict[str, Any]:
    """Keep the known keys of one browser event, with short scalar values."""
    out: dict[str, Any] = {}
    for key in EVENT_KEYS:
        value = ev.get(key)
        if isinstance(value, bool | int | float):
            out[key] = value
        elif isinstance(value, str):
            out[key] = value[:500]
    out.setdefault("type", "event")
    return out
