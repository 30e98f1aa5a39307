"""A deliverable states a date in any notation, its year said or left to the reader (blind probe,
2026-12-05: a report to the requester said "Window: Nov 3, 08:00-09:00 UTC" and "Tue 3 Nov" and was read as
not stating 2026-11-03)."""

from __future__ import annotations

import pytest

from tasks.rubric.extract import states_date


@pytest.mark.parametrize(
    "text",
    [
        "Window: Nov 3, 08:00-09:00 UTC.",
        "CHG0030399 - apply the hotfix: Tue 3 Nov 08:00-09:00 UTC",
        "booked for November 3rd, right after the freeze",
        "2026-11-03 08:00",
        "November 3, 2026",
        "11/03/2026",
    ],
)
def test_the_date_is_stated(text):
    assert states_date(text, "2026-11-03")


@pytest.mark.parametrize("text", ["Nov 4, 08:00", "November 3, 2025", "3/11", "on the 3rd", "Nov 30"])
def test_another_date_or_no_date_is_not(text):
    assert not states_date(text, "2026-11-03")
