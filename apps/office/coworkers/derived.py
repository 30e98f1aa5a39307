"""A persona for every colleague: those without a hand-written persona in the world get one derived from
their own records — role, manager, team, time zone and working hours, reply delay, signature, and what they
know (the documents they own in OneDrive). Derived personas are never stored; their id names the user
(`derived:<user id>`), so scheduled reactions find them again and replays are exact.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.stable_hash import stable_number
from apps.office.models import DriveItem, Persona, User

PREFIX = "derived:"
MAX_DOCUMENTS = 60  # the documents a colleague remembers owning (by name order)


def derived_id(user_id: str) -> str:
    """The id of the persona derived for `user_id`."""
    return PREFIX + user_id


def derived_persona(ctx: Ctx, user: User) -> Persona:
    """The persona of a colleague who has no hand-written one (an unsaved row, rebuilt on demand)."""
    manager = ctx.db.get(User, user.manager_id) if user.manager_id else None
    role = ", ".join(filter(None, (user.job_title, user.department))) or "colleague"
    referral = ""
    if manager is not None:
        referral = (
            f"I'm not the right person for that, I'm afraid — {manager.display_name}"
            f"{' (' + manager.job_title + ')' if manager.job_title else ''} would know better."
        )
    return Persona(
        id=derived_id(user.id),
        user_id=user.id,
        summary=f"{user.display_name}, {role}" + (f", reports to {manager.display_name}" if manager else ""),
        knowledge=_documents(ctx, user),
        policies=[],
        meeting_rules={"earliest": user.working_hours_start, "latest": user.working_hours_end},
        reply_delay_minutes=10 + stable_number(f"delay:{user.id}") % 170,  # 10 min to 3 h
        signature="\n".join(filter(None, (user.display_name, role))),
        clarifying_question=(
            "Happy to help — which document, account or meeting do you mean, and by when do you need it?"
        ),
        referral=referral,
    )


def _documents(ctx: Ctx, user: User) -> list[dict]:
    stmt = (
        select(DriveItem)
        .where(DriveItem.owner_id == user.id, DriveItem.kind != "folder", DriveItem.parent_id.is_not(None))
        .order_by(DriveItem.name, DriveItem.id)
        .limit(MAX_DOCUMENTS)
    )
    out = []
    for item in ctx.db.exec(stmt):
        stem = PurePosixPath(item.name).stem.replace("_", " ").strip()
        if len(stem) < 4:
            continue
        out.append(
            {
                "keywords": [stem, item.name],
                "answer": f"Sure — “{item.name}” is in my OneDrive. I've shared it with you, so it shows "
                "under Shared with me.",
                "share_item_id": item.id,
            }
        )
    return out


def persona_by_id(ctx: Ctx, persona_id: str) -> Persona | None:
    """A stored persona, or the derived one its id names."""
    if persona_id.startswith(PREFIX):
        user = ctx.db.get(User, persona_id[len(PREFIX) :])
        return derived_persona(ctx, user) if user is not None else None
    return ctx.db.get(Persona, persona_id)
