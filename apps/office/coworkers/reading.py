"""A colleague reads a message: what they can match it against (their own deals and their team's, every
open deal of the CRM by full name, their documents and others', the directory), the thread so far, and
the reading itself — the rule-based reader of `apps/core/understanding`, or a lab's model behind the
`reader` option (`apps.core.understanding.model`), whose answer is recorded with the reply.
"""

from __future__ import annotations

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.core.meaning import own_words
from apps.core.peer_knowledge import peer
from apps.core.understanding import Known, Reading, Request, Turn
from apps.core.understanding.reader import read_message
from apps.office.models import DocBlock, DriveItem, User

TEXT_BLOCKS = 8  # the first blocks of a document a colleague remembers it by


def deal_known(deal: dict) -> Known:
    """A CRM deal (`crm.knowledge` dict) as something a mention resolves to."""
    return Known("deal", deal["name"], deal)


def _first_blocks(ctx: Ctx, ids: list[str]) -> dict[str, list[str]]:
    """The texts of the first `TEXT_BLOCKS` blocks of each document of `ids`, in order, in one query."""
    ranked = (
        select(
            DocBlock.item_id,
            DocBlock.text,
            func.row_number().over(partition_by=DocBlock.item_id, order_by=DocBlock.position).label("n"),
        )
        .where(col(DocBlock.item_id).in_(ids))
        .subquery()
    )
    first = select(ranked.c.item_id, ranked.c.text).where(ranked.c.n <= TEXT_BLOCKS)
    out: dict[str, list[str]] = {}
    for item_id, text in ctx.db.exec(first.order_by(ranked.c.item_id, ranked.c.n)):
        out.setdefault(item_id, []).append(text)
    return out


def _documents(ctx: Ctx, where) -> list[Known]:  # noqa: ANN001
    """The documents `where` selects (not folders, nor the drive's root), by name, each remembered by its
    folder, description, owner and first blocks (read as plain rows: every reading of a mail reads them)."""
    items = ctx.db.exec(
        select(
            DriveItem.id,
            DriveItem.name,
            DriveItem.parent_id,
            DriveItem.description,
            DriveItem.content_text,
            DriveItem.owner_id,
            User.display_name,
        )
        .join(User, col(User.id) == DriveItem.owner_id)
        .where(DriveItem.kind != "folder", col(DriveItem.parent_id).is_not(None), where)
        .order_by(DriveItem.name, DriveItem.id)
    ).all()
    folders = dict(ctx.db.exec(select(DriveItem.id, DriveItem.name).where(DriveItem.kind == "folder")).all())
    blocks = _first_blocks(ctx, [i[0] for i in items])
    out = []
    for item_id, name, parent_id, description, content_text, owner_id, owner in items:
        text = " ".join(blocks.get(item_id, [])) or (content_text or "")[:400]
        attrs = {
            "id": item_id,
            "folder": folders.get(parent_id or "", ""),
            "description": description or "",
            "text": text,
            "owner": owner,
            "owner_id": owner_id,
        }
        out.append(Known("document", name, attrs))
    return out


def reading_for(ctx: Ctx, user: User, history: list[Turn]) -> Reading:
    """What `user` reads a message from the acting user with."""
    crm = peer(ctx, "crm")
    world = [deal_known(d) for d in crm.open_deals(ctx)] if crm else []
    view = crm.owner_view(ctx, user.mail) if crm else None
    mine = {d["name"] for d in (view["deals"] + view["team_deals"])} if view else set()
    own = [k for k in world if k.name in mine]
    documents = _documents(ctx, DriveItem.owner_id == user.id)
    others = _documents(ctx, (DriveItem.owner_id != user.id) & (DriveItem.owner_id != ctx.user_id))
    people = [
        Known("person", u.display_name, {"email": u.mail, "title": u.job_title, "id": u.id})
        for u in ctx.db.exec(select(User).order_by(User.display_name))
    ]
    return Reading(
        now=ctx.now,
        tz=user.time_zone,
        history=history,
        own=own,
        world=world,
        documents=documents,
        world_documents=[d for d in others if d.name != "Notes.txt"],
        people=people,
    )


def thread(rows: list[tuple[str, str]], reader_address: str) -> list[Turn]:
    """The thread so far as turns: (sender address, body) in order; the reader's own marked."""
    return [
        Turn(mine=sender.lower() == reader_address.lower(), text=own_words(body)) for sender, body in rows
    ]


def read(
    ctx: Ctx, user: User, subject: str, text: str, history: list[Turn], role: str = "colleague"
) -> tuple[Request, Reading]:
    """The colleague's reading of a message (rule-based; a lab's model reader when configured), and what
    they read it with."""
    from apps.core.understanding.model import configured_reader

    reading = reading_for(ctx, user, history)
    return configured_reader(ctx.options, ctx).read(subject, text, reading, role, rules=read_message), reading
