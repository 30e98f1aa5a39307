"""Outlook's calendar in a real Chromium: Show as on the meeting form, editing a meeting you organise (move
it, invite people with the picker), cancelling with a message, and the Scheduling Assistant."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.core.ui_dates import clock_12h
from apps.office.event_times import read_date
from tests.ui.test_accessibility import _violations

UTC = ZoneInfo("UTC")


def _my_future_meeting(episode) -> tuple[str, str]:  # noqa: ANN001
    """A single (not recurring) meeting Amber organises, after the episode's clock, with an attendee."""
    me = episode.call("office_get_my_profile")["id"]
    now = episode.now.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    return episode.db.execute_raw(
        "SELECT e.id, e.subject FROM office_event e WHERE e.organizer_id = ? AND e.start_date_time > ? "
        "AND e.is_cancelled = 0 AND e.recurrence IS NULL AND EXISTS (SELECT 1 FROM office_attendee a "
        "WHERE a.event_id = e.id AND a.type = 'required') ORDER BY e.start_date_time, e.id LIMIT 1",
        (me, now),
    )[0]


def _colleague(episode, skip: tuple[str, ...] = ()) -> tuple[str, str]:  # noqa: ANN001
    me = episode.call("office_get_my_profile")["mail"]
    rows = episode.db.execute_raw("SELECT display_name, mail FROM office_user ORDER BY mail")
    return next((n, m) for n, m in rows if m not in (me, *skip) and len(n.split()) > 1)


def _local(episode, stamp: str) -> str:  # noqa: ANN001
    tz = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(tz).strftime("%Y-%m-%dT%H:%M")


def _when(page, start: str, end: str) -> None:  # noqa: ANN001
    """The form's Start date / Start time / End date / End time from two local minutes (YYYY-MM-DDTHH:MM),
    each time chosen from its 30-minute list (typed when it is not on it)."""
    for part, value in (("Start", start), ("End", end)):
        page.get_by_label(f"{part} date", exact=True).fill(value[:10])
        box = page.get_by_role("combobox", name=f"{part} time", exact=True)
        box.fill(_clock(value))
        if value[14:16] in ("00", "30"):  # one of the list's half hours: chosen; another time stays typed
            listbox = page.get_by_role("listbox", name=f"{part} time suggestions")
            listbox.get_by_role("option", name=_clock(value), exact=True).click()


def _clock(value: str) -> str:
    moment = datetime.strptime(value[:16], "%Y-%m-%dT%H:%M")
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def _shown(page) -> str:  # noqa: ANN001
    """The form's start and end as YYYY-MM-DDTHH:MM (from the date and time boxes)."""
    parts = []
    for part in ("Start", "End"):
        day = read_date(page.get_by_label(f"{part} date", exact=True).input_value(), part)  # "Mon 11/2/2026"
        clock = datetime.strptime(page.get_by_label(f"{part} time", exact=True).input_value(), "%I:%M %p")
        parts.append(f"{day}T{clock:%H:%M}")
    return " ".join(parts)


def _choose(page, label: str, option: str) -> None:  # noqa: ANN001
    page.get_by_role("combobox", name=label, exact=True).click()
    page.get_by_role("listbox", name=f"{label} options").get_by_role(
        "option", name=option, exact=True
    ).click()


def test_new_meeting_shows_as_away_and_end_before_start_is_refused(office):
    """Show as offers Outlook's five labels over Graph's showAs; Away stores oof. End before start is
    refused with the service's error, the values kept and nothing changed."""
    episode, page, ui = office
    page.goto(ui("/calendar"))
    page.get_by_role("link", name="New event").click()
    page.get_by_role("combobox", name="Show as", exact=True).click()
    options = page.get_by_role("listbox", name="Show as options").get_by_role("option")
    assert options.all_inner_texts() == ["Free", "Working elsewhere", "Tentative", "Busy", "Away"]
    page.keyboard.press("Escape")
    expect(page.locator("input[name=show_as]")).to_have_value("busy")
    page.get_by_label("Title", exact=True).fill("Trip to Denver")
    _when(page, "2026-12-07T08:00", "2026-12-06T18:00")
    _choose(page, "Show as", "Away")
    before = episode.state_hash()
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("alert")).to_contain_text("end must be after start")
    assert episode.state_hash() == before
    expect(page.locator("input[name=show_as]")).to_have_value("oof")
    assert _shown(page) == "2026-12-07T08:00 2026-12-06T18:00"  # what was typed, kept
    page.get_by_label("End date", exact=True).fill("2026-12-09")
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Trip to Denver")
    expect(page.get_by_text("Away", exact=True)).to_be_visible()
    rows = episode.db.execute_raw("SELECT show_as FROM office_event WHERE subject = 'Trip to Denver'")
    assert rows == [("oof",)]


def test_edit_a_meeting_move_it_and_invite_a_colleague_with_the_picker(office):
    """Edit on a meeting you organise: new times and a colleague picked from the directory; Send update
    moves it (responses reset) and invites them. An unknown address is refused, nothing changed."""
    episode, page, ui = office
    event_id, subject = _my_future_meeting(episode)
    name, mail = _colleague(episode)
    ev = episode.call("office_get_event", event_id=event_id)
    start = datetime.fromisoformat(ev["start_date_time"].replace("Z", "+00:00")) + timedelta(days=1, hours=1)
    length = datetime.fromisoformat(ev["end_date_time"].replace("Z", "+00:00")) - (
        start - timedelta(days=1, hours=1)
    )
    page.goto(ui(f"/calendar/{event_id}"))
    page.get_by_role("link", name="Edit", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit event")
    expect(page.get_by_label("Title", exact=True)).to_have_value(subject)
    assert _shown(page).split()[0] == _local(episode, ev["start_date_time"])
    _when(page, _local(episode, start.isoformat()), _local(episode, (start + length).isoformat()))
    picker = page.get_by_role("combobox", name="Required attendees", exact=True)
    picker.fill("nobody.here@acme.example")
    before = episode.state_hash()
    page.get_by_role("button", name="Send update").click()
    expect(page.get_by_role("alert")).to_contain_text("nobody.here@acme.example")
    assert episode.state_hash() == before
    picker = page.get_by_role("combobox", name="Required attendees", exact=True)
    picker.fill("")
    picker.press_sequentially(name.split()[0][:4], delay=30)
    option = page.get_by_role("listbox", name="Required attendees suggestions").get_by_role(
        "option", name=mail, exact=True
    )
    option.click()
    expect(page.get_by_role("button", name=f"Remove {name}")).to_be_visible()
    page.get_by_role("button", name="Send update").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(subject)
    after = episode.call("office_get_event", event_id=event_id)
    assert after["start_date_time"].startswith(start.astimezone(UTC).strftime("%Y-%m-%dT%H:%M"))
    assert mail in {a["email_address"] for a in after["attendees"]}
    assert all(a["response_status"] == "none" for a in after["attendees"] if a["type"] != "resource")
    update = [e for e in episode.events() if e.kind == "action" and e.name == "update_event"][-1]
    assert update.surface == "ui" and update.outcome == "ok" and update.args["add_attendees"] == [mail]


def test_cancel_a_meeting_with_a_message(office):
    """Cancel meeting sends the cancellation with the message typed for the attendees."""
    episode, page, ui = office
    event_id, subject = _my_future_meeting(episode)
    page.goto(ui(f"/calendar/{event_id}"))
    expect(page.get_by_role("form", name="Cancel event")).to_have_count(0)  # a pane opened by the command
    page.get_by_role("toolbar", name="Event commands").get_by_role("link", name="Cancel meeting").click()
    form = page.get_by_role("form", name="Cancel event")
    expect(form.get_by_label("Message to attendees")).to_be_focused()
    assert not _violations(page)
    form.get_by_role("link", name="Don't cancel").click()
    expect(page.get_by_role("form", name="Cancel event")).to_have_count(0)
    page.get_by_role("link", name="Cancel meeting").click()
    form.get_by_label("Message to attendees").fill("Sorry, we need to postpone.")
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_have_text("This meeting was cancelled.")
    assert episode.db.execute_raw("SELECT is_cancelled FROM office_event WHERE id = ?", (event_id,)) == [(1,)]
    bodies = episode.db.execute_raw(
        "SELECT body_content FROM office_message WHERE subject LIKE ? AND body_content LIKE '%postpone%'",
        (f"%{subject}%",),
    )
    assert bodies


def test_scheduling_assistant_picks_a_suggested_time_into_the_form(office):
    """From the new-meeting form, the Scheduling Assistant shows everyone's free/busy for the day and the
    times find_meeting_times suggests; picking one fills Start and End and keeps the rest of the form."""
    episode, page, ui = office
    _, first = _colleague(episode)
    _, second = _colleague(episode, (first,))
    page.goto(ui("/calendar/new"))
    page.get_by_label("Title", exact=True).fill("Quick sync")
    page.get_by_role("combobox", name="Required attendees", exact=True).fill(f"{first}; {second}")
    _when(page, "2026-11-10T09:00", "2026-11-10T09:30")
    page.get_by_role("button", name="Scheduling Assistant").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Scheduling Assistant")
    fb = page.get_by_role("table", name="Free/busy by half hour, 2026-11-10")
    expect(fb.get_by_role("row")).to_have_count(4)  # the header, you and the two attendees
    tz = episode.call("office_get_my_profile")["time_zone"]
    start = datetime(2026, 11, 10, 9, tzinfo=ZoneInfo(tz))
    mine = episode.call(
        "office_get_schedule",
        schedules=[episode.call("office_get_my_profile")["mail"]],
        start=(start - timedelta(hours=2)).isoformat(),
        end=(start + timedelta(hours=10)).isoformat(),
        interval_minutes=30,
    )["schedules"][0]["availability_view"]
    cells = fb.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()
    words = {"1": "Tentative", "2": "Busy", "3": "Out of office", "4": "Working elsewhere"}
    assert [words.get(d) for d in mine] == [c if c in words.values() else None for c in cells]
    assert set(mine) != {"0"} and "Outside working hours" in cells  # Amber's day starts at 09:00
    found = episode.call(
        "office_find_meeting_times",
        attendees=[first, second],
        duration_minutes=30,
        start=start.isoformat(),
        end=(start + timedelta(hours=15)).isoformat(),
    )["suggestions"][0]
    links = page.get_by_role("region", name="Suggested times").get_by_role("link")
    s, e = _local(episode, found["start"]), _local(episode, found["end"])
    s12, e12 = (clock_12h(datetime.strptime(t[:16], "%Y-%m-%dT%H:%M")) for t in (s, e))
    expect(links.first).to_have_text(f"{s12} – {e12}")  # the chip: the times (12-hour clock)
    expect(links.first).to_have_accessible_name(f"Tuesday, November 10, {s12} – {e12}")  # name: day too
    links.first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New event")
    assert _shown(page) == f"{s} {e}"
    expect(page.get_by_label("Title", exact=True)).to_have_value("Quick sync")
    expect(page.get_by_role("button", name=f"Remove {second}")).to_be_visible()


def test_scheduling_assistant_refuses_an_unknown_attendee(office):
    episode, page, ui = office
    page.goto(ui("/calendar/new?attendees=nobody.here%40acme.example&start=2026-11-10T09:00"))
    before = episode.state_hash()
    page.get_by_role("button", name="Scheduling Assistant").click()
    expect(page.get_by_role("alert")).to_contain_text("no one at")
    expect(page.get_by_role("region", name="Suggested times")).to_have_count(0)
    assert episode.state_hash() == before


def test_new_calendar_states_pass_axe(office):
    """The states the catalogue's pages do not show: the edit form refusing, the assistant refusing."""
    episode, page, ui = office
    event_id, _ = _my_future_meeting(episode)
    page.goto(ui(f"/calendar/{event_id}/edit"))
    page.get_by_role("combobox", name="Required attendees", exact=True).fill("nobody.here@acme.example")
    page.get_by_role("button", name="Send update").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert not _violations(page)
    page.goto(ui("/calendar/scheduling?attendees=nobody.here%40acme.example"))
    expect(page.get_by_role("alert")).to_be_visible()
    assert not _violations(page)
    _, mail = _colleague(episode)
    page.goto(ui(f"/calendar/scheduling?attendees={mail}&start=2026-11-10T09:00&duration=60"))
    expect(page.get_by_role("region", name="Free/busy grid")).to_be_visible()
    assert not _violations(page)


def test_overlapping_meetings_share_the_day_and_the_mini_month_moves_the_week(office):
    """Outlook's week: two meetings at the same time are drawn side by side (each half the day's width, none
    covering the other), a third later one takes the whole width; the mini-month's days open their week
    (pointer and keyboard) and its arrows go a month on."""
    episode, page, ui = office
    tz = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    day = (episode.now.astimezone(tz) + timedelta(days=1)).replace(hour=10, minute=0, second=0, microsecond=0)
    for subject, start, minutes in (
        ("Overlap A", day, 60),
        ("Overlap B", day + timedelta(minutes=30), 60),
        ("Later C", day + timedelta(hours=3), 30),
    ):
        episode.call(
            "office_create_event",
            subject=subject,
            start=start.replace(tzinfo=None).isoformat(),
            end=(start + timedelta(minutes=minutes)).replace(tzinfo=None).isoformat(),
        )
    page.goto(ui(f"/calendar?week={day.date().isoformat()}"))
    week = page.get_by_role("grid", name="Week view")
    a, b, c = (
        week.get_by_role("link", name=re.compile(rf"^\d{{1,2}}:\d\d [AP]M {n},")).bounding_box()
        for n in ("Overlap A", "Overlap B", "Later C")
    )
    assert a["x"] + a["width"] <= b["x"] + 1, "B is beside A, not over it"
    assert abs(a["width"] - b["width"]) < 2 and c["width"] > 1.8 * a["width"]
    assert b["y"] > a["y"]  # each at its own time

    mini = page.get_by_role("navigation", name="Mini calendar")
    target = day.date() + timedelta(days=7)
    label = target.strftime("%A %d %B %Y")
    with page.expect_navigation():
        mini.get_by_role("link", name=label).click()
    monday = target - timedelta(days=target.weekday())
    expect(page.locator(".o-cal-range time")).to_have_attribute("datetime", monday.isoformat())
    expect(page.locator(".o-cal-range time")).to_contain_text(f"{monday:%B} {monday.day} – ")
    mini = page.get_by_role("navigation", name="Mini calendar")
    mini.get_by_role("link", name=label).focus()
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # the next day: the same week, or the next one on a Sunday
    title = mini.get_by_role("heading", level=2).inner_text()
    with page.expect_navigation():
        page.get_by_role("navigation", name="Mini calendar").get_by_role("link", name="Next month").click()
    assert (
        page.get_by_role("navigation", name="Mini calendar").get_by_role("heading", level=2).inner_text()
        != title
    )
