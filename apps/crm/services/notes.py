"""Notes: free text attached to an account, contact, lead or opportunity."""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.crm.models import Note
from apps.crm.params import RecordId, text
from apps.crm.schemas import NoteOut
from apps.crm.services.common import actions, check_lengths, owner_or_default, require_text, stamp_new
from apps.crm.services.related import load_any


@actions.write
def add_note(
    ctx: Ctx, *, parent_id: RecordId, title: text("Note", "title"), body: text("Note", "body") | None = None
) -> NoteOut:
    """Attach a note to a record; you are its owner.

    Args:
        parent_id: the account, contact, lead or opportunity (ids starting 001, 003, 00Q, 006).
        title: the note's title (required, at most 80 characters).
        body: the note's text (at most 32,000 characters).
    """
    check_lengths("Note", {"title": title, "body": body})
    parent = load_any(ctx, parent_id, ("Account", "Contact", "Lead", "Opportunity"), "parent_id")
    note = Note(
        id=ctx.new_id("Note"),
        parent_id=parent.id,
        title=require_text(title, "title"),
        body=body or None,
        owner_id=owner_or_default(ctx, None),
    )
    stamp_new(ctx, note)
    ctx.db.add(note)
    return NoteOut.model_validate(note)
