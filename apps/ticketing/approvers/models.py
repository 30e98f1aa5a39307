"""The handbook's rules as the desk reads them, and approvers' pending decisions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field

from apps.ticketing.models import TicketingTable


class HandbookRule(TicketingTable, table=True):
    """A company handbook policy's machine-readable params (the world's `handbook/policy.jsonl`; its text
    is the knowledge article of the same number)."""

    __tablename__ = "ticketing_handbook_rule"
    number: str = Field(primary_key=True)
    title: str
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class ApprovalFollowup(TicketingTable, table=True):
    """An approver's decision to come on one sysapproval_approver record, carried out at `due_at` when
    logical time passes. `status` pending → done (or dropped when the approval was settled meanwhile)."""

    __tablename__ = "ticketing_approval_followup"
    sys_id: str = Field(primary_key=True)
    approval: str = Field(index=True)
    due_at: datetime = Field(index=True)
    status: str = Field(default="pending", index=True)
    sys_created_on: datetime | None = None
