"""Presentations that fit the company, generated from its records: each account team's last QBR deck
(Q3 2026, stale now where the accounts moved), the acting user's account-update drafts with her manager's
comments, the FY2026 sales kickoff, the IT all-hands, a post-incident review for every customer-facing
major incident, a one-pager per product family and the brand templates with the logo — in their owners'
OneDrive, shared as the teams share them.

Draws only from its own stream (`{seed}:decks`) and writes only its own files:
`decks/office/{drive_item,permission,presentation,slide,slide_shape,slide_comment,file_content}.jsonl`
(loaded by the office app after its id counters, with ids of their own) and `decks/facts.jsonl`, which
no app loads: what each deck is about, its date and the numbers it shows — `saasgym world audit`
recomputes them from the records as of that date, and the families read it for their truths.
"""

from __future__ import annotations

import random
from typing import Any

from worlds.generator.parts import BuildContext, Part
from worlds.parts.decks.accounts import draft_decks, qbr_decks
from worlds.parts.decks.company import all_hands, brand, kickoff, one_pagers
from worlds.parts.decks.context import Ctx
from worlds.parts.decks.reviews import incident_reviews

TABLES = ("drive_item", "permission", "presentation", "slide", "slide_shape", "slide_comment", "file_content")


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    if "office" not in ctx.shared or "crm" not in ctx.shared:
        return {}, {}
    deck_ctx = Ctx(
        rng=random.Random(f"{ctx.seed}:decks"),
        now=ctx.now,
        office=ctx.shared["office"],
        crm=ctx.shared["crm"],
        desk=ctx.shared.get("ticketing"),
    )
    for make in (brand, qbr_decks, draft_decks, kickoff, all_hands, incident_reviews, one_pagers):
        make(deck_ctx)
    files = {f"decks/office/{t}.jsonl": deck_ctx.rows.tables.get(t, []) for t in TABLES}
    files["decks/facts.jsonl"] = deck_ctx.facts
    return files, {}


PART = Part("decks", 50, build)
