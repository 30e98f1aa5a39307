"""When the week's colleagues write, and by when they need it (`crossapp/xapp/week_arrivals.py`).

Every arrival is sent inside its sender's own working hours (their zone and hours in the directory). The
first new request of the week carries a deadline as colleagues set them, one of four kinds drawn per
instance, in the sender's own words and zone, always inside their working hours:

- `soon`: the same day, two to three hours after the mail ("I've got a call with them at 3 pm Pacific today");
- `today`: the end of the sender's working day ("before I finish today — 5 pm Pacific");
- `morning`: the next morning ("Wednesday at 10 am Pacific");
- `later`: the end of the day after next ("by end of day Thursday (5 pm Pacific)").

The verdict holds the write to that window of the episode clock — after the mail arrived, before the moment
(`Expectation.written`). Letting the days pass to Friday and doing everything then misses every kind;
checking in each day (or stopping at each arrival) meets it. Which kinds an arrival day allows keeps the
moment one a performer can meet and the oracle meets: the same-day kinds need a check-in in the afternoon
of the day it came, which the week's clock gives only from Wednesday on (Monday's requests may wait a day on
Tuesday, `inbox_week.py`); the day after next must still be a working day before the week ends.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tasks.families.base import Draw
from tasks.truth_model import Expectation, WriteWindow

UTC = ZoneInfo("UTC")
ZONES = {"America/Los_Angeles": "Pacific", "America/Denver": "Mountain", "America/Chicago": "Central",
         "America/New_York": "Eastern", "Europe/London": "UK time"}  # fmt: skip
HOURS_OF = "SELECT time_zone, working_hours_start, working_hours_end FROM office_user WHERE mail = ?"
MONDAY = datetime(2026, 11, 2, 9, 0)  # the world's now (acme, naive UTC): the oracle checks in at this hour
END = datetime(2026, 11, 6, 22, 0)  # Friday 17:00 in New York: the week's end (naive UTC)
MORNINGS = ((10, 0), (10, 30), (11, 0), (9, 30))  # when, on the next day, the sender needs it (their time)
SAME_DAY = ("soon", "today")
WHY = {
    ("title", "soon"): (
        "I've got a call with them at {when} today — could you have {first}'s new title in before then?",
        "I'm going through their org chart with them at {when} today, so could the title be in the CRM "
        "before that?",
    ),
    ("task", "soon"): (
        "I'm on a call with them at {when} today and want to tell them it's on your list — could you add it "
        "before then?",
    ),
    ("title", "today"): (
        "could you have {first}'s new title in before I finish today ({when})? I send them the updated "
        "contact list after that.",
    ),
    ("task", "today"): (
        "could it be on your list before I finish today ({when})? I promised them an answer by then.",
    ),
    ("title", "morning"): (
        "I'm on the phone with them {when} — could you have {first}'s new title in before then?",
        "they're sending round the new org chart and I check it against the CRM on {when}, so could the "
        "title be in before that?",
    ),
    ("task", "morning"): (
        "I'm telling them on our call {when} that you'll be in touch — could you have it on your list "
        "before then?",
        "I do my account review on {when} and it should show there — could it be on your list before that?",
    ),
    ("title", "later"): (
        "no rush — by end of day {when} is fine; that's when I send them the updated contact sheet.",
    ),
    ("task", "later"): (
        "no big rush — could it be on your list by end of day {when}? That's when I report back to them.",
    ),
}


def _clock(hour: int, minute: int) -> str:
    """'10 am', '10:30 am' — a time as a person writes it."""
    return f"{hour % 12 or 12}{f':{minute:02d}' if minute else ''} {'am' if hour < 12 else 'pm'}"


def _hm(text: str) -> tuple[int, int]:
    hour, minute = text.split(":")
    return int(hour), int(minute)


def hours(d: Draw, sender: str) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """The sender's (IANA zone, start, end of working day as (hour, minute)) from the directory; an unknown
    sender or zone is taken as New York's 09:00–17:00."""
    found = d.world.rows(HOURS_OF, sender)
    if not found or found[0]["time_zone"] not in ZONES:
        return "America/New_York", (9, 0), (17, 0)
    row = found[0]
    return row["time_zone"], _hm(row["working_hours_start"]), _hm(row["working_hours_end"])


def _local(zone: str, day: int, at: tuple[int, int]) -> datetime:
    """`day` of the week (0 = Monday) at `at` on the clock of `zone`, as naive UTC."""
    date = MONDAY.date() + timedelta(days=day)
    moment = datetime(date.year, date.month, date.day, *at, tzinfo=ZoneInfo(zone))
    return moment.astimezone(UTC).replace(tzinfo=None)


def send_time(d: Draw, sender: str, day: int, room: int = 60) -> datetime:
    """When `sender` sends a mail on `day` (1 = Tuesday … 3 = Thursday), naive UTC: inside their working
    hours from half an hour after they start to `room` minutes before they stop, and after the morning hour
    the week's oracle checks in at (09:00 UTC) and before the next one, in five-minute steps."""
    zone, start, end = hours(d, sender)
    first = max(_local(zone, day, start) + timedelta(minutes=30), MONDAY + timedelta(days=day, minutes=30))
    last = min(_local(zone, day, end) - timedelta(minutes=room), MONDAY + timedelta(days=day + 1, hours=-1))
    steps = int((last - first).total_seconds() // 300)
    if steps < 0:
        raise ValueError(f"{sender} works no hours on day {day} the week's clock can reach")
    return first + timedelta(minutes=5 * d.rng.randrange(steps + 1))


def kinds(d: Draw, sender: str, day: int) -> list[str]:
    """The deadline kinds a request sent on `day` can carry: the same-day ones from Wednesday on (the
    oracle's extra check-in that afternoon may not fall in a round other requests wait in), the day after
    next only when its end of working day comes an hour or more before the week's end."""
    zone, _, end = hours(d, sender)
    out = [*(SAME_DAY if day >= 2 else ()), "morning"]
    if day + 2 <= 4 and _local(zone, day + 2, end) <= END - timedelta(hours=1):
        out.append("later")
    return out


def _half_hour_up(moment: datetime) -> datetime:
    """`moment` rounded up to the next full or half hour."""
    rest = (moment.minute % 30) * 60 + moment.second
    return moment + timedelta(seconds=(1800 - rest) % 1800)


def deadline(d: Draw, sender: str, sent: datetime, kind: str, day: int) -> tuple[datetime, str, str, str]:
    """When the sender of a mail sent at `sent` (naive UTC) on `day` needs it, by `kind` (see the module):
    (the moment in naive UTC, their words for it — "3 pm Pacific", "Wednesday at 10 am Pacific",
    "Thursday (5 pm Pacific)" —, the same in the diff's words — "Wednesday 15:00 PST" —, their IANA zone)."""
    zone, _, end = hours(d, sender)
    tz = ZoneInfo(zone)
    if kind == "soon":
        moment = _half_hour_up(sent + timedelta(minutes=d.choice([120, 150, 180])))
    elif kind == "today":
        moment = _local(zone, day, end)
    elif kind == "morning":
        moment = _local(zone, day + 1, d.choice(list(MORNINGS)))
    else:
        moment = _local(zone, day + 2, end)
    due = moment.replace(tzinfo=UTC).astimezone(tz)
    clock = f"{_clock(due.hour, due.minute)} {ZONES[zone]}"
    said = {"soon": clock, "today": clock, "morning": f"{due:%A} at {clock}", "later": f"{due:%A} ({clock})"}
    return moment, said[kind], f"{due:%A} {due:%H:%M} {due:%Z}", zone


def with_deadline(
    d: Draw, r: dict[str, Any], body: str, sent: datetime, expect: Expectation, kind: str, day: int
) -> tuple[str, Expectation]:
    """The request `r`'s mail `body` (sent at `sent` on `day`) with its sender's deadline of `kind` in
    their own words before the sign-off, and `expect` held to the window from `sent` to that moment (the
    row's own modification time)."""
    moment, said, short, zone = deadline(d, r["sender"], sent, kind, day)
    if not sent + timedelta(hours=2) <= moment <= END - timedelta(hours=1):
        raise ValueError(f"a {kind} deadline at {moment} for a mail sent at {sent} cannot be met in the week")
    first = r["contact_name"].split()[0]
    why = d.choice(list(WHY[r["action"], kind])).format(when=said, first=first)
    head, *middle, sign = body.split("\n\n")
    text = "\n\n".join([head, *middle, why[0].upper() + why[1:], sign])
    who = r["contact_name"]
    what = f"{who}'s new title in" if r["action"] == "title" else f"the call with {who} on the task list"
    window = WriteWindow(
        column="last_modified_date",
        after=sent.isoformat(),
        before=moment.isoformat(),
        said=f"{r['sender_name']}: {what} before {short}",
        zone=zone,
    )
    return text, expect.model_copy(update={"written": window})
