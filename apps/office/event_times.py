"""The meeting form's times and repeat as Outlook's form asks for them: a date and a time from the
30-minute list (or typed: "9:15 AM", "14:30") for the start and the end, All day, and the Repeat choices
(Does not repeat, Every day, Every weekday, Weekly on <day>, Monthly on day <n>, Yearly on <month> <n>) as
the RRULEs create_event takes."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from apps.core.ui_dates import clock_12h

SLOTS = [clock_12h(datetime(2000, 1, 1) + timedelta(minutes=30 * i)) for i in range(48)]
CLOCK = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?\s*$", re.IGNORECASE)
DAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
PARTS = {"start": "Start", "end": "End"}


class TimeError(ValueError):
    """A date or time the form cannot read; the message names the field as the form labels it."""


def read_clock(text: str, label: str) -> time:
    """A typed time ("9:30 AM", "9:30am", "14:30", "9") as a time of day."""
    found = CLOCK.match(text or "")
    if not found:
        raise TimeError(f"{label}: enter a time such as 9:30 AM")
    hour, minute, half = int(found.group(1)), int(found.group(2) or 0), (found.group(3) or "").lower()
    if half:
        if not 1 <= hour <= 12:
            raise TimeError(f"{label}: enter a time such as 9:30 AM")
        hour = hour % 12 + (12 if half == "p" else 0)
    if hour > 23 or minute > 59:
        raise TimeError(f"{label}: enter a time such as 9:30 AM")
    return time(hour, minute)


WEEKDAY_PREFIX = re.compile(r"^\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+", re.IGNORECASE)


def day_label(day: date) -> str:
    """A date as Outlook's date dropdown shows it: "Mon 11/2/2026"."""
    return f"{day:%a} {day.month}/{day.day}/{day.year}"


def read_date(text: str, label: str) -> date:
    """The date box's value: as the dropdown shows it ("Mon 11/2/2026"), M/D/YYYY as typed, or YYYY-MM-DD."""
    for fmt in ("%Y-%m-%d", "%m/%d/%Y"):
        try:
            return datetime.strptime(WEEKDAY_PREFIX.sub("", text or "").strip(), fmt).date()
        except ValueError:
            continue
    raise TimeError(f"{label}: enter a date such as 11/2/2026")


def joined(values: dict[str, str]) -> dict[str, str]:
    """The form's values with `start` and `end` ("YYYY-MM-DDTHH:MM", your zone) made from the date and time
    boxes when the form has them (All day: midnight to the midnight after the end date). Raises TimeError."""
    out = dict(values)
    if not any(f"{p}_date" in values for p in PARTS):
        return out
    all_day = values.get("all_day") == "true"
    for part, label in PARTS.items():
        day = read_date(values.get(f"{part}_date", ""), f"{label} date")
        clock = time(0) if all_day else read_clock(values.get(f"{part}_time", ""), f"{label} time")
        moment = datetime.combine(day + timedelta(days=1 if all_day and part == "end" else 0), clock)
        out[part] = moment.strftime("%Y-%m-%dT%H:%M")
    return out


def split(values: dict[str, str]) -> dict[str, str]:
    """The date and time boxes' values for a form given `start`/`end` ("YYYY-MM-DDTHH:MM")."""
    out = dict(values)
    for part in PARTS:
        if f"{part}_date" in values or not values.get(part):
            continue
        try:
            moment = datetime.strptime(values[part][:16], "%Y-%m-%dT%H:%M")
        except ValueError:
            continue
        out[f"{part}_date"], out[f"{part}_time"] = day_label(moment.date()), clock_12h(moment)
    return out


def repeat_choices(day: date) -> list[tuple[str, str]]:
    """Outlook's Repeat menu for a meeting starting on `day`: (value, label)."""
    return [
        ("", "Does not repeat"),
        ("daily", "Every day"),
        ("weekdays", "Every weekday"),
        ("weekly", f"Weekly on {day:%A}"),
        ("monthly", f"Monthly on day {day.day}"),
        ("yearly", f"Yearly on {day:%B} {day.day}"),
    ]


def repeat_rule(choice: str, day: date, until: str = "") -> str | None:
    """The RRULE of a Repeat choice for a meeting starting on `day` (None: does not repeat), ending on the
    date `until` (YYYY-MM-DD, the form's End repeat) when one is given. Raises TimeError for a bad date."""
    rule = {
        "": None,
        "daily": "FREQ=DAILY",
        "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        "weekly": f"FREQ=WEEKLY;BYDAY={DAY_CODES[day.weekday()]}",
        "monthly": f"FREQ=MONTHLY;BYMONTHDAY={day.day}",
        "yearly": f"FREQ=YEARLY;BYMONTH={day.month};BYMONTHDAY={day.day}",
    }.get(choice)
    if rule and until.strip():
        rule += f";UNTIL={read_date(until, 'End repeat'):%Y%m%d}"
    return rule
