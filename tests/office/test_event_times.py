"""The meeting form's date and time boxes and Repeat choices read as create_event's times and RRULE."""

from __future__ import annotations

from datetime import date, time

import pytest

from apps.office.event_display import recurrence_words
from apps.office.event_times import SLOTS, TimeError, joined, read_clock, repeat_choices, repeat_rule, split


def test_times_are_read_as_typed_and_the_list_is_the_days_half_hours():
    typed = ("9:30 AM", "9:30am", "12:00 AM", "12:15 p.m.", "14:30", "7")
    read = [time(9, 30), time(9, 30), time(0, 0), time(12, 15), time(14, 30), time(7, 0)]
    assert [read_clock(t, "Start time") for t in typed] == read
    assert SLOTS[0] == "12:00 AM" and SLOTS[19] == "9:30 AM" and SLOTS[-1] == "11:30 PM" and len(SLOTS) == 48
    for bad in ("half past nine", "13:00 PM", "25:00", "9:75"):
        with pytest.raises(TimeError, match="Start time: enter a time such as 9:30 AM"):
            read_clock(bad, "Start time")


def test_the_boxes_join_into_start_and_end_and_split_back():
    boxes = {"start_date": "2026-11-10", "start_time": "9:00 AM"}
    boxes |= {"end_date": "11/10/2026", "end_time": "9:45 AM"}
    made = joined(boxes)
    assert (made["start"], made["end"]) == ("2026-11-10T09:00", "2026-11-10T09:45")
    all_day = joined({**boxes, "end_date": "2026-11-12", "all_day": "true", "start_time": ""})
    assert (all_day["start"], all_day["end"]) == ("2026-11-10T00:00", "2026-11-13T00:00")
    shown = split({"start": "2026-11-10T13:30", "end": "2026-11-10T14:00"})
    parts = [shown[k] for k in ("start_date", "start_time", "end_time")]
    assert parts == ["Tue 11/10/2026", "1:30 PM", "2:00 PM"]
    assert joined({**boxes, "start_date": "Tue 11/10/2026"})["start"] == "2026-11-10T09:00"
    assert joined({"subject": "no boxes", "start": "2026-11-10T09:00"})["start"] == "2026-11-10T09:00"
    with pytest.raises(TimeError, match="End date: enter a date"):
        joined({**boxes, "end_date": "tomorrow"})


def test_repeat_choices_and_their_rules_follow_the_start_day():
    thursday = date(2026, 11, 12)
    labels = [label for _, label in repeat_choices(thursday)]
    assert labels == ["Does not repeat", "Every day", "Every weekday", "Weekly on Thursday",
                      "Monthly on day 12", "Yearly on November 12"]  # fmt: skip
    assert repeat_rule("", thursday) is None
    assert repeat_rule("weekdays", thursday) == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
    assert recurrence_words(repeat_rule("weekdays", thursday)) == "Occurs every weekday"
    until = repeat_rule("weekly", thursday, "2026-12-03")
    assert recurrence_words(until) == "Occurs every Thursday until 12/3/2026"
    assert repeat_rule("weekly", thursday, "2026-12-03") == "FREQ=WEEKLY;BYDAY=TH;UNTIL=20261203"
    assert repeat_rule("monthly", thursday) == "FREQ=MONTHLY;BYMONTHDAY=12"
    assert repeat_rule("yearly", thursday) == "FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=12"
    with pytest.raises(TimeError, match="End repeat"):
        repeat_rule("daily", thursday, "soon")
