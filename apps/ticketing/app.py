"""The ticketing app (ServiceNow ITSM-like): registered with the engine through `spec`."""

from __future__ import annotations

from apps.core.spec import AppSpec, ProductApi
from apps.ticketing import models_itsm  # noqa: F401  (registers the ITSM tables)
from apps.ticketing.approvers import models as approver_models  # noqa: F401  (the handbook's rules, approvers' table)
from apps.ticketing.callers import models as caller_models  # noqa: F401  (registers the callers' table)
from apps.ticketing.error_shape import SHAPE as ERROR_SHAPE
from apps.ticketing.ids import ID_FORMATS
from apps.ticketing.models import ticketing_registry
from apps.ticketing.seed import load_seed
from apps.ticketing.services import actions


def _ui_router(kit):  # noqa: ANN001, ANN202
    from apps.ticketing.ui import build_router

    return build_router(kit)


def _table_api():  # noqa: ANN202
    from apps.ticketing.tableapi.routes import build

    return build()


def _due_jobs(ctx):  # noqa: ANN001, ANN202
    from apps.ticketing.services.scheduler import run_due_jobs

    return run_due_jobs(ctx)


spec = AppSpec(
    name="ticketing",
    title="Service Management",
    metadata=ticketing_registry.metadata,
    actions=actions,
    load_seed=load_seed,
    ui_router=_ui_router,
    id_formats=ID_FORMATS,
    # ServiceNow stamps every save; alone, that is never a meaningful change.
    # The SLA timer's breach flag moves with the clock (ServiceNow's scheduled SLA job), never the agent's.
    volatile_columns={
        "*": frozenset({"sys_updated_on", "sys_updated_by"}),
        "ticketing_task_sla": frozenset({"has_breached"}),
    },
    # A caller's pending reaction is a consequence of the desk's comment, never damage of its own.
    # An approver's pending decision likewise is a consequence of the approval request.
    bookkeeping_tables=frozenset({"ticketing_caller_followup", "ticketing_approval_followup"}),
    # A work note an approver's decision writes is the approver's (their own act, not the agent's).
    made_by={"ticketing_sys_journal_field": "sys_created_by"},
    # The auto-close job closes Resolved incidents as the clock passes (stamped "system").
    system_updates={
        "ticketing_incident": ("sys_updated_by", frozenset({"state", "active", "closed_at", "closed_by"}))
    },
    error_shape=ERROR_SHAPE,
    api=ProductApi(prefixes=("/api/now/",), build=_table_api),  # the Table API and the Aggregate API
    # Callers, approvers, the SLA timer and auto-close act on the episode's clock, wherever the agent waits.
    on_time_passed=_due_jobs,
)
