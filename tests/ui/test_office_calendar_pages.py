"""Outlook on the web's calendar pages in a real Chromium: the event page (its time in words, Join, the
answer menus that reach respond_to_event), the form's Repeat dropdown made into the RRULE, and the Day /
Work week / Week / Month switcher showing the right range; each state axe-clean."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.office.event_display import event_when
from tests.ui.test_accessibility import _violations
from tests.ui.test_office_calendar import _when


def _unanswered_invitation(episode) -> tuple[str, str]:  # noqa: ANN001
    """A meeting someone else organises that Amber has not answered: (id, organizer's address)."""
    me = episode.call("office_get_my_profile")
    return episode.db.execute_raw(
        "SELECT e.id, e.organizer_address FROM office_event e JOIN office_attendee a ON a.event_id = e.id "
        "WHERE a.email_address = ? AND a.response_status = 'none' AND e.organizer_id != ? "
        "AND e.is_cancelled = 0 ORDER BY e.start_date_time, e.id LIMIT 1",
        (me["mail"], me["id"]),
    )[0]


def _mails_to(episode, address: str) -> int:  # noqa: ANN001
    return episode.db.execute_raw(
        "SELECT COUNT(*) FROM office_message WHERE to_recipients LIKE ?", (f"%{address}%",)
    )[0][0]


def test_the_event_page_shows_the_time_in_words_join_and_the_responses(office):
    episode, page, ui = office
    zone = episode.call("office_get_my_profile")["time_zone"]
    colleague = episode.db.execute_raw(
        "SELECT mail FROM office_user WHERE mail != ? ORDER BY mail LIMIT 1",
        (episode.call("office_get_my_profile")["mail"],),
    )[0][0]
    made = episode.call(
        "office_create_event",
        subject="Pipeline sync",
        start="2026-11-09T18:00:00Z",
        end="2026-11-09T18:30:00Z",
        recurrence="FREQ=WEEKLY;BYDAY=MO;COUNT=6",
        is_online_meeting=True,
        attendees=[colleague],
        location="Room 4",
    )
    page.goto(ui(f"/calendar/{made['id']}"))
    main = page.locator("main")
    expect(page.get_by_role("heading", level=1)).to_have_text("Pipeline sync")
    expect(main).to_contain_text(event_when(made["start_date_time"], made["end_date_time"], zone))
    expect(main).to_contain_text("Occurs every Monday, 6 times")
    join = page.get_by_role("link", name="Join Teams meeting")
    expect(join).to_have_attribute("href", made["online_meeting_url"])
    expect(join).to_have_text("Join")
    expect(main).not_to_contain_text(made["online_meeting_url"])  # a button, not the raw address
    people = page.get_by_role("region", name="Attendees")
    expect(people).to_contain_text("Didn't respond 1")
    expect(people.get_by_role("list", name="Organizer").get_by_role("listitem")).to_have_count(1)
    expect(people.get_by_role("list", name="Didn't respond").get_by_role("listitem")).to_have_count(1)
    teams = page.get_by_role("region", name="Microsoft Teams meeting")  # the join block in the body
    expect(teams).to_contain_text(re.compile(r"Meeting ID: \d{3} \d{3} \d{3} \d{3}"))
    expect(teams.get_by_role("link", name="Click here to join the meeting")).to_have_attribute(
        "href", made["online_meeting_url"]
    )
    for raw in ("FREQ=", zone, "required", "none"):
        expect(main).not_to_contain_text(raw)
    toolbar = page.get_by_role("toolbar", name="Event commands")
    expect(toolbar.get_by_role("link", name="Edit")).to_be_visible()
    expect(toolbar.get_by_role("link", name="Cancel meeting")).to_be_visible()
    assert not _violations(page)

    # opened from the calendar, a series shows the occurrence clicked (its ?on=)
    page.goto(ui("/calendar?week=2026-11-23"))
    page.get_by_role("grid", name="Week view").get_by_role("link", name=re.compile("Pipeline sync")).click()
    expect(main).to_contain_text("Mon 11/23/2026")


def test_accept_tentative_decline_menus_answer_through_the_service(office):
    """Tentative → Edit the response before sending → a comment → Send: tentativelyAccepted and the
    organizer mailed the comment; then Decline → Don't send a response: declined, no mail."""
    episode, page, ui = office
    event_id, organizer = _unanswered_invitation(episode)
    me = episode.call("office_get_my_profile")["mail"]
    page.goto(ui(f"/calendar/{event_id}"))
    form = page.get_by_role("form", name="Respond to invitation")
    expect(form).to_contain_text("You haven't responded to this invitation.")
    assert not _violations(page)
    sent = _mails_to(episode, organizer)
    page.get_by_role("toolbar", name="Event commands").get_by_role("button", name="Tentative").click()
    menu = page.get_by_role("menu", name="Tentative")
    expect(menu.get_by_role("menuitem")).to_have_text(
        ["Edit the response before sending", "Send the response now", "Don't send a response"]
    )
    assert not _violations(page)
    menu.get_by_role("menuitem", name="Edit the response before sending").click()
    form.get_by_label("Comment to the organizer").fill("I may be ten minutes late.")
    form.get_by_role("button", name="Send", exact=True).click()
    expect(page.get_by_role("form", name="Respond to invitation")).to_contain_text("You tentatively accepted")
    status = "SELECT response_status FROM office_attendee WHERE event_id = ? AND email_address = ?"
    assert episode.db.execute_raw(status, (event_id, me)) == [("tentativelyAccepted",)]
    answered = _mails_to(episode, organizer)
    assert answered > sent  # the answer, in the organizer's inbox (and Amber's Sent Items)
    body = episode.db.execute_raw(
        "SELECT body_content FROM office_message WHERE to_recipients LIKE ? ORDER BY rowid DESC LIMIT 1",
        (f"%{organizer}%",),
    )[0][0]
    assert "ten minutes late" in body

    page.get_by_role("button", name="Decline").click()
    page.get_by_role("menu", name="Decline").get_by_role("menuitem", name="Don't send a response").click()
    expect(page.get_by_role("form", name="Respond to invitation")).to_contain_text("You declined")
    assert episode.db.execute_raw(status, (event_id, me)) == [("declined",)]
    assert _mails_to(episode, organizer) == answered


def test_the_forms_repeat_dropdown_makes_the_recurrence(office):
    """Every weekday is MO–FR weekly; Weekly on <day> follows the start date and End repeat is its UNTIL; a
    time the form cannot read is refused by its name with nothing created."""
    episode, page, ui = office
    page.goto(ui("/calendar/new"))
    assert not _violations(page)
    page.get_by_label("Title", exact=True).fill("Standup")
    _when(page, "2026-11-10T09:00", "2026-11-10T09:15")
    start = page.get_by_role("combobox", name="Start time", exact=True)
    start.fill("10:00 AM")
    page.get_by_role("listbox", name="Start time suggestions").get_by_role("option", name="10:00 AM").click()
    expect(page.get_by_label("End time", exact=True)).to_have_value("10:15 AM")  # the end keeps the length
    repeat = page.get_by_role("combobox", name="Repeat", exact=True)
    expect(page.get_by_label("End repeat")).to_be_hidden()
    repeat.click()
    options = page.get_by_role("listbox", name="Repeat options").get_by_role("option")
    expect(options).to_have_text(
        [
            "Does not repeat",
            "Every day",
            "Every weekday",
            "Weekly on Tuesday",
            "Monthly on day 10",
            "Yearly on November 10",
        ]
    )
    assert not _violations(page)
    options.nth(2).click()
    expect(page.get_by_label("End repeat")).to_be_visible()
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Standup")
    expect(page.locator("main")).to_contain_text("Occurs every weekday")
    rule = "SELECT recurrence, start_date_time FROM office_event WHERE subject = ?"
    assert episode.db.execute_raw(rule, ("Standup",))[0][0] == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

    page.goto(ui("/calendar/new"))
    page.get_by_label("Title", exact=True).fill("Thursday review")
    _when(page, "2026-11-12T14:00", "2026-11-12T14:30")
    repeat.click()
    page.get_by_role("option", name="Weekly on Thursday").click()
    page.get_by_label("End repeat").fill("2026-12-03")
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday review")
    made, start = episode.db.execute_raw(rule, ("Thursday review",))[0]
    assert made == "FREQ=WEEKLY;BYDAY=TH;UNTIL=20261203"
    zone = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    local = datetime.fromisoformat(str(start)).replace(tzinfo=ZoneInfo("UTC")).astimezone(zone)
    assert local.strftime("%Y-%m-%d %H:%M") == "2026-11-12 14:00"

    page.goto(ui("/calendar/new"))
    page.get_by_label("Title", exact=True).fill("Unreadable")
    page.get_by_role("combobox", name="Start time", exact=True).fill("half past nine")
    before = episode.state_hash()
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("alert")).to_contain_text("Start time: enter a time such as 9:30 AM")
    expect(page.get_by_label("Title", exact=True)).to_have_value("Unreadable")
    assert episode.state_hash() == before
    assert not _violations(page)


def test_the_view_switcher_shows_the_right_range(office):
    episode, page, ui = office
    zone = ZoneInfo(episode.call("office_get_my_profile")["time_zone"])
    today = episode.now.astimezone(zone).date()
    monday = today - timedelta(days=today.weekday())
    page.goto(ui("/calendar"))
    switcher = page.get_by_role("navigation", name="Calendar view")
    expect(switcher.get_by_role("link", name="Week", exact=True)).to_have_attribute("aria-current", "page")
    expect(page.locator("main")).not_to_contain_text(str(zone))  # no IANA zone on the page

    def title() -> str:
        return page.get_by_role("toolbar", name="Calendar commands").locator("time").inner_text()

    def span(first, last) -> str:  # noqa: ANN001
        return f"{first:%B} {first.day} – {last:%B} {last.day}, {last.year}"

    assert title() == span(monday, monday + timedelta(days=6))
    switcher.get_by_role("link", name="Day", exact=True).click()
    assert title() == f"{today:%A}, {today:%B} {today.day}, {today.year}"
    day_grid = page.get_by_role("grid", name="Day view")
    expect(day_grid.get_by_role("columnheader")).to_have_count(2)  # the hours' column and the day
    assert not _violations(page)
    page.get_by_role("link", name="Next day").click()
    following = today + timedelta(days=1)
    assert title() == f"{following:%A}, {following:%B} {following.day}, {following.year}"

    switcher.get_by_role("link", name="Work week").click()
    week_of = following - timedelta(days=following.weekday())
    assert title() == span(week_of, week_of + timedelta(days=4))
    headers = page.get_by_role("grid", name="Work week view").get_by_role("columnheader")
    expect(headers).to_have_count(6)
    expect(headers.nth(1)).to_contain_text("Mon")
    expect(headers.nth(5)).to_contain_text("Fri")
    assert not _violations(page)

    switcher.get_by_role("link", name="Month", exact=True).click()
    assert title() == f"{week_of:%B %Y}"
    month = page.get_by_role("table", name="Month view")
    rows = month.get_by_role("row")
    first = week_of.replace(day=1)
    following = (first.replace(day=28) + timedelta(days=4)).replace(day=1)
    shown = following - (first - timedelta(days=first.weekday()))
    expect(rows).to_have_count(1 + (shown.days + 6) // 7)
    assert not _violations(page)
    page.get_by_role("toolbar", name="Calendar commands").get_by_role("link", name="Next month").click()
    after = (first + timedelta(days=32)).replace(day=1)
    assert title() == f"{after:%B %Y}"
    expect(switcher.get_by_role("link", name="Month", exact=True)).to_have_attribute("aria-current", "page")
