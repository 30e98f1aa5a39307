"""Scheduling coworkers' reactions on the logical clock.

When the acting user mails, chats with or invites a colleague who has a persona, a `ScheduledReply`
row is written with the time it becomes due (now + the persona's delay). Due rows are carried out by
`delivery.deliver_due`, which the check_new_mail / wait_for_replies actions call: so replies are part of
the episode state, deterministic, and replayed exactly by snapshot, fork and reset.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.understanding import Request
from apps.core.working_hours import answer_time
from apps.office.coworkers import away, briefs, decide
from apps.office.coworkers.deck_review import deck_review_entries
from apps.office.coworkers.derived import derived_persona
from apps.office.coworkers.handbook import handbook_card, policy_knowledge
from apps.office.coworkers.reading import read, thread
from apps.office.coworkers.records import record_knowledge
from apps.office.coworkers.responder import (
    Incoming,
    PersonaCard,
    Turn,
    cache_key,
    matched_knowledge,
    new_text,
    responder_for,
)
from apps.office.models import ChatMessage, Event, Message, Persona, ScheduledReply, User


def persona_of(ctx: Ctx, user_id: str) -> Persona | None:
    """The colleague's persona: the world's hand-written one, else one derived from their records (every
    employee answers; the acting user never answers themselves)."""
    stored = ctx.db.exec(select(Persona).where(Persona.user_id == user_id)).first()
    if stored is not None or user_id == ctx.user_id:
        return stored
    user = ctx.db.get(User, user_id)
    return derived_persona(ctx, user) if user is not None else None


def card(
    ctx: Ctx,
    persona: Persona,
    asked: str | None = None,
    request: Request | None = None,
    answers: list[dict] | None = None,
) -> PersonaCard:
    """The colleague's card; for a message (`asked`: its subject and text) it also holds what they know of
    the CRM and the desk now, their reading of it and their answer's facts and decisions per ask. What they
    say of a handbook policy is the policy's own facts (`handbook.policy_knowledge`)."""
    user = ctx.db.get(User, persona.user_id)
    knowledge = list(persona.knowledge)
    if asked is not None:
        knowledge += record_knowledge(ctx, user) + deck_review_entries(ctx, user, asked)
    return PersonaCard(
        persona_id=persona.id,
        name=user.display_name,
        first_name=user.given_name,
        summary=persona.summary,
        knowledge=policy_knowledge(ctx, user, knowledge),
        policies=list(persona.policies),
        meeting_rules=dict(persona.meeting_rules),
        signature=persona.signature,
        clarifying_question=persona.clarifying_question,
        referral=persona.referral,
        handbook=handbook_card(ctx, user),
        request=request.model_dump(exclude_defaults=True) if request else {},
        answers=list(answers or []),
    )


def answer_due(ctx: Ctx, persona: Persona, user: User) -> datetime:
    """When the colleague answers: after their delay, inside their working hours in their own zone."""
    hours = (user.working_hours_start or "09:00", user.working_hours_end or "17:00")
    return answer_time(ctx.now, persona.reply_delay_minutes, user.time_zone or "UTC", hours)


def _schedule(
    ctx: Ctx,
    persona: Persona,
    kind: str,
    payload: dict[str, Any],
    key: str | None,
    due: datetime | None = None,
) -> None:
    ctx.db.add(
        ScheduledReply(
            id=ctx.new_id("ScheduledReply"),
            persona_id=persona.id,
            due_date_time=due or ctx.now + timedelta(minutes=persona.reply_delay_minutes),
            kind=kind,
            payload=payload,
            cache_key=key,
            created_date_time=ctx.now,
        )
    )


def _answer(  # noqa: ANN202
    ctx: Ctx,
    persona: Persona,
    user: User,
    incoming: Incoming,
    rows: list[tuple[str, str]],
    due: datetime | None = None,
):
    """Read a message, decide each ask, word the answer: (text, card, payload extras, due) or None; `due`
    when they answer later than their usual delay (on their return)."""
    due = due or answer_due(ctx, persona, user)
    request, reading = read(ctx, user, incoming.subject, incoming.text, thread(rows, user.mail))
    own = new_text(incoming.text)
    rules = {"earliest": user.working_hours_start, "latest": user.working_hours_end, **persona.meeting_rules}
    answers = briefs.stand_by(
        ctx, user, incoming, decide.answers(ctx, persona.id, user, request, reading, own, due, rules)
    )
    persona_card = card(ctx, persona, f"{incoming.subject}\n{own}", request, answers)
    text = responder_for(ctx.options).reply(persona_card, incoming)
    if not text:
        return None
    extras = {
        "reading": request.model_dump(exclude_defaults=True),
        "approved": [a["approved"] for a in answers if a.get("approved")],
        "share": _offered(persona_card, incoming, text),
    }
    return text, persona_card, extras, due


def on_mail_delivered(ctx: Ctx, copy: Message) -> None:
    """A mail from the acting user reached a colleague: schedule their answer (if they would answer)."""
    persona = persona_of(ctx, copy.owner_id)
    acting = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    if persona is None or acting is None or copy.from_address != acting.mail:
        return
    owner = ctx.db.get(User, copy.owner_id)
    if owner.mail.lower() not in [a.lower() for a in copy.to_recipients]:
        return
    waits = away.holds_back(ctx, persona, owner, acting, copy)  # out of office: answered on their return
    away.supersede_waiting(ctx, persona, copy.from_address)
    _reply_by_mail(ctx, persona, owner, acting, copy, waits)


def _reply_by_mail(
    ctx: Ctx,
    persona: Persona,
    owner: User,
    acting: User,
    copy: Message,
    waits: bool,
    due_at: datetime | None = None,
) -> None:
    """Decide and word the colleague's answer to the acting user's mail, a reply in its thread, and schedule
    it: what they meant by a request of theirs (`briefs.clarification`), else their reading of the thread.

    Args:
        ctx: the action's context (its `now` starts their delay).
        persona: the colleague who answers.
        owner: the colleague's user, whose mailbox holds `copy`.
        acting: the acting user who sent the mail.
        copy: the colleague's copy of the mail answered.
        waits: whether they are away and answer it only on their return (`on_return`).
        due_at: when they answer, when it is not their usual delay from now (a chase read later).
    """
    due = away.return_due(ctx, persona, owner) if waits else due_at
    later = {"on_return": True} if waits else {}
    meant = briefs.clarification(ctx, persona, owner, acting, copy)
    if meant is not None:  # a question about a request of theirs: what they meant
        if _said_already(ctx, persona, meant):  # chased by mail and chat, thanked: their word stands, once
            return
        payload = {"message_id": copy.id, "body": meant, **later}
        _schedule(ctx, persona, "mail", payload, None, due or answer_due(ctx, persona, owner))
        return
    earlier = list(
        ctx.db.exec(
            select(Message)
            .where(Message.owner_id == copy.owner_id, Message.conversation_id == copy.conversation_id)
            .where(Message.id != copy.id)
            .order_by(Message.sent_date_time, Message.id)
        )
    )
    history = tuple(Turn(m.from_name or "", new_text(m.body_content)) for m in earlier)
    incoming = Incoming("mail", acting.display_name, copy.subject, copy.body_content, history)
    rows = [(m.from_address or "", m.body_content) for m in earlier]
    done = _answer(ctx, persona, owner, incoming, rows, due)
    if done:
        text, persona_card, extras, due = done
        key = cache_key(persona_card, "reply", asdict(incoming))
        _schedule(ctx, persona, "mail", {"message_id": copy.id, "body": text, **extras, **later}, key, due)


def _said_already(ctx: Ctx, persona: Persona, body: str) -> bool:
    """Whether the colleague has already sent (or is about to send) this very answer by mail.

    Args:
        ctx: the action's context.
        persona: the colleague.
        body: the answer's full text.
    """
    rows = ctx.db.exec(
        select(ScheduledReply).where(
            ScheduledReply.persona_id == persona.id,
            ScheduledReply.kind == "mail",
            col(ScheduledReply.status).in_(("pending", "delivered")),
        )
    ).all()
    return any(r.payload.get("body") == body for r in rows)


def _on_nudge(ctx: Ctx, persona: Persona, owner: User, acting: User) -> None:
    """A 1:1 chat reached a colleague who is away: when it chases a mail waiting for their return
    (`away.nudged_mail`), they answer that mail by mail after their usual delay from when the chat counts as a
    chase (now, or a working day after the mail for a chat that came sooner), in place of their on-return
    answer; with no mail waiting, the chat waits.

    Args:
        ctx: the chat's context (its `now` is when the nudge arrives).
        persona: the away colleague's persona.
        owner: the away colleague.
        acting: the acting user who sent the chat.
    """
    nudged = away.nudged_mail(ctx, persona, owner, acting)
    if nudged is not None:
        copy, read_at = nudged
        away.supersede_waiting(ctx, persona, acting.mail)
        hours = (owner.working_hours_start or "09:00", owner.working_hours_end or "17:00")
        due = answer_time(read_at, persona.reply_delay_minutes, owner.time_zone or "UTC", hours)
        _reply_by_mail(ctx, persona, owner, acting, copy, waits=False, due_at=due)


def _offered(persona: PersonaCard, incoming: Incoming, text: str) -> list[str]:
    """The documents the reply hands over: those it shares by name (`decide`), and matched knowledge
    entries of documents whose name the reply mentions."""
    shared = [a["item_id"] for a in persona.answers if a["kind"] == "document" and a["name"] in text]
    shared += [
        k["share_item_id"]
        for k in matched_knowledge(persona, incoming)
        if k.get("share_item_id") and k["keywords"][-1] in text
    ]
    return list(dict.fromkeys(shared))


def on_invitation(ctx: Ctx, event: Event, copy: Message) -> None:
    """A colleague with a persona got a meeting request: they answer it when their delay has passed, inside
    their working hours."""
    persona = persona_of(ctx, copy.owner_id)
    if persona is not None:
        user = ctx.db.get(User, persona.user_id)
        payload = {"event_id": event.id, "sequence": event.sequence}
        _schedule(ctx, persona, "rsvp", payload, None, answer_due(ctx, persona, user))


def on_chat_message(ctx: Ctx, message: ChatMessage, recipients: list[str], chat_type: str) -> None:
    """A chat or channel post from the acting user: 1:1 partners answer, others only when @mentioned; a
    partner who is away answers nothing in the chat, but a nudge may get a waiting mail answered
    (`_on_nudge`)."""
    acting = ctx.db.get(User, ctx.user_id) if ctx.user_id else None
    if acting is None or message.from_user_id != acting.id:
        return
    earlier = list(
        ctx.db.exec(
            select(ChatMessage, User.mail)
            .join(User, col(User.id) == ChatMessage.from_user_id)
            .where(ChatMessage.chat_id == message.chat_id, ChatMessage.channel_id == message.channel_id)
            .where(ChatMessage.id != message.id)
            .order_by(ChatMessage.created_date_time, ChatMessage.id)
        )
    )
    rows = [(mail, m.body_content) for m, mail in earlier]
    for user_id in recipients:
        if user_id == acting.id or (chat_type != "oneOnOne" and user_id not in message.mentions):
            continue
        persona = persona_of(ctx, user_id)
        if persona is None:
            continue
        user = ctx.db.get(User, user_id)
        if user is not None and away.away_setting(ctx, user, ctx.now) is not None:
            if chat_type == "oneOnOne":  # out of the office: a nudge a working day on is answered by mail
                _on_nudge(ctx, persona, user, acting)
            continue
        incoming = Incoming("chat", acting.display_name, "", message.body_content)
        done = _answer(ctx, persona, user, incoming, rows)
        if done:
            text, persona_card, extras, due = done
            payload = {
                "chat_id": message.chat_id,
                "channel_id": message.channel_id,
                "reply_to_id": message.reply_to_id or (message.id if message.channel_id else None),
                "body": text,
                "mention": acting.id,
                **extras,
            }
            _schedule(ctx, persona, "chat", payload, cache_key(persona_card, "reply", asdict(incoming)), due)
