"""The tables the Table API serves: each ServiceNow table's columns (from the desk's models), its
reference fields (what `caller_id.department` walks through), the field a reference displays, and
the choice lists whose labels `sysparm_display_value=true` shows.

`cmdb_ci_server`, `cmdb_ci_appl` … (the CMDB's class tables) are `cmdb_ci` rows of that class.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from sqlalchemy import Boolean, Date, DateTime, Float, Integer

from apps.ticketing import choices as c
from apps.ticketing import models_itsm  # noqa: F401  (registers the ITSM tables)
from apps.ticketing.models import ticketing_registry

SERVED = (
    "incident", "problem", "change_request", "sc_request", "sc_req_item", "sc_task", "sc_cat_item",
    "item_option_new", "sc_item_option", "kb_knowledge", "kb_knowledge_base", "cmdb_ci", "cmdb_rel_ci",
    "sys_user", "sys_user_group", "sys_user_grmember", "sys_journal_field", "sysapproval_approver",
    "task_sla", "contract_sla",
)  # fmt: skip
USER_FIELDS = (
    "caller_id", "opened_by", "assigned_to", "resolved_by", "closed_by", "requested_by", "requested_for",
    "approver", "author", "user", "owned_by", "managed_by", "manager",
)  # fmt: skip
REFERENCES = {
    **{name: "sys_user" for name in USER_FIELDS},
    "assignment_group": "sys_user_group",
    "support_group": "sys_user_group",
    "group": "sys_user_group",
    "cmdb_ci": "cmdb_ci",
    "problem_id": "problem",
    "rfc": "change_request",
    "request": "sc_request",
    "request_item": "sc_req_item",
    "cat_item": "sc_cat_item",
    "item_option_new": "item_option_new",
    "kb_knowledge_base": "kb_knowledge_base",
    "first_reported_by_task": "incident",
    "task": "incident",
    "sla": "contract_sla",
    ("cmdb_rel_ci", "parent"): "cmdb_ci",
    ("cmdb_rel_ci", "child"): "cmdb_ci",
    ("sys_journal_field", "element_id"): "incident",
}
# Reference fields this desk stores as the referenced record's name (ServiceNow's core_company, cmn_department
# and cmn_location records): `company.name` walks to the name itself, the only field kept of them.
BY_NAME = {"company": "core_company", "department": "cmn_department", "location": "cmn_location"}
DISPLAY = {
    "sys_user": "name", "sys_user_group": "name", "cmdb_ci": "name", "sc_cat_item": "name",
    "contract_sla": "name", "kb_knowledge_base": "title", "item_option_new": "question_text",
}  # fmt: skip
LEVELS = {"impact": c.IMPACTS, "urgency": c.URGENCIES, "priority": c.PRIORITIES}
CHOICES = {
    "incident": {"state": c.INCIDENT_STATES, "hold_reason": c.HOLD_REASONS, **LEVELS},
    "problem": {"state": c.PROBLEM_STATES, "resolution_code": c.PROBLEM_RESOLUTION_CODES, **LEVELS},
    "change_request": {
        "state": c.CHANGE_STATES,
        "risk": c.CHANGE_RISKS,
        "close_code": c.CHANGE_CLOSE_CODES,
        **LEVELS,
    },  # fmt: skip
    "sc_request": {"request_state": c.REQUEST_STATES},
    "sc_req_item": {"stage": c.RITM_STAGES, "state": c.TASK_STATES},
    "sc_task": {"state": c.TASK_STATES},
    "kb_knowledge": {"workflow_state": c.KB_STATES},
    "cmdb_ci": {"sys_class_name": c.CI_CLASSES},
}


@dataclass(frozen=True)
class Column:
    """One field: its name, kind (string, integer, boolean, glide_date_time, …) and reference table."""

    name: str
    kind: str
    reference: str | None = None
    named: str | None = None  # a reference kept as the referenced record's name (BY_NAME)


@dataclass(frozen=True)
class Table:
    """A served table: its name, the SQL table, the fields, and the class filter of a CMDB class table."""

    name: str
    sql: str
    columns: tuple[Column, ...]
    ci_class: str | None = None

    @functools.cached_property
    def by_name(self) -> dict[str, Column]:
        return {col.name: col for col in self.columns}

    def column(self, name: str) -> Column | None:
        return self.by_name.get(name)

    @property
    def display(self) -> str:
        if self.name in DISPLAY:
            return DISPLAY[self.name]
        base = "cmdb_ci" if self.ci_class else self.name
        return DISPLAY.get(base) or ("number" if "number" in self.by_name else "sys_id")

    def choices(self, field: str) -> dict | None:
        return CHOICES.get("cmdb_ci" if self.ci_class else self.name, {}).get(field)


def _kind(sql_type: object) -> str:
    sql_type = getattr(sql_type, "impl", sql_type)  # a TypeDecorator (UTC date-times) by what it stores
    if isinstance(sql_type, Boolean):
        return "boolean"
    if isinstance(sql_type, DateTime):
        return "glide_date_time"
    if isinstance(sql_type, Date):
        return "glide_date"
    if isinstance(sql_type, Integer):
        return "integer"
    if isinstance(sql_type, Float):
        return "decimal"
    return "string"


@functools.cache
def _tables() -> dict[str, Table]:
    metadata = ticketing_registry.metadata
    out = {}
    for name in SERVED:
        sql = metadata.tables[f"ticketing_{name}"]
        columns = tuple(
            Column(
                col.name,
                _kind(col.type),
                REFERENCES.get((name, col.name)) or _plain_ref(name, col.name),
                BY_NAME.get(col.name),
            )
            for col in sql.columns
        )
        out[name] = Table(name, sql.name, columns)
    ci = out["cmdb_ci"]
    for ci_class in c.CI_CLASSES:
        out[ci_class] = Table(ci_class, ci.sql, ci.columns, ci_class=ci_class)
    return out


def _plain_ref(table: str, column: str) -> str | None:
    if table in ("cmdb_rel_ci", "sys_journal_field") and column in ("parent", "child", "element_id"):
        return None
    if table == "sys_user" and column == "manager":
        return "sys_user"
    found = REFERENCES.get(column)
    return found if isinstance(found, str) else None


def table(name: str) -> Table | None:
    """The served table `name` (None when the Table API does not serve it)."""
    return _tables().get(name)


def table_names() -> tuple[str, ...]:
    return tuple(_tables())
