"""Dates as a person writes them: 2031-05-04, "May 4, 2031", "4 May 2031", "the 4th of May", 05/04/2031,
"Monday the 4th", "next Monday", "tomorrow", "in two weeks" — resolved against a reference moment in a
time zone (the world's clock where the writer lives).

Absolute forms are read here (a date needs a day and a month; a missing year is the one nearest the
reference); relative phrases are handed to `dateparser` (maintained) with the reference as its base.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from apps.core.meaning.numbers import spelled_out_as_digits

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTHS["sept"] = 9
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_WEEKDAYS |= {name.lower(): i for i, name in enumerate(calendar.day_abbr)}
_WEEKDAYS |= {"tues": 1, "thur": 3, "thurs": 3}

_MON = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WD = r"(?:(?P<wd>" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")\.?,?\s+)"
_ORD = r"(?:st|nd|rd|th)"
_YEAR = r"(?:,?\s+(?P<year>\d{4}))"

_FORMS = [
    re.compile(r"\b(?P<year>\d{4})[-/](?P<month>\d{1,2})[-/](?P<day>\d{1,2})(?!\d)"),
    re.compile(rf"\b{_WD}?{_MON}\s+(?P<day>\d{{1,2}}){_ORD}?\b{_YEAR}?", re.I),
    re.compile(rf"\b{_WD}?(?:the\s+)?(?P<day>\d{{1,2}}){_ORD}?\s+(?:of\s+)?{_MON}\b{_YEAR}?", re.I),
    re.compile(r"\b(?P<a>\d{1,2})[/.](?P<b>\d{1,2})[/.](?P<year>\d{4}|\d{2})\b"),
    re.compile(rf"\b{_WD}(?:the\s+)?(?P<day>\d{{1,2}}){_ORD}\b", re.I),
]
_RELATIVE = re.compile(
    r"\b(?:today|tomorrow|yesterday|day after tomorrow"
    r"|(?:next|this|coming|last)\s+(?:" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")"
    r"|(?:in|within)\s+\d+\s+(?:days?|weeks?|months?)"
    r"|\d+\s+(?:days?|weeks?|months?)\s+(?:from now|ago))\b",
    re.I,
)


@dataclass(frozen=True)
class DateMention:
    """One date stated in a text: `value` the calendar date, `text` the words that stated it,
    `ambiguous` when a numeric date reads two ways (05/04/2031: May 4 or 5 April — both are listed)."""

    value: date
    text: str
    ambiguous: bool = False


def local_day(reference: datetime | date | None, tz: str | None = None) -> date | None:
    """The calendar day of `reference` where the writer lives (`tz`, an IANA zone; an aware datetime is
    converted to it, a naive one is taken as already local)."""
    if reference is None or not isinstance(reference, datetime):
        return reference
    if tz and reference.tzinfo is not None:
        return reference.astimezone(ZoneInfo(tz)).date()
    return reference.date()


def _make(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _nearest(candidates: list[date], around: date) -> date | None:
    """The candidate closest to `around` (a tie goes to the later one)."""
    valid = [c for c in candidates if c is not None]
    return min(valid, key=lambda c: (abs((c - around).days), -c.toordinal())) if valid else None


def _without_year(month: int, day: int, today: date | None) -> date | None:
    if today is None:
        return None
    return _nearest([_make(today.year + k, month, day) for k in (-1, 0, 1)], today)


def _weekday_day(weekday: int, day: int, today: date | None) -> date | None:
    """ "Monday the 4th": the 4th that falls on a Monday, nearest the reference."""
    if today is None:
        return None
    found = []
    for k in range(-14, 15):
        y, m = divmod(today.year * 12 + today.month - 1 + k, 12)
        d = _make(y, m + 1, day)
        if d is not None and d.weekday() == weekday:
            found.append(d)
    return _nearest(found, today)


def _absolute(form: int, m: re.Match, today: date | None) -> list[date]:
    g = m.groupdict()
    if form == 0:
        return [d for d in [_make(int(g["year"]), int(g["month"]), int(g["day"]))] if d]
    if form in (1, 2):
        if g["mon"] == "may" and form == 1:  # "I may 4 …": the verb, not the month
            return []
        month, day = _MONTHS[g["mon"].lower()], int(g["day"])
        d = _make(int(g["year"]), month, day) if g.get("year") else _without_year(month, day, today)
        return [d] if d else []
    if form == 3:
        year = int(g["year"]) + (2000 if len(g["year"]) == 2 else 0)
        a, b = int(g["a"]), int(g["b"])
        return list(dict.fromkeys(d for d in (_make(year, a, b), _make(year, b, a)) if d))
    d = _weekday_day(_WEEKDAYS[g["wd"].lower()], int(g["day"]), today)
    return [d] if d else []


def _relative(span: str, today: date) -> date | None:
    import dateparser  # loaded on first use: a relative phrase is rare in what the verifier reads

    base = datetime(today.year, today.month, today.day, 12, 0)
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future", "RETURN_AS_TIMEZONE_AWARE": False}
    if span.lower().startswith(("this ", "coming ")):
        span = span.split(None, 1)[1]
    found = dateparser.parse(span, languages=["en"], settings=settings)
    return found.date() if found else None


def find_dates(
    text: str | None, reference: datetime | date | None = None, tz: str | None = None
) -> list[DateMention]:
    """Every calendar date stated in `text`, in reading order.

    Args:
        text: free text.
        reference: the moment the text was written (the episode's clock); needed for dates without a year
            ("May 4", "Monday the 4th") and relative ones ("tomorrow"), which are skipped without it.
        tz: the writer's IANA time zone, to take the reference's local day.

    Returns:
        One `DateMention` per date (two, marked ambiguous, for a numeric date that reads both ways).
    """
    source = re.sub(  # "the fourth of May" → "the 4th of May", "Monday the first" → "Monday the 1st"
        r"\b(the\s+)(first|second)\b",
        lambda m: m.group(1) + {"first": "1st", "second": "2nd"}[m.group(2).lower()],
        spelled_out_as_digits(text or ""),
        flags=re.I,
    )
    today = local_day(reference, tz)
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, DateMention]] = []

    def free(m: re.Match) -> bool:
        return all(m.end() <= a or m.start() >= b for a, b in taken)

    for form, pattern in enumerate(_FORMS):
        for m in pattern.finditer(source):
            if not free(m):
                continue
            days = _absolute(form, m, today)
            if days:
                taken.append(m.span())
                found += [(m.start(), DateMention(d, m.group(0).strip(), len(days) > 1)) for d in days]
    for m in _RELATIVE.finditer(source) if today is not None else ():
        d = _relative(m.group(0), today) if free(m) else None
        if d is not None:
            found.append((m.start(), DateMention(d, m.group(0))))
    return [mention for _, mention in sorted(found, key=lambda x: x[0])]


def as_date(value: date | datetime | str) -> date:
    """A date from a date, a datetime or ISO text ("2031-05-04", "2031-05-04T09:00:00")."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


def states_date(
    text: str | None,
    expected: date | datetime | str,
    reference: datetime | date | None = None,
    tz: str | None = None,
) -> bool:
    """Whether `text` states the calendar date `expected` in any notation (see `find_dates`)."""
    want = as_date(expected)
    return any(m.value == want for m in find_dates(text, reference, tz))


# A time of day: "08:00", "8:00", "8.00", "8h00", "8 am", "8:00 a.m.", "0800 hours", "08:00Z", "noon".
_TIME = re.compile(
    r"(?<![\d:.])(?:(?P<h>\d{1,2})\s*(?:[:.h]\s*(?P<m>\d{2}))?\s*(?P<ap>[ap]\.?\s?m\.?)(?![a-z])"
    r"|(?P<h2>\d{1,2})[:h](?P<m2>\d{2})(?![\d:])"
    r"|(?P<h3>[01]\d|2[0-3])\.(?P<m3>[0-5]\d)(?![\d.])"
    r"|(?P<h4>[01]\d|2[0-3])(?P<m4>[0-5]\d)\s*(?:h|hrs|hours|utc|gmt|z)\b"
    r"|(?P<word>noon|midday|midnight))",
    re.I,
)


def find_times(text: str | None) -> list[str]:
    """Every time of day stated in `text`, as 24-hour "HH:MM", in reading order ("8 am", "8:00", "0800 hours"
    and "08.00" are "08:00"; "noon" is "12:00", "midnight" and "12 am" are "00:00")."""
    out = []
    for m in _TIME.finditer(text or ""):
        if m.group("word"):
            out.append("00:00" if m.group("word").lower() == "midnight" else "12:00")
            continue
        h = int(m.group("h") or m.group("h2") or m.group("h3") or m.group("h4"))
        mi = int(m.group("m") or m.group("m2") or m.group("m3") or m.group("m4") or 0)
        if m.group("ap"):
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if m.group("ap").lower().startswith("p") else 0)
        if h <= 24 and mi < 60:
            out.append(f"{h % 24:02d}:{mi:02d}")
    return out


def states_time(text: str | None, expected: str) -> bool:
    """Whether `text` states the time of day `expected` ("HH:MM", 24-hour) in any notation."""
    return expected[:5] in find_times(text)
