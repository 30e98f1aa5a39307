"""Dates in encoded queries: `javascript:gs.<function>(…)` values and relative conditions, on the
episode's clock (the instance's time zone is UTC, weeks start on Monday as GlideDateTime counts them).

Functions: daysAgo(n), daysAgoStart(n), daysAgoEnd(n), hoursAgo(n), hoursAgoStart(n), minutesAgo(n),
monthsAgo(n), monthsAgoStart(n), quartersAgo(n), quartersAgoStart(n), yearsAgo(n), now(), nowDateTime(),
beginningOf/endOf Today, Yesterday, Tomorrow, ThisWeek, LastWeek, NextWeek, ThisMonth, LastMonth,
NextMonth, ThisQuarter, LastQuarter, NextQuarter, ThisYear, LastYear, NextYear, Last7Days, Last30Days,
Last90Days, and dateGenerate('yyyy-mm-dd', 'hh:mm:ss' | 'start' | 'end').
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

JS = re.compile(r"^javascript:\s*gs\.(\w+)\((.*)\)\s*;?\s*$", re.S)
UNITS = {"minute": "minutes", "hour": "hours", "dayofweek": "days", "day": "days", "week": "weeks",
         "month": "months", "quarter": "quarters", "year": "years"}  # fmt: skip


def _months(d: date, n: int) -> date:
    i = d.year * 12 + d.month - 1 + n
    return date(i // 12, i % 12 + 1, 1)


def _period(name: str, today: date) -> tuple[date, date] | None:
    """[start, end) of a named period (Today, LastWeek, ThisQuarter, Last30Days …)."""
    days = {"Today": 0, "Yesterday": -1, "Tomorrow": 1}
    if name in days:
        start = today + timedelta(days=days[name])
        return start, start + timedelta(days=1)
    m = re.fullmatch(r"Last(\d+)Days", name)
    if m:
        return today - timedelta(days=int(m.group(1))), today + timedelta(days=1)
    m = re.fullmatch(r"(This|Last|Next)(Week|Month|Quarter|Year)", name)
    if not m:
        return None
    shift = {"This": 0, "Last": -1, "Next": 1}[m.group(1)]
    if m.group(2) == "Week":
        start = today - timedelta(days=today.weekday()) + timedelta(weeks=shift)
        return start, start + timedelta(weeks=1)
    size = {"Month": 1, "Quarter": 3, "Year": 12}[m.group(2)]
    first = date(today.year, 1, 1) if size == 12 else _months(date(today.year, today.month, 1), 0)
    if size == 3:
        first = date(today.year, (today.month - 1) // 3 * 3 + 1, 1)
    start = _months(first, shift * size)
    return start, _months(start, size)


def _ago(unit: str, n: int, now: datetime) -> datetime:
    if unit in ("months", "quarters", "years"):
        months = n * {"months": 1, "quarters": 3, "years": 12}[unit]
        moved = _months(now.date().replace(day=1), -months)
        day = min(now.day, 28)
        return datetime.combine(moved.replace(day=day), now.time())
    return now - timedelta(**{unit: n})


def js_value(text: str, now: datetime) -> datetime | None:
    """The date-time a `javascript:gs.…()` value stands for (None when it is not one we know)."""
    m = JS.match(text.strip())
    if not m:
        return None
    name, raw_args = m.group(1), m.group(2)
    args = [a.strip().strip("'\"") for a in raw_args.split(",") if a.strip()]
    if name in ("now", "nowDateTime", "nowNoTZ"):
        return now
    if name == "dateGenerate" and args:
        day = date.fromisoformat(args[0])
        clock = args[1] if len(args) > 1 else "00:00:00"
        at = {"start": time(0), "end": time(23, 59, 59)}.get(clock) or time.fromisoformat(clock)
        return datetime.combine(day, at)
    m2 = re.fullmatch(r"(beginningOf|endOf)(\w+)", name)
    if m2:
        span = _period(m2.group(2), now.date())
        if span is None:
            return None
        return datetime.combine(span[0], time(0)) if m2.group(1) == "beginningOf" else (
            datetime.combine(span[1], time(0)) - timedelta(seconds=1))  # fmt: skip
    m3 = re.fullmatch(r"(days|hours|minutes|months|quarters|years)Ago(Start|End)?", name)
    if not m3:
        return None
    n = int(float(args[0])) if args else 0
    moment = _ago(m3.group(1), n, now)
    if m3.group(2) == "Start":
        return (
            moment.replace(minute=0, second=0)
            if m3.group(1) == "hours"
            else datetime.combine(moment.date(), time(0))
        )
    if m3.group(2) == "End":
        return datetime.combine(moment.date(), time(23, 59, 59))
    return moment


def relative(value: str, now: datetime) -> datetime | None:
    """The moment of a RELATIVEGT/LT value `@<unit>@ago|ahead@<n>` (None when malformed)."""
    parts = value.strip("@").split("@")
    if len(parts) != 3 or parts[0] not in UNITS or parts[1] not in ("ago", "ahead") or not parts[2].isdigit():
        return None
    n = int(parts[2]) * (1 if parts[1] == "ago" else -1)
    return _ago(UNITS[parts[0]], n, now)


def stored(moment: datetime) -> str:
    """A date-time as the desk's columns store it."""
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")
