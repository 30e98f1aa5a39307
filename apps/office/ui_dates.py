"""Dates as Microsoft 365 shows them to an en-US user: Outlook's message list ('10:44 AM' today, 'Wed 3:15 PM'
this week, 'Wed 11/25' this year, '11/25/2025' before) and reading pane ('Sat 12/5/2026 10:44 AM'), Teams' and
the editors' comment times ('10:44 AM' today, '12/3 10:44 AM' this year), OneDrive's Modified column ('2 hours
ago', 'Yesterday at 3:15 PM', 'November 25'). "Today" is the episode's simulated day."""

from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo
from typing import Any

import jinja2

from apps.core.ui_dates import as_datetime, as_when, clock_12h, month_day_year
from apps.core.ui_kit import UiKit
from apps.office.services.mailbox import sent_line


def _same_zone(when: datetime, now: datetime | None) -> datetime | None:
    """`now` in `when`'s zone (both naive or both aware), so their days compare."""
    if now is None:
        return None
    if (when.tzinfo is None) == (now.tzinfo is None):
        return now.astimezone(when.tzinfo) if when.tzinfo else now
    return now.replace(tzinfo=when.tzinfo) if when.tzinfo else now.replace(tzinfo=None)


def long_datetime(value: Any) -> str:
    """Outlook's reading pane and event details: 'Sat 12/5/2026 10:44 AM'."""
    when = as_when(value)
    if when is None:
        return ""
    if not isinstance(when, datetime):
        return f"{when:%a} {month_day_year(when)}"
    return f"{when:%a} {month_day_year(when)} {clock_12h(when)}"


def in_zone(when: datetime, zone: tzinfo | None) -> datetime:
    """`when` on the signed-in user's clock (`zone`, as the calendar shows times); a naive value is UTC."""
    if zone is None:
        return when
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(zone)


def mail_time(value: Any, now: datetime | None = None, long: bool = False, zone: tzinfo | None = None) -> str:
    """A message's time as Outlook's list shows it: the time today, weekday and time this week, weekday and
    month/day this year, else the date (`long`: the reading pane's full date and time).

    Args:
        value: the stored time (UTC).
        now: the simulated now, to tell today and this week apart.
        long: the reading pane's and a quote header's full 'Sat 12/5/2026 10:44 AM'.
        zone: the signed-in user's time zone (mailbox settings); both times are shown on its clock.
    """
    when = as_datetime(value)
    if when is None:
        return ""
    when = in_zone(when, zone)
    if now is not None and zone is not None:
        now = in_zone(now, zone)
    if long:
        return long_datetime(when)
    now = _same_zone(when, now)
    if now is not None:
        days = (now.date() - when.date()).days
        if days == 0:
            return clock_12h(when)
        if 0 < days < 7:
            return f"{when:%a} {clock_12h(when)}"
        if when.year == now.year:
            return f"{when:%a} {when.month}/{when.day}"
    return month_day_year(when)


def short_datetime(value: Any, now: datetime | None = None) -> str:
    """Teams' message times and the editors' comment times: '10:44 AM' today, '12/3 10:44 AM' this year,
    '12/3/2025 10:44 AM' before."""
    when = as_when(value)
    if when is None:
        return ""
    if not isinstance(when, datetime):
        return month_day_year(when)
    now = _same_zone(when, now)
    if now is not None and when.date() == now.date():
        return clock_12h(when)
    if now is not None and when.year == now.year:
        return f"{when.month}/{when.day} {clock_12h(when)}"
    return f"{month_day_year(when)} {clock_12h(when)}"


def chat_list_time(value: Any, now: datetime | None = None) -> str:
    """Teams' chat list: the last message's time, '9:41 AM' today, '11/2' this year, '11/2/2025' before."""
    when = as_datetime(value)
    if when is None:
        return ""
    now = _same_zone(when, now)
    if now is not None and when.date() == now.date():
        return clock_12h(when)
    if now is not None and when.year == now.year:
        return f"{when.month}/{when.day}"
    return month_day_year(when)


def modified(value: Any, now: datetime | None = None) -> str:
    """OneDrive's Modified column: 'A few seconds ago', '5 minutes ago', '2 hours ago',
    'Yesterday at 3:15 PM', 'November 25' this year, 'November 25, 2025' before."""
    when = as_datetime(value)
    if when is None:
        day = as_when(value)
        return f"{day:%B} {day.day}, {day.year}" if isinstance(day, date) else ""
    now = _same_zone(when, now)
    if now is not None:
        seconds = (now - when).total_seconds()
        if 0 <= seconds < 60:
            return "A few seconds ago"
        if 0 <= seconds < 3600:
            minutes = int(seconds // 60)
            return f"{minutes} minute{'s' if minutes > 1 else ''} ago"
        if seconds >= 0 and when.date() == now.date():
            hours = int(seconds // 3600)
            return f"{hours} hour{'s' if hours > 1 else ''} ago"
        if (now.date() - when.date()).days == 1:
            return f"Yesterday at {clock_12h(when)}"
        if when.year == now.year:
            return f"{when:%B} {when.day}"
    return f"{when:%B} {when.day}, {when.year}"


def _now(context: jinja2.runtime.Context) -> datetime | None:
    simulation = context.get("simulation")
    return simulation.get("now") if isinstance(simulation, dict) else None


@jinja2.pass_context
def _dt(context: jinja2.runtime.Context, value: Any) -> str:
    return short_datetime(value, _now(context))


@jinja2.pass_context
def _modified(context: jinja2.runtime.Context, value: Any) -> str:
    return modified(value, _now(context))


def quote_time(value: Any, zone: tzinfo | None = None) -> str:
    """A quoted original's Sent time as the reply will write it: 'Saturday, December 5, 2026 10:44 AM' on
    `zone`'s clock (the signed-in user's)."""
    return sent_line(as_datetime(value), getattr(zone, "key", None) or "UTC")


def day_divider(value: Any, now: datetime | None = None) -> str:
    """Teams' divider between days in a conversation: 'Today', 'Yesterday', the weekday within the week,
    'November 25' this year, 'November 25, 2025' before (on the clock the messages' times are shown on)."""
    when = as_when(value)
    if when is None:
        return ""
    day = when.date() if isinstance(when, datetime) else when
    today = _same_zone(when, now).date() if isinstance(when, datetime) and now is not None else None
    if today is not None:
        days = (today - day).days
        if days == 0:
            return "Today"
        if days == 1:
            return "Yesterday"
        if 1 < days < 7:
            return f"{day:%A}"
        if day.year == today.year:
            return f"{day:%B} {day.day}"
    return f"{day:%B} {day.day}, {day.year}"


@jinja2.pass_context
def _day_divider(context: jinja2.runtime.Context, value: Any) -> str:
    return day_divider(value, _now(context))


def office_date(value: Any) -> str:
    """A date: '12/5/2026'."""
    when = as_when(value)
    return month_day_year(when) if when else ""


def install(kit: UiKit) -> None:
    """Every office template's date filters: `d`, `dt` (Teams-style), `dt_long`, `modified`, `mail_time`,
    `quote_time`."""
    kit.env.filters.update(
        d=office_date,
        dt=_dt,
        day_divider=_day_divider,
        dt_long=long_datetime,
        modified=_modified,
        mail_time=mail_time,
        quote_time=quote_time,
        clock=clock_12h,
    )
