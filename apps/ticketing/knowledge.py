"""What people know of the service desk, as plain dicts read from the episode's current records
(`apps.core.peer_knowledge`): a caller (a customer contact or an employee) knows the open incidents they
raised as the portal shows them (number, short description, state, the desk's last additional comment —
never work notes); a support engineer knows the incidents assigned to them, a manager their reports'; an
approver asked to approve a change answers as they decide it on the desk (`change_approval`, from
`approvers/by_mail.py`: the one place another app's person acts on the desk — their own approval).
"""

from __future__ import annotations

import re
from typing import Any

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.ticketing import choices as c
from apps.ticketing.approvers.by_mail import change_approval
from apps.ticketing.models import Group, Incident, JournalEntry, SysUser

__all__ = ["assigned_to", "change_approval", "incident_owner", "managed_groups", "raised_by"]
NUMBER = re.compile(r"\bINC\d{7}\b", re.IGNORECASE)


def _user(ctx: Ctx, email: str) -> SysUser | None:
    stmt = select(SysUser).where(func.lower(SysUser.email) == email.lower()).order_by(SysUser.sys_id)
    return ctx.db.exec(stmt).first()


def _raised(ctx: Ctx, user: SysUser, *, done: bool) -> list[Incident]:
    """The incidents `user` raised — they are its caller, or opened it themselves — still open, or (`done`)
    resolved, closed or cancelled (the latest first, at most `DONE_KNOWN`)."""
    stmt = select(Incident).where((Incident.caller_id == user.sys_id) | (Incident.opened_by == user.sys_id))
    settled = col(Incident.state).in_((c.RESOLVED, c.CLOSED, c.CANCELED))
    if not done:
        return list(
            ctx.db.exec(stmt.where(~settled, col(Incident.active).is_(True)).order_by(Incident.number))
        )
    stmt = stmt.where(settled | col(Incident.active).is_(False))
    return list(ctx.db.exec(stmt.order_by(col(Incident.number).desc()).limit(DONE_KNOWN)))


DONE_KNOWN = 20  # the settled tickets a caller remembers: their latest twenty


def _open(ctx: Ctx, column: str, value: str) -> list[Incident]:
    stmt = select(Incident).where(getattr(Incident, column) == value, col(Incident.active).is_(True))
    stmt = stmt.where(col(Incident.state).not_in((c.RESOLVED, c.CLOSED, c.CANCELED)))
    return list(ctx.db.exec(stmt.order_by(Incident.number)))


def _last_comment(ctx: Ctx, inc: Incident) -> str | None:
    stmt = select(JournalEntry.value).where(
        JournalEntry.element_id == inc.sys_id, JournalEntry.element == "comments"
    )
    return ctx.db.exec(
        stmt.order_by(col(JournalEntry.sys_created_on).desc(), col(JournalEntry.sys_id).desc())
    ).first()


def raised_by(ctx: Ctx, email: str, *, settled: bool = False) -> list[dict[str, Any]]:
    """The incidents the person with `email` raised (their caller, or opened by them) as the caller sees
    them: number, short description, state label, opened date, when it was resolved or closed, and the
    desk's last additional comment. The open ones; with `settled`, the resolved, closed or cancelled ones
    they remember (their latest twenty) — their own ticket is theirs after it closes.

    Args:
        ctx: the reading action's context.
        email: the caller's address (any case).
        settled: the settled incidents instead of the open ones.
    """
    user = _user(ctx, email)
    if user is None:
        return []
    out = []
    for i in _raised(ctx, user, done=settled):
        ended = i.closed_at or i.resolved_at
        out.append(
            {
                "number": i.number,
                "short_description": i.short_description,
                "state": c.INCIDENT_STATES.get(i.state, str(i.state)),
                "opened": i.opened_at.date().isoformat(),
                "ended": ended.date().isoformat() if ended else None,
                "last_comment": _last_comment(ctx, i),
            }
        )
    return out


def _worked(ctx: Ctx, inc: Incident, assignee: SysUser | None = None) -> dict[str, Any]:
    return {
        "number": inc.number,
        "short_description": inc.short_description,
        "state": c.INCIDENT_STATES.get(inc.state, str(inc.state)),
        "priority": c.PRIORITIES.get(inc.priority, str(inc.priority)),
        "assigned_to": assignee.name if assignee else None,
    }


def assigned_to(ctx: Ctx, email: str) -> dict[str, Any] | None:
    """A support engineer's desk knowledge: their open assigned incidents (number, short description,
    state, priority) and, for a manager, their reports' ones. None when they are no desk user.

    Args:
        ctx: the reading action's context.
        email: the employee's address (any case).
    """
    user = _user(ctx, email)
    if user is None:
        return None
    reports = ctx.db.exec(select(SysUser).where(SysUser.manager == user.sys_id).order_by(SysUser.name))
    return {
        "incidents": [_worked(ctx, i) for i in _open(ctx, "assigned_to", user.sys_id)],
        "team_incidents": [_worked(ctx, i, r) for r in reports for i in _open(ctx, "assigned_to", r.sys_id)],
    }


def incident_owner(ctx: Ctx, text: str) -> dict[str, Any] | None:
    """The incident an `INC` number in `text` names and who works it: {"what", "owner": {name, email,
    title}} (owner None when unassigned); None when the text names no existing incident.

    Args:
        ctx: the reading action's context.
        text: the question.
    """
    found = NUMBER.search(text)
    inc = (
        ctx.db.exec(select(Incident).where(Incident.number == found.group(0).upper())).first()
        if found
        else None
    )
    if inc is None:
        return None
    user = ctx.db.get(SysUser, inc.assigned_to) if inc.assigned_to else None
    owner = {"name": user.name, "email": user.email, "title": user.title} if user else None
    return {"what": inc.number, "owner": owner, "incident": _worked(ctx, inc, user)}


def managed_groups(ctx: Ctx, email: str) -> list[str]:
    """The names of the active assignment groups the person with `email` manages (by name).

    Args:
        ctx: the reading action's context.
        email: the employee's address (any case).
    """
    user = _user(ctx, email)
    if user is None:
        return []
    stmt = select(Group.name).where(Group.manager == user.sys_id, col(Group.active).is_(True))
    return list(ctx.db.exec(stmt.order_by(Group.name)))
