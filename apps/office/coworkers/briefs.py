"""A colleague who asked the acting user for something answers questions about it from what they meant (the
world's `office_request_brief`): an under-specified request ("the Knox deal" when there are two) gets its
answer when the acting user asks — in the request's thread, or in a new mail naming the request — and a
guess gets none. Everything else they are asked goes to their usual responder."""

from __future__ import annotations

from sqlmodel import select

from apps.core.actions import Ctx
from apps.office.coworkers.responder import REQUEST_WORDS, new_text
from apps.office.models import Message, Persona, RequestBrief, User


def clarification(ctx: Ctx, persona: Persona, owner: User, asker: User, copy: Message) -> str | None:
    """The colleague's answer to `copy` (a mail the acting user sent them) when it asks about a request of
    theirs, or None.

    Args:
        persona: the colleague's persona (their signature closes the answer).
        owner: the colleague (whose copy of the mail `copy` is).
        asker: the acting user who wrote it.
        copy: the colleague's copy of the mail.
    """
    briefs = ctx.db.exec(
        select(RequestBrief).where(RequestBrief.user_id == owner.id).order_by(RequestBrief.id)
    ).all()
    if not briefs:
        return None
    own = new_text(copy.body_content)
    if "?" not in own and not any(w in own.lower() for w in REQUEST_WORDS):
        return None
    about = f"{copy.subject}\n{own}".lower()
    for brief in briefs:
        if copy.conversation_id == brief.conversation_id or any(k in about for k in brief.keywords):
            sign = f"\n\n{persona.signature}" if persona.signature else f"\n\n{owner.given_name}"
            return f"Hi {asker.given_name},\n\n{brief.clarification}{sign}"
    return None
