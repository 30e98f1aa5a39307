"""Reading the dates services hand to templates (datetime, date or ISO text), for each app's own date format.

Each app formats dates as its product does (apps/crm/ui_dates.py, apps/ticketing/ui_dates.py,
apps/office/ui_dates.py) and installs them as the `d` and `dt` filters every template uses; form inputs
keep the ISO values they submit (`input_date`, `input_datetime`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

Formatter = Callable[[Any], str]


def as_when(value: Any) -> datetime | date | None:
    """`value` as a datetime (a date-only value as a date); None when empty or not a date."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime | date):
        return value
    text = str(value).strip()
    try:
        if len(text) == 10:
            return date.fromisoformat(text)
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def as_datetime(value: Any) -> datetime | None:
    """`value` as a datetime; a date-only value is None."""
    when = as_when(value)
    return when if isinstance(when, datetime) else None


def clock_12h(when: datetime) -> str:
    """'10:44 AM' (US English, as Salesforce and Outlook show a time)."""
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def month_day_year(day: date) -> str:
    """'12/5/2026' (US English short date, no leading zeros)."""
    return f"{day.month}/{day.day}/{day.year}"


def input_date(value: Any) -> str:
    """The value a date input takes: '2026-11-02'."""
    return str(value)[:10] if value else ""


def input_datetime(value: Any) -> str:
    """The value a datetime-local input takes: '2026-11-02T09:00'."""
    return str(value).replace(" ", "T")[:16] if value else ""


def formatters(day: Callable[[date], str], stamp: Callable[[datetime], str]) -> tuple[Formatter, Formatter]:
    """An app's (date, datetime) display filters from how it writes a day and a moment: empty for no value,
    a date-only value as its day, text that is no date as it is."""

    def as_date(value: Any) -> str:
        when = as_when(value)
        return day(when) if when else ("" if value in (None, "") else str(value))

    def as_stamp(value: Any) -> str:
        when = as_when(value)
        return stamp(when) if isinstance(when, datetime) else as_date(value)

    return as_date, as_stamp
