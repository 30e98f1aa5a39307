"""Customer contacts answer the acting user's mail on the logical clock.

A mail sent to a customer's address (an address-book contact outside the company) is answered by that
contact: the reply is decided when the mail is sent (from the episode's records as they are then), and
written as a `ScheduledReply` (kind `customer_mail`) due after the contact's delay, moved into their office
hours in their own time zone. `deliver_due` (check_new_mail, wait_for_replies) puts it in the sender's inbox,
threaded to the sent mail. Replays, forks and resets reproduce it exactly.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.app_options import configured
from apps.core.meaning import own_words
from apps.core.peer_knowledge import peer
from apps.core.understanding import Known, Reading, Turn
from apps.core.understanding.model import configured_reader
from apps.core.understanding.reader import read_message
from apps.core.working_hours import answer_time
from apps.office.coworkers.reading import deal_known
from apps.office.coworkers.responder import Incoming, new_text
from apps.office.coworkers.responder import Turn as Said
from apps.office.coworkers.slots import free_slots, say
from apps.office.customers import briefs
from apps.office.customers.card import HOURS, PREFIX, CustomerCard, customer_card, reply_delay_minutes
from apps.office.customers.responder import CustomerResponder, RuleBasedCustomerResponder
from apps.office.models import Contact, Message, ScheduledReply, User

KIND = "customer_mail"


def due_time(now: datetime, card: CustomerCard, delay_minutes: int) -> datetime:
    """When the contact answers: after their delay, moved to their next office hours (weekdays, local)."""
    return answer_time(now, delay_minutes, card.time_zone, HOURS)


def on_mail_to_customers(ctx: Ctx, sent: Message) -> None:
    """The acting user sent `sent`: each customer contact among its To recipients will answer it."""
    acting = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    if acting is None:
        return
    from apps.office.services.common import contact_by_mail, is_internal

    for address in dict.fromkeys(a.lower() for a in sent.to_recipients):
        if is_internal(address):
            continue
        diagnostic = briefs.bounce_diagnostic(ctx, address)
        if diagnostic is not None:
            body = briefs.report_text(address, diagnostic, sent)
            server = f"postmaster@{address.split('@')[-1]}"
            subject = f"Undeliverable: {sent.subject}"
            _add(ctx, PREFIX + "bounce:" + address, briefs.at_once(ctx), sent, body, "Mail Delivery System",
                 server, subject)  # fmt: skip
            continue
        contact = contact_by_mail(ctx, address)
        if contact is not None:
            _schedule(ctx, acting, contact, sent)


def _history(ctx: Ctx, sent: Message) -> tuple[Said, ...]:
    stmt = (
        select(Message)
        .where(Message.owner_id == sent.owner_id, Message.conversation_id == sent.conversation_id)
        .where(Message.id != sent.id)
        .order_by(Message.sent_date_time, Message.id)
    )
    return tuple(Said(m.from_name or "", new_text(m.body_content)) for m in ctx.db.exec(stmt))


def _reading(ctx: Ctx, card: CustomerCard, sent: Message) -> Reading:
    """What the contact reads with: their own incidents and their account's open deals (any mention),
    every other open deal by full name (so another company's deal is known as not theirs), the thread."""
    crm = peer(ctx, "crm")
    world = [deal_known(d) for d in crm.open_deals(ctx)] if crm else []
    theirs = {d["name"] for d in card.deals}
    tickets = card.incidents + card.settled  # their own tickets, open or settled
    own = [Known("incident", i["number"], i) for i in tickets] + [k for k in world if k.name in theirs]
    rows = ctx.db.exec(
        select(Message.from_address, Message.body_content)
        .where(Message.owner_id == sent.owner_id, Message.conversation_id == sent.conversation_id)
        .where(Message.id != sent.id)
        .order_by(Message.sent_date_time, Message.id)
    ).all()
    history = [Turn(mine=(a or "").lower() == card.email.lower(), text=own_words(b)) for a, b in rows]
    return Reading(now=ctx.now, tz=card.time_zone, history=history, own=own, world=world)


def _add(
    ctx: Ctx, persona_id: str, due: datetime, sent: Message, body: str, name: str, address: str,
    subject: str | None = None, reading: dict | None = None, time_zone: str | None = None,
) -> None:  # fmt: skip
    """A mail from outside (a contact's answer, an automatic reply, a bounce) due at `due`; `time_zone`: the
    writer's, whose clock the quote under it is written on."""
    payload = {"message_id": sent.id, "body": body, "name": name, "address": address}
    if time_zone:
        payload["time_zone"] = time_zone
    if subject is not None:
        payload["subject"] = subject
    ctx.db.add(
        ScheduledReply(
            id=ctx.new_id("ScheduledReply"),
            persona_id=persona_id,
            due_date_time=due,
            kind=KIND,
            payload={**payload, "reading": reading or {}},
            cache_key=None,
            created_date_time=ctx.now,
        )
    )


def _schedule(ctx: Ctx, acting: User, contact: Contact, sent: Message) -> None:
    card = customer_card(ctx, contact)
    away = briefs.automatic_reply(ctx, card.persona_id)
    if away is not None:
        _add(ctx, card.persona_id, briefs.at_once(ctx), sent, away, card.name, card.email,
             f"Automatic reply: {sent.subject}", time_zone=card.time_zone)  # fmt: skip
        return
    due = due_time(ctx.now, card, reply_delay_minutes(contact.id))
    reading = _reading(ctx, card, sent)
    request = configured_reader(ctx.options, ctx).read(
        sent.subject, sent.body_content, reading, "customer", rules=read_message
    )
    ask = request.first("meeting_time")
    offered = ""
    if ask is not None:
        days = [date.fromisoformat(d) for d in ask.days] or None
        found = free_slots(
            [], zone=card.time_zone, hours=HOURS, minutes=ask.minutes or 30, after=due, days=days
        ) or free_slots([], zone=card.time_zone, hours=HOURS, minutes=ask.minutes or 30, after=due)
        offered = say(found, card.time_zone) if found else ""
    card = replace(card, request=request.model_dump(exclude_defaults=True), slots=offered)
    incoming = Incoming("mail", acting.display_name, sent.subject, sent.body_content, _history(ctx, sent))
    responder = configured(ctx.options, "customer_responder", CustomerResponder, RuleBasedCustomerResponder)
    known = briefs.known_answer(ctx, card.persona_id, sent)
    if known is not None:
        text = f"Hi {acting.display_name.split()[0]},\n\n{known}\n\nBest regards,\n{card.signature}"
    else:
        text = responder.reply(card, incoming)
    if not text:
        return
    _add(ctx, card.persona_id, due, sent, text, card.name, card.email, reading=card.request,
         time_zone=card.time_zone)  # fmt: skip


def is_customer(row: ScheduledReply) -> bool:
    """Whether a scheduled reaction is a customer contact's."""
    return row.persona_id.startswith(PREFIX)


def send_reply(ctx: Ctx, row: ScheduledReply) -> None:
    """Deliver a customer's due reply into the inbox of whoever sent the mail it answers."""
    from apps.office.services.mailbox import answer_to, receive_external

    original = ctx.db.get(Message, row.payload["message_id"])
    if original is None:
        return
    sender = User(
        id=row.persona_id,
        display_name=row.payload["name"],
        mail=row.payload["address"],
        time_zone=row.payload.get("time_zone") or "UTC",  # the contact's clock writes the quote's Sent time
    )
    out = answer_to(original, sender, row.payload["body"])
    out.subject = row.payload.get("subject", out.subject)
    receive_external(ctx, out, original.owner_id)
