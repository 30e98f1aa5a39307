"""A chart drawn on a slide in the browser: the geometry of a column, bar, line or pie chart as SVG
shapes in a 400 x 250 box, coloured with the deck's theme accents (as PowerPoint colours series), and the
numbers behind it for its data table (what a screen reader reads instead of the picture)."""

from __future__ import annotations

import math
from typing import Any

W, H = 400.0, 250.0
PLOT = (48.0, 24.0, 390.0, 200.0)  # left, top, right, bottom of the plot area (axis labels outside it)
ACCENTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6")


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    step = 10 ** math.floor(math.log10(value))
    for m in (1, 2, 2.5, 5, 10):
        if value <= m * step:
            return m * step
    return 10 * step


def label(value: float | None) -> str:
    """A number as an axis or data label shows it: thousands grouped, no trailing .0."""
    if value is None:
        return ""
    if abs(value) >= 1000 and float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def geometry(chart: dict[str, Any], colors: dict[str, str]) -> dict[str, Any]:
    """The SVG parts of `chart`: bars/points/slices with their colours, axis ticks and a legend."""
    cats, series = chart.get("categories", []), chart.get("series", [])
    palette = ["#" + colors.get(a, "156082") for a in ACCENTS]
    legend = [{"name": s["name"], "color": palette[i % 6]} for i, s in enumerate(series)]
    kind = chart.get("chart_type", "column")
    if kind == "pie":
        return {
            "kind": kind,
            "slices": _pie(cats, series[0]["values"] if series else [], palette),
            "legend": [],
        }
    values = [v for s in series for v in s["values"] if v is not None]
    top = _nice_max(max(values + [0]))
    low = min(values + [0])
    left, up, right, bottom = PLOT
    ticks = [{"value": label(top * i / 4), "at": bottom - (bottom - up) * i / 4} for i in range(5)]
    out: dict[str, Any] = {
        "kind": kind,
        "ticks": ticks,
        "legend": legend if len(series) > 1 else [],
        "marks": [],
    }
    n, m = max(len(cats), 1), max(len(series), 1)
    if kind == "bar":  # horizontal: categories down the side, values across
        band = (bottom - up) / n
        out["cats"] = [{"name": c, "x": left - 4, "y": up + band * (i + 0.5)} for i, c in enumerate(cats)]
        for j, s in enumerate(series):
            for i, v in enumerate(s["values"]):
                width = (right - left) * max(v or 0, 0) / top
                y = up + band * i + band * 0.15 + band * 0.7 * j / m
                out["marks"].append(
                    {"x": left, "y": y, "w": width, "h": band * 0.7 / m, "color": palette[j % 6]}
                )
        out["ticks"] = [{"value": label(top * i / 4), "at": left + (right - left) * i / 4} for i in range(5)]
        return out
    band = (right - left) / n
    out["cats"] = [{"name": c, "x": left + band * (i + 0.5), "y": bottom + 14} for i, c in enumerate(cats)]
    for j, s in enumerate(series):
        points = []
        for i, v in enumerate(s["values"]):
            height = (bottom - up) * max(v or 0, low) / top
            if kind == "line":
                points.append(f"{left + band * (i + 0.5):.1f},{bottom - height:.1f}")
            else:
                x = left + band * i + band * 0.15 + band * 0.7 * j / m
                out["marks"].append(
                    {"x": x, "y": bottom - height, "w": band * 0.7 / m, "h": height, "color": palette[j % 6]}
                )
        if kind == "line":
            out["marks"].append({"points": " ".join(points), "color": palette[j % 6]})
    return out


def _pie(cats: list[str], values: list[float | None], palette: list[str]) -> list[dict[str, Any]]:
    total = sum(v for v in values if v and v > 0)
    cx, cy, r = W / 2, H / 2 + 4, 96.0
    slices, angle = [], -math.pi / 2
    for i, (c, v) in enumerate(zip(cats, values, strict=False)):
        if not v or v <= 0 or not total:
            continue
        sweep = 2 * math.pi * v / total
        end = angle + sweep
        x1, y1 = cx + r * math.cos(angle), cy + r * math.sin(angle)
        x2, y2 = cx + r * math.cos(end), cy + r * math.sin(end)
        large = 1 if sweep > math.pi else 0
        path = (
            f"M{cx:.1f},{cy:.1f} L{x1:.1f},{y1:.1f} A{r},{r} 0 {large} 1 {x2:.1f},{y2:.1f} Z"
            if sweep < 2 * math.pi - 1e-9
            else f"M{cx - r:.1f},{cy:.1f} a{r},{r} 0 1 0 {2 * r},0 a{r},{r} 0 1 0 {-2 * r},0"
        )
        mid = angle + sweep / 2
        slices.append(
            {
                "path": path,
                "color": palette[i % 6],
                "name": c,
                "share": f"{100 * v / total:.0f}%",
                "lx": cx + (r + 18) * math.cos(mid),
                "ly": cy + (r + 18) * math.sin(mid),
            }
        )
        angle = end
    return slices


# Insert > Chart's gallery (deck_dialogs.html): each type as PowerPoint names it, drawn with its sample data
GALLERY = (
    ("column", "Clustered Column", "data_bar_vertical"),
    ("line", "Line", "data_line"),
    ("pie", "Pie", "data_pie"),
    ("bar", "Clustered Bar", "data_bar_horizontal"),
)
SAMPLE_SHEET = [
    ["", "Series 1", "Series 2", "Series 3"],
    ["Category 1", "4.3", "2.4", "2"],
    ["Category 2", "2.5", "4.4", "2"],
    ["Category 3", "3.5", "1.8", "3"],
    ["Category 4", "4.5", "2.8", "5"],
]
PIE_SHEET = [["", "Sales"], ["1st Qtr", "8.2"], ["2nd Qtr", "3.2"], ["3rd Qtr", "1.4"], ["4th Qtr", "1.2"]]


def _sample(kind: str) -> dict[str, Any]:
    rows = PIE_SHEET if kind == "pie" else SAMPLE_SHEET
    series = [
        {"name": name, "values": [float(r[j]) for r in rows[1:]]} for j, name in enumerate(rows[0]) if j
    ]
    return {"chart_type": kind, "categories": [r[0] for r in rows[1:]], "series": series}


def gallery(colors: dict[str, str]) -> list[dict[str, Any]]:
    """The gallery's chart types, each with a preview drawn (`view`, as deck_slide.html's chart macro
    takes it) from its sample data, and that data as the data sheet starts (`sheet`).

    Args:
        colors: the deck's theme colours (accent1..accent6 colour the series).
    """
    out = []
    for kind, name, icon in GALLERY:
        chart = _sample(kind)
        view = {"name": name, "chart": chart, "svg": geometry(chart, colors)}
        out.append({"kind": kind, "name": name, "icon": icon, "view": view})
    return out
