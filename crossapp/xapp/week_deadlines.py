"""A deadline on a request that arrives during the week (`crossapp/xapp/week_arrivals.py`): its sender needs
the work done by a moment of the next working day, says so in their own words and their own time zone
(named as a person names it: "10 am Pacific"), and the verdict holds the write to that window of the
episode clock — after the request arrived, before the moment (`Expectation.written`). Letting the days
pass to Friday and doing everything then misses it; checking in each day (or stopping at each arrival)
meets it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tasks.families.base import Draw
from tasks.truth_model import Expectation, WriteWindow

ZONES = {"America/Los_Angeles": "Pacific", "America/Denver": "Mountain", "America/Chicago": "Central",
         "America/New_York": "Eastern"}  # fmt: skip
ZONE_OF = "SELECT time_zone FROM office_user WHERE mail = ?"
HOURS = ((10, 0), (10, 30), (11, 0), (9, 30))  # when, on the next day, the sender needs it (their time)
WHY = {
    "title": (
        "I'm on the phone with them {when} — could you have {first}'s new title in before then?",
        "they're sending round the new org chart and I check it against the CRM on {when}, so could the "
        "title be in before that?",
    ),
    "task": (
        "I'm telling them on our call {when} that you'll be in touch — could you have it on your list "
        "before then?",
        "I do my account review on {when} and it should show there — could it be on your list before that?",
    ),
}


def _clock(hour: int, minute: int) -> str:
    """'10 am', '10:30 am' — a time as a person writes it."""
    return f"{hour % 12 or 12}{f':{minute:02d}' if minute else ''} {'am' if hour < 12 else 'pm'}"


def deadline(d: Draw, sender: str, sent: datetime) -> tuple[datetime, str, str, str]:
    """When the sender of a mail sent at `sent` (naive UTC) needs it: the next day at a drawn hour of their
    own zone. Returns (the moment in naive UTC, their words for it — "Wednesday at 10 am Pacific" —, the
    same in the diff's words — "Wednesday 10:00 PST" —, their IANA zone)."""
    found = d.world.rows(ZONE_OF, sender)
    zone = found[0]["time_zone"] if found and found[0]["time_zone"] in ZONES else "America/New_York"
    tz = ZoneInfo(zone)
    local = sent.replace(tzinfo=ZoneInfo("UTC")).astimezone(tz) + timedelta(days=1)
    hour, minute = d.choice(list(HOURS))
    due = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    moment = due.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    said = f"{due:%A} at {_clock(hour, minute)} {ZONES[zone]}"
    return moment, said, f"{due:%A} {due:%H:%M} {due:%Z}", zone


def with_deadline(
    d: Draw, r: dict[str, Any], body: str, sent: datetime, expect: Expectation
) -> tuple[str, Expectation]:
    """The request `r`'s mail `body` (sent at `sent`) with its sender's deadline in their own words before the
    sign-off, and `expect` held to the window from `sent` to that moment (the row's own modification time)."""
    moment, said, short, zone = deadline(d, r["sender"], sent)
    first = r["contact_name"].split()[0]
    why = d.choice(list(WHY[r["action"]])).format(when=said, first=first)
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
