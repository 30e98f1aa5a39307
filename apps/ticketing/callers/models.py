"""The caller's pending reactions: one row per reaction, due at a moment of logical time."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field

from apps.ticketing.models import TicketingTable


class CallerFollowup(TicketingTable, table=True):
    """A caller's reaction to the desk (`kind` answer: to a comment; verdict: to a resolution), carried out
    at `due_at` when logical time passes. `status` pending → done (or dropped when the incident closed)."""

    __tablename__ = "ticketing_caller_followup"
    sys_id: str = Field(primary_key=True)
    incident: str = Field(index=True)
    caller: str = Field(index=True)
    kind: str
    asked: str | None = None
    # how the caller read the comment (apps/core/understanding: Request), recorded when it was asked, so a
    # model's reading is never asked again on replay
    reading: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    due_at: datetime = Field(index=True)
    status: str = Field(default="pending", index=True)
    sys_created_on: datetime | None = None
