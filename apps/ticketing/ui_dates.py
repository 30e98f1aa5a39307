"""Dates as ServiceNow shows them by default (glide.sys.date_format yyyy-MM-dd, glide.sys.time_format
HH:mm:ss): '2026-12-05' and '2026-12-05 10:44:46'."""

from __future__ import annotations

from apps.core.ui_dates import formatters
from apps.core.ui_kit import UiKit

sn_date, sn_datetime = formatters(lambda day: f"{day:%Y-%m-%d}", lambda when: f"{when:%Y-%m-%d %H:%M:%S}")


def install(kit: UiKit) -> None:
    """Every ServiceNow template's `d` and `dt` filters."""
    kit.env.filters.update(d=sn_date, dt=sn_datetime)
