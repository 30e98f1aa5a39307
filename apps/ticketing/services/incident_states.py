"""Incident state machine: New -> In Progress -> On Hold -> Resolved -> Closed (or Canceled), and back.

1 New --assign/start--> 2 In Progress <--> 3 On Hold (with a reason)
1/2/3 --resolve (code + notes)--> 6 Resolved --close / auto-close after 7 days--> 7 Closed
6 Resolved --reopen / caller comments--> 2 In Progress;   1/2/3 --cancel--> 8 Canceled
"""

from __future__ import annotations

from typing import Annotated, Literal

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.param_schema import Choices
from apps.ticketing import choices as c
from apps.ticketing.callers import engine as callers
from apps.ticketing.models import Incident
from apps.ticketing.schemas import IncidentOut
from apps.ticketing.services import sla_engine
from apps.ticketing.services.common import (
    actions,
    add_journal,
    check_assignee,
    check_choice,
    fill_doc,
    find,
    find_group,
    find_user,
    is_member,
    require_text,
    stamp,
)
from apps.ticketing.services.present import incidents_out

OPEN_STATES = (c.NEW, c.IN_PROGRESS, c.ON_HOLD)
INACTIVE_STATES = (c.CLOSED, c.CANCELED)
HoldReason = Literal["Awaiting Caller", "Awaiting Change", "Awaiting Problem", "Awaiting Vendor"]
CODE_OF_HOLD = {label: code for code, label in c.HOLD_REASONS.items()}


def load_incident(ctx: Ctx, incident_id: str) -> Incident:
    return find(ctx, Incident, incident_id, field="incident_id", label="incident")


def require_state(inc: Incident, allowed: tuple[int, ...], doing: str, hint: str) -> None:
    """Refuse a move from a state it does not start from, saying what to do instead."""
    if inc.state not in allowed:
        now = c.INCIDENT_STATES[inc.state]
        froms = ", ".join(c.INCIDENT_STATES[s] for s in allowed)
        raise ActionError(
            f"{inc.number} is {now}; only an incident that is {froms} can be {doing}. {hint}".strip(),
            field="incident_id",
            code=ErrorKind.INVALID_STATE,
        )


def move(ctx: Ctx, inc: Incident, state: int, **fields) -> IncidentOut:
    """Set the new state (and fields), keep `active` right, and move the SLAs along."""
    old_state = inc.state
    inc.state = state
    for key, value in fields.items():
        setattr(inc, key, value)
    inc.active = state not in INACTIVE_STATES  # a Resolved incident stays active until Closed or Canceled
    if state != c.ON_HOLD:
        inc.hold_reason = None
    stamp(ctx, inc)
    sla_engine.on_incident_change(ctx, inc, old_state, inc.priority)
    return incidents_out(ctx, [inc])[0]


@actions.write
def assign_incident(
    ctx: Ctx,
    *,
    incident_id: str,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
    assign_to_me: bool = False,
) -> IncidentOut:
    """Set an open incident's assignment group and/or assignee ("Assign to me" with assign_to_me=true).

    The assignee must be a member of the assignment group (the incident's current group if you
    give none). Changing the group of an already assigned incident adds 1 to reassignment_count and
    clears an assignee who is not in the new group. Assigning a New incident to a person moves it
    to In Progress (and completes its response SLA).

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
        assign_to_me: true to assign it to yourself (instead of assigned_to).
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, OPEN_STATES, "assigned", "Reopen it first if it needs more work.")
    if not (assignment_group or assigned_to or assign_to_me):
        raise ActionError(
            "give an assignment_group, an assigned_to user, or assign_to_me=true",
            field="assigned_to",
            code=ErrorKind.REQUIRED,
        )
    group = find_group(ctx, assignment_group) if assignment_group else None
    if group is None and inc.assignment_group:
        group = find_group(ctx, inc.assignment_group)
    user = None
    if assign_to_me or assigned_to:
        user = find_user(ctx, ctx.user_id if assign_to_me else assigned_to, "assigned_to")
        if group is None:
            raise ActionError(
                "the incident has no assignment group; give one",
                field="assignment_group",
                code=ErrorKind.REQUIRED,
            )
        check_assignee(ctx, group, user)
    fields: dict = {}
    if group and group.sys_id != inc.assignment_group:
        if inc.assignment_group:
            fields["reassignment_count"] = inc.reassignment_count + 1
        fields["assignment_group"] = group.sys_id
        if user is None and inc.assigned_to and not is_member(ctx, group.sys_id, inc.assigned_to):
            fields["assigned_to"] = None
    if user:
        fields["assigned_to"] = user.sys_id
    state = c.IN_PROGRESS if inc.state == c.NEW and fields.get("assigned_to", inc.assigned_to) else inc.state
    return move(ctx, inc, state, **fields)


@actions.write
def start_incident_work(ctx: Ctx, *, incident_id: str) -> IncidentOut:
    """Move a New or On Hold incident to In Progress (taking it off hold resumes its resolution SLA).

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, (c.NEW, c.ON_HOLD), "set to In Progress", "Use reopen_incident for a Resolved one.")
    return move(ctx, inc, c.IN_PROGRESS)


@actions.write
@fill_doc(reasons=", ".join(c.HOLD_REASONS.values()))
def put_incident_on_hold(
    ctx: Ctx, *, incident_id: str, hold_reason: HoldReason, comments: str | None = None
) -> IncidentOut:
    """Put a New or In Progress incident On Hold (state 3) with a reason: {reasons}.

    The resolution SLA pauses while on hold. `comments` (optional) is added as an additional comment
    visible to the caller — e.g. the question you are waiting on them to answer. With "Awaiting Caller",
    the caller answers by themselves after a while (advance_time lets the time pass) and the incident
    goes back to In Progress.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        hold_reason: Awaiting Caller, Awaiting Change, Awaiting Problem or Awaiting Vendor.
        comments: an additional comment to the caller (required for Awaiting Caller).
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, (c.NEW, c.IN_PROGRESS), "put on hold", "")
    check_choice(hold_reason, CODE_OF_HOLD, "hold_reason")
    if comments and comments.strip():
        add_journal(ctx, "incident", inc.sys_id, "comments", comments.strip())
        callers.on_desk_comment(ctx, inc, comments.strip())
    return move(ctx, inc, c.ON_HOLD, hold_reason=CODE_OF_HOLD[hold_reason])


@actions.write
@fill_doc(codes=", ".join(c.CLOSE_CODES))
def resolve_incident(
    ctx: Ctx, *, incident_id: str, close_code: Annotated[str, Choices(c.CLOSE_CODES)], close_notes: str
) -> IncidentOut:
    """Resolve an open incident (state 6 Resolved): a resolution code and resolution notes are required.

    Its SLAs stop. The caller is told: if the fix did not work for them they write back after a while
    (advance_time lets the time pass) and their comment reopens the incident; otherwise it closes by
    itself after 7 days. You can also reopen it (reopen_incident).

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        close_code: the resolution code, one of: {codes}.
        close_notes: what was done to resolve it (the caller sees it).
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, OPEN_STATES, "resolved", "")
    check_choice(close_code or None, c.CLOSE_CODES, "close_code")
    code = require_text(close_code, "close_code", "a resolution code")
    notes = require_text(close_notes, "close_notes", "resolution notes")
    out = move(
        ctx, inc, c.RESOLVED, close_code=code, close_notes=notes, resolved_at=ctx.now, resolved_by=ctx.user_id
    )
    callers.on_resolved(ctx, inc)
    return out


@actions.write
def close_incident(ctx: Ctx, *, incident_id: str) -> IncidentOut:
    """Close a Resolved incident (state 7 Closed; it becomes read-only). Only Resolved incidents close.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, (c.RESOLVED,), "closed", "Resolve it first (resolve_incident).")
    return move(ctx, inc, c.CLOSED, closed_at=ctx.now, closed_by=ctx.user_id)


@actions.write
def reopen_incident(ctx: Ctx, *, incident_id: str, comments: str) -> IncidentOut:
    """Reopen a Resolved incident (back to In Progress, reopen_count + 1) with a reason.

    `comments` (required) says why, as an additional comment. The resolution fields are cleared
    and a new resolution SLA starts. Closed incidents cannot be reopened: open a new one.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        comments: why it is reopened (required, an additional comment visible to the caller).
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, (c.RESOLVED,), "reopened", "A Closed incident stays closed: open a new incident.")
    text = require_text(comments, "comments", "a reason for reopening")
    add_journal(ctx, "incident", inc.sys_id, "comments", text)
    return reopen(ctx, inc)


def reopen(ctx: Ctx, inc: Incident) -> IncidentOut:
    return move(
        ctx,
        inc,
        c.IN_PROGRESS,
        reopen_count=inc.reopen_count + 1,
        close_code=None,
        close_notes=None,
        resolved_at=None,
        resolved_by=None,
    )


@actions.write
def cancel_incident(ctx: Ctx, *, incident_id: str, work_notes: str) -> IncidentOut:
    """Cancel an open incident that was raised in error or is a duplicate (state 8 Canceled).

    `work_notes` (required) records why. Its SLAs are cancelled. Resolved or Closed incidents
    cannot be canceled.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        work_notes: why it is canceled (required, an internal work note).
    """
    inc = load_incident(ctx, incident_id)
    require_state(inc, OPEN_STATES, "canceled", "")
    text = require_text(work_notes, "work_notes", "a work note saying why")
    add_journal(ctx, "incident", inc.sys_id, "work_notes", text)
    return move(ctx, inc, c.CANCELED, closed_at=ctx.now, closed_by=ctx.user_id)
