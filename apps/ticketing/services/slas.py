"""SLA definitions and task SLAs (read side), and the logical clock: `advance_time` runs the
scheduled jobs (SLA breach timer, auto-close of resolved incidents)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Choices, Range
from apps.ticketing import choices as c
from apps.ticketing.models import Incident
from apps.ticketing.models_itsm import SlaDefinition, TaskSla
from apps.ticketing.schemas import SlaDefinitionOut, TaskSlaOut, TaskSlaPage
from apps.ticketing.services import scheduler, sla_engine
from apps.ticketing.services.common import actions, check_limit, find, find_group, utc

MAX_WAIT_HOURS = 30 * 24


class SlaDefinitionList(BaseModel):
    """The SLA definitions (contract_sla)."""

    records: list[SlaDefinitionOut]  # type: ignore[valid-type]


class ClockResult(BaseModel):
    """What happened while time passed."""

    now: str
    waited_seconds: int
    slas_breached: int
    incidents_closed: list[str]
    caller_replies: list[str] = []  # incidents whose caller wrote back meanwhile
    approvals_decided: list[str] = []  # changes and requested items whose approver decided meanwhile


def _out(ctx: Ctx, rows: list[tuple[TaskSla, SlaDefinition, str | None]]) -> list[TaskSlaOut]:
    out = []
    for sla, definition, number in rows:
        elapsed = sla_engine.elapsed_seconds(sla, ctx.now)
        out.append(
            TaskSlaOut.model_validate(
                {
                    **sla.model_dump(),
                    "has_breached": sla_engine.is_breached(sla, definition.duration, ctx.now),
                    "sla_name": definition.name,
                    "target": definition.target,
                    "task_number": number,
                    "elapsed_seconds": elapsed,
                    "time_left_seconds": max(0, definition.duration - elapsed),
                    "percentage": round(100.0 * elapsed / definition.duration, 2),
                }
            )
        )
    return out


def _stmt():
    return (
        select(TaskSla, SlaDefinition, Incident.number)
        .join(SlaDefinition, col(SlaDefinition.sys_id) == col(TaskSla.sla))
        .join(Incident, col(Incident.sys_id) == col(TaskSla.task), isouter=True)
    )


def task_slas_out(ctx: Ctx, task_ids: list[str]) -> list[TaskSlaOut]:
    rows = ctx.db.exec(
        _stmt().where(col(TaskSla.task).in_(task_ids)).order_by(TaskSla.start_time, TaskSla.sys_id)
    )
    return _out(ctx, list(rows.all()))


@actions.read
def list_task_slas(
    ctx: Ctx,
    *,
    task: str | None = None,
    stage: Literal["in_progress", "paused", "completed", "cancelled"] | None = None,
    breached: bool | None = None,
    target: Literal["response", "resolution"] | None = None,
    assignment_group: str | None = None,
    priority: Annotated[list[int] | None, Choices(c.PRIORITIES)] = None,
    started_after: datetime | None = None,
    started_before: datetime | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> TaskSlaPage:
    """List task SLAs (SLAs running on incidents), with live elapsed time, time left and breach — the
    task_sla list, filtered on the SLA and on its incident (dot-walked, as Task.Assignment group).

    Args:
        task: only the SLAs of this incident (number or sys_id).
        stage: in_progress, paused (incident on hold), completed (stopped on resolve) or cancelled.
        breached: true = only breached SLAs (elapsed beyond the target on the logical clock).
        target: only response or only resolution SLAs.
        assignment_group: only SLAs of incidents assigned to this group (sys_id or name).
        priority: only SLAs of incidents of these priorities (1 Critical ... 5 Planning).
        started_after: only SLAs that started at or after this moment (ISO 8601; UTC without an offset).
        started_before: only SLAs that started before this moment (ISO 8601; UTC without an offset).
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    check_limit(limit)
    stmt = _stmt()
    if task:
        stmt = stmt.where(TaskSla.task == find(ctx, Incident, task, field="task", label="incident").sys_id)
    if stage:
        stmt = stmt.where(TaskSla.stage == stage)
    if target:
        stmt = stmt.where(SlaDefinition.target == target)
    if assignment_group:
        stmt = stmt.where(Incident.assignment_group == find_group(ctx, assignment_group, active=False).sys_id)
    if priority:
        stmt = stmt.where(col(Incident.priority).in_(priority))
    if started_after:
        stmt = stmt.where(col(TaskSla.start_time) >= utc(started_after))
    if started_before:
        stmt = stmt.where(col(TaskSla.start_time) < utc(started_before))
    rows = _out(ctx, list(ctx.db.exec(stmt.order_by(TaskSla.planned_end_time, TaskSla.sys_id)).all()))
    if breached is not None:
        rows = [r for r in rows if r.has_breached == breached]
    return TaskSlaPage(total=len(rows), offset=offset, limit=limit, records=rows[offset : offset + limit])


@actions.read
def list_sla_definitions(ctx: Ctx) -> SlaDefinitionList:
    """List the SLA definitions: per priority, a response target and a resolution target (seconds).

    A definition attaches to incidents of its priority when they open (or when their priority changes).
    """
    rows = ctx.db.exec(select(SlaDefinition).order_by(SlaDefinition.priority, SlaDefinition.target)).all()
    return SlaDefinitionList(records=rows)


@actions.write
def advance_time(
    ctx: Ctx, *, hours: Annotated[int, Range(0, MAX_WAIT_HOURS)] = 0, minutes: Annotated[int, Range(0)] = 0
) -> ClockResult:
    """Wait: let logical time pass (at most 30 days), then run the scheduled jobs.

    Callers who were asked something (or whose fix did not hold) write back when their time comes
    (`caller_replies` lists those incidents; read them with get_incident). Approvers asked to approve a
    change or a requested item decide by the company handbook when theirs comes (`approvals_decided`;
    read the decision and its comments with list_approvals or get_change / get_requested_item). The SLA
    breach timer marks running SLAs past their target as breached, and Resolved incidents resolved 7 or
    more days ago are closed automatically (state 7 Closed).

    Args:
        hours: hours to let pass (0 or more).
        minutes: minutes to let pass, added to the hours (0 or more).
    """
    for name, value in (("hours", hours), ("minutes", minutes)):
        if value < 0:
            raise ActionError(
                f"{name} must be 0 or more (got {value}); time only moves forward",
                field=name,
                code=ErrorKind.INVALID_VALUE,
            )
    seconds = hours * 3600 + minutes * 60
    if seconds <= 0 or seconds > MAX_WAIT_HOURS * 3600:
        raise ActionError(
            "wait between 1 minute and 30 days (hours and/or minutes)",
            field="hours",
            code=ErrorKind.INVALID_VALUE,
        )
    ctx.wait(seconds)
    run = scheduler.run_due_jobs(ctx)
    return ClockResult(
        now=ctx.now.isoformat(),
        waited_seconds=seconds,
        slas_breached=run.slas_breached,
        incidents_closed=run.incidents_closed,
        caller_replies=run.caller_replies,
        approvals_decided=run.approvals_decided,
    )
