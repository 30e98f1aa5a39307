"""Contact handovers: customers whose buyer changed while the CRM still lists the old one.

For a few of the acting user's accounts (one open deal each, no pending request of the `requests` part), a
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
is nobody a pending request names.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

from worlds.generator.parts import BuildContext, Part
from worlds.parts.handovers.mails import Planter

HANDOVERS = 12  # a year of staff turnover among one rep's customers


def _requests(ctx: BuildContext) -> tuple[set[str], set[str]]:
    """The accounts and addresses the `requests` part's pending requests use (its file, when the world has
    it)."""
    path = ctx.out_dir / "requests" / "requests.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line] if path.is_file() else []
    accounts = {r["account_id"] for r in rows if r.get("account_id")}
    addresses = {a.lower() for r in rows for a in (r.get("customer"), r["sender"]) if a}
    return accounts, addresses


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The handovers of the acting user's customers."""
    if ctx.scale < 0.5 or "office" not in ctx.shared:
        return {}, {}
    crm, office = ctx.shared["crm"], ctx.shared["office"]
    me = ctx.shared["actors"]["crm"]
    rng = random.Random(f"{ctx.seed}:handovers")
    busy_accounts, busy_addresses = _requests(ctx)
    planter = Planter(office, ctx.now, rng, crm.rows["contact"])
    open_deals: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for o in sorted(crm.rows["opportunity"], key=lambda o: o["id"]):
        if not o["is_closed"]:
            open_deals[o["account_id"]].append(o)
    contacts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in sorted(crm.rows["contact"], key=lambda c: c["id"]):
        contacts[c["account_id"]].append(c)
    accounts = sorted(
        (a for a in crm.rows["account"] if a["owner_id"] == me and a["id"] not in busy_accounts),
        key=lambda a: a["name"],
    )
    rng.shuffle(accounts)
    for account in accounts:
        if len(planter.handovers) == HANDOVERS:
            break
        deals = open_deals[account["id"]]
        if len(deals) != 1 or not deals[0]["amount"] or not deals[0]["close_date"]:
            continue
        people = [
            c
            for c in contacts[account["id"]]
            if c["email"] and planter.free(c["email"]) and c["email"].lower() not in busy_addresses
        ]
        if not people:
            continue
        planter.plant(account, deals[0], rng.choice(people), ("notice", "bounce")[len(planter.handovers) % 2])
    files = {
        "handovers/office/message.jsonl": planter.messages,
        "handovers/office/contact.jsonl": planter.contacts,
        "handovers/office/request_brief.jsonl": planter.briefs,
        "handovers/handovers.jsonl": planter.handovers,
    }
    return files, {}


PART = Part("handovers", 60, build)
