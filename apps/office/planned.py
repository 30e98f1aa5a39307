"""Planned arrivals: mails (and colleagues' Teams chat messages) sent on their senders' own schedule during an
episode.

A task may hold mails that are sent while the performer works (`tasks.truth_model.PlannedMail`: a new request
on Wednesday, a revision of Monday's request on Tuesday). At the episode's start they are written as pending
`ScheduledReply` rows of kind `planned` (`plant`: outside any action and unjournaled, the task's start state);
the episode's one clock delivers each when it passes its time, as it delivers a colleague's reply
(`coworkers.delivery.deliver_due`, run by check_new_mail and wait_for_replies): a colleague's mail goes
through the mail server (their Sent Items, every recipient's inbox, unread), a customer's arrives from
outside. A revision is threaded to the mail it revises (its conversation, In-Reply-To). A chat arrival
(`channel` chat, kind `planned_chat`) is a colleague's message in their 1:1 chat with the recipient (the chat
is started then when they had none). No performer tool, page or API reads `office_scheduled_reply`: a message
is nowhere before it is sent."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.office.models import Chat, ChatMember, ChatMessage, Message, ScheduledReply, User

KIND = "planned"
CHAT_KIND = "planned_chat"  # a colleague's Teams message in their 1:1 chat with the recipient
KINDS = (KIND, CHAT_KIND)
FIELDS = ("sender", "sender_name", "to", "cc", "subject", "body", "in_reply_to")
PREFIX = "planned:"  # a planned row's persona_id: "planned:<sender's address>"


def rows(arrivals: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The `office_scheduled_reply` rows (id, persona_id, due, kind, status, payload, key, created) of
    `arrivals` (PlannedMail models or their dicts), in the stored formats, numbered in order."""
    out = []
    for i, a in enumerate(arrivals, 1):
        m = a if isinstance(a, dict) else a.model_dump()
        due = m["send_at"].replace("T", " ") + ".000000"
        payload = {k: m.get(k) for k in FIELDS}
        text = json.dumps(payload, sort_keys=True)
        kind = CHAT_KIND if m.get("channel") == "chat" else KIND
        out.append((f"planned-{i:03d}", PREFIX + m["sender"].lower(), due, kind, "pending", text, None, None))
    return out


def plant(db: Any, arrivals: Sequence[Any]) -> None:
    """Write `arrivals` into an episode database (`EpisodeDb.execute_raw`) as pending planned rows, with the
    journal off: they are the task's start state (as the world's rows are), not anybody's write; their
    delivery later is the waiting action's. Idempotent (a reset that undid the journal kept them)."""
    db.execute_raw("UPDATE _ctx SET journaling = 0")
    try:
        for row in rows(arrivals):
            db.execute_raw(
                "INSERT OR REPLACE INTO office_scheduled_reply (id, persona_id, due_date_time, kind, status, "
                "payload, cache_key, created_date_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
    finally:
        db.execute_raw("UPDATE _ctx SET journaling = 1")


def later_word(ctx: Ctx, owner: User, conversation_id: str) -> str | None:
    """What `owner` wrote last in a planned mail already sent in the thread `conversation_id` (a revision or
    withdrawal of their request), restated — their answer to a question about the request follows their own
    latest word, not the world's brief of it; None when they sent none there (yet)."""
    sent = ctx.db.exec(
        select(ScheduledReply)
        .where(col(ScheduledReply.kind).in_(KINDS), ScheduledReply.status == "delivered")
        .where(ScheduledReply.persona_id == PREFIX + owner.mail.lower())
        .order_by(col(ScheduledReply.due_date_time).desc(), col(ScheduledReply.id).desc())
    ).all()
    for row in sent:
        original = ctx.db.get(Message, row.payload.get("in_reply_to") or "")
        if original is not None and original.conversation_id == conversation_id:
            middle = row.payload["body"].split("\n\n")[1:-1] or [row.payload["body"]]
            return "As I wrote: " + " ".join(" ".join(middle).split())
    return None


def is_planned(row: ScheduledReply) -> bool:
    return row.kind in KINDS


def send(ctx: Ctx, row: ScheduledReply) -> None:
    """Deliver a planned mail now (`ctx.now` is its send time): through the mail server when its sender is
    a colleague, from outside otherwise; threaded to the mail it answers, when it answers one."""
    from apps.office.services.common import user_by_mail
    from apps.office.services.mailbox import Outgoing, deliver, receive_external

    p = row.payload
    if row.kind == CHAT_KIND:
        post_chat(ctx, p)
        return
    original = ctx.db.get(Message, p["in_reply_to"]) if p.get("in_reply_to") else None
    colleague = user_by_mail(ctx, p["sender"])
    sender = colleague or User(id=row.persona_id, display_name=p["sender_name"], mail=p["sender"])
    out = Outgoing(
        sender=sender,
        subject=p["subject"],
        body=p["body"],
        to=list(p["to"]),
        cc=list(p.get("cc") or []),
        conversation_id=original.conversation_id if original else None,
        in_reply_to_id=original.id if original else None,
    )
    if colleague is not None:
        deliver(ctx, out)
        return
    for address in dict.fromkeys(a.lower() for a in [*out.to, *out.cc]):
        owner = user_by_mail(ctx, address)
        if owner is not None:
            receive_external(ctx, out, owner.id)


def post_chat(ctx: Ctx, p: dict[str, Any]) -> None:
    """Post planned chat message `p` now from its sender (a colleague) in their 1:1 chat with its one
    recipient, starting that chat (with both as members) when they have none."""
    from apps.office.services.common import user_by_mail

    sender, reader = user_by_mail(ctx, p["sender"]), user_by_mail(ctx, p["to"][0])
    if sender is None or reader is None:
        return
    mine = set(ctx.db.exec(select(ChatMember.chat_id).where(ChatMember.user_id == reader.id)).all())
    theirs = set(ctx.db.exec(select(ChatMember.chat_id).where(ChatMember.user_id == sender.id)).all())
    both = sorted(mine & theirs)
    chats = ctx.db.exec(select(Chat).where(Chat.chat_type == "oneOnOne").where(col(Chat.id).in_(both))).all()
    chat = next((c for c in chats if _members(ctx, c.id) == {reader.id, sender.id}), None)
    if chat is None:
        chat = Chat(id=ctx.new_id("Chat"), chat_type="oneOnOne", created_date_time=ctx.now)
        ctx.db.add(chat)
        for uid in (reader.id, sender.id):
            ctx.db.add(ChatMember(id=ctx.new_id("ChatMember"), chat_id=chat.id, user_id=uid))
    ctx.db.add(
        ChatMessage(
            id=ctx.new_id("ChatMessage"),
            chat_id=chat.id,
            from_user_id=sender.id,
            body_content=p["body"],
            mentions=[],
            created_date_time=ctx.now,
        )
    )
    ctx.db.flush()


def _members(ctx: Ctx, chat_id: str) -> set[str]:
    return set(ctx.db.exec(select(ChatMember.user_id).where(ChatMember.chat_id == chat_id)).all())
