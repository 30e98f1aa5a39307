"""The SLA engine: task SLAs attached by priority, paused on hold, stopped on resolve, breached on the
episode's logical clock (24 x 7 schedule, so business time equals wall-clock time).

Breach is computed live from `ctx.now`; `has_breached` is also stored whenever an SLA pauses, stops
or the clock is advanced (as ServiceNow's breach timer does).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.ticketing import choices as c
from apps.ticketing.models import Incident
from apps.ticketing.models_itsm import SlaDefinition, TaskSla
from apps.ticketing.services.common import aware


def elapsed_seconds(sla: TaskSla, now: datetime) -> int:
    """Time the SLA has been running (paused time excluded)."""
    end = aware(sla.end_time) or aware(sla.pause_time) or now
    return max(0, int((end - aware(sla.start_time)).total_seconds()) - sla.pause_duration)


def is_breached(sla: TaskSla, duration: int, now: datetime) -> bool:
    return sla.has_breached or elapsed_seconds(sla, now) > duration


def breached_tasks(ctx: Ctx, task_ids: list[str]) -> set[str]:
    """The tasks among `task_ids` with at least one breached SLA right now."""
    if not task_ids:
        return set()
    stmt = (
        select(TaskSla, SlaDefinition.duration)
        .join(SlaDefinition, col(SlaDefinition.sys_id) == col(TaskSla.sla))
        .where(col(TaskSla.task).in_(task_ids), TaskSla.stage != "cancelled")
    )
    return {sla.task for sla, duration in ctx.db.exec(stmt).all() if is_breached(sla, duration, ctx.now)}


def _running(ctx: Ctx, task_id: str, target: str | None = None) -> list[tuple[TaskSla, SlaDefinition]]:
    stmt = (
        select(TaskSla, SlaDefinition)
        .join(SlaDefinition, col(SlaDefinition.sys_id) == col(TaskSla.sla))
        .where(TaskSla.task == task_id, col(TaskSla.stage).in_(("in_progress", "paused")))
        .order_by(TaskSla.sys_id)
    )
    if target:
        stmt = stmt.where(SlaDefinition.target == target)
    return list(ctx.db.exec(stmt).all())


def attach(ctx: Ctx, incident: Incident, targets: tuple[str, ...] = ("response", "resolution")) -> None:
    """Start the incident's SLAs of its priority (one task SLA per matching definition)."""
    stmt = select(SlaDefinition).where(
        SlaDefinition.priority == incident.priority,
        SlaDefinition.active == True,  # noqa: E712
        col(SlaDefinition.target).in_(targets),
        SlaDefinition.collection == "incident",
    )
    for definition in ctx.db.exec(stmt.order_by(SlaDefinition.sys_id)).all():
        ctx.db.add(
            TaskSla(
                sys_id=ctx.new_id("task_sla"),
                task=incident.sys_id,
                sla=definition.sys_id,
                start_time=ctx.now,
                planned_end_time=ctx.now + timedelta(seconds=definition.duration),
            )
        )


def _finish(ctx: Ctx, sla: TaskSla, definition: SlaDefinition, stage: str) -> None:
    if sla.stage == "paused":
        _resume(ctx, sla)
    sla.stage, sla.active, sla.end_time = stage, False, ctx.now
    sla.has_breached = sla.has_breached or elapsed_seconds(sla, ctx.now) > definition.duration


def _resume(ctx: Ctx, sla: TaskSla) -> None:
    paused = int((ctx.now - aware(sla.pause_time)).total_seconds())
    sla.pause_duration += paused
    sla.planned_end_time = aware(sla.planned_end_time) + timedelta(seconds=paused)
    sla.pause_time, sla.stage = None, "in_progress"


def on_incident_change(ctx: Ctx, incident: Incident, old_state: int, old_priority: int) -> None:
    """Move the incident's SLAs along with its new state, assignee and priority."""
    if incident.priority != old_priority and incident.state not in (c.RESOLVED, c.CLOSED, c.CANCELED):
        for sla, definition in _running(ctx, incident.sys_id):
            _finish(ctx, sla, definition, "cancelled")
        responded = incident.state != c.NEW or incident.assigned_to
        attach(ctx, incident, ("resolution",) if responded else ("response", "resolution"))
    state = incident.state
    if state != c.NEW or incident.assigned_to:
        for sla, definition in _running(ctx, incident.sys_id, "response"):
            _finish(ctx, sla, definition, "completed")
    if state == c.CANCELED:
        for sla, definition in _running(ctx, incident.sys_id):
            _finish(ctx, sla, definition, "cancelled")
    elif state in (c.RESOLVED, c.CLOSED):
        for sla, definition in _running(ctx, incident.sys_id):
            _finish(ctx, sla, definition, "completed")
    elif state == c.ON_HOLD:
        for sla, definition in _running(ctx, incident.sys_id, "resolution"):
            if sla.stage == "in_progress":
                sla.stage, sla.pause_time = "paused", ctx.now
                sla.has_breached = elapsed_seconds(sla, ctx.now) > definition.duration
    else:
        for sla, _ in _running(ctx, incident.sys_id, "resolution"):
            if sla.stage == "paused":
                _resume(ctx, sla)
        if old_state in (c.RESOLVED, c.CLOSED):
            attach(ctx, incident, ("resolution",))


def mark_breaches(ctx: Ctx) -> int:
    """Set has_breached on running SLAs past their planned end (the breach timer); returns how many."""
    stmt = select(TaskSla).where(
        TaskSla.stage == "in_progress",
        TaskSla.has_breached == False,  # noqa: E712
        col(TaskSla.planned_end_time) < ctx.now,
    )
    rows = list(ctx.db.exec(stmt).all())
    for sla in rows:
        sla.has_breached = True
    return len(rows)
