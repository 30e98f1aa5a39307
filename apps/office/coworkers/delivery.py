"""Delivering coworkers' scheduled reactions when their time comes on the logical clock.

`engine` schedules a `ScheduledReply` row for each reaction (a reply by mail, an answer to an invitation,
a chat post); `deliver_due`, called by the check_new_mail / wait_for_replies actions, carries out the due
rows, oldest first, each stamped with the moment it was due — a colleague's, a customer contact's
(`customers.engine`) or a planned arrival (`apps/office/planned.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.office import planned
from apps.office.coworkers.derived import persona_by_id
from apps.office.coworkers.engine import card
from apps.office.coworkers.responder import Invitation, responder_for
from apps.office.customers.engine import is_customer, send_reply
from apps.office.models import ChatMessage, Event, Message, Permission, Persona, ScheduledReply, User


def sender_name(ctx: Ctx, row: ScheduledReply) -> str:
    """Who a delivered reaction came from: the colleague's or the customer contact's display name.

    Args:
        ctx: the action's context.
        row: the delivered reaction.
    """
    if is_customer(row):
        return row.payload["name"]
    if planned.is_planned(row):
        return row.payload["sender_name"]
    return ctx.db.get(User, persona_by_id(ctx, row.persona_id).user_id).display_name


def deliver_due(ctx: Ctx) -> list[ScheduledReply]:
    """Carry out every scheduled reaction whose time has come, oldest first; returns them.

    Args:
        ctx: the action's context (its `now` decides which reactions are due).
    """
    due = ctx.db.exec(
        select(ScheduledReply)
        .where(ScheduledReply.status == "pending", col(ScheduledReply.due_date_time) <= ctx.now)
        .order_by(ScheduledReply.due_date_time, ScheduledReply.id)
    ).all()
    for row in due:
        with _at(ctx, row.due_date_time):  # it arrives when it was due, not when the mailbox is next read
            if is_customer(row):
                send_reply(ctx, row)
            elif planned.is_planned(row):  # a mail sent on its sender's own schedule
                planned.send(ctx, row)
            else:
                persona = persona_by_id(ctx, row.persona_id)
                user = ctx.db.get(User, persona.user_id)
                react = {"mail": _send_mail, "rsvp": _answer_invite, "chat": _post_chat}[row.kind]
                react(ctx, persona, user, row)
        row.status = "delivered"
        ctx.db.add(row)
    ctx.db.flush()
    return list(due)


@contextmanager
def _at(ctx: Ctx, moment: datetime) -> Iterator[None]:
    """Run a scheduled reaction at its own moment: the mail, chat post or response it writes is stamped
    with the time it was due (a wait of eight hours receives each reply at the time it came), never later
    than the action's own time. The episode's clock does not move (`ctx.elapsed` is untouched).

    Args:
        ctx: the action's context, whose `now` is set for the reaction and restored after it.
        moment: when the reaction was due (naive UTC, as stored).
    """
    saved = ctx.now
    due = moment.replace(tzinfo=saved.tzinfo) if saved.tzinfo and moment.tzinfo is None else moment
    ctx.now = min(due, saved)
    try:
        yield
    finally:
        ctx.now = saved


def _send_mail(ctx: Ctx, persona: Persona, user: User, row: ScheduledReply) -> None:
    """The colleague's reply by mail: the mail they answer is marked read, the documents the reply hands
    over are shared with the asker, and the reply goes through the mail server.

    Args:
        ctx: the action's context, at the moment the reply was due.
        persona: the colleague who answers.
        user: the colleague's user.
        row: the scheduled reply (payload: `message_id`, `body`, `share`).
    """
    from apps.office.services.mailbox import answer_to, deliver

    original = ctx.db.get(Message, row.payload["message_id"])
    if original is None:
        return
    original.is_read = True
    ctx.db.add(original)
    asker = ctx.db.exec(select(User).where(User.mail == (original.from_address or ""))).first()
    _share(ctx, user, row.payload.get("share", []), asker.id if asker else None)
    deliver(ctx, answer_to(original, user, row.payload["body"]))


def _answer_invite(ctx: Ctx, persona: Persona, user: User, row: ScheduledReply) -> None:
    """The colleague answers a meeting request, from whether they are free at every occurrence; nothing
    when the meeting was cancelled or changed since (its `sequence` moved on).

    Args:
        ctx: the action's context, at the moment the answer was due.
        persona: the invited colleague.
        user: the colleague's user.
        row: the scheduled answer (payload: `event_id`, `sequence`).
    """
    from apps.office.services.common import aware, zone
    from apps.office.services.invites import respond_as
    from apps.office.services.timeline import busy_blocks, is_free, occurrences

    event = ctx.db.get(Event, row.payload["event_id"])
    if event is None or event.is_cancelled or event.sequence != row.payload["sequence"]:
        return
    start, horizon = aware(event.start_date_time), aware(event.start_date_time) + timedelta(days=90)
    blocks = [b for b in busy_blocks(ctx, user.mail.lower(), user.id, start, horizon) if b[3].id != event.id]
    busy = not all(is_free(blocks, o.start, o.end) for o in occurrences(event, start, horizon))
    tz = zone(user.time_zone)
    local_start, local_end = start.astimezone(tz), aware(event.end_date_time).astimezone(tz)
    invitation = Invitation(
        subject=event.subject,
        organizer_name=event.organizer_name,
        local_start=local_start.strftime("%Y-%m-%dT%H:%M"),
        local_end=local_end.strftime("%Y-%m-%dT%H:%M"),
        weekday=local_start.strftime("%a").upper()[:2],
        busy=busy,
    )
    status, comment = responder_for(ctx.options).decide(card(ctx, persona), invitation)
    respond_as(ctx, event, user, status, comment)


def _post_chat(ctx: Ctx, persona: Persona, user: User, row: ScheduledReply) -> None:
    """The colleague's reply in the chat or channel, mentioning the asker in a channel.

    Args:
        ctx: the action's context, at the moment the reply was due.
        persona: the colleague who answers.
        user: the colleague's user.
        row: the scheduled reply (payload: `chat_id` or `channel_id`, `reply_to_id`, `body`, `mention`,
            `share`).
    """
    p = row.payload
    _share(ctx, user, p.get("share", []), p.get("mention"))
    ctx.db.add(
        ChatMessage(
            id=ctx.new_id("ChatMessage"),
            chat_id=p.get("chat_id"),
            channel_id=p.get("channel_id"),
            reply_to_id=p.get("reply_to_id"),
            from_user_id=user.id,
            body_content=p["body"],
            mentions=[p["mention"]] if p.get("channel_id") else [],
            created_date_time=ctx.now,
        )
    )


def _share(ctx: Ctx, owner: User, item_ids: list[str], with_user_id: str | None) -> None:
    """The colleague shares their documents (read) with whoever asked, once.

    Args:
        ctx: the action's context.
        owner: the colleague who shares.
        item_ids: the drive items shared.
        with_user_id: who asked (None: nobody to share with).
    """
    for item_id in item_ids if with_user_id else []:
        held = select(Permission).where(Permission.item_id == item_id, Permission.user_id == with_user_id)
        if ctx.db.exec(held).first() is None:
            ctx.db.add(
                Permission(
                    id=ctx.new_id("Permission"),
                    item_id=item_id,
                    user_id=with_user_id,
                    roles=["read"],
                    granted_by_id=owner.id,
                    created_date_time=ctx.now,
                )
            )
