"""Dates in every notation, relative ones resolved against the writer's clock and time zone."""

from datetime import UTC, date, datetime

import pytest

from apps.core.meaning import find_dates, states_date

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kept until 2031-05-04", date(2031, 5, 4)),
        ("kept until May 4, 2031", date(2031, 5, 4)),
        ("kept until May 4th 2031.", date(2031, 5, 4)),
        ("kept until 4 May 2031", date(2031, 5, 4)),
        ("kept until the fourth of May 2031", date(2031, 5, 4)),
        ("kept until Sunday, May 4, 2031", date(2031, 5, 4)),
        ("due 2026-11-10T14:00", date(2026, 11, 10)),
        ("on Nov. 12th", date(2026, 11, 12)),
        ("on Wednesday the 11th", date(2026, 11, 11)),
        ("Monday the 4th", date(2027, 1, 4)),
        ("next Monday", date(2026, 11, 9)),
        ("tomorrow", date(2026, 11, 3)),
        ("in two weeks", date(2026, 11, 16)),
    ],
)
def test_a_date_in_any_notation(text: str, expected: date) -> None:
    assert [m.value for m in find_dates(text, NOW, "UTC")] == [expected]
    assert states_date(text, expected.isoformat(), NOW, "UTC")


def test_a_numeric_date_reads_both_ways() -> None:
    found = find_dates("05/04/2031")
    assert {m.value for m in found} == {date(2031, 5, 4), date(2031, 4, 5)}
    assert all(m.ambiguous for m in found)


def test_relative_dates_use_the_writers_local_day() -> None:
    late = datetime(2026, 11, 3, 3, 0, tzinfo=UTC)  # Nov 2, 21:00 in Chicago
    assert [m.value for m in find_dates("tomorrow", late, "America/Chicago")] == [date(2026, 11, 3)]
    assert [m.value for m in find_dates("tomorrow", late, "UTC")] == [date(2026, 11, 4)]


def test_no_reference_no_guess_and_no_false_dates() -> None:
    assert find_dates("next Monday") == []
    assert find_dates("May 4") == []
    assert find_dates("I may 4 of them, we met in May", NOW) == []
    assert not states_date("May 5, 2031", "2031-05-04")
