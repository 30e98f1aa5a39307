"""Change requests: list, read, create, edit and the schedule-conflict check. The approval and
implementation flow is in `change_flow`."""

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
from apps.ticketing.models_itsm import Approval, ChangeRequest
from apps.ticketing.schemas import ApprovalOut, ChangeOut, ChangePage, JournalOut
from apps.ticketing.services.approvals import approvals_out
from apps.ticketing.services.common import (
    Level,
    Risk,
    ShortDescription,
    actions,
    aware,
    check_choice,
    check_levels,
    fill_doc,
    find,
    find_ci,
    find_group,
    page,
    require_text,
    search_filter,
    set_assignment,
    stamp,
    utc,
)
from apps.ticketing.services.incidents import check_ci
from apps.ticketing.services.present import activity_out, changes_out

CLOSED_STATES = (3, 4)
ChangeType = Literal["normal", "standard", "emergency"]


class ChangeDetail(BaseModel):
    """A change request with its approvals, conflicting changes and activity stream."""

    change: ChangeOut  # type: ignore[valid-type]
    approvals: list[ApprovalOut]  # type: ignore[valid-type]
    conflicts: list[ChangeOut]  # type: ignore[valid-type]
    activity: list[JournalOut]  # type: ignore[valid-type]


class ConflictReport(BaseModel):
    """The result of a conflict check: other open changes on the same CI with an overlapping window."""

    change_number: str
    conflict_status: str
    conflicts: list[ChangeOut]  # type: ignore[valid-type]


def load_change(ctx: Ctx, change_id: str) -> ChangeRequest:
    return find(ctx, ChangeRequest, change_id, field="change_id", label="change request")


def conflicts_of(ctx: Ctx, chg: ChangeRequest) -> list[ChangeRequest]:
    """Open changes on the same CI whose planned window overlaps this one's."""
    if not (chg.cmdb_ci and chg.start_date and chg.end_date):
        return []
    stmt = select(ChangeRequest).where(
        ChangeRequest.cmdb_ci == chg.cmdb_ci,
        ChangeRequest.sys_id != chg.sys_id,
        col(ChangeRequest.state).not_in(CLOSED_STATES),
        col(ChangeRequest.start_date) < chg.end_date,
        col(ChangeRequest.end_date) > chg.start_date,
    )
    return list(ctx.db.exec(stmt.order_by(ChangeRequest.number)).all())


def run_conflict_check(ctx: Ctx, chg: ChangeRequest) -> list[ChangeRequest]:
    found = conflicts_of(ctx, chg)
    chg.conflict_status = "Conflict" if found else "No Conflict"
    chg.conflict_last_run = ctx.now
    return found


# The Args entries of the planning fields create_change and update_change share.
PLANNING_DOC = """start_date: planned start, ISO 8601 date-time (UTC when no offset is given).
        end_date: planned end, ISO 8601 date-time; after the start.
        assignment_group: group sys_id or name (see list_groups).
        assigned_to: the assignee's sys_id, user_name, e-mail or name (a member of the assignment group).
        justification: why the change is needed.
        implementation_plan: the steps to implement the change.
        backout_plan: how to undo the change if it fails.
        test_plan: how the change will be verified."""


@actions.read
@fill_doc(states=c.labels(c.CHANGE_STATES))
def list_changes(
    ctx: Ctx,
    *,
    search: str | None = None,
    state: Annotated[list[int] | None, Choices(c.CHANGE_STATES)] = None,
    type: ChangeType | None = None,
    approval: Literal["not requested", "requested", "approved", "rejected"] | None = None,
    cmdb_ci: str | None = None,
    assignment_group: str | None = None,
    starts_after: datetime | None = None,
    starts_before: datetime | None = None,
    sort_by: Literal["number", "start_date", "state", "risk"] = "number",
    descending: bool = True,
    limit: Limit = 25,
    offset: Offset = 0,
) -> ChangePage:
    """List change requests like a ServiceNow list view.

    Args:
        search: text in the number or short description.
        state: only these states ({states}).
        type: normal, standard or emergency.
        approval: not requested, requested, approved or rejected.
        cmdb_ci: the configuration item's name or sys_id (see list_configuration_items).
        assignment_group: group sys_id or name.
        sort_by: number, start_date, state or risk.
        starts_after: only changes planned to start at or after this date-time (ISO 8601; no offset: UTC).
        starts_before: only changes planned to start before this date-time (ISO 8601; without an offset, UTC).
        descending: latest/highest first (default true).
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(ChangeRequest)
    if search:
        stmt = stmt.where(search_filter(ChangeRequest, search, ("number", "short_description")))
    if state:
        stmt = stmt.where(col(ChangeRequest.state).in_(state))
    for name, value in (("type", type), ("approval", approval)):
        if value:
            stmt = stmt.where(getattr(ChangeRequest, name) == value)
    if cmdb_ci:
        stmt = stmt.where(ChangeRequest.cmdb_ci == find_ci(ctx, cmdb_ci).sys_id)
    if assignment_group:
        stmt = stmt.where(
            ChangeRequest.assignment_group == find_group(ctx, assignment_group, active=False).sys_id
        )
    if starts_after:
        stmt = stmt.where(col(ChangeRequest.start_date) >= utc(starts_after))  # naive: UTC
    if starts_before:
        stmt = stmt.where(col(ChangeRequest.start_date) <= utc(starts_before))
    order = col(getattr(ChangeRequest, sort_by))
    stmt = stmt.order_by(order.desc() if descending else order, col(ChangeRequest.number).desc())
    total, rows = page(ctx, stmt, limit, offset)
    return ChangePage(total=total, offset=offset, limit=limit, records=changes_out(ctx, rows))


@actions.read
def get_change(ctx: Ctx, *, change_id: str) -> ChangeDetail:
    """Get a change request (number like CHG0030001, or sys_id) with approvals, conflicts and activity.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
    """
    chg = load_change(ctx, change_id)
    approvals = ctx.db.exec(
        select(Approval)
        .where(Approval.sysapproval == chg.sys_id)
        .order_by(Approval.sys_created_on, Approval.sys_id)
    ).all()
    return ChangeDetail(
        change=changes_out(ctx, [chg])[0],
        approvals=approvals_out(ctx, list(approvals)),
        conflicts=changes_out(ctx, conflicts_of(ctx, chg)),
        activity=activity_out(ctx, chg.sys_id),
    )


@actions.read
def check_change_conflicts(ctx: Ctx, *, change_id: str) -> ConflictReport:
    """Run the conflict check of a change: other open changes on the same configuration item whose
    planned window (start_date-end_date) overlaps. A change with conflicts cannot be sent for approval
    or implemented: move its window (update_change) or the other change's.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
    """
    chg = load_change(ctx, change_id)
    found = conflicts_of(ctx, chg)
    status = "Not Run" if not (chg.cmdb_ci and chg.start_date) else ("Conflict" if found else "No Conflict")
    return ConflictReport(change_number=chg.number, conflict_status=status, conflicts=changes_out(ctx, found))


def _check_window(start: datetime | None, end: datetime | None) -> None:
    if (start is None) != (end is None):
        raise ActionError(
            "give both start_date and end_date for the planned window",
            field="end_date" if start else "start_date",
            code=ErrorKind.REQUIRED,
        )
    if start and end and aware(end) <= aware(start):
        raise ActionError(
            "the planned end must be after the planned start", field="end_date", code=ErrorKind.INVALID_VALUE
        )


def _assignment(ctx: Ctx, chg: ChangeRequest, group_key: str | None, user_key: str | None) -> None:
    set_assignment(ctx, chg, group_key, user_key)


def check_service(ctx: Ctx, key: str | None, field: str) -> str | None:
    """The sys_id of the business service `key` names (a cmdb_ci_service item), None for none.

    Args:
        ctx: the action's context.
        key: the service's sys_id or name, or None / "".
        field: the argument it came in (named in a refusal).
    """
    if not key:
        return None
    ci = find_ci(ctx, key, field)
    if ci.sys_class_name != "cmdb_ci_service":
        raise ActionError(
            f"{ci.name} is a {c.CI_CLASSES.get(ci.sys_class_name, ci.sys_class_name)}, not a business "
            "service; give a configuration item of class cmdb_ci_service (see list_configuration_items)",
            field=field,
            code=ErrorKind.INVALID_CHOICE,
        )
    return ci.sys_id


@actions.write
@fill_doc(categories=", ".join(c.CHANGE_CATEGORIES), planning=PLANNING_DOC)
def create_change(
    ctx: Ctx,
    *,
    short_description: ShortDescription,
    type: ChangeType = "normal",
    description: str | None = None,
    cmdb_ci: str | None = None,
    category: Annotated[str | None, Choices(c.CHANGE_CATEGORIES)] = None,
    risk: Risk = 3,
    impact: Level = 3,
    start_date: datetime | None = None,
    end_date: datetime | None = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
    justification: str | None = None,
    implementation_plan: str | None = None,
    backout_plan: str | None = None,
    test_plan: str | None = None,
    business_service: str | None = None,
    service_offering: str | None = None,
) -> ChangeOut:
    """Create a change request (state -5 New).

    Args:
        type: normal (assessed by the group manager, then authorized by the CAB), standard
            (pre-approved) or emergency (authorized by the CAB only).
        risk: 1 Very High, 2 High, 3 Moderate, 4 Low.
        category: {categories}.
        cmdb_ci: the configuration item changed; the conflict check compares changes on the same CI.
        short_description: one-line summary, as shown in list views.
        description: the full description.
        impact: 1 High, 2 Medium, 3 Low: how widely the business is affected.
        {planning}
        business_service: the business service changed (optional): a configuration item of class
            cmdb_ci_service (Business Service), by sys_id or name, e.g. Email.
        service_offering: the service offering (optional): also a cmdb_ci_service item, by sys_id or name.
    The conflict check runs at once (conflict_status). Next: request_change_approval.
    """
    check_levels(risk=risk, impact=impact)
    text = require_text(short_description, "short_description", "a short description")
    check_choice(category, c.CHANGE_CATEGORIES, "category")
    start_date, end_date = utc(start_date), utc(end_date)
    _check_window(start_date, end_date)
    chg = ChangeRequest(
        sys_id=ctx.new_id("change_request"),
        number=ctx.new_id("change_request.number"),
        short_description=text,
        description=description or None,
        type=type,
        approval="approved" if type == "standard" else "not requested",
        risk=risk,
        impact=impact,
        priority=min(4, impact + 1),
        category=category,
        cmdb_ci=check_ci(ctx, cmdb_ci),
        business_service=check_service(ctx, business_service, "business_service"),
        service_offering=check_service(ctx, service_offering, "service_offering"),
        requested_by=ctx.user_id,
        start_date=start_date,
        end_date=end_date,
        justification=justification,
        implementation_plan=implementation_plan,
        backout_plan=backout_plan,
        test_plan=test_plan,
        opened_at=ctx.now,
    )
    _assignment(ctx, chg, assignment_group, assigned_to)
    if chg.cmdb_ci and chg.start_date:
        run_conflict_check(ctx, chg)
    stamp(ctx, chg, new=True)
    ctx.db.add(chg)
    return changes_out(ctx, [chg])[0]


@actions.write
@fill_doc(planning=PLANNING_DOC)
def update_change(
    ctx: Ctx,
    *,
    change_id: str,
    short_description: ShortDescription | None = None,
    description: str | None = None,
    cmdb_ci: str | None = None,
    risk: Risk | None = None,
    start_date: datetime | None = None,
    end_date: datetime | None = None,
    assignment_group: str | None = None,
    assigned_to: str | None = None,
    justification: str | None = None,
    implementation_plan: str | None = None,
    backout_plan: str | None = None,
    test_plan: str | None = None,
) -> ChangeOut:
    """Edit a change request; omitted fields stay. Every field can be edited while it is New (before
    approval is requested); after that, as in ServiceNow, only its assignment (assignment_group,
    assigned_to) can change until it is Closed or Canceled: the plan is locked (a rejected change returns to
    New; otherwise cancel it and raise a new one).

    Moving the planned window or the CI re-runs the conflict check. The assignee must belong to the
    assignment group.

    Args:
        change_id: the change request's number (like CHG0030001) or sys_id.
        short_description: one-line summary, as shown in list views.
        description: the full description.
        cmdb_ci: the affected configuration item's sys_id.
        risk: 1 Very High, 2 High, 3 Moderate, 4 Low.
        {planning}
    """
    chg = load_change(ctx, change_id)
    check_levels(risk=risk)
    planning = (short_description, description, cmdb_ci, risk, start_date, end_date, justification)
    planning += (implementation_plan, backout_plan, test_plan)
    if chg.state != -5 and (chg.state in (3, 4) or any(v is not None for v in planning)):
        raise ActionError(
            f"{chg.number} is {c.CHANGE_STATES[chg.state]}; only a New change can be edited "
            + (
                "(a closed or canceled change cannot change at all)"
                if chg.state in (3, 4)
                else "(after approval is requested only its assignment group and assignee can change; "
                "a rejected change returns to New; otherwise cancel it and raise a new one)"
            ),
            field="change_id",
            code=ErrorKind.INVALID_STATE,
        )
    start_date, end_date = utc(start_date), utc(end_date)
    new_start = start_date if start_date is not None else chg.start_date
    new_end = end_date if end_date is not None else chg.end_date
    _check_window(new_start, new_end)
    if short_description is not None:
        chg.short_description = require_text(short_description, "short_description", "a short description")
    if cmdb_ci is not None:
        chg.cmdb_ci = check_ci(ctx, cmdb_ci)
    for key, value in (
        ("description", description),
        ("justification", justification),
        ("implementation_plan", implementation_plan),
        ("backout_plan", backout_plan),
        ("test_plan", test_plan),
    ):
        if value is not None:
            setattr(chg, key, value.strip() or None)
    if risk is not None:
        chg.risk = risk
    chg.start_date, chg.end_date = new_start, new_end
    _assignment(ctx, chg, assignment_group, assigned_to)
    if chg.state == -5 and chg.cmdb_ci and chg.start_date:  # the plan can only move while New
        run_conflict_check(ctx, chg)
    stamp(ctx, chg)
    return changes_out(ctx, [chg])[0]
