"""Pieces the frontier families share: the mail a deliverable goes out in, its body as a rubric deliverable,
criteria that read it, and month arithmetic on the world's clock.

A frontier prompt states a requester's goal and constraints, never the layout, subject or wording of what
the performer writes: so a deliverable's mail is pinned by who sent it to whom, and its body is read by
rubric criteria (deterministic extraction where extraction decides, a judged reading where quality does).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from apps.office.families.common import AMBER
from tasks.families.base import Draw, eq
from tasks.match_model import Match
from tasks.rubric.build import mail_body
from tasks.truth_model import Allowance, Criterion, CriterionType, Expectation

MAIL_SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_message", ops=["update"], fields=["is_read", "last_modified_date_time"]),
    Allowance(table="office_scheduled_reply", ops=["insert", "update"]),
]
# A Teams chat with a colleague (asking them, chasing them) is a way of working, never damage.
CHAT_SIDE_EFFECTS = [
    Allowance(table="office_chat", ops=["insert", "update"]),
    Allowance(table="office_chat_member", ops=["insert"]),
    Allowance(table="office_chat_message", ops=["insert"]),
]
# A call booked with someone who asked for one or accepted one (a customer after a refusal, a colleague) is a
# way of working, never damage: the meeting, its attendees and their answers.
MEETING_SIDE_EFFECTS = [
    Allowance(table="office_event", ops=["insert", "update"]),
    Allowance(table="office_attendee", ops=["insert", "update"]),
]
# A note logged on a record (what was asked, what was decided) is a record of the work, never damage.
RECORD_NOTES = Allowance(table="crm_note", ops=["insert"])
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")  # fmt: skip


def me(d: Draw) -> str:
    """Amber's office user id (whose Sent Items copy of a mail is the deliverable)."""
    return d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)


def sent_to(d: Draw, to: str, **fields: Match) -> dict[str, Match]:
    """The fields that pin a mail Amber sent to `to` — in To or in Cc (`recipients`, derived: a requester
    copied on the mail that answers them is told) — her own copy, not a draft, plus `fields`."""
    return {"owner_id": eq(me(d)), "recipients": Match(contains=to), "is_draft": eq(False), **fields}


def mail_sent(d: Draw, to: str, **fields: Match) -> Expectation:
    """The expectation that Amber sent `to` a mail (whatever its subject and wording)."""
    return Expectation(table="office_message", op="insert", fields=sent_to(d, to, **fields))


def states(
    where: dict[str, Match],
    cid: str,
    holds: str,
    *,
    numbers: list[float] = (),  # type: ignore[assignment]
    names: list[str] = (),  # type: ignore[assignment]
    dates: list[str] = (),  # type: ignore[assignment]
    forbid: list[str] = (),  # type: ignore[assignment]
    forbid_numbers: list[float] = (),  # type: ignore[assignment]
    tol: float = 0.005,
) -> Criterion:
    """A deterministic criterion on the body of the mail `where` pins: numbers, names, dates it states,
    names it must not state (`forbid`) and figures it must not disclose (`forbid_numbers`)."""
    return Criterion(
        id=cid,
        kind="deterministic",
        type="states_fact",
        holds=holds,
        deliverable=mail_body(where),
        numbers=list(numbers),
        names=list(names),
        dates=list(dates),
        forbid=list(forbid),
        forbid_numbers=list(forbid_numbers),
        tol=tol,
    )


def reads(where: dict[str, Match], cid: str, kind: CriterionType, holds: str) -> Criterion:
    """A judged criterion on the body of the mail `where` pins."""
    return Criterion(id=cid, kind="judged", type=kind, holds=holds, deliverable=mail_body(where))


def month_window(year: int, month: int) -> tuple[datetime, datetime]:
    """The first moment of a calendar month and of the next one (naive UTC)."""
    nxt = (year + 1, 1) if month == 12 else (year, month + 1)
    return datetime(year, month, 1), datetime(*nxt, 1)


def month_name(start: datetime | date, now: datetime) -> str:
    """How a person names a month: "last month" for the one before now's, else its name (with the year when
    it is not now's year)."""
    last = (now.year - 1, 12) if now.month == 1 else (now.year, now.month - 1)
    if (start.year, start.month) == last:
        return "last month"
    name = MONTHS[start.month - 1]
    return name if start.year == now.year else f"{name} {start.year}"


def listing(items: list[str]) -> str:
    """Items as a person lists them: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def first_name(name: str) -> str:
    return name.split()[0]


def rows_by(rows: list[dict[str, Any]], key: str) -> dict[Any, list[dict[str, Any]]]:
    """Rows grouped by `key`, in their given order."""
    out: dict[Any, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(r[key], []).append(r)
    return out
