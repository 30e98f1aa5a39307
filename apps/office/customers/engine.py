"""Customer contacts answer the acting user's mail on the logical clock.

A mail sent to a customer's address (an address-book contact outside the company) is answered by that
contact: the reply is decided when the mail is sent (from the episode's records as they are then), and
written as a `ScheduledReply` (kind `customer_mail`) due after the contact's delay, moved into their office
hours in their own time zone. `deliver_due` (check_new_mail, wait_for_replies) puts it in the sender's inbox,
threaded to the sent mail. Replays, forks and resets reproduce it exactly.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.app_options import configured
from apps.office.coworkers.responder import Incoming, Turn, new_text
from apps.office.customers.card import HOURS, PREFIX, CustomerCard, customer_card, reply_delay_minutes
from apps.office.customers.responder import CustomerResponder, RuleBasedCustomerResponder
from apps.office.models import Contact, Message, ScheduledReply, User

KIND = "customer_mail"


def _local(at: datetime, zone: str) -> datetime:
    from apps.office.services.common import aware

    return aware(at).astimezone(ZoneInfo(zone))


def due_time(now: datetime, card: CustomerCard, delay_minutes: int) -> datetime:
    """When the contact answers: after their delay, moved to their next office hours (weekdays, local)."""
    due = _local(now, card.time_zone) + timedelta(minutes=delay_minutes)
    start, end = (time.fromisoformat(h) for h in HOURS)
    while due.weekday() >= 5 or not start <= due.time() < end:
        day = due.date() + timedelta(days=1) if due.time() >= end or due.weekday() >= 5 else due.date()
        due = datetime.combine(day, start, due.tzinfo) + timedelta(minutes=delay_minutes % 60)
    return due.astimezone(UTC)


def on_mail_to_customers(ctx: Ctx, sent: Message) -> None:
    """The acting user sent `sent`: each customer contact among its To recipients will answer it."""
    acting = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    if acting is None:
        return
    from apps.office.services.common import contact_by_mail, is_internal

    for address in dict.fromkeys(a.lower() for a in sent.to_recipients):
        contact = None if is_internal(address) else contact_by_mail(ctx, address)
        if contact is not None:
            _schedule(ctx, acting, contact, sent)


def _history(ctx: Ctx, sent: Message) -> tuple[Turn, ...]:
    stmt = (
        select(Message)
        .where(Message.owner_id == sent.owner_id, Message.conversation_id == sent.conversation_id)
        .where(Message.id != sent.id)
        .order_by(Message.sent_date_time, Message.id)
    )
    return tuple(Turn(m.from_name or "", new_text(m.body_content)) for m in ctx.db.exec(stmt))


def _schedule(ctx: Ctx, acting: User, contact: Contact, sent: Message) -> None:
    card = customer_card(ctx, contact)
    incoming = Incoming("mail", acting.display_name, sent.subject, sent.body_content, _history(ctx, sent))
    responder = configured(ctx.options, "customer_responder", CustomerResponder, RuleBasedCustomerResponder)
    text = responder.reply(card, incoming)
    if not text:
        return
    ctx.db.add(
        ScheduledReply(
            id=ctx.new_id("ScheduledReply"),
            persona_id=card.persona_id,
            due_date_time=due_time(ctx.now, card, reply_delay_minutes(contact.id)),
            kind=KIND,
            payload={"message_id": sent.id, "body": text, "name": card.name, "address": card.email},
            cache_key=None,
            created_date_time=ctx.now,
        )
    )


def is_customer(row: ScheduledReply) -> bool:
    """Whether a scheduled reaction is a customer contact's."""
    return row.persona_id.startswith(PREFIX)


def send_reply(ctx: Ctx, row: ScheduledReply) -> None:
    """Deliver a customer's due reply into the inbox of whoever sent the mail it answers."""
    from apps.office.services.mailbox import answer_to, receive_external

    original = ctx.db.get(Message, row.payload["message_id"])
    if original is None:
        return
    sender = User(id=row.persona_id, display_name=row.payload["name"], mail=row.payload["address"])
    out = answer_to(original, sender, row.payload["body"])
    receive_external(ctx, out, original.owner_id)
