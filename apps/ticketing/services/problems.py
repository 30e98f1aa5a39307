"""Problems: the cause behind incidents, with a workaround, known-error state and a fix."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Choices
from apps.ticketing import choices as c
from apps.ticketing.models import Incident
from apps.ticketing.models_itsm import Problem
from apps.ticketing.schemas import IncidentOut, JournalOut, ProblemOut, ProblemPage
from apps.ticketing.services.common import (
    Category,
    Level,
    ShortDescription,
    Subcategory,
    actions,
    add_journal,
    check_assignee,
    check_choice,
    check_levels,
    fill_doc,
    find,
    find_group,
    find_user,
    page,
    require_text,
    search_filter,
    set_assignment,
    stamp,
)
from apps.ticketing.services.incidents import check_category, check_ci
from apps.ticketing.services.present import activity_out, incidents_out, problems_out

OPEN = (101, 102, 103, 104)


class ProblemDetail(BaseModel):
    """A problem with the incidents linked to it and its activity stream (work notes, newest first)."""

    problem: ProblemOut  # type: ignore[valid-type]
    incidents: list[IncidentOut]  # type: ignore[valid-type]
    activity: list[JournalOut] = []  # type: ignore[valid-type]


def load_problem(ctx: Ctx, problem_id: str) -> Problem:
    return find(ctx, Problem, problem_id, field="problem_id", label="problem")


def require_open(prb: Problem) -> None:
    if prb.state not in OPEN:
        raise ActionError(
            f"{prb.number} is {c.PROBLEM_STATES[prb.state]}; only open problems can change",
            field="problem_id",
            code=ErrorKind.INVALID_STATE,
        )


@actions.read
@fill_doc(states=c.labels(c.PROBLEM_STATES))
def list_problems(
    ctx: Ctx,
    *,
    search: str | None = None,
    state: Annotated[list[int] | None, Choices(c.PROBLEM_STATES)] = None,
    known_error: bool | None = None,
    active: bool | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> ProblemPage:
    """List problems, newest first.

    Args:
        search: text in the number, short description, workaround or cause notes.
        state: only these states ({states}).
        known_error: only known errors (true) or only the others (false).
        active: true = open problems only.
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(Problem)
    if search:
        stmt = stmt.where(
            search_filter(Problem, search, ("number", "short_description", "workaround", "cause_notes"))
        )
    if state:
        stmt = stmt.where(col(Problem.state).in_(state))
    if known_error is not None:
        stmt = stmt.where(Problem.known_error == known_error)
    if active is not None:
        stmt = stmt.where(Problem.active == active)
    total, rows = page(ctx, stmt.order_by(col(Problem.number).desc()), limit, offset)
    return ProblemPage(total=total, offset=offset, limit=limit, records=problems_out(ctx, rows))


@actions.read
def get_problem(ctx: Ctx, *, problem_id: str) -> ProblemDetail:
    """Get a problem (by number like PRB0040001, or sys_id) with its linked incidents and activity stream.

    Args:
        problem_id: the problem's number (like PRB0040001) or sys_id.
    """
    prb = load_problem(ctx, problem_id)
    incidents = ctx.db.exec(
        select(Incident).where(Incident.problem_id == prb.sys_id).order_by(Incident.number)
    ).all()
    return ProblemDetail(
        problem=problems_out(ctx, [prb])[0],
        incidents=incidents_out(ctx, list(incidents)),
        activity=activity_out(ctx, prb.sys_id),
    )


@actions.write
def create_problem(
    ctx: Ctx,
    *,
    short_description: ShortDescription,
    description: str | None = None,
    from_incident: str | None = None,
    category: Category = None,
    subcategory: Subcategory = None,
    cmdb_ci: str | None = None,
    impact: Level = 3,
    urgency: Level = 3,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
) -> ProblemOut:
    """Open a problem (state 101 New). With `from_incident` (number or sys_id) the incident is linked
    to it and becomes its first reported task; category and CI default to the incident's.
    Priority comes from impact x urgency, as for incidents.

    Args:
        short_description: one-line summary, as shown in list views.
        description: the full description.
        from_incident: an incident (number or sys_id) to link to the new problem; its details prefill the
            problem.
        category: inquiry, software, hardware, network or database.
        subcategory: a subcategory of the category (see category).
        cmdb_ci: the affected configuration item's sys_id.
        impact: 1 High, 2 Medium, 3 Low: how widely the business is affected.
        urgency: 1 High, 2 Medium, 3 Low: how soon it must be resolved.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
    """
    check_levels(impact=impact, urgency=urgency)
    text = require_text(short_description, "short_description", "a short description")
    inc = (
        find(ctx, Incident, from_incident, field="from_incident", label="incident") if from_incident else None
    )
    category = category or (inc.category if inc else None)
    check_category(category, subcategory)
    group = find_group(ctx, assignment_group) if assignment_group else None
    user = find_user(ctx, assigned_to, "assigned_to") if assigned_to else None
    if user:
        if group is None:
            raise ActionError(
                "choose an assignment group for the assignee first",
                field="assignment_group",
                code=ErrorKind.REQUIRED,
            )
        check_assignee(ctx, group, user)
    prb = Problem(
        sys_id=ctx.new_id("problem"),
        number=ctx.new_id("problem.number"),
        short_description=text,
        description=description or None,
        category=category,
        subcategory=subcategory,
        cmdb_ci=check_ci(ctx, cmdb_ci) or (inc.cmdb_ci if inc else None),
        impact=impact,
        urgency=urgency,
        priority=c.priority_of(impact, urgency),
        assignment_group=group.sys_id if group else None,
        assigned_to=user.sys_id if user else None,
        first_reported_by_task=inc.sys_id if inc else None,
        opened_by=ctx.user_id,
        opened_at=ctx.now,
    )
    stamp(ctx, prb, new=True)
    ctx.db.add(prb)
    if inc:
        inc.problem_id = prb.sys_id
        stamp(ctx, inc)
    return problems_out(ctx, [prb])[0]


@actions.write
@fill_doc(states=c.labels({k: v for k, v in c.PROBLEM_STATES.items() if k in OPEN}))
def update_problem(
    ctx: Ctx,
    *,
    problem_id: str,
    state: int | None = None,
    short_description: ShortDescription | None = None,
    description: str | None = None,
    workaround: str | None = None,
    cause_notes: str | None = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
) -> ProblemOut:
    """Edit an open problem: move it between the open states ({states}), record the workaround and
    the root cause, or assign it (the assignee must be in the group). Omitted fields stay.
    Use mark_known_error and resolve_problem for those steps.

    Args:
        problem_id: the problem's number (like PRB0040001) or sys_id.
        state: the new state: 101 New, 102 Assess, 103 Root Cause Analysis, 104 Fix in Progress (106 Resolved
            and 107 Closed through resolve_problem / close_problem).
        short_description: one-line summary, as shown in list views.
        description: the full description.
        workaround: how users can work around the problem until it is fixed.
        cause_notes: the root cause found.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
    """
    prb = load_problem(ctx, problem_id)
    require_open(prb)
    check_choice(state, OPEN, "state", c.PROBLEM_STATES)
    set_assignment(ctx, prb, assignment_group, assigned_to)
    if short_description is not None:
        prb.short_description = require_text(short_description, "short_description", "a short description")
    for key, value in (
        ("description", description),
        ("workaround", workaround),
        ("cause_notes", cause_notes),
    ):
        if value is not None:
            setattr(prb, key, value.strip() or None)
    if state is not None:
        prb.state = state
    stamp(ctx, prb)
    return problems_out(ctx, [prb])[0]


@actions.write
def link_incident_to_problem(ctx: Ctx, *, incident_id: str, problem_id: str) -> IncidentOut:
    """Link an incident to a problem (sets the incident's problem_id). If the problem is a known error
    with a workaround, the workaround is added to the incident as a work note.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        problem_id: the problem's number (like PRB0040001) or sys_id.
    """
    inc = find(ctx, Incident, incident_id, field="incident_id", label="incident")
    prb = load_problem(ctx, problem_id)
    if inc.state in (c.CLOSED, c.CANCELED):
        raise ActionError(
            f"{inc.number} is {c.INCIDENT_STATES[inc.state]} and read-only",
            field="incident_id",
            code=ErrorKind.ACCESS_DENIED,
        )
    if prb.state == 107:
        raise ActionError(
            f"{prb.number} is Closed; link the incident to an open problem",
            field="problem_id",
            code=ErrorKind.INVALID_STATE,
        )
    if inc.problem_id == prb.sys_id:
        raise ActionError(
            f"{inc.number} is already linked to {prb.number}", field="incident_id", code=ErrorKind.DUPLICATE
        )
    inc.problem_id = prb.sys_id
    if prb.known_error and prb.workaround:
        add_journal(
            ctx,
            "incident",
            inc.sys_id,
            "work_notes",
            f"Known error {prb.number} workaround: {prb.workaround}",
        )
    stamp(ctx, inc)
    return incidents_out(ctx, [inc])[0]


@actions.write
def mark_known_error(ctx: Ctx, *, problem_id: str, workaround: str | None = None) -> ProblemOut:
    """Mark an open problem as a known error (known_error = true). A workaround is required: give it
    here or set it before with update_problem. The problem moves to Fix in Progress if it was earlier.

    Args:
        problem_id: the problem's number (like PRB0040001) or sys_id.
        workaround: how users can work around the problem until it is fixed.
    """
    prb = load_problem(ctx, problem_id)
    require_open(prb)
    if prb.known_error:
        raise ActionError(
            f"{prb.number} is already a known error", field="problem_id", code=ErrorKind.INVALID_STATE
        )
    text = (workaround or "").strip() or prb.workaround
    if not text:
        raise ActionError(
            "a known error needs a workaround; give one (workaround)",
            field="workaround",
            code=ErrorKind.REQUIRED,
        )
    prb.known_error, prb.workaround = True, text
    prb.state = max(prb.state, 104)
    stamp(ctx, prb)
    return problems_out(ctx, [prb])[0]


@actions.write
@fill_doc(codes=", ".join(c.PROBLEM_RESOLUTION_CODES))
def resolve_problem(
    ctx: Ctx,
    *,
    problem_id: str,
    resolution_code: Literal["fix_applied", "risk_accepted", "duplicate", "canceled"],
    cause_notes: str | None = None,
    fix_notes: str | None = None,
) -> ProblemOut:
    """Resolve an open problem (state 106 Resolved) with a resolution code ({codes}).

    fix_applied needs the root cause (cause_notes, here or already on the problem) and fix_notes.
    Linked incidents are not changed: resolve them yourself (e.g. close code "Resolved by problem").

    Args:
        problem_id: the problem's number (like PRB0040001) or sys_id.
        resolution_code: fix_applied, risk_accepted, duplicate or canceled.
        cause_notes: the root cause found.
        fix_notes: what was done to fix it.
    """
    prb = load_problem(ctx, problem_id)
    require_open(prb)
    check_choice(resolution_code, c.PROBLEM_RESOLUTION_CODES, "resolution_code")
    cause = (cause_notes or "").strip() or prb.cause_notes
    fix = (fix_notes or "").strip() or prb.fix_notes
    if resolution_code == "fix_applied":
        if not cause:
            raise ActionError(
                "a fix_applied resolution needs the root cause (cause_notes)",
                field="cause_notes",
                code=ErrorKind.REQUIRED,
            )
        if not fix:
            raise ActionError(
                "a fix_applied resolution needs fix_notes saying what was fixed",
                field="fix_notes",
                code=ErrorKind.REQUIRED,
            )
    prb.state, prb.resolution_code, prb.cause_notes, prb.fix_notes = 106, resolution_code, cause, fix
    prb.resolved_at, prb.resolved_by = ctx.now, ctx.user_id
    stamp(ctx, prb)
    return problems_out(ctx, [prb])[0]
