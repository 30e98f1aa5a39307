"""Dates as Salesforce Lightning shows them to an en_US user: '12/5/2026' and '12/5/2026, 10:44 AM'."""

from __future__ import annotations

from apps.core.ui_dates import clock_12h, formatters, month_day_year
from apps.core.ui_kit import UiKit

# a Date field ('12/5/2026') and a Date/Time field ('12/5/2026, 10:44 AM')
sf_date, sf_datetime = formatters(month_day_year, lambda when: f"{month_day_year(when)}, {clock_12h(when)}")


def install(kit: UiKit) -> None:
    """Every CRM template's `d` and `dt` filters."""
    kit.env.filters.update(d=sf_date, dt=sf_datetime)
