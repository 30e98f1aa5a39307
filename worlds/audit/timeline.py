"""Nothing in a world happened after its now: no record of any app is created, updated, sent, received,
opened, resolved, closed, published, decided or worked on later than the manifest's `now` (an approval
decided tomorrow, a change raised next month). Fields that plan something may lie ahead: a change's
window, a due date, an expected close date, a calendar event, an SLA's planned end.

Every date-valued field of every table is one or the other; a field of neither kind is itself a finding, so
a new field is classified when it is added (`HAPPENED` / `PLANNED` below).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime

from worlds.audit.checks import Finding, World

# fields that record when something took place (across the apps' tables)
HAPPENED = frozenset(
    {
        "sys_created_on", "sys_updated_on", "opened_at", "closed_at", "resolved_at", "published",
        "work_start", "work_end", "conflict_last_run", "start_time", "end_time", "pause_time",
        "created_date", "last_modified_date", "converted_date", "hire_date",
        "created_date_time", "last_modified_date_time", "sent_date_time", "received_date_time",
        "response_time",
        "sent", "since",  # a pending request's mail, and the past moment its customer asks about
        "as_of",  # the day a deck's figures were taken (worlds/parts/decks)
        "opened",  # when a credit claim's outage ticket was opened (worlds/parts/credits)
        "left_on",  # a departed customer contact's last day (worlds/parts/handovers)
        "later_sent",  # when a held request was called off or followed up (worlds/parts/holds)
    }
)  # fmt: skip
# fields that plan something, which may lie after now
PLANNED = frozenset(
    {
        "start_date", "end_date", "due_date", "planned_end_time", "close_date", "service_date",
        "activity_date", "start_date_time", "end_date_time", "effective", "fy_start", "fy_end",
        "value",  # a cell's or a catalog variable's value: a date someone entered (a start date, "until")
        "deadline",  # the day a pending purchase must be ordered by (worlds/parts/chase)
        "close2", "date0", "date1", "date2",  # a triage bundle's close dates (worlds/parts/triage)
    }
)  # fmt: skip
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$")
SHOWN = 6


def _when(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return value.replace(tzinfo=None)


def date_fields(w: World) -> dict[tuple[str, str], list[str]]:
    """Every date-valued field of the world: {(table, field): its values}."""
    found: dict[tuple[str, str], list[str]] = {}
    for table in w.tables():
        for row in w[table]:
            for field, value in row.items():
                if isinstance(value, str) and DATE.match(value):
                    found.setdefault((table, field), []).append(value)
    return found


def happened_after_now(w: World) -> Iterator[Finding]:
    """No record happened after now; every date field is classified as happened or planned."""
    now = w.now()
    fields = date_fields(w)
    late: Counter = Counter()
    total = 0
    for (table, field), values in fields.items():
        if field not in HAPPENED:
            continue
        total += len(values)
        late[f"{table}.{field}"] += sum(1 for v in values if (t := _when(v)) is not None and t > now)
    late = +late
    shown = ", ".join(f"{where} {n}" for where, n in late.most_common(SHOWN))
    yield Finding(
        "timeline: nothing created, updated, sent or decided after now",
        f"{sum(late.values())}/{total}",
        not late,
        shown,
    )
    unknown = sorted(f"{t}.{f}" for t, f in fields if f not in HAPPENED | PLANNED)
    yield Finding(
        "timeline: every date field is a happened or a planned one",
        f"{len(unknown)} unclassified",
        not unknown,
        ", ".join(unknown[:SHOWN]),
    )


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")  # fmt: skip
_NAMED_DAY = re.compile(rf"\b({'|'.join(m.capitalize() for m in _MONTHS)}) (\d{{1,2}})\b(?!,? \d{{4}})")
SLIP = 31  # a named day up to a month after the opening is a slip; further ahead, it is last year's


def said_after_opening(
    row: dict, text_fields: tuple[str, ...] = ("short_description", "description")
) -> list:
    """The days a record's texts name ("since September 18", no year) that fall after it was opened: the day
    in the opening's year, up to a month after it (a day further ahead is last year's: "since December 30"
    on a ticket of September).

    Args:
        row: an incident (its `opened_at` and texts).
        text_fields: the fields read.
    """
    opened = _when(row.get("opened_at") or "")
    if opened is None:
        return []
    late = []
    for field in text_fields:
        for month, day in _NAMED_DAY.findall(row.get(field) or ""):
            try:
                named = datetime(opened.year, _MONTHS.index(month.lower()) + 1, int(day))
            except ValueError:
                continue
            ahead = (named.date() - opened.date()).days
            if 0 < ahead <= SLIP:
                late.append(f"{month} {day}")
    return late


def said_before_opened(w: World) -> Iterator[Finding]:
    """An incident's texts name no day after it was opened ("no status report since September 18" on a
    ticket opened September 17)."""
    tables = [t for t in w.tables() if t.endswith("ticketing/incident")]
    rows = [r for t in tables for r in w[t]]
    wrong = [f"{r['number']} ({', '.join(late)})" for r in rows if (late := said_after_opening(r))]
    yield Finding(
        "timeline: an incident's texts name no day after it was opened",
        f"{len(wrong)}/{len(rows)}",
        not wrong,
        ", ".join(wrong[:SHOWN]),
    )
