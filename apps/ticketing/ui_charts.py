"""The geometry of the homepage's report gauges, drawn as SVG: a pie's slices and a bar chart's bars and
gridlines, in the report palette of the platform's charts (blue, green, yellow, orange, purple …)."""

from __future__ import annotations

import math
from typing import Any

PALETTE = ("#278ecf", "#4bd762", "#ffca1f", "#ff9416", "#d42ae8", "#535ad7", "#ff402c", "#83bfff")


def _point(cx: float, cy: float, r: float, turn: float) -> str:
    """The point at `turn` (0..1, clockwise from 12 o'clock) on the circle (cx, cy, r), as "x y"."""
    angle = 2 * math.pi * turn - math.pi / 2
    return f"{cx + r * math.cos(angle):.2f} {cy + r * math.sin(angle):.2f}"


def pie(slices: list[dict[str, Any]], size: int = 180) -> list[dict[str, Any]]:
    """Each slice with its colour, its share in percent, its SVG path (`d`; a lone slice: a circle, `d`
    empty) and where its value's label sits outside the pie (lx, ly, anchor).

    Args:
        slices: dicts with a "count" (kept, with every other key).
        size: the pie's width and height in SVG units.
    """
    total = sum(s["count"] for s in slices)
    c = r = size / 2
    out, start = [], 0.0
    for i, s in enumerate(slices):
        share = s["count"] / total if total else 0
        end = start + share
        d = ""
        if 0 < share < 1:
            large = 1 if share > 0.5 else 0
            d = f"M{c} {c} L{_point(c, c, r, start)} A{r} {r} 0 {large} 1 {_point(c, c, r, end)} Z"
        lx, ly = (float(v) for v in _point(c, c, r + 12, (start + end) / 2).split())
        label = {"lx": round(lx, 2), "ly": round(ly + 4, 2), "anchor": "start" if lx >= c else "end"}
        out.append({**s, "color": PALETTE[i % len(PALETTE)], "percent": round(100 * share), "d": d, **label})
        start = end
    return out


def nice_top(value: int) -> int:
    """A round axis maximum at or above `value` (1, 2, 5 × 10^n), at least 1."""
    if value <= 1:
        return 1
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value)


def bars(items: list[dict[str, Any]], width: int = 420, height: int = 180) -> dict[str, Any]:
    """A vertical bar chart's layout: each bar's x, y, width and height, the gridlines' values and y.

    Args:
        items: dicts with a "count" (kept, with every other key).
        width: the plot's width in SVG units (the axis labels sit left of it).
        height: the plot's height in SVG units.
    """
    top = nice_top(max((i["count"] for i in items), default=0))
    slot = width / max(len(items), 1)
    bar_w = slot * 0.56
    out = []
    for n, item in enumerate(items):
        h = height * item["count"] / top
        x = n * slot + (slot - bar_w) / 2
        out.append(
            {**item, "x": round(x, 2), "y": round(height - h, 2), "w": round(bar_w, 2), "h": round(h, 2)}
        )
    grid = [{"value": round(top * k / 4, 1), "y": round(height - height * k / 4, 2)} for k in range(5)]
    for g in grid:
        g["value"] = int(g["value"]) if float(g["value"]).is_integer() else g["value"]
    return {"bars": out, "grid": grid, "slot": slot, "width": width, "height": height}
