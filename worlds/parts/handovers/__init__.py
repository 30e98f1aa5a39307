"""Contact handovers: customers whose buyer changed while the CRM still lists the old one.

For a few of the acting user's accounts (with an open deal), a
mail weeks old and already read in her inbox says that the account's contact is gone and who took over:
the contact's own farewell naming their successor (`notice`), or a non-delivery report for a mail she sent
the contact, then the successor's introduction (`bounce`). The CRM is not touched — it still lists the
departed contact, and nobody else there — so finding the authoritative person means reading the mailbox.

The successor is in the address book (so they answer mail as a customer contact does) and, for the
instances that ask them for a purchase order number, knows it (a customer brief, `office_request_brief`
with user id `customer:<contact id>`). The departed contact's address answers a mail the way it would: an
automatic "no longer with the company" reply (`notice`), or a bounce from their company's mail server
(`bounce`, user id `bounce:<address>`).

Draws only from its own stream (`{seed}:handovers`) and writes only its own files:
`handovers/office/{message,contact,request_brief}.jsonl` (own id namespaces) and `handovers/handovers.jsonl`
(each handover's account, deal, departed contact, successor, variant and purchase order number: the input of
`xapp.stale-contact`, which no app loads). A departed contact never had other mail with the acting user and
is nobody a pending request comes from.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from apps.ticketing.ids import user_sys_id
from worlds.generator.parts import BuildContext, Part
from worlds.parts.handovers.mails import Planter

HANDOVERS = 12  # a year of staff turnover among one rep's customers


def _requests(ctx: BuildContext) -> set[str]:
    """The addresses the `requests` part's pending requests use (its file, when the world has it)."""
    path = ctx.out_dir / "requests" / "requests.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line] if path.is_file() else []
    return {a.lower() for r in rows for a in (r.get("customer"), r["sender"]) if a}


def _spread(rng: random.Random, accounts: list[dict[str, Any]], world: str) -> list[dict[str, Any]]:
    """`accounts` shuffled, then taken in turn from each split they are held out in (test, train, dev), so
    that the handovers reach every split."""
    from worlds.parts.requests.inbox import Inbox

    return Inbox.spread(SimpleNamespace(world=world), rng, accounts, lambda a: a["id"])  # type: ignore[arg-type]


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The handovers of the acting user's customers."""
    if ctx.scale < 0.5 or "office" not in ctx.shared:
        return {}, {}
    crm, office = ctx.shared["crm"], ctx.shared["office"]
    me = ctx.shared["actors"]["crm"]
    rng = random.Random(f"{ctx.seed}:handovers")
    busy_addresses = _requests(ctx)
    desk = ctx.shared.get("ticketing")
    callers = {i["caller_id"] for i in desk.rows["incident"]} if desk is not None else set()
    planter = Planter(office, ctx.now, rng, crm.rows["contact"])
    open_deals: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for o in sorted(crm.rows["opportunity"], key=lambda o: o["id"]):
        if not o["is_closed"]:
            open_deals[o["account_id"]].append(o)
    contacts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in sorted(crm.rows["contact"], key=lambda c: c["id"]):
        contacts[c["account_id"]].append(c)
    accounts = sorted(
        (a for a in crm.rows["account"] if a["owner_id"] == me),
        key=lambda a: a["name"],
    )
    accounts = _spread(rng, accounts, ctx.out_dir.name)
    for account in accounts:
        if len(planter.handovers) == HANDOVERS:
            break
        deals = open_deals[account["id"]]
        deals = [o for o in deals if o["amount"] and o["close_date"]]
        if not deals:
            continue
        people = [
            c
            for c in contacts[account["id"]]
            if c["email"]
            and planter.free(c["email"])
            and c["email"].lower() not in busy_addresses
            and user_sys_id(c["id"]) not in callers  # a contact with a ticket on the desk has not left
        ]
        if not people:
            continue
        variant = ("notice", "bounce")[len(planter.handovers) % 2]
        planter.plant(account, rng.choice(deals), rng.choice(people), variant)
    files = {
        "handovers/office/message.jsonl": planter.messages,
        "handovers/office/contact.jsonl": planter.contacts,
        "handovers/office/request_brief.jsonl": planter.briefs,
        "handovers/handovers.jsonl": planter.handovers,
    }
    return files, {}


PART = Part("handovers", 60, build)
