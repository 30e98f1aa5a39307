"""Notes: free text attached to an account, contact, lead or opportunity."""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.crm.models import Note
from apps.crm.schemas import NoteOut
from apps.crm.services.common import actions, owner_or_default, require_text, stamp_new
from apps.crm.services.related import load_any


@actions.write
def add_note(ctx: Ctx, *, parent_id: str, title: str, body: str | None = None) -> NoteOut:
    """Attach a note to a record; you are its owner.

    Args:
        parent_id: the account, contact, lead or opportunity (ids starting 001, 003, 00Q, 006).
        title: the note's title (required).
        body: the note's text.
    """
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
