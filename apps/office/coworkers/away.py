"""A colleague who is out of the office (an `office_automatic_reply` covering the moment a mail reaches them)
sends their automatic reply at once, once per sender, and does not answer a first mail from the acting user:
it sits unread among everything else. They answer a reminder — a later mail from the acting user sent at least
one working day after an earlier one that reached them, unanswered, while they were away. On their return they
work through what waited: the latest unanswered mail of each sender gets its answer at their first working
moment after the automatic reply ends (a reminder that is answered, or a later mail, replaces it). A 1:1 Teams
chat is a nudge: it gets no chat answer, but when it comes when a reminder mail would be answered (`chased`:
the earliest mail of the acting user in this away period is a working day old) and a mail of theirs waits for
the return (`nudged_mail`), that mail is answered by mail after the usual delay, in place of its on-return
answer; a nudge sooner stays in their Teams and is read once that working day has passed (the same answer,
then); with nothing waiting, a nudge changes nothing. A mail that reaches them when they are back
is answered as usual. Everything is read from the episode (their setting, their mailbox, the scheduled
replies) at the moment the mail or chat arrives, so the behaviour is deterministic on the logical clock, and
the automatic reply is a scheduled reply like any other answer.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.working_hours import answer_time
from apps.office.models import AutomaticReply, Message, Persona, ScheduledReply, User


def away_setting(ctx: Ctx, user: User, at: datetime) -> AutomaticReply | None:
    """The automatic reply `user` has on at `at` (naive UTC), if any.

    Args:
        ctx: the action's context.
        user: the colleague asked about.
        at: the moment asked about.
    """
    return ctx.db.exec(
        select(AutomaticReply)
        .where(AutomaticReply.user_id == user.id)
        .where(col(AutomaticReply.start_date_time) <= at, col(AutomaticReply.end_date_time) > at)
        .order_by(AutomaticReply.start_date_time, AutomaticReply.id)
    ).first()


def next_working_moment(start: datetime) -> datetime:
    """The same time of day one working day (Monday to Friday) after `start`."""
    day = start + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def holds_back(ctx: Ctx, persona: Persona, owner: User, acting: User, copy: Message) -> bool:
    """Whether the colleague `owner`, away now, leaves the acting user's mail `copy` unanswered (their
    automatic reply goes out the first time): it is the first to reach them while away, or the earlier ones
    are less than a working day old (a reminder comes after a working day without an answer).

    Args:
        ctx: the delivering action's context (its `now` is when the mail arrives).
        persona: the colleague's persona (whose scheduled replies hold the automatic reply).
        owner: the colleague the mail reached.
        acting: the acting user who sent it.
        copy: the colleague's copy of the mail.
    """
    setting = away_setting(ctx, owner, ctx.now)
    if setting is None:
        return False
    sent = ctx.db.exec(
        select(ScheduledReply)
        .where(ScheduledReply.persona_id == persona.id, ScheduledReply.kind == "mail")
        .where(col(ScheduledReply.created_date_time) >= setting.start_date_time)
    ).all()
    if not any(r.payload.get("automatic") for r in sent):
        ctx.db.add(
            ScheduledReply(
                id=ctx.new_id("ScheduledReply"),
                persona_id=persona.id,
                due_date_time=ctx.now,
                kind="mail",
                payload={"message_id": copy.id, "body": setting.message, "automatic": True},
                created_date_time=ctx.now,
            )
        )
    return not chased(ctx, setting, owner, acting, copy.id)


def chased(ctx: Ctx, setting: AutomaticReply, owner: User, acting: User, besides: str | None = None) -> bool:
    """Whether a word from the acting user now is a reminder: an earlier mail of theirs reached `owner`
    during this away period at least one working day ago (the same rule for a reminder mail and a nudge).

    Args:
        ctx: the action's context (its `now` is when the reminder or nudge arrives).
        setting: the automatic reply `owner` has on now (its start opens the away period).
        owner: the away colleague.
        acting: the acting user who wrote.
        besides: the id of `owner`'s copy of the reminder itself (a mail), left out of the earlier ones.
    """
    query = (
        select(Message.sent_date_time)
        .where(Message.owner_id == owner.id, Message.id != (besides or ""))
        .where(Message.from_address == acting.mail, col(Message.sent_date_time) >= setting.start_date_time)
        .order_by(Message.sent_date_time, Message.id)
    )
    earlier = ctx.db.exec(query).first()
    return earlier is not None and next_working_moment(earlier) <= ctx.now


def return_due(ctx: Ctx, persona: Persona, owner: User) -> datetime | None:
    """When the colleague `owner`, away now, gets to a mail that waited for them: their delay after the
    automatic reply ends, moved into their working hours; None when they are not away.

    Args:
        ctx: the delivering action's context.
        persona: the colleague's persona (their reply delay).
        owner: the colleague the mail reached.
    """
    setting = away_setting(ctx, owner, ctx.now)
    if setting is None:
        return None
    hours = (owner.working_hours_start or "09:00", owner.working_hours_end or "17:00")
    return answer_time(setting.end_date_time, persona.reply_delay_minutes, owner.time_zone or "UTC", hours)


def supersede_waiting(ctx: Ctx, persona: Persona, sender: str) -> None:
    """Drop the colleague's pending on-return answer to an earlier mail from `sender`: a newer mail from them
    is the one answered (at once, or on return).

    Args:
        ctx: the delivering action's context.
        persona: the colleague whose pending answers are looked at.
        sender: the address of who sent the newer mail.
    """
    for row, original in _waiting(ctx, persona):
        if original.from_address == sender:
            row.status = "superseded"
            ctx.db.add(row)


def nudged_mail(ctx: Ctx, persona: Persona, owner: User, acting: User) -> tuple[Message, datetime] | None:
    """The acting user's mail that a 1:1 chat to the away colleague `owner` chases — the latest one waiting
    for their return (it has a pending on-return answer, and reached them during this away period) — and
    when the chat counts as a chase: now, or, for a chat sooner than a working day after the first such mail,
    once that working day has passed (the chat stays in their Teams; they read it when a reminder mail would
    be answered). None when no mail of the acting user waits for them.

    Args:
        ctx: the chat's context (its `now` is when the nudge arrives).
        persona: the away colleague's persona (whose scheduled replies hold the waiting answer).
        owner: the away colleague the chat reached.
        acting: the acting user who sent the chat.
    """
    setting = away_setting(ctx, owner, ctx.now)
    if setting is None:
        return None
    waiting = [
        original
        for _, original in _waiting(ctx, persona)
        if original.from_address == acting.mail and original.sent_date_time >= setting.start_date_time
    ]
    if not waiting:
        return None
    latest = max(waiting, key=lambda m: (m.sent_date_time, m.id))
    if chased(ctx, setting, owner, acting):
        return latest, ctx.now
    first = min(m.sent_date_time for m in waiting)
    return latest, next_working_moment(first)


def _waiting(ctx: Ctx, persona: Persona) -> list[tuple[ScheduledReply, Message]]:
    """The colleague's pending on-return answers, each with the mail it answers (still in their mailbox).

    Args:
        ctx: the action's context.
        persona: the colleague whose pending answers are looked at.
    """
    pending = ctx.db.exec(
        select(ScheduledReply).where(
            ScheduledReply.persona_id == persona.id,
            ScheduledReply.kind == "mail",
            ScheduledReply.status == "pending",
        )
    ).all()
    pairs = [(row, ctx.db.get(Message, row.payload.get("message_id"))) for row in pending]
    return [
        (row, original) for row, original in pairs if row.payload.get("on_return") and original is not None
    ]
