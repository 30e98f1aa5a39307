"""SLA, problem, change, approval, service-catalog and knowledge tables (ServiceNow field names)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field

from apps.ticketing.models import Sys, TicketingTable


class SlaDefinition(Sys, table=True):
    """contract_sla: an SLA definition; it attaches to incidents of one `priority`."""

    __tablename__ = "ticketing_contract_sla"
    sys_id: str = Field(primary_key=True)
    name: str
    type: str = "SLA"
    target: str  # response | resolution
    collection: str = "incident"
    priority: int
    duration: int  # seconds
    schedule: str = "24 x 7"
    active: bool = True


class TaskSla(TicketingTable, table=True):
    """task_sla: one SLA running on one task; `business_*` equal wall-clock on the 24x7 schedule."""

    __tablename__ = "ticketing_task_sla"
    sys_id: str = Field(primary_key=True)
    task: str = Field(index=True)
    sla: str
    stage: str = Field(default="in_progress", index=True)
    active: bool = True
    start_time: datetime
    planned_end_time: datetime
    end_time: datetime | None = None
    pause_time: datetime | None = None
    pause_duration: int = 0  # seconds
    has_breached: bool = Field(default=False, index=True)


class Problem(Sys, table=True):
    __tablename__ = "ticketing_problem"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    short_description: str
    description: str | None = None
    state: int = Field(default=101, index=True)
    category: str | None = None
    subcategory: str | None = None
    cmdb_ci: str | None = Field(default=None, index=True)
    impact: int = 3
    urgency: int = 3
    priority: int = 5
    assignment_group: str | None = None
    assigned_to: str | None = None
    known_error: bool = False
    workaround: str | None = None
    cause_notes: str | None = None
    fix_notes: str | None = None
    resolution_code: str | None = None
    first_reported_by_task: str | None = None
    opened_by: str | None = None
    opened_at: datetime
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    closed_at: datetime | None = None
    active: bool = True


class ChangeRequest(Sys, table=True):
    __tablename__ = "ticketing_change_request"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    short_description: str
    description: str | None = None
    type: str = "normal"
    state: int = Field(default=-5, index=True)
    approval: str = "not requested"
    risk: int = 3
    impact: int = 3
    priority: int = 4
    category: str | None = None
    cmdb_ci: str | None = Field(default=None, index=True)
    business_service: str | None = None  # a CI of class cmdb_ci_service (Service)
    service_offering: str | None = None  # a CI of class cmdb_ci_service (Service offering)
    assignment_group: str | None = None
    assigned_to: str | None = None
    requested_by: str | None = None
    start_date: datetime | None = None
    end_date: datetime | None = None
    work_start: datetime | None = None
    work_end: datetime | None = None
    justification: str | None = None
    implementation_plan: str | None = None
    backout_plan: str | None = None
    test_plan: str | None = None
    conflict_status: str = "Not Run"
    conflict_last_run: datetime | None = None
    close_code: str | None = None
    close_notes: str | None = None
    opened_at: datetime
    closed_at: datetime | None = None
    active: bool = True


class Approval(Sys, table=True):
    """sysapproval_approver: one approver's decision on a change or requested item."""

    __tablename__ = "ticketing_sysapproval_approver"
    sys_id: str = Field(primary_key=True)
    approver: str = Field(index=True)
    sysapproval: str = Field(index=True)
    source_table: str
    state: str = "requested"
    comments: str | None = None


class CatalogItem(Sys, table=True):
    """sc_cat_item: something users can order; `approval_required` routes it to the manager first."""

    __tablename__ = "ticketing_sc_cat_item"
    sys_id: str = Field(primary_key=True)
    name: str = Field(index=True)
    short_description: str | None = None
    description: str | None = None
    category: str | None = None
    price: float = 0.0
    group: str | None = None  # fulfillment group
    approval_required: bool = False
    delivery_days: int = 2
    active: bool = True


class CatalogVariable(TicketingTable, table=True):
    """item_option_new: one question of a catalog item."""

    __tablename__ = "ticketing_item_option_new"
    sys_id: str = Field(primary_key=True)
    cat_item: str = Field(index=True)
    name: str
    question_text: str
    type: int = 6
    mandatory: bool = False
    choices: str | None = None  # "a|b|c" for select boxes
    default_value: str | None = None
    order: int = 100


class Request(Sys, table=True):
    """sc_request: one order (cart) for someone."""

    __tablename__ = "ticketing_sc_request"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    requested_for: str = Field(index=True)
    opened_by: str | None = None
    opened_at: datetime
    request_state: str = "requested"
    approval: str = "not requested"
    price: float = 0.0
    special_instructions: str | None = None
    closed_at: datetime | None = None
    active: bool = True


class RequestedItem(Sys, table=True):
    """sc_req_item: one catalog item of a request, with its approval and fulfilment stage."""

    __tablename__ = "ticketing_sc_req_item"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    request: str = Field(index=True)
    cat_item: str = Field(index=True)
    short_description: str
    requested_for: str = Field(index=True)
    quantity: int = 1
    price: float = 0.0
    approval: str = "not requested"
    stage: str = "waiting_for_approval"
    state: int = Field(default=1, index=True)
    assignment_group: str | None = None
    assigned_to: str | None = None
    opened_at: datetime
    due_date: datetime | None = None
    closed_at: datetime | None = None
    active: bool = True


class VariableValue(TicketingTable, table=True):
    """sc_item_option (via sc_item_option_mtom): the answer to one variable on a requested item."""

    __tablename__ = "ticketing_sc_item_option"
    sys_id: str = Field(primary_key=True)
    request_item: str = Field(index=True)
    item_option_new: str
    value: str | None = None


class CatalogTask(Sys, table=True):
    """sc_task: fulfilment work on a requested item."""

    __tablename__ = "ticketing_sc_task"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    request_item: str = Field(index=True)
    short_description: str
    state: int = Field(default=1, index=True)
    assignment_group: str | None = None
    assigned_to: str | None = None
    opened_at: datetime
    closed_at: datetime | None = None
    close_notes: str | None = None
    active: bool = True


class KnowledgeBase(Sys, table=True):
    __tablename__ = "ticketing_kb_knowledge_base"
    sys_id: str = Field(primary_key=True)
    title: str
    description: str | None = None
    owner: str | None = None
    active: bool = True


class KnowledgeArticle(Sys, table=True):
    """kb_knowledge: one version of an article; versions share the number, `latest` marks the newest."""

    __tablename__ = "ticketing_kb_knowledge"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    version: str = "0.01"
    latest: bool = True
    short_description: str = Field(index=True)
    text: str
    kb_knowledge_base: str
    kb_category: str | None = None
    meta: str | None = None  # keywords
    workflow_state: str = Field(default="draft", index=True)
    author: str | None = None
    cmdb_ci: str | None = None
    published: datetime | None = None
    valid_to: datetime | None = None
    sys_view_count: int = 0
