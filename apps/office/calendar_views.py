"""The calendar's views as Outlook on the web offers them (Day, Work week, Week, Month): the days each
shows around a date, the steps back and forth, the range's title, the day grid's layout of overlapping
events and the mini-month."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

VIEWS = (("day", "Day"), ("workweek", "Work week"), ("week", "Week"), ("month", "Month"))
UNIT = {"day": "day", "workweek": "week", "week": "week", "month": "month"}


@dataclass(frozen=True)
class Span:
    """What a view shows: its days (a month: whole weeks, Monday first), the dates one step back and on,
    the range as Outlook titles it, and the noun of its steps (day, week, month)."""

    view: str
    days: list[date]
    prev: date
    next: date
    title: str
    unit: str


def _range_title(first: date, last: date) -> str:
    if first == last:
        return f"{first:%A}, {first:%B} {first.day}, {first.year}"
    return f"{first:%B} {first.day} – {last:%B} {last.day}, {last.year}"


def span(view: str, day: date) -> Span:
    """The days `view` shows around `day` (an unknown view is the week).

    Args:
        view: day, workweek, week or month.
        day: a date inside the range.
    """
    view = view if view in UNIT else "week"
    monday = day - timedelta(days=day.weekday())
    if view == "day":
        one = timedelta(days=1)
        return Span(view, [day], day - one, day + one, _range_title(day, day), "day")
    if view in ("week", "workweek"):
        days = [monday + timedelta(days=i) for i in range(5 if view == "workweek" else 7)]
        step = timedelta(days=7)
        return Span(view, days, monday - step, monday + step, _range_title(days[0], days[-1]), "week")
    first = day.replace(day=1)
    start = first - timedelta(days=first.weekday())
    following = (first + timedelta(days=32)).replace(day=1)
    weeks = ((following - start).days + 6) // 7
    days = [start + timedelta(days=i) for i in range(7 * weeks)]
    previous = (first - timedelta(days=1)).replace(day=1)
    return Span(view, days, previous, following, f"{first:%B %Y}", "month")


def lay_out(events: list[dict]) -> None:
    """Outlook's day layout: events that overlap share the day's width side by side. Each event gets `lane`
    and `lanes` (its group of overlapping events' columns); `left` and `width` in percent follow."""
    ordered = sorted(events, key=lambda e: (e["start"], -(e["end"] - e["start"])))
    group: list[dict] = []
    group_end = None

    def close(members: list[dict]) -> None:
        lanes = max((m["lane"] for m in members), default=-1) + 1
        for m in members:
            m["lanes"] = lanes
            m["width"] = round(100 / lanes, 3)
            m["left"] = round(m["lane"] * 100 / lanes, 3)

    for ev in ordered:
        if group and ev["start"] >= group_end:
            close(group)
            group = []
        taken = {m["lane"] for m in group if m["end"] > ev["start"]}
        ev["lane"] = next(i for i in range(len(group) + 1) if i not in taken)
        group.append(ev)
        group_end = ev["end"] if group_end is None or len(group) == 1 else max(group_end, ev["end"])
    close(group)


def mini_month(shown: date, days: list[date], today: date) -> dict:
    """The month around the range shown, Monday first: weeks of (day, in this month, in the range shown)."""
    first = shown.replace(day=1)
    start = first - timedelta(days=first.weekday())
    weeks = []
    for w in range(6):
        week = [start + timedelta(days=7 * w + i) for i in range(7)]
        if w and week[0].month != first.month:
            break
        weeks.append([(d, d.month == first.month, d in days) for d in week])
    prev_month = (first - timedelta(days=1)).replace(day=1)
    next_month = (first + timedelta(days=32)).replace(day=1)
    return {"title": f"{first:%B %Y}", "weeks": weeks, "today": today, "prev": prev_month, "next": next_month}
