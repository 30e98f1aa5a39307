"""Ticketing part of a world (ServiceNow ITSM): groups, CMDB, SLAs, incidents, problems, changes,
catalog requests and knowledge, consistent with the company's employees and the CRM's contacts.

Users are not written here: the app builds sys_user from `company/employees.jsonl` and
`crm/contact.jsonl`, with the same sys_ids as `user_sys_id` gives below.
"""

from __future__ import annotations

import random

from apps.ticketing.world.changes import build_changes
from apps.ticketing.world.core import Desk, build_cmdb, build_groups, build_slas
from apps.ticketing.world.kb_articles import write_articles
from apps.ticketing.world.realism import realize
from apps.ticketing.world.requests import build_catalog, build_knowledge
from apps.ticketing.world.timeline import redistribute
from apps.ticketing.world.work import build_incidents, build_problems
from worlds.generator.common import make_faker
from worlds.generator.parts import Part


def build(ctx):  # noqa: ANN001, ANN201
    rng = random.Random(f"{ctx.seed}:ticketing")
    desk = Desk(
        rng=rng,
        fake=make_faker(rng),
        scale=ctx.scale,
        now=ctx.now,
        company=ctx.shared["company"],
        crm=ctx.shared["crm"],
    )
    build_groups(desk)
    build_cmdb(desk)
    build_slas(desk)
    build_incidents(desk)
    build_problems(desk)
    build_changes(desk)
    build_catalog(desk)
    build_knowledge(desk)
    redistribute(desk, ctx.seed)  # arrivals and resolutions first (v10) ...
    realize(desk, ctx.seed)  # ... so a text's dates ("since September 18") are said from the final opening
    write_articles(desk)  # from the incidents as they finally are (numbers, opening times)
    ctx.shared["ticketing"] = desk
    files = {f"ticketing/{table}.jsonl": rows for table, rows in desk.rows.items()}
    return files, {"ticketing": desk.actor}


PART = Part("ticketing", 20, build)
