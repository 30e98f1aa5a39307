"""The office part of a world: mailboxes, calendars, drives, docs, sheets, Teams and coworker personas,
consistent with the company's employees and the CRM's accounts, contacts and opportunities.

Draws only from its own random stream (`{seed}:office`), so adding it never changes other parts.
"""

from __future__ import annotations

import random
from typing import Any

from apps.office.world.calendar import (
    colleague_meetings,
    customer_calls,
    pending_invitations,
    recurring_meetings,
)
from apps.office.world.chat import build_chat
from apps.office.world.files import build_drives
from apps.office.world.mail import customer_threads, everyday_mail, internal_threads
from apps.office.world.mail_text import rewrite
from apps.office.world.mailboxes import fill_mailboxes
from apps.office.world.notices import crm_notices, meeting_requests, newsletters, ticketing_notices
from apps.office.world.people import Office, build_personas, build_rooms, build_users
from apps.office.world.recent_mail import recent_week
from apps.office.world.records import contract_records
from worlds.generator.common import make_faker
from worlds.generator.parts import BuildContext, Part

TABLES = (
    "user",
    "mail_folder",
    "message",
    "attachment",
    "room",
    "event",
    "attendee",
    "drive_item",
    "permission",
    "doc_block",
    "doc_comment",
    "worksheet",
    "cell",
    "team",
    "team_member",
    "channel",
    "chat",
    "chat_member",
    "chat_message",
    "persona",
)


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    rng = random.Random(f"{ctx.seed}:office")
    crm = ctx.shared["crm"]
    office = Office(rng=rng, fake=make_faker(rng), scale=ctx.scale, now=ctx.now, crm=crm)
    build_users(office, ctx.shared["company"].employees)
    actor_crm_id = ctx.shared["actors"]["crm"]
    office.actor_crm_id = actor_crm_id
    office.actor = office.user_by_number[crm.by_id[actor_crm_id]["employee_number"]]
    build_rooms(office)
    build_personas(office)
    build_drives(office)
    recurring_meetings(office)
    customer_calls(office)
    colleague_meetings(office)
    contacts: dict[str, list[dict[str, Any]]] = {}
    for c in crm.rows["contact"]:
        contacts.setdefault(c["account_id"], []).append(c)
    first_thread = len(office.rows["message"])
    customer_threads(office, contacts, {a["id"]: a for a in crm.rows["account"]})
    colleagues = [office.by_id[p["user_id"]] for p in office.personas]
    colleagues += rng.sample(
        [u for u in office.users if u is not office.actor], k=min(8, len(office.users) - 1)
    )
    internal_threads(office, colleagues)
    first_everyday = len(office.rows["message"])
    everyday_mail(office)
    end_everyday = len(office.rows["message"])
    pending_invitations(office)
    build_chat(office)
    rewrite(office, ctx.seed, range(first_everyday, end_everyday), range(first_thread, first_everyday))
    meeting_requests(office)
    crm_notices(office)
    if "ticketing" in ctx.shared:
        ticketing_notices(office, ctx.shared["ticketing"])
    newsletters(office)
    fill_mailboxes(office, ctx.shared.get("ticketing"), ctx.seed)
    recent_week(office, ctx.shared.get("ticketing"), ctx.seed)
    contract_records(office, ctx.seed)
    ctx.shared["office"] = office
    files = {f"office/{t}.jsonl": office.rows.get(t, []) for t in TABLES}
    return files, {"office": office.actor["id"]}


PART = Part("office", 30, build)
