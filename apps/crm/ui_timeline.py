"""A record page's Activity tab as Lightning draws it: the activity composer (New Task, Log a Call, New
Event, Email, the chosen one's quick-action form inline) over the activity timeline ("Upcoming & Overdue",
then past activity grouped by month, newest first, each item expandable to its details)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit
from apps.crm.ui_activity import ACTIVITY_FORMS, activity_values
from apps.crm.ui_common import bind_fields
from apps.crm.ui_fields import visible_sections

# the composer's actions: (key, label, form path or None, icon); the key is the page's ?activity= value
COMPOSER = (
    ("task", "New Task", "/tasks/new", "task"),
    ("call", "Log a Call", "/calls/new", "call"),
    ("event", "New Event", "/events/new", "event"),
    ("email", "Email", None, "email"),
)
# the collapsed composer's prompt per action (Lightning's "Create a task…" bar)
PROMPTS = {"task": "Create a task…", "call": "Log a call…", "event": "Create an event…"}
ADD_LABELS = {"task": "Add a task", "call": "Add a call", "event": "Add an event"}


@dataclass
class Item:
    """One timeline entry: a task, a logged call or an event (`kind` task, call or event)."""

    id: str
    kind: str
    subject: str
    when: date | datetime | None
    open: bool = False
    overdue: bool = False
    owner_id: str | None = None
    details: list[tuple[str, str]] = field(default_factory=list)
    description: str | None = None
    label: str = ""  # the date as the timeline shows it (when_label)
    upcoming: bool = False  # in "Upcoming & Overdue"


def _parse(value: Any) -> date | datetime | None:
    """A date or date-time from the action's JSON (ISO text), or None."""
    if not value:
        return None
    if isinstance(value, date):
        return value
    text = str(value)
    if "T" in text:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    return date.fromisoformat(text[:10])


def when_label(when: date | datetime | None, today: date) -> str:
    """Lightning's timeline date: "Nov 13" (the year when not this one); an event adds "9:00 AM |".

    Args:
        when: a task's due date or an event's start (None: no due date).
        today: the episode's date (whether to show the year).
    """
    if when is None:
        return "No due date"
    day = when.date() if isinstance(when, datetime) else when
    text = f"{day:%b} {day.day}" + (f", {day.year}" if day.year != today.year else "")
    if isinstance(when, datetime):
        return f"{when:%I:%M %p}".lstrip("0") + f" | {text}"
    return text


def _stamp(when: date | datetime | None) -> str:
    """A date-time in the record page's format: 11/4/2025, 12:30 PM."""
    if not isinstance(when, datetime):
        return ""
    return f"{when.month}/{when.day}/{when.year}, " + f"{when:%I:%M %p}".lstrip("0")


def _day(when: date | datetime | None) -> date | None:
    return when.date() if isinstance(when, datetime) else when


def _task(t: dict[str, Any], today: date, open_: bool) -> Item:
    when = _parse(t.get("activity_date"))
    call = t.get("task_subtype") == "Call"
    details = [("Status", t.get("status") or ""), ("Priority", t.get("priority") or "")]
    if t.get("call_type"):
        details.append(("Call Type", t["call_type"]))
    return Item(
        id=t["id"],
        kind="call" if call else "task",
        subject=t["subject"],
        when=when,
        open=open_,
        overdue=open_ and when is not None and _day(when) < today,
        owner_id=t.get("owner_id"),
        details=details,
        description=t.get("description"),
    )


def _event(e: dict[str, Any]) -> Item:
    start, end = _parse(e.get("start_date_time")), _parse(e.get("end_date_time"))
    details = [("Start", _stamp(start)), ("End", _stamp(end))]
    if e.get("location"):
        details.append(("Location", e["location"]))
    return Item(
        id=e["id"],
        kind="event",
        subject=e["subject"],
        when=start,
        owner_id=e.get("owner_id"),
        details=details,
        description=e.get("description"),
    )


def timeline_view(timeline: dict[str, Any] | None, today: date) -> dict[str, Any]:
    """The timeline's sections: `upcoming` (open tasks, then upcoming events, soonest first; overdue
    tasks flagged) and `months`, [(label "November • 2026", items newest first)] of past activity.

    Args:
        timeline: the record's activities (list_activities' or a record detail's open_tasks, events or
            upcoming_events, activity_history), None for a page without them.
        today: the episode's date (overdue tasks, the dates' year).
    """
    timeline = timeline or {}
    upcoming = [_task(t, today, True) for t in timeline.get("open_tasks") or []]
    upcoming += [_event(e) for e in timeline.get("events") or timeline.get("upcoming_events") or []]
    upcoming.sort(key=lambda i: (_day(i.when) is None, _day(i.when) or today))
    for i in upcoming:
        i.upcoming, i.label = True, when_label(i.when, today)
    months: list[tuple[str, list[Item]]] = []
    for a in timeline.get("activity_history") or []:
        item = _event(a) if a.get("kind") == "event" else _task(a, today, False)
        item.label = when_label(item.when, today)
        day = _day(item.when)
        label = f"{day:%B} • {day.year}" if day else "Older"
        if not months or months[-1][0] != label:
            months.append((label, []))
        months[-1][1].append(item)
    return {"upcoming": upcoming, "months": months, "today": today}


async def composer(
    kit: UiKit, request: Request, link_arg: str, record_id: str, read_only: bool = False
) -> dict[str, Any]:
    """The activity composer's state: the chosen action (`?activity=`, New Task by default), whether its
    form is open (chosen explicitly), and that form's fields bound to their values (the record linked).
    No form under a modal, which has the same fields (one control per label on the page).

    Args:
        kit: the app's UI kit.
        request: the record page's request (its ?activity=).
        link_arg: what_id (accounts, opportunities) or who_id (contacts, leads).
        record_id: the record the activity is about.
        read_only: a converted lead's page: the actions only, no form.
    """
    chosen = request.query_params.get("activity", "")
    key = chosen if chosen in {k for k, *_ in COMPOSER} else "task"
    state: dict[str, Any] = {
        "key": key,
        "open": bool(chosen),
        "link": {link_arg: record_id},
        "actions": COMPOSER,
        "prompt": PROMPTS.get(key),
        "add_label": ADD_LABELS.get(key),
        "title": dict((k, label) for k, label, *_ in COMPOSER)[key],
    }
    path = dict((k, p) for k, _, p, _ in COMPOSER)[key]
    if read_only or path is None or request.scope.get("crm_modal"):
        return state
    action, sections = ACTIVITY_FORMS[path][0], ACTIVITY_FORMS[path][1]
    values = await activity_values(kit, request, path, {link_arg: record_id})
    fields = visible_sections(sections, kit.params(action))
    state.update(path=path, sections=await bind_fields(kit, request, fields, values), values=values)
    return state
