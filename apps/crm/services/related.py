"""Records that hang off accounts, contacts, leads and opportunities: activities, notes, cascading deletes.

Helpers only (no actions): the object services use them for their detail views and deletes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time
from typing import Any

from sqlmodel import col, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.ids import object_of
from apps.crm.models import (
    Account,
    Contact,
    Event,
    Lead,
    Note,
    Opportunity,
    OpportunityHistory,
    OpportunityLineItem,
    Task,
)
from apps.crm.schemas import ActivityItem, ActivityTimeline
from apps.crm.services.common import aware_utc, load, record_id

PARENT_MODELS: dict[str, type] = {
    "Account": Account,
    "Contact": Contact,
    "Lead": Lead,
    "Opportunity": Opportunity,
}


def load_any(ctx: Ctx, value: str, allowed: Sequence[str], field: str, *, ref: bool = True) -> Any:
    """Load a record of one of the `allowed` objects, telling which by the id's key prefix.

    `ref`: the id is a reference field (what_id, parent_id ...) rather than the record addressed.
    """
    canonical = record_id(value, field, ref=ref)
    obj = object_of(canonical)
    if obj not in allowed:
        raise ActionError(
            f"id value of incorrect type: {value!r} is not the id of {_one_of(allowed)} "
            f"(ids of those start with {', '.join(_prefixes(allowed))})",
            field=field,
            code="FIELD_INTEGRITY_EXCEPTION" if ref else "NOT_FOUND",
        )
    return load(ctx, PARENT_MODELS[obj], canonical, field=field, ref=ref)


def _one_of(objects: Sequence[str]) -> str:
    names = [o.lower() for o in objects]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return ("an " if text[0] in "aeiou" else "a ") + text


def _prefixes(objects: Sequence[str]) -> list[str]:
    from apps.crm.ids import KEY_PREFIXES

    return [KEY_PREFIXES[o] for o in objects]


def _task_item(t: Task) -> ActivityItem:
    return ActivityItem(
        id=t.id,
        kind="task",
        subject=t.subject,
        task_subtype=t.task_subtype,
        status=t.status,
        priority=t.priority,
        activity_date=t.activity_date,
        who_id=t.who_id,
        what_id=t.what_id,
        owner_id=t.owner_id,
        description=t.description,
    )


def _event_item(e: Event) -> ActivityItem:
    return ActivityItem(
        id=e.id,
        kind="event",
        subject=e.subject,
        activity_date=e.start_date_time.date(),
        start_date_time=e.start_date_time,
        end_date_time=e.end_date_time,
        who_id=e.who_id,
        what_id=e.what_id,
        owner_id=e.owner_id,
        description=e.description,
    )


def _when(t: Task) -> datetime:
    if t.activity_date:
        return datetime.combine(t.activity_date, time.min, tzinfo=UTC)
    return aware_utc(t.last_modified_date or t.created_date or datetime.min)


def timeline(ctx: Ctx, *, who_ids: Sequence[str] = (), what_ids: Sequence[str] = ()) -> ActivityTimeline:
    """Open tasks (by due date), upcoming events (soonest first) and history (newest first)."""
    now = aware_utc(ctx.now)
    tasks = ctx.db.exec(
        select(Task).where(or_(col(Task.who_id).in_(list(who_ids)), col(Task.what_id).in_(list(what_ids))))
    ).all()
    events = ctx.db.exec(
        select(Event).where(or_(col(Event.who_id).in_(list(who_ids)), col(Event.what_id).in_(list(what_ids))))
    ).all()
    open_tasks = sorted(
        (t for t in tasks if not t.is_closed), key=lambda t: (t.activity_date is None, _when(t), t.id)
    )
    upcoming = sorted((e for e in events if e.end_date_time >= now), key=lambda e: (e.start_date_time, e.id))
    history = [(_when(t), t.id, _task_item(t)) for t in tasks if t.is_closed]
    history += [(e.start_date_time, e.id, _event_item(e)) for e in events if e.end_date_time < now]
    history.sort(key=lambda h: (h[0], h[1]), reverse=True)
    return ActivityTimeline(
        open_tasks=open_tasks, upcoming_events=upcoming, activity_history=[h[2] for h in history]
    )


def record_timeline(ctx: Ctx, record: Any) -> ActivityTimeline:
    """The activity timeline of an account (with its contacts and opportunities), contact, lead or deal."""
    if isinstance(record, Account):
        opps = ctx.db.exec(select(Opportunity.id).where(Opportunity.account_id == record.id)).all()
        contacts = ctx.db.exec(select(Contact.id).where(Contact.account_id == record.id)).all()
        return timeline(ctx, who_ids=list(contacts), what_ids=[record.id, *opps])
    if isinstance(record, Opportunity):
        return timeline(ctx, what_ids=[record.id])
    return timeline(ctx, who_ids=[record.id])


def notes_of(ctx: Ctx, parent_id: str) -> list[Note]:
    """Notes on a record, newest first."""
    return list(
        ctx.db.exec(select(Note).where(Note.parent_id == parent_id).order_by(col(Note.id).desc())).all()
    )


def _delete(ctx: Ctx, rows: Sequence[Any]) -> list[str]:
    for row in rows:
        ctx.db.delete(row)
    return [row.id for row in rows]


def delete_related(ctx: Ctx, ids: Sequence[str]) -> list[str]:
    """Delete the tasks, events and notes attached to any of `ids`; returns the deleted ids."""
    ids = list(ids)
    deleted = []
    for model in (Task, Event):
        deleted += _delete(
            ctx,
            ctx.db.exec(
                select(model).where(or_(col(model.who_id).in_(ids), col(model.what_id).in_(ids)))
            ).all(),
        )
    deleted += _delete(ctx, ctx.db.exec(select(Note).where(col(Note.parent_id).in_(ids))).all())
    return deleted


def delete_opportunity_rows(ctx: Ctx, opp: Opportunity) -> list[str]:
    """Delete an opportunity with its line items, history, activities and notes."""
    deleted = _delete(
        ctx,
        ctx.db.exec(select(OpportunityLineItem).where(OpportunityLineItem.opportunity_id == opp.id)).all(),
    )
    deleted += _delete(
        ctx, ctx.db.exec(select(OpportunityHistory).where(OpportunityHistory.opportunity_id == opp.id)).all()
    )
    deleted += delete_related(ctx, [opp.id])
    ctx.db.delete(opp)
    return [opp.id, *deleted]


def delete_contact_rows(ctx: Ctx, contact: Contact) -> list[str]:
    """Delete a contact with its activities and notes; clear lookups that pointed at it."""
    for other in ctx.db.exec(select(Contact).where(Contact.reports_to_id == contact.id)).all():
        other.reports_to_id = None
        ctx.db.add(other)
    for opp in ctx.db.exec(select(Opportunity).where(Opportunity.contact_id == contact.id)).all():
        opp.contact_id = None
        ctx.db.add(opp)
    deleted = delete_related(ctx, [contact.id])
    ctx.db.delete(contact)
    return [contact.id, *deleted]
