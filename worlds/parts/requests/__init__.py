"""Pending requests: work that arrived in the acting user's inbox in the last working days and is not done
yet — colleagues and customers asking for things in their own words (`asks.py`), grounded in the CRM, the
desk and the handbook. Some are under-specified on purpose ("the Moore deal" when there are two open
ones): what the requester meant is the world's `office_request_brief`, which only their persona reads, so
asking them is the way to find out.

Draws only from its own streams (`{seed}:requests:<kind>`) and writes only its own files:
`requests/office/{message,request_brief}.jsonl` (loaded by the office app after its own files, in their own
id namespaces) and `requests/requests.jsonl` — each request's kind, sender, records and values, the input
of the families that grade the work (no app loads it). A requester or customer never has other mail with
the acting user, so the families that count or clean up someone's mail are not moved by it; and nobody who
holds a handbook approval role, manages the acting user or has a hand-written persona asks anything.
"""

from __future__ import annotations

import random
from typing import Any

from worlds.generator.parts import BuildContext, Part
from worlds.parts.requests import asks
from worlds.parts.requests.inbox import Inbox


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The pending requests of the world's acting user, each kind from its own stream."""
    if ctx.scale < 0.5 or "ticketing" not in ctx.shared:  # a small world (tiny) has no pending requests
        return {}, {}
    inbox = Inbox(ctx.shared["office"], ctx.now, ctx.out_dir.name)
    for kind, make in asks.KINDS:
        make(inbox, random.Random(f"{ctx.seed}:requests:{kind}"), ctx.shared)
    files = {
        "requests/office/message.jsonl": inbox.messages,
        "requests/office/request_brief.jsonl": inbox.briefs,
        "requests/requests.jsonl": inbox.requests,
    }
    return files, {}


PART = Part("requests", 50, build)
