"""Incidents: list, read, open and edit. State moves are in `incident_states`, notes in `journal`."""

from __future__ import annotations

from datetime import datetime
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
from apps.ticketing.schemas import IncidentOut, IncidentPage, JournalOut, TaskSlaOut
from apps.ticketing.services import sla_engine
from apps.ticketing.services.common import (
    Category,
    Level,
    ShortDescription,
    Subcategory,
    actions,
    check_assignee,
    check_choice,
    check_levels,
    fill_doc,
    find,
    find_ci,
    find_group,
    find_user,
    page,
    require_text,
    search_filter,
    stamp,
    utc,
)
from apps.ticketing.services.present import activity_out, incidents_out
from apps.ticketing.services.slas import task_slas_out

IncidentSort = Literal["number", "opened_at", "priority", "state", "sys_updated_on", "short_description"]
CATEGORY_DOC = "; ".join(f"{k} ({', '.join(subs)})" for k, (_, subs) in c.CATEGORIES.items())


class IncidentDetail(BaseModel):
    """An incident with its activity stream (work notes and comments, newest first) and SLAs."""

    incident: IncidentOut  # type: ignore[valid-type]
    activity: list[JournalOut]  # type: ignore[valid-type]
    task_slas: list[TaskSlaOut]  # type: ignore[valid-type]
    problem_number: str | None = None


@actions.read
@fill_doc(states=c.labels(c.INCIDENT_STATES))
def list_incidents(
    ctx: Ctx,
    *,
    search: str | None = None,
    state: Annotated[list[int] | None, Choices(c.INCIDENT_STATES)] = None,
    active: bool | None = None,
    priority: Annotated[list[int] | None, Choices(c.PRIORITIES)] = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
    assigned_to_me: bool = False,
    unassigned: bool = False,
    caller_id: str | None = None,
    cmdb_ci: str | None = None,
    problem_id: str | None = None,
    category: Category = None,
    sla_breached: bool | None = None,
    opened_after: datetime | None = None,
    opened_before: datetime | None = None,
    sort_by: IncidentSort = "number",
    descending: bool = True,
    limit: Limit = 25,
    offset: Offset = 0,
) -> IncidentPage:
    """List incidents, filtered and sorted like a ServiceNow list view.

    Args:
        search: text matched against the number, short description and description.
        state: only these states ({states}).
        active: true = active incidents (every state but Closed and Canceled: a Resolved incident stays
            active until it closes); false = Closed or Canceled only. Open work (not yet resolved) is
            state 1, 2, 3.
        priority: only these priorities (1 Critical ... 5 Planning).
        assignment_group: group sys_id or name.
        assigned_to: user sys_id, user_name, e-mail or name.
        assigned_to_me: only incidents assigned to you.
        unassigned: only incidents without an assignee.
        caller_id: the caller's sys_id, user_name, e-mail or name.
        cmdb_ci: the configuration item's name or sys_id (see list_configuration_items).
        problem_id: the problem (number or sys_id) the incidents are linked to.
        category: inquiry, software, hardware, network or database.
        sla_breached: true = only incidents with a breached SLA; false = none breached.
        opened_after: only incidents opened at or after this moment (ISO 8601; UTC without an offset).
        opened_before: only incidents opened before this moment (ISO 8601; UTC without an offset).
        sort_by: number, opened_at, priority, state, sys_updated_on or short_description.
        descending: newest/highest first (default true).
        limit: page size, 1-200.
        offset: rows to skip.
    """
    stmt = select(Incident)
    if search:
        stmt = stmt.where(search_filter(Incident, search, ("number", "short_description", "description")))
    if state:
        stmt = stmt.where(col(Incident.state).in_(state))
    if active is not None:
        stmt = stmt.where(Incident.active == active)
    if priority:
        stmt = stmt.where(col(Incident.priority).in_(priority))
    if assignment_group:
        stmt = stmt.where(Incident.assignment_group == find_group(ctx, assignment_group, active=False).sys_id)
    if assigned_to or assigned_to_me:
        user_id = (
            ctx.user_id if assigned_to_me else find_user(ctx, assigned_to, "assigned_to", active=False).sys_id
        )
        stmt = stmt.where(Incident.assigned_to == user_id)
    if unassigned:
        stmt = stmt.where(col(Incident.assigned_to).is_(None))
    if caller_id:
        stmt = stmt.where(Incident.caller_id == find_user(ctx, caller_id, "caller_id", active=False).sys_id)
    if cmdb_ci:
        stmt = stmt.where(Incident.cmdb_ci == find_ci(ctx, cmdb_ci).sys_id)
    if problem_id:
        stmt = stmt.where(
            Incident.problem_id == find(ctx, Problem, problem_id, field="problem_id", label="problem").sys_id
        )
    if category:
        stmt = stmt.where(Incident.category == category)
    if opened_after:
        stmt = stmt.where(col(Incident.opened_at) >= utc(opened_after))
    if opened_before:
        stmt = stmt.where(col(Incident.opened_at) < utc(opened_before))
    if sla_breached is not None:
        candidates = list(ctx.db.exec(stmt.with_only_columns(col(Incident.sys_id))).all())
        breached = sla_engine.breached_tasks(ctx, candidates)
        in_breached = col(Incident.sys_id).in_(breached)
        stmt = stmt.where(in_breached if sla_breached else ~in_breached)
    order = col(getattr(Incident, sort_by))
    stmt = stmt.order_by(order.desc() if descending else order, col(Incident.number).desc())
    total, rows = page(ctx, stmt, limit, offset)
    return IncidentPage(total=total, offset=offset, limit=limit, records=incidents_out(ctx, rows))


@actions.read
def get_incident(ctx: Ctx, *, incident_id: str) -> IncidentDetail:
    """Get one incident (by number like INC0010001, or sys_id) with its activity stream and SLAs.

    The activity lists work notes (internal, element "work_notes") and additional comments
    (visible to the caller, element "comments"), newest first.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
    """
    inc = find(ctx, Incident, incident_id, field="incident_id", label="incident")
    problem = ctx.db.get(Problem, inc.problem_id) if inc.problem_id else None
    return IncidentDetail(
        incident=incidents_out(ctx, [inc])[0],
        activity=activity_out(ctx, inc.sys_id),
        task_slas=task_slas_out(ctx, [inc.sys_id]),
        problem_number=problem.number if problem else None,
    )


def check_category(category: str | None, subcategory: str | None) -> None:
    check_choice(category, c.CATEGORIES, "category")
    if subcategory:
        if not category:
            raise ActionError(
                "choose a category before a subcategory", field="subcategory", code=ErrorKind.REQUIRED
            )
        check_choice(subcategory, c.CATEGORIES[category][1], "subcategory")


def check_ci(ctx: Ctx, ci_id: str | None, field: str = "cmdb_ci") -> str | None:
    if not ci_id:
        return None
    return find_ci(ctx, ci_id, field).sys_id


@actions.write
@fill_doc(categories=CATEGORY_DOC, contact_types=", ".join(c.CONTACT_TYPES))
def create_incident(
    ctx: Ctx,
    *,
    caller_id: str,
    short_description: ShortDescription,
    description: str | None = None,
    category: Category = None,
    subcategory: Subcategory = None,
    cmdb_ci: str | None = None,
    impact: Level = 3,
    urgency: Level = 3,
    contact_type: Annotated[str | None, Choices(c.CONTACT_TYPES)] = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
) -> IncidentOut:
    """Open a new incident (state 1 New). Priority is derived from impact x urgency.

    Args:
        caller_id: who reported it: a user's sys_id, user_name, e-mail or name (employees, customers).
        short_description: one-line summary (required).
        description: the full description.
        category: the category; with its subcategories: {categories}.
        subcategory: one of the category's subcategories (listed with category).
        cmdb_ci: the affected configuration item's sys_id.
        impact: 1 High, 2 Medium, 3 Low: how widely the business is affected. Priority follows from
            impact and urgency: 1+1 -> 1 Critical, ..., 3+3 -> 5 Planning.
        urgency: 1 High, 2 Medium, 3 Low: how soon it must be resolved.
        contact_type: {contact_types}.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
    SLAs for the priority start now.
    """
    check_levels(impact=impact, urgency=urgency)
    caller = find_user(ctx, caller_id, "caller_id")
    text = require_text(short_description, "short_description", "a short description")
    check_category(category, subcategory)
    check_choice(contact_type, c.CONTACT_TYPES, "contact_type")
    ci = check_ci(ctx, cmdb_ci)
    group = find_group(ctx, assignment_group) if assignment_group else None
    user = find_user(ctx, assigned_to, "assigned_to") if assigned_to else None
    if user and not group:
        raise ActionError(
            "choose an assignment group for the assignee first",
            field="assignment_group",
            code=ErrorKind.REQUIRED,
        )
    if user and group:
        check_assignee(ctx, group, user)
    inc = Incident(
        sys_id=ctx.new_id("incident"),
        number=ctx.new_id("incident.number"),
        short_description=text,
        description=description or None,
        caller_id=caller.sys_id,
        company=caller.company,
        opened_by=ctx.user_id,
        opened_at=ctx.now,
        contact_type=contact_type,
        category=category,
        subcategory=subcategory,
        cmdb_ci=ci,
        impact=impact,
        urgency=urgency,
        priority=c.priority_of(impact, urgency),
        assignment_group=group.sys_id if group else None,
        assigned_to=user.sys_id if user else None,
    )
    stamp(ctx, inc, new=True)
    ctx.db.add(inc)
    ctx.db.flush()
    sla_engine.attach(ctx, inc)
    ctx.db.flush()
    sla_engine.on_incident_change(ctx, inc, c.NEW, inc.priority)
    return incidents_out(ctx, [inc])[0]


@actions.write
def update_incident(
    ctx: Ctx,
    *,
    incident_id: str,
    short_description: ShortDescription | None = None,
    description: str | None = None,
    category: str | None = None,
    subcategory: str | None = None,
    cmdb_ci: str | None = None,
    impact: Level | None = None,
    urgency: Level | None = None,
    caller_id: str | None = None,
) -> IncidentOut:
    """Edit an open incident's fields; omitted fields stay. Changing impact or urgency recomputes the
    priority (and restarts the SLAs for the new priority). Use assign_incident for the assignment and the
    state tools (put_incident_on_hold, resolve_incident ...) for the state.

    Refused on a Closed or Canceled incident.

    Args:
        incident_id: the incident's number (like INC0010001) or sys_id.
        short_description: one-line summary, as shown in list views.
        description: the full description.
        category: inquiry, software, hardware, network or database.
        subcategory: a subcategory of the category (see category).
        cmdb_ci: the affected configuration item's sys_id.
        impact: 1 High, 2 Medium, 3 Low: how widely the business is affected.
        urgency: 1 High, 2 Medium, 3 Low: how soon it must be resolved.
        caller_id: who reported it: a user's sys_id, user_name, e-mail or name.
    """
    inc = find(ctx, Incident, incident_id, field="incident_id", label="incident")
    check_levels(impact=impact, urgency=urgency)
    if inc.state in (c.CLOSED, c.CANCELED):
        raise ActionError(
            f"{inc.number} is {c.INCIDENT_STATES[inc.state]} and read-only; open a new incident instead",
            field="incident_id",
            code=ErrorKind.ACCESS_DENIED,
        )
    changes: dict = {}
    if short_description is not None:
        changes["short_description"] = require_text(
            short_description, "short_description", "a short description"
        )
    if description is not None:
        changes["description"] = description or None
    if category is not None or subcategory is not None:
        new_cat = category if category is not None else inc.category
        check_category(new_cat or None, subcategory if subcategory is not None else None)
        changes["category"] = new_cat or None
        if subcategory is not None or category is not None:
            changes["subcategory"] = subcategory or None
    if cmdb_ci is not None:
        changes["cmdb_ci"] = check_ci(ctx, cmdb_ci)
    if caller_id is not None:
        changes["caller_id"] = find_user(ctx, caller_id, "caller_id").sys_id
    if impact is not None:
        changes["impact"] = impact
    if urgency is not None:
        changes["urgency"] = urgency
    old_priority = inc.priority
    for key, value in changes.items():
        setattr(inc, key, value)
    inc.priority = c.priority_of(inc.impact, inc.urgency)
    stamp(ctx, inc)
    if inc.priority != old_priority:
        sla_engine.on_incident_change(ctx, inc, inc.state, old_priority)
    return incidents_out(ctx, [inc])[0]
