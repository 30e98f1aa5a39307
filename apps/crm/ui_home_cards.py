"""Home's Lightning components beside the lists: Quarterly Performance (this quarter's closed-won amount and
open deals over 70 %, drawn as two cumulative lines over the quarter) and the Assistant (what needs you:
overdue tasks, open deals past their close date)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

CHART_W, CHART_H, PAD_L, PAD_B = 560, 170, 64, 22  # the chart's plot size and its axis margins (px)


def quarter_bounds(today: date) -> tuple[date, date]:
    """The first and last day of the calendar quarter holding `today`.

    Args:
        today: the episode's date.
    """
    first_month = 3 * ((today.month - 1) // 3) + 1
    start = date(today.year, first_month, 1)
    nxt = date(today.year + (first_month == 10), 1 if first_month == 10 else first_month + 3, 1)
    return start, nxt - timedelta(days=1)


def _day(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def performance(won: list[dict[str, Any]], open_: list[dict[str, Any]], today: date) -> dict[str, Any]:
    """Quarterly Performance: the totals and the chart's two lines (points as "x,y" strings).

    Closed is the closed-won amount summed by close date up to today; Closed + Open (>70%) carries on from
    today with the open deals of probability over 70 %, by their close dates, to the quarter's end.

    Args:
        won: this quarter's closed-won opportunities (close_date, amount).
        open_: this quarter's open opportunities (close_date, amount, probability).
        today: the episode's date.
    """
    start, end = quarter_bounds(today)
    likely = [o for o in open_ if (o.get("probability") or 0) > 70]
    closed = sum(o["amount"] or 0 for o in won)
    ahead = sum(o["amount"] or 0 for o in likely)
    span = (end - start).days or 1
    top = max(closed + ahead, 1)

    def point(day: date, value: float) -> str:
        x = PAD_L + (min(max((day - start).days, 0), span) / span) * CHART_W
        y = CHART_H - value / top * (CHART_H - 10)
        return f"{x:.1f},{y:.1f}"

    def line(rows: list[dict[str, Any]], base: float, first: date, last: date) -> list[str]:
        points, total = [point(first, base)], base
        for row in sorted(rows, key=lambda r: _day(r["close_date"])):
            total += row["amount"] or 0
            points.append(point(max(_day(row["close_date"]), first), total))
        return points + [point(last, total)]

    months = []
    day = start
    while day <= end:
        months.append({"label": f"{day:%b}", "x": round(PAD_L + (day - start).days / span * CHART_W, 1)})
        day = date(day.year + (day.month == 12), 1 if day.month == 12 else day.month + 1, 1)
    return {
        "closed": closed,
        "open": ahead,
        "top": top,
        "closed_line": " ".join(line(won, 0, start, min(today, end))),
        "open_line": " ".join(line(likely, closed, min(today, end), end)),
        "months": months,
        "size": (PAD_L + CHART_W + 10, CHART_H + PAD_B),
        "plot": {"left": PAD_L, "right": PAD_L + CHART_W, "bottom": CHART_H},
        "quarter": f"Q{(start.month - 1) // 3 + 1} {start.year}",
    }


def assistant_items(tasks: list[dict[str, Any]], opps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Assistant's cards: each overdue task, then each open deal past its close date (newest first).

    Args:
        tasks: the user's open tasks due before today.
        opps: the user's open opportunities whose close date has passed.
    """

    def about(t: dict[str, Any]) -> str | None:
        record = t.get("what_id") or t.get("who_id")
        return f"/record/{record}" if record else None

    items = [
        {
            "kind": "task",
            "text": f"Overdue task: {t['subject']}",
            "meta": "Due",
            "date": t["activity_date"],
            "href": f"/record/{t.get('what_id') or t.get('who_id')}"
            if t.get("what_id") or t.get("who_id")
            else None,
        }
        for t in tasks
    ]
    items += [
        {
            "kind": "opportunity",
            "text": f"{o['name']} is overdue",
            "meta": "Close date passed:",
            "date": o["close_date"],
            "href": f"/opportunities/{o['id']}",
        }
        for o in sorted(opps, key=lambda o: str(o["close_date"]), reverse=True)
    ]
    return items
