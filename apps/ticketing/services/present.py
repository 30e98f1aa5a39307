"""Turning rows into outputs: display names of referenced users, groups and CIs, choice labels."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.ticketing import choices as c
from apps.ticketing.models import ConfigurationItem, Group, Incident, SysUser
from apps.ticketing.models_itsm import ChangeRequest, Problem
from apps.ticketing.schemas import ChangeOut, IncidentOut, JournalOut, ProblemOut
from apps.ticketing.services.common import journal_of
from apps.ticketing.services.sla_engine import breached_tasks


def display_names(ctx: Ctx, ids: Iterable[str | None]) -> dict[str, str]:
    """sys_id -> display name for any users, groups and CIs among `ids`."""
    wanted = {i for i in ids if i}
    out: dict[str, str] = {}
    for model in (SysUser, Group, ConfigurationItem):
        if not wanted:
            break
        rows = ctx.db.exec(select(model.sys_id, model.name).where(col(model.sys_id).in_(wanted))).all()
        for sys_id, name in rows:
            out[sys_id] = name
        wanted -= set(out)
    return out


def activity_out(ctx: Ctx, record_id: str) -> list[JournalOut]:  # type: ignore[valid-type]
    """A record's activity stream (its work notes and comments, newest first), each with its author's name.

    Args:
        ctx: the action's context.
        record_id: the task's sys_id.
    """
    journal = journal_of(ctx, record_id)
    names = display_names(ctx, [j.sys_created_by for j in journal])
    return [
        JournalOut.model_validate({**j.model_dump(), "author_name": names.get(j.sys_created_by)})
        for j in journal
    ]


def _people(names: dict[str, str], row: Any, caller_field: str | None) -> dict[str, Any]:
    return {
        "caller_name": names.get(getattr(row, caller_field)) if caller_field else None,
        "assignment_group_name": names.get(row.assignment_group),
        "assigned_to_name": names.get(row.assigned_to),
        "cmdb_ci_name": names.get(row.cmdb_ci),
    }


def _refs(rows: list[Any], *fields: str) -> list[str | None]:
    return [getattr(r, f) for r in rows for f in fields]


def incidents_out(ctx: Ctx, rows: list[Incident]) -> list[Any]:
    names = display_names(ctx, _refs(rows, "caller_id", "assignment_group", "assigned_to", "cmdb_ci"))
    breached = breached_tasks(ctx, [r.sys_id for r in rows])
    return [
        IncidentOut.model_validate(
            {
                **r.model_dump(),
                **_people(names, r, "caller_id"),
                "state_label": c.INCIDENT_STATES.get(r.state),
                "priority_label": c.PRIORITIES.get(r.priority),
                "hold_reason_label": c.HOLD_REASONS.get(r.hold_reason or ""),
                "sla_breached": r.sys_id in breached,
            }
        )
        for r in rows
    ]


def problems_out(ctx: Ctx, rows: list[Problem]) -> list[Any]:
    names = display_names(ctx, _refs(rows, "assignment_group", "assigned_to", "cmdb_ci"))
    return [
        ProblemOut.model_validate(
            {
                **r.model_dump(),
                **_people(names, r, None),
                "state_label": c.PROBLEM_STATES.get(r.state),
                "priority_label": c.PRIORITIES.get(r.priority),
            }
        )
        for r in rows
    ]


def changes_out(ctx: Ctx, rows: list[ChangeRequest]) -> list[Any]:
    refs = _refs(rows, "requested_by", "assignment_group", "assigned_to", "cmdb_ci")
    names = display_names(ctx, refs + _refs(rows, "business_service", "service_offering"))
    return [
        ChangeOut.model_validate(
            {
                **r.model_dump(),
                **_people(names, r, "requested_by"),
                "business_service_name": names.get(r.business_service),
                "service_offering_name": names.get(r.service_offering),
                "state_label": c.CHANGE_STATES.get(r.state),
                "priority_label": c.PRIORITIES.get(r.priority),
                "risk_label": c.CHANGE_RISKS.get(r.risk),
            }
        )
        for r in rows
    ]
