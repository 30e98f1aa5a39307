"""Ticketing tables, shaped like ServiceNow's (field names as in the real dictionary).

Every table lives on the app's own registry, is named `ticketing_<table>` and is keyed by a 32-hex
`sys_id`. Reference fields hold the referenced record's sys_id (caller_id -> sys_user, ...).
Service-management tables are in `models_itsm.py`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

ticketing_registry = registry()


class TicketingTable(SQLModel, registry=ticketing_registry):
    """Base of every ticketing table (its own metadata, so names never collide with other apps)."""


class Sys(TicketingTable):
    sys_created_on: datetime | None = None
    sys_updated_on: datetime | None = None
    sys_created_by: str | None = None
    sys_updated_by: str | None = None


class SysUser(TicketingTable, table=True):
    """sys_user: employees (and CRM customer contacts, with `company` and `crm_contact_id`)."""

    __tablename__ = "ticketing_sys_user"
    sys_id: str = Field(primary_key=True)
    user_name: str = Field(index=True)
    first_name: str | None = None
    last_name: str = Field(index=True)
    name: str = Field(index=True)
    email: str | None = Field(default=None, index=True)
    phone: str | None = None
    title: str | None = None
    department: str | None = None
    location: str | None = None
    company: str | None = None
    manager: str | None = None
    employee_number: str | None = None
    crm_contact_id: str | None = Field(default=None, index=True)
    vip: bool = False
    active: bool = True


class Group(Sys, table=True):
    """sys_user_group: assignment groups."""

    __tablename__ = "ticketing_sys_user_group"
    sys_id: str = Field(primary_key=True)
    name: str = Field(index=True)
    description: str | None = None
    manager: str | None = None
    email: str | None = None
    type: str | None = None
    active: bool = True


class GroupMember(TicketingTable, table=True):
    """sys_user_grmember: who belongs to which group."""

    __tablename__ = "ticketing_sys_user_grmember"
    sys_id: str = Field(primary_key=True)
    group: str = Field(index=True)
    user: str = Field(index=True)


class ConfigurationItem(Sys, table=True):
    """cmdb_ci: configuration items of every class (`sys_class_name`)."""

    __tablename__ = "ticketing_cmdb_ci"
    sys_id: str = Field(primary_key=True)
    name: str = Field(index=True)
    sys_class_name: str = Field(index=True)
    short_description: str | None = None
    operational_status: int = 1
    environment: str | None = None
    ip_address: str | None = None
    os: str | None = None
    manufacturer: str | None = None
    model_number: str | None = None
    serial_number: str | None = None
    asset_tag: str | None = None
    location: str | None = None
    assigned_to: str | None = None
    owned_by: str | None = None
    support_group: str | None = None
    managed_by: str | None = None
    company: str | None = None


class CiRelationship(Sys, table=True):
    """cmdb_rel_ci: parent --type--> child (e.g. app "Runs on::Runs" server)."""

    __tablename__ = "ticketing_cmdb_rel_ci"
    sys_id: str = Field(primary_key=True)
    parent: str = Field(index=True)
    child: str = Field(index=True)
    type: str


class JournalEntry(TicketingTable, table=True):
    """sys_journal_field: one work note (internal) or additional comment (caller-visible)."""

    __tablename__ = "ticketing_sys_journal_field"
    sys_id: str = Field(primary_key=True)
    element_id: str = Field(index=True)
    name: str
    element: str
    value: str
    sys_created_on: datetime
    sys_created_by: str | None = None


class Incident(Sys, table=True):
    __tablename__ = "ticketing_incident"
    sys_id: str = Field(primary_key=True)
    number: str = Field(index=True)
    short_description: str
    description: str | None = None
    caller_id: str | None = Field(default=None, index=True)
    opened_by: str | None = None
    opened_at: datetime
    contact_type: str | None = None
    category: str | None = None
    subcategory: str | None = None
    cmdb_ci: str | None = Field(default=None, index=True)
    impact: int = 3
    urgency: int = 3
    priority: int = Field(default=5, index=True)
    state: int = Field(default=1, index=True)
    hold_reason: str | None = None
    active: bool = True
    assignment_group: str | None = Field(default=None, index=True)
    assigned_to: str | None = Field(default=None, index=True)
    reassignment_count: int = 0
    reopen_count: int = 0
    problem_id: str | None = Field(default=None, index=True)
    rfc: str | None = None
    company: str | None = None
    close_code: str | None = None
    close_notes: str | None = None
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    closed_at: datetime | None = None
    closed_by: str | None = None
