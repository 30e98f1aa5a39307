"""Dates as Salesforce Lightning shows them to an en_US user ('12/5/2026' and '12/5/2026, 10:44 AM'), and the
text people type into a date or time box read back into the ISO values the actions take.

A form's Date field is a text box in the org's format (M/D/YYYY) with a datepicker; a Date/Time field is that
box plus a Time box (h:mm AM/PM). The boxes post what they show; `take_dates` turns it into '2026-12-05' and
'2026-12-05T10:00' (ISO text is accepted as typed, too) or a field error in Lightning's words.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from apps.core.ui_dates import as_when, clock_12h, formatters, month_day_year
from apps.core.ui_kit import UiKit

# a Date field ('12/5/2026') and a Date/Time field ('12/5/2026, 10:44 AM')
sf_date, sf_datetime = formatters(month_day_year, lambda when: f"{month_day_year(when)}, {clock_12h(when)}")

DATE_FORMAT_ERROR = "Your entry does not match the allowed format M/d/yyyy."
TIME_FORMAT_ERROR = "Your entry does not match the allowed format h:mm a."
TIME_MISSING = "Enter a time as well as a date."
TIME_SUFFIX = "__time"
US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
ISO_STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})")
TIME_12H = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?[Mm]\.?$")
TIME_24H = re.compile(r"^(\d{1,2}):(\d{2})$")
FIRST_YEAR, LAST_YEAR = 1990, 2060  # the datepicker's year picklist


def parse_date(text: str) -> str:
    """The ISO day of `text` typed as M/D/YYYY or YYYY-MM-DD.

    Args:
        text: what the date box holds, trimmed or not.

    Raises:
        ValueError: with Lightning's format message when `text` is no real day in either format.
    """
    text = text.strip()
    us, iso = US_DATE.match(text), ISO_DATE.match(text)
    try:
        if us:
            return date(int(us[3]), int(us[1]), int(us[2])).isoformat()
        if iso:
            return date(int(iso[1]), int(iso[2]), int(iso[3])).isoformat()
    except ValueError:
        pass
    raise ValueError(DATE_FORMAT_ERROR)


def parse_time(text: str) -> str:
    """'HH:MM' (24-hour) of `text` typed as '10:00 AM', '2 pm' or '14:30'.

    Args:
        text: what the time box holds.

    Raises:
        ValueError: with Lightning's format message when `text` is no time of day.
    """
    text = text.strip()
    twelve, day = TIME_12H.match(text), TIME_24H.match(text)
    if twelve and 1 <= int(twelve[1]) <= 12 and int(twelve[2] or 0) < 60:
        hour = int(twelve[1]) % 12 + (12 if twelve[3] in "Pp" else 0)
        return f"{hour:02d}:{int(twelve[2] or 0):02d}"
    if day and int(day[1]) < 24 and int(day[2]) < 60:
        return f"{int(day[1]):02d}:{day[2]}"
    raise ValueError(TIME_FORMAT_ERROR)


def parse_datetime(day_text: str, time_text: str) -> str:
    """'YYYY-MM-DDTHH:MM' of a Date/Time field's two boxes; an ISO stamp typed into the date box
    ('2026-11-09T10:00') carries its own time when the time box is empty.

    Args:
        day_text: the date box's text.
        time_text: the time box's text ('' when empty).

    Raises:
        ValueError: the message of the box that holds no date or time.
    """
    stamp = ISO_STAMP.match(day_text.strip())
    if stamp:
        day_text, time_text = stamp[1], time_text.strip() or stamp[2]
    day = parse_date(day_text)
    if not time_text.strip():
        raise ValueError(TIME_MISSING)
    return f"{day}T{parse_time(time_text)}"


def take_dates(fields: list[Any], values: dict[str, str]) -> dict[str, str]:
    """Turn the typed text of each Date and Date/Time field in `values` into ISO text, in place; the
    errors per field name of text that is no date or time (those fields are left as typed).

    Args:
        fields: the form's fields (ui_fields.F); only kinds "date" and "datetime" are read.
        values: the submitted form text; each Date/Time field's `<name>__time` is folded into its field.
    """
    errors: dict[str, str] = {}
    for f in fields:
        if f.kind not in ("date", "datetime") or f.name not in values:
            continue
        typed, time_text = (values.get(f.name) or "").strip(), values.pop(f.name + TIME_SUFFIX, "") or ""
        if not typed:
            if time_text.strip():
                errors[f.name] = DATE_FORMAT_ERROR
            continue
        try:
            values[f.name] = parse_date(typed) if f.kind == "date" else parse_datetime(typed, time_text)
        except ValueError as bad:
            errors[f.name] = str(bad)
            values[f.name + TIME_SUFFIX] = time_text
    return errors


def date_text(value: Any) -> str:
    """What a date box shows for `value`: an ISO day or stamp as M/D/YYYY, other text as typed."""
    if value in (None, ""):
        return ""
    when = as_when(value) if ISO_DATE.match(str(value)[:10]) else None
    return month_day_year(when.date() if isinstance(when, datetime) else when) if when else str(value)


def datetime_parts(value: Any, time_text: str | None) -> tuple[str, str]:
    """A Date/Time field's (date box, time box) text: an ISO stamp as ('12/5/2026', '10:00 AM'); a refused
    save's typed text (its time box posted back as `time_text`) as it was typed."""
    if time_text is not None:
        return str(value or ""), time_text
    stamp = ISO_STAMP.match(str(value or "").replace(" ", "T"))
    if not stamp:
        return str(value or ""), ""
    when = datetime.fromisoformat(f"{stamp[1]}T{stamp[2]}")
    return month_day_year(when.date()), clock_12h(when)


def install(kit: UiKit) -> None:
    """Every CRM template's `d` and `dt` filters and the date boxes' helpers."""
    kit.env.filters.update(d=sf_date, dt=sf_datetime, date_text=date_text, datetime_parts=datetime_parts)
    kit.env.globals["datepicker_years"] = lambda: [str(y) for y in range(FIRST_YEAR, LAST_YEAR + 1)]
