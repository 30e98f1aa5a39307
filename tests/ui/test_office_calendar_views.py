"""Outlook's calendar views in a real Chromium: the current time as a red line in the Day and Week views (the
world's now in your zone; the grid opened at 08:00), short events on one line with an ellipsis, today marked
by its date only, all-day events in their row, and a full month day ending in "+N more"; each state
axe-clean."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.office.ui_calendar import HOUR_PX, WORK_START
from tests.ui.test_accessibility import _violations


def _zone(episode) -> ZoneInfo:  # noqa: ANN001
    return ZoneInfo(episode.call("office_get_my_profile")["time_zone"])


def test_now_line_short_events_and_today_header(office):
    episode, page, ui = office
    tz = _zone(episode)
    now = episode.now.astimezone(tz)
    start = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=2)
    episode.call(
        "office_create_event",
        subject="A rather long title that cannot fit in a half-hour slot of the week",
        start=start.strftime("%Y-%m-%dT%H:%M:00"),
        end=(start + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M:00"),
    )
    for view in ("week", "day"):
        page.goto(ui(f"/calendar?view={view}"))
        grid = page.get_by_role("grid", name="Day view" if view == "day" else "Week view")
        line = grid.locator(".o-now")
        expect(line).to_have_count(1)
        assert line.evaluate("n => parseInt(n.style.top)") == now.hour * HOUR_PX + now.minute * HOUR_PX // 60
        opened = page.locator(".o-week-scroll").evaluate("n => n.scrollTop")
        assert opened == WORK_START * HOUR_PX  # the grid opens at the working day's start, as Outlook's
        today = grid.get_by_role("columnheader").filter(has_text=f"{now.day}").first
        expect(today).to_have_attribute("aria-current", "date")
        assert today.evaluate("n => getComputedStyle(n).backgroundColor") in (
            "rgb(255, 255, 255)",
            "rgba(0, 0, 0, 0)",
        )
        short = grid.get_by_role("link", name=f"{start:%-I:%M %p} A rather long title", exact=False)
        assert short.evaluate("n => getComputedStyle(n).whiteSpace") == "nowrap"
        assert short.evaluate("n => getComputedStyle(n).textOverflow") == "ellipsis"
        assert short.evaluate("n => n.getBoundingClientRect().height") < 26  # one line of text
        if view == "week":  # a narrow day: the title is clipped with an ellipsis
            assert short.evaluate("n => n.scrollWidth > n.clientWidth")
        assert not _violations(page)


def test_all_day_row_and_month_overflow(office):
    episode, page, ui = office
    tz = _zone(episode)
    day = (episode.now.astimezone(tz) + timedelta(days=2)).date()
    for hour in (8, 9, 10, 11, 12):
        episode.call(
            "office_create_event",
            subject=f"Slot {hour}",
            start=f"{day}T{hour:02d}:00:00",
            end=f"{day}T{hour:02d}:30:00",
        )
    episode.call(
        "office_create_event",
        subject="Company offsite",
        start=f"{day}T00:00:00",
        end=f"{day + timedelta(days=1)}T00:00:00",
        is_all_day=True,
    )
    page.goto(ui(f"/calendar?view=day&date={day}"))
    expect(
        page.get_by_role("grid", name="Day view").get_by_role("link", name="All day Company offsite")
    ).to_be_visible()
    page.goto(ui(f"/calendar?view=month&date={day}"))
    cell = page.get_by_role("cell").filter(
        has=page.get_by_role("link", name=f"{day:%A, %b} {day.day}, {day.year}")
    )
    events = cell.locator(".o-month-ev")
    expect(events).to_have_count(2)
    more = cell.get_by_role("link", name=f"4 more events on {day:%A, %b} {day.day}")
    expect(more).to_have_text("+4 more")
    assert not _violations(page)
    more.click()
    expect(page.get_by_role("grid", name="Day view")).to_be_visible()
    expect(
        page.get_by_role("grid", name="Day view").get_by_role("link", name="Slot", exact=False)
    ).to_have_count(5)
