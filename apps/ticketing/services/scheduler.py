"""The desk's scheduled jobs, run whenever logical time passes in the episode — by the desk's own
`advance_time` or while the agent waits in another app of the episode (`AppSpec.on_time_passed`): callers
who write back, approvers who decide, the SLA breach timer and the auto-close of resolved incidents. As on
ServiceNow, they run on the instance's clock, not on whether someone is looking at the desk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.spec import SYSTEM_ACTOR
from apps.ticketing import choices as c
from apps.ticketing.callers import engine as callers
from apps.ticketing.models import Incident
from apps.ticketing.services import approval_decisions, incident_states, sla_engine
from apps.ticketing.services.common import aware, stamp


@dataclass
class JobsRun:
    """What the jobs did: incidents whose caller wrote back, records whose approver decided, SLAs newly
    breached and incidents closed."""

    caller_replies: list[str] = field(default_factory=list)
    approvals_decided: list[str] = field(default_factory=list)
    slas_breached: int = 0
    incidents_closed: list[str] = field(default_factory=list)


def run_due_jobs(ctx: Ctx) -> JobsRun:
    """Carry out every job due by `ctx.now`, oldest first.

    Args:
        ctx: the context of the action during which time passed (its `now` is the new time).
    """
    run = JobsRun()
    for reply in callers.deliver_due(ctx):
        run.caller_replies.append(reply.incident.number)
        if reply.effect == "reopen":
            incident_states.reopen(ctx, reply.incident)
        elif reply.effect == "resume":
            incident_states.move(ctx, reply.incident, c.IN_PROGRESS)
    run.approvals_decided = approval_decisions.deliver_due(ctx)
    run.slas_breached = sla_engine.mark_breaches(ctx)
    run.incidents_closed = auto_close(ctx)
    return run


def auto_close(ctx: Ctx) -> list[str]:
    """Close Resolved incidents whose resolution is at least AUTO_CLOSE_DAYS old; returns their numbers.

    Args:
        ctx: the context of the action during which time passed.
    """
    cutoff = ctx.now - timedelta(days=c.AUTO_CLOSE_DAYS)
    stmt = select(Incident).where(Incident.state == c.RESOLVED, col(Incident.resolved_at) <= cutoff)
    closed = []
    for inc in ctx.db.exec(stmt.order_by(Incident.number)).all():
        if aware(inc.resolved_at) <= cutoff:
            inc.state, inc.active, inc.closed_at, inc.closed_by = c.CLOSED, False, ctx.now, None
            stamp(ctx, inc)
            inc.sys_updated_by = SYSTEM_ACTOR  # the scheduled job's write, as ServiceNow stamps it
            closed.append(inc.number)
    return closed
