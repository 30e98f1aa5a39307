"""What a customer's mailbox answers beyond the contact's own rules (a world part's `office_request_brief`
rows, never listed to a performer):

- user id `customer:<contact id>` with keywords: the contact knows this (a purchase order number) and says
  it when a mail names one of the keywords;
- user id `customer:<contact id>` without keywords: the contact has left; their mailbox answers every mail
  at once with an automatic reply (the brief's text);
- user id `bounce:<address>`: the address no longer exists at the customer; their mail server bounces
  every mail to it (a non-delivery report with the brief's diagnostic).
"""

from __future__ import annotations

import re
from datetime import timedelta

from sqlmodel import select

from apps.core.actions import Ctx
from apps.office.models import Message, RequestBrief

AUTO_REPLY_MINUTES = 1  # a mail server answers at once


def _briefs(ctx: Ctx, user_id: str) -> list[RequestBrief]:
    stmt = select(RequestBrief).where(RequestBrief.user_id == user_id).order_by(RequestBrief.id)
    return list(ctx.db.exec(stmt))


def automatic_reply(ctx: Ctx, persona_id: str) -> str | None:
    """The automatic reply of a departed contact's mailbox, or None while they are there.

    Args:
        ctx: the sending action's context.
        persona_id: the contact's persona id (`customer:<contact id>`).
    """
    return next((b.clarification for b in _briefs(ctx, persona_id) if not b.keywords), None)


def known_answer(ctx: Ctx, persona_id: str, sent: Message) -> str | None:
    """What the contact knows and says when `sent` names one of a brief's keywords (as whole words).

    Args:
        ctx: the sending action's context.
        persona_id: the contact's persona id (`customer:<contact id>`).
        sent: the mail they answer.
    """
    text = f"{sent.subject}\n{sent.body_content}".lower()
    for brief in _briefs(ctx, persona_id):
        if any(re.search(rf"(?<!\w){re.escape(k)}(?!\w)", text) for k in brief.keywords):
            return brief.clarification
    return None


def bounce_diagnostic(ctx: Ctx, address: str) -> str | None:
    """The customer mail server's reason for bouncing mail to `address`, or None when it is delivered.

    Args:
        ctx: the sending action's context.
        address: a recipient address outside the company.
    """
    found = _briefs(ctx, f"bounce:{address.strip().lower()}")
    return found[0].clarification if found else None


def report_text(address: str, diagnostic: str, sent: Message) -> str:
    """A non-delivery report's body, as a customer's mail server writes it."""
    domain = address.split("@")[-1]
    return (
        f"Delivery has failed to these recipients or groups:\n\n{address}\nThe e-mail address you entered "
        f"couldn't be found at {domain}.\n\nDiagnostic information for administrators:\nGenerating server: "
        f"mail.{domain}\n{address}\nRemote Server returned '{diagnostic}'\n\nOriginal message headers:\n"
        f"Message-ID: {sent.internet_message_id}\nSubject: {sent.subject}"
    )


def at_once(ctx: Ctx):
    """When a mail server's answer arrives."""
    return ctx.now + timedelta(minutes=AUTO_REPLY_MINUTES)
