"""Planned arrivals: mails colleagues and customers send on their own schedule during an episode.

A task may hold mails that are sent while the performer works (`tasks.truth_model.PlannedMail`: a new request
on Wednesday, a revision of Monday's request on Tuesday). At the episode's start they are written as pending
`ScheduledReply` rows of kind `planned` (`plant`: outside any action and unjournaled, the task's start state);
the episode's one clock delivers each when it passes its time, as it delivers a colleague's reply
(`coworkers.delivery.deliver_due`, run by check_new_mail and wait_for_replies): a colleague's mail goes
through the mail server (their Sent Items, every recipient's inbox, unread), a customer's arrives from
outside. A revision is threaded to the mail it revises (its conversation, In-Reply-To). No performer tool,
page or API reads `office_scheduled_reply`: a mail is nowhere before it is sent.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from apps.core.actions import Ctx
from apps.office.models import Message, ScheduledReply, User

KIND = "planned"
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
        out.append((f"planned-{i:03d}", PREFIX + m["sender"].lower(), due, KIND, "pending", text, None, None))
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
    from sqlmodel import col, select

    sent = ctx.db.exec(
        select(ScheduledReply)
        .where(ScheduledReply.kind == KIND, ScheduledReply.status == "delivered")
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
    return row.kind == KIND


def send(ctx: Ctx, row: ScheduledReply) -> None:
    """Deliver a planned mail now (`ctx.now` is its send time): through the mail server when its sender is
    a colleague, from outside otherwise; threaded to the mail it answers, when it answers one."""
    from apps.office.services.common import user_by_mail
    from apps.office.services.mailbox import Outgoing, deliver, receive_external

    p = row.payload
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
