"""An event as Outlook's event page shows it: its time in the viewer's time zone on one line ("Mon 11/2/2026
9:00 AM – 9:30 AM") and its recurrence rule in words ("Occurs every Monday, 6 times").
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from apps.core.ui_dates import as_when, clock_12h, month_day_year
from apps.office.ui_dates import long_datetime

DAYS = {"MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday", "FR": "Friday",
        "SA": "Saturday", "SU": "Sunday"}  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
UNITS = {"DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"}


def _local(value: str, tz: ZoneInfo) -> datetime:
    when = as_when(value)
    return (when if when.tzinfo else when.replace(tzinfo=ZoneInfo("UTC"))).astimezone(tz)


def event_when(start: str, end: str, zone: str) -> str:
    """The event's time as Outlook writes it in the viewer's zone: "Mon 11/2/2026 9:00 AM – 9:30 AM" (the
    end's date too when it ends on another day).

    Args:
        start: the start, ISO (UTC when it has no offset).
        end: the end, ISO.
        zone: the viewer's IANA time zone.
    """
    s, e = (_local(v, ZoneInfo(zone)) for v in (start, end))
    return f"{long_datetime(s)} – {clock_12h(e) if e.date() == s.date() else long_datetime(e)}"


def recurrence_words(rule: str | None) -> str | None:
    """An RRULE ("FREQ=WEEKLY;BYDAY=MO;COUNT=6") in Outlook's words ("Occurs every Monday, 6 times"); a rule
    it cannot read is shown as it is.

    Args:
        rule: the event's recurrence rule (RFC 5545), or None.
    """
    if not rule:
        return None
    parts = dict(p.split("=", 1) for p in rule.removeprefix("RRULE:").split(";") if "=" in p)
    unit = UNITS.get(parts.get("FREQ", ""))
    if unit is None:
        return rule
    interval = int(parts.get("INTERVAL", "1") or 1)
    days = [DAYS[d[-2:]] for d in parts.get("BYDAY", "").split(",") if d[-2:] in DAYS]
    if unit == "week" and interval == 1 and sorted(days) == sorted(WEEKDAYS):
        text = "Occurs every weekday"
    elif unit == "week" and days:
        listed = days[0] if len(days) == 1 else ", ".join(days[:-1]) + " and " + days[-1]
        text = f"Occurs every {listed}" if interval == 1 else f"Occurs every {interval} weeks on {listed}"
    elif unit == "day" and interval == 1:
        text = "Occurs every day"
    else:
        text = f"Occurs every {unit}" if interval == 1 else f"Occurs every {interval} {unit}s"
    if parts.get("COUNT"):
        text += f", {parts['COUNT']} times"
    elif parts.get("UNTIL"):
        until = datetime.strptime(parts["UNTIL"][:8], "%Y%m%d")
        text += f" until {month_day_year(until)}"
    return text


# Graph's responseStatus values as Outlook's attendee list names them (order: Outlook's tracking summary).
RESPONSES = (
    ("accepted", "Accepted"),
    ("tentativelyAccepted", "Tentative"),
    ("declined", "Declined"),
    ("none", "Didn't respond"),
)
MY_RESPONSE = {
    "accepted": "You accepted this meeting.",
    "tentativelyAccepted": "You tentatively accepted this meeting.",
    "declined": "You declined this meeting.",
    "none": "You haven't responded to this invitation.",
    "notResponded": "You haven't responded to this invitation.",
}


def attendee_groups(attendees: list[dict]) -> tuple[list[dict], str]:
    """The invited people (rooms left out) each with Outlook's response `label` and `state` (accepted,
    tentative, declined, none), and the tracking summary "Accepted 2, Didn't respond 1" (only counts above 0).

    Args:
        attendees: get_event's attendees (name, email_address, type, response_status).
    """
    labels = dict(RESPONSES)
    people = []
    for a in attendees:
        if a.get("type") == "resource":
            continue
        status = a.get("response_status") or "none"
        status = status if status in labels else "none"
        state = {"tentativelyAccepted": "tentative"}.get(status, status)
        people.append({**a, "label": labels[status], "state": state, "status": status})
    counts = [(label, sum(p["status"] == key for p in people)) for key, label in RESPONSES]
    return people, ", ".join(f"{label} {n}" for label, n in counts if n)
