"""A colleague who is out of the office (an `oof` block on their own calendar covering the moment a mail
reaches them) does not answer a first mail from the acting user: it sits unread among everything else. They
answer a reminder — a later mail from the acting user sent at least one working day after an earlier one
that reached them, unanswered, while they were away. A mail that reaches them when they are back is
answered as usual. Everything is read from the episode (their calendar, their mailbox) at the moment the
mail arrives, so the behaviour is deterministic on the logical clock and replays with the episode.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.office.models import Event, Message, User


def away_block(ctx: Ctx, user: User, at: datetime) -> Event | None:
    """The out-of-office block on `user`'s own calendar covering `at` (naive UTC), if any.

    Args:
        ctx: the action's context.
        user: the colleague whose calendar is read.
        at: the moment asked about.
    """
    return ctx.db.exec(
        select(Event)
        .where(Event.organizer_id == user.id, Event.show_as == "oof", col(Event.is_cancelled).is_(False))
        .where(col(Event.start_date_time) <= at, col(Event.end_date_time) > at)
        .order_by(Event.start_date_time, Event.id)
    ).first()


def next_working_moment(start: datetime) -> datetime:
    """The same time of day one working day (Monday to Friday) after `start`."""
    day = start + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def holds_back(ctx: Ctx, owner: User, acting: User, copy: Message) -> bool:
    """Whether the colleague `owner`, away now, leaves the acting user's mail `copy` unanswered: it is the
    first to reach them while away, or the earlier ones are less than a working day old (a reminder comes
    after a working day without an answer).

    Args:
        ctx: the delivering action's context (its `now` is when the mail arrives).
        owner: the colleague the mail reached.
        acting: the acting user who sent it.
        copy: the colleague's copy of the mail.
    """
    block = away_block(ctx, owner, ctx.now)
    if block is None:
        return False
    earlier = ctx.db.exec(
        select(Message.sent_date_time)
        .where(Message.owner_id == owner.id, Message.id != copy.id)
        .where(Message.from_address == acting.mail, col(Message.sent_date_time) >= block.start_date_time)
        .order_by(Message.sent_date_time, Message.id)
    ).first()
    return earlier is None or next_working_moment(earlier) > ctx.now
