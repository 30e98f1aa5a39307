"""What a colleague reads a mail with, read as plain rows (`crm.knowledge.open_deals`, the coworkers'
documents): the same as the ORM objects hold, a document remembered by its first blocks in order."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from apps.core.actions import Ctx
from apps.crm import knowledge
from apps.crm.models import Account, Opportunity
from apps.crm.models import User as CrmUser
from apps.office.coworkers.reading import TEXT_BLOCKS, reading_for
from apps.office.models import DocBlock, DriveItem, User


def _deal(o: Opportunity, users: dict, accounts: dict) -> dict:
    """One open deal as the ORM objects hold it (what `open_deals` must give for it)."""
    owner = users.get(o.owner_id)
    person = lambda u: {"name": u.name, "email": u.email, "title": u.title} if u else None  # noqa: E731
    return {
        "id": o.id,
        "name": o.name,
        "account": accounts.get(o.account_id),
        "amount": o.amount,
        "stage": o.stage_name,
        "close_date": o.close_date.isoformat(),
        "next_step": o.next_step,
        "owner": person(owner),
        "owner_manager": person(users.get(owner.manager_id)) if owner and owner.manager_id else None,
    }


def test_open_deals_and_documents_read_as_rows_are_what_the_records_hold(cross_ep):
    with Session(cross_ep.db.action_bind, expire_on_commit=False) as s:
        ctx = Ctx(db=s, now=datetime(2026, 3, 2, 9), ids=None, options={}, sql=s.connection())
        users = {u.id: u for u in s.exec(select(CrmUser))}
        accounts = {a.id: a.name for a in s.exec(select(Account))}
        deals = s.exec(
            select(Opportunity)
            .where(Opportunity.is_closed == False)  # noqa: E712
            .order_by(Opportunity.close_date, Opportunity.name, Opportunity.id)
        )
        assert knowledge.open_deals(ctx) == [_deal(o, users, accounts) for o in deals] != []
        # a document of more blocks than a colleague remembers, written out of order
        reader, owner = s.exec(select(User).order_by(User.id)).all()[:2]
        folder = s.exec(select(DriveItem).where(DriveItem.kind == "folder")).first()
        s.add(DriveItem(id="doc-rows", name="Rows test.docx", parent_id=folder.id, owner_id=owner.id))
        for p in reversed(range(TEXT_BLOCKS + 3)):
            s.add(DocBlock(id=f"blk-{p}", item_id="doc-rows", position=p, block_type="p", text=f"b{p}"))
        s.flush()
        known = {d.name: d for d in reading_for(ctx, reader, []).world_documents}
        doc = known["Rows test.docx"].attrs
        assert doc["text"] == " ".join(f"b{p}" for p in range(TEXT_BLOCKS))
        assert doc["owner_id"] == owner.id and doc["folder"] == folder.name
        s.rollback()
