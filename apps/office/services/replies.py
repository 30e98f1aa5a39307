"""Time passing: receiving colleagues' replies (mail, chat, meeting responses) on the logical clock."""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.coworkers.delivery import deliver_due, sender_name
from apps.office.models import ScheduledReply
from apps.office.services.common import actions, aware, me
from apps.office.services.mail import unread_count


class Arrival(BaseModel):
    """Something a colleague did: replied by mail, answered in chat, or responded to a meeting."""

    kind: str  # what the person receives: mail, chat or rsvp (never how the simulation made it)
    from_name: str
    at: datetime


class Arrivals(BaseModel):
    now: datetime
    arrived: list[Arrival]
    unread_in_inbox: int


# a customer's mail and a mail sent on its sender's own schedule (a planned arrival) are mail to the reader
RECEIVED_AS = {"customer_mail": "mail", "planned": "mail", "planned_chat": "chat"}


def _arrivals(ctx: Ctx) -> Arrivals:
    done = deliver_due(ctx)
    arrived = []
    for row in done:
        kind = RECEIVED_AS.get(row.kind, row.kind)
        arrived.append(Arrival(kind=kind, from_name=sender_name(ctx, row), at=row.due_date_time))
    return Arrivals(now=ctx.now, arrived=arrived, unread_in_inbox=unread_count(ctx, me(ctx).id))


@actions.write
def check_new_mail(ctx: Ctx) -> Arrivals:
    """Receive whatever colleagues have sent you by now (mail replies, chat answers, meeting responses)
    and report what arrived. It does not let time pass: use wait_for_replies for that."""
    return _arrivals(ctx)


@actions.write
def wait_for_replies(ctx: Ctx, *, minutes: int = 60, stop_at_first_reply: bool = True) -> Arrivals:
    """Let logical time pass while you wait for colleagues, then receive what they sent.

    Colleagues answer after their own delay (minutes to hours), and send new mail or chat messages on their
    own schedule. With stop_at_first_reply (default) the wait ends as soon as the first of them arrives
    (never later than `minutes`).

    Args:
        minutes: the longest time to wait, 1-1440.
        stop_at_first_reply: stop waiting at the first arrival instead of waiting the full time.
    """
    if not 1 <= minutes <= 1440:
        raise ActionError("minutes must be between 1 and 1440", field="minutes", code=ErrorKind.INVALID_VALUE)
    deadline = aware(ctx.now) + timedelta(minutes=minutes)
    target = deadline
    if stop_at_first_reply:
        first = ctx.db.exec(
            select(ScheduledReply.due_date_time)
            .where(ScheduledReply.status == "pending")
            .order_by(col(ScheduledReply.due_date_time))
        ).first()
        if first is not None:
            target = min(deadline, max(aware(first), aware(ctx.now)))
    ctx.wait(int((target - aware(ctx.now)).total_seconds()))
    return _arrivals(ctx)
