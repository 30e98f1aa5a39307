"""Reviews a colleague plans: an account owner holds each of their accounts' quarterly business review
(QBR), a sales manager their team's pipeline review, a support group's manager the group's service review.
Asked about one, they name the day and the hour (their own time, for an hour) — a sales manager also which
quarter's closing deals to review. The answer is a rule of the record and the quarter (`review_slot`,
`review_quarter`), so it is the same whenever they are asked within the quarter and replays exactly.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from apps.core.stable_hash import stable_number

QBR_WORDS = ["qbr", "quarterly business review", "business review"]
PIPELINE_WORDS = ["pipeline review"]
SERVICE_WORDS = ["service review", "service report"]
REVIEW_DAYS = (1, 2, 3)  # Tuesday to Thursday
FIRST_HOUR, HOURS = 10, 5  # 10:00 to 14:00 their time


def quarter_of(day: date) -> tuple[date, date]:
    """The first and last day of the calendar quarter holding `day`."""
    start = date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    after = date(start.year + (start.month == 10), (start.month + 2) % 12 + 1, 1)
    return start, after - timedelta(days=1)


def quarter_label(day: date) -> str:
    """'Q4 2026' for any day of that quarter."""
    return f"Q{(day.month - 1) // 3 + 1} {day.year}"


def review_slot(key: str, today: date) -> tuple[date, int]:
    """The day and hour (the planner's local time) of the review of `key` (an account, a team, a group)
    this quarter: a Tuesday to Thursday between six and two weeks before the quarter ends.

    Args:
        key: what is reviewed, e.g. "qbr:<account name>".
        today: the day the colleague is asked.
    """
    start, end = quarter_of(today)
    days = [
        end - timedelta(days=n)
        for n in range(42, 13, -1)
        if (end - timedelta(days=n)).weekday() in REVIEW_DAYS
    ]
    n = stable_number(f"review:{key}:{start.isoformat()}")
    return days[n % len(days)], FIRST_HOUR + (n // len(days)) % HOURS


def review_quarter(key: str, today: date) -> tuple[str, date, date]:
    """Which quarter's closing deals a sales manager reviews: this one or the next (label, first, last day).

    Args:
        key: the manager, e.g. "pipeline:<their address>".
        today: the day they are asked.
    """
    start, end = quarter_of(today)
    if stable_number(f"quarter:{key}:{start.isoformat()}") % 2:
        start, end = quarter_of(end + timedelta(days=1))
    return quarter_label(start), start, end


def when(day: date, hour: int, zone: str) -> str:
    """How a colleague writes a review's time: "Tuesday, November 24 at 11:00 my time (America/Chicago)"."""
    return f"{day:%A, %B} {day.day} at {hour}:00 my time ({zone}), for an hour"


def review_entries(
    today: date,
    zone: str,
    accounts: list[str],
    team: str | None,
    groups: list[str],
) -> list[dict[str, Any]]:
    """Knowledge entries for the reviews a colleague plans; an entry matches when one of its `keywords`
    and every one of its `requires` appear in the message.

    Args:
        today: the day of the question (the episode's clock).
        zone: the colleague's time zone.
        accounts: the names of the CRM accounts they own.
        team: their address when they manage a sales team with open deals, else None.
        groups: the names of the support groups they manage.
    """
    out = []
    for account in accounts:
        day, hour = review_slot(f"qbr:{account}", today)
        answer = f"Let's hold the {account} QBR on {when(day, hour, zone)}."
        out.append({"keywords": QBR_WORDS, "requires": [account], "answer": answer, "topic": "review"})
    if team:
        label, first, last = review_quarter(f"pipeline:{team}", today)
        day, hour = review_slot(f"pipeline:{team}", today)
        answer = (
            f"Let's review the team's open deals closing in {label} ({first:%B} {first.day} to "
            f"{last:%B} {last.day}, {last.year}); we'll go through them on {when(day, hour, zone)}."
        )
        out.append({"keywords": PIPELINE_WORDS, "answer": answer, "topic": "review"})
    for group in groups:
        day, hour = review_slot(f"service:{group}", today)
        answer = f"Let's go through the {group} service review on {when(day, hour, zone)}."
        out.append({"keywords": SERVICE_WORDS, "requires": [group], "answer": answer, "topic": "review"})
    return out
