"""Conflict bundles: requests from several colleagues about the SAME deal, where the order of the mails and
the org chart decide what stands (the input of `xapp.inbox-conflict`).

Each bundle is one of the acting user's customers (an account no triage bundle or handover uses, with an open
deal and a contact) and three or four mails of the last working days:

1. a customer success colleague asks to move the deal's close date and then to send the customer's contact
   the deal's figures (amount and close date) — the first mail;
2. a deal desk analyst (Sales Operations) asks to change the deal's amount to the revised quote's — a later
   mail that touches the same record, so figures sent before it is applied are wrong (`sequence`);
3. in `authority` and `keep`, the analyst's own manager, the Sales Operations Manager, writes about the same
   deal without knowing of the analyst's mail, before or after it: he signed the pricing off at another
   amount (`authority`), or has approved no change and the amount stays (`keep`). The directory shows he is
   the analyst's manager: his word stands, and the analyst is told why.

Draws from its own stream (`{seed}:triage:conflict`) after the triage bundles, so their rows stay as they
were; its mails and briefs follow theirs in the part's office files, the bundles go to
`triage/conflicts.jsonl` (no app loads it).
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

from worlds.parts.requests.asks import nickname
from worlds.parts.requests.inbox import Inbox, colleagues, holds_approval_role
from worlds.parts.triage import conflict_mails as texts
from worlds.parts.triage.shared import at as _at
from worlds.parts.triage.shared import person as _person
from worlds.parts.triage.shared import weekday_after as _weekday_after
from worlds.splits import entity_split

BUNDLES = 13
VARIANTS = ("authority", "sequence", "keep")


def _round(amount: float, factor: float) -> float:
    return float(round(amount * factor / 500) * 500)


def _amounts(rng: random.Random, amount: float, variant: str) -> dict[str, float]:
    """The analyst's amount and, in `authority`, the manager's: each differs from the CRM's and each other."""
    up = rng.choice((1.08, 1.12, 1.15, 1.2))
    analyst = _round(amount, up)
    out = {"analyst_amount": analyst if abs(analyst - amount) >= 1 else amount + 5000.0}
    if variant == "authority":
        manager = _round(amount, up - rng.choice((0.04, 0.05, 0.06)))
        if abs(manager - amount) < 1 or abs(manager - out["analyst_amount"]) < 1:
            manager = out["analyst_amount"] - 2500.0
        out["manager_amount"] = manager
    return out


def _sales_ops(office: Any, busy: set[str]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The Sales Operations Manager and his deal desk analysts (by the directory's manager), none of whom
    another part's request comes from."""
    users = [u for u in office.users if u["mail"].lower() not in busy and not holds_approval_role(u)]
    manager = next((u for u in users if u["job_title"] == "Sales Operations Manager"), None)
    if manager is None:
        return None, []
    team = [
        u for u in users if u.get("manager_id") == manager["id"] and u["job_title"] == "Deal Desk Analyst"
    ]
    return manager, sorted(team, key=lambda u: u["mail"])


def _handed_over(ctx: Any, busy: set[str]) -> list[dict[str, Any]]:
    """The accounts whose CRM contact has left (the handovers part's): each with its open deal closing after
    the next week, the leaver (whom a colleague may still name: the successor gets the figures) and the
    account's current contacts no other part's request comes from."""
    path = ctx.out_dir / "handovers" / "handovers.jsonl"
    if not path.is_file():
        return []
    crm = ctx.shared["crm"]
    soon = (ctx.now + timedelta(days=7)).date().isoformat()
    accounts = {a["id"]: a for a in crm.rows["account"]}
    contacts = {c["id"]: c for c in crm.rows["contact"]}
    out = []
    for h in (json.loads(line) for line in path.read_text().splitlines() if line):
        deals = [o for o in sorted(crm.rows["opportunity"], key=lambda o: (o["id"] != h["deal_id"], o["id"]))
                 if o["account_id"] == h["account_id"] and not o["is_closed"] and o["amount"]
                 and (o["close_date"] or "") > soon]  # fmt: skip
        gone = contacts.get(h["gone_contact_id"])
        if deals and gone and h["account_id"] in accounts:
            mine = [c for c in contacts.values() if c["account_id"] == h["account_id"] and c["email"]]
            current = sorted((c for c in mine if c["email"].lower() not in busy), key=lambda c: c["id"])
            out.append({"account": accounts[h["account_id"]], "deals": deals[:1], "contacts": [gone],
                        "current": current, "successor": h["successor"]})  # fmt: skip
    return out


def build(
    ctx: Any, inbox: Inbox, pool: list[dict[str, Any]], days: list, busy: set[str]
) -> list[dict[str, Any]]:
    """The conflict bundles, planted in `inbox` (after the triage bundles' mails). `pool`: candidate
    accounts no other bundle uses; the accounts whose contact has left join them; `days`: the last three
    working days, latest first; `busy`: addresses other parts' requests come from."""

    rng = random.Random(f"{ctx.seed}:triage:conflict")
    pool = inbox.spread(rng, [*pool, *_handed_over(ctx, busy)], lambda c: c["account"]["id"])
    office = ctx.shared["office"]
    manager, analysts = _sales_ops(office, busy)
    movers = [
        u
        for u in colleagues(office, ("Support",))
        if u["job_title"] == "Customer Success Manager" and u["mail"].lower() not in inbox.taken
    ]
    rng.shuffle(movers)
    if manager is None or not analysts or not movers:
        return []
    bundles: list[dict[str, Any]] = []
    for c in pool:
        if len(bundles) == BUNDLES:
            break
        n = len(bundles)
        # the variants (and whether the contact has left) turn within each split, so every split holds each
        split = entity_split(ctx.out_dir.name, "account", c["account"]["id"])
        turn = sum(x["split"] == split for x in bundles)
        variant = VARIANTS[turn % len(VARIANTS)]
        deal, contact = rng.choice(c["deals"]), rng.choice(c["contacts"])
        # two bundles in four of a split on a handed-over account name a current contact (the leaver's
        # mails in the inbox are then only a distractor)
        left = "successor" in c and (turn % 4 < 2 or not c["current"])
        if "successor" in c and not left:
            contact = rng.choice(c["current"])
        date0 = datetime.fromisoformat(deal["close_date"]).date()
        mover, analyst = movers[n % len(movers)], analysts[n % len(analysts)]
        b: dict[str, Any] = {
            "id": f"conflict-{n + 1:02d}",
            "variant": variant,
            "split": split,
            "account_id": c["account"]["id"],
            "account": c["account"]["name"],
            "deal_id": deal["id"],
            "deal_name": deal["name"],
            "amount0": float(deal["amount"]),
            "contact": _person(contact),
            # the contact has left (the handovers part): the figures go to their successor
            "recipient": c["successor"] if left else _person(contact),
            "left": left,
            "date0": date0.isoformat(),
            "date1": _weekday_after(date0, rng.randint(14, 35)).isoformat(),
            "mover": mover["mail"],
            "mover_name": mover["display_name"],
            "analyst": analyst["mail"],
            "analyst_name": analyst["display_name"],
            **_amounts(rng, float(deal["amount"]), variant),
        }
        if variant != "sequence":
            b["manager"] = {
                "email": manager["mail"],
                "name": manager["display_name"],
                "first_name": manager["given_name"],
                "title": manager["job_title"],
            }
            # the manager writes before the analyst in every other bundle of a variant (the latest mail is
            # not what decides)
            b["manager_first"] = sum(x["variant"] == variant for x in bundles) % 2 == 1
        _plant(rng, inbox, b, {"mover": mover, "analyst": analyst, "manager": manager}, days)
        bundles.append(b)
    return bundles


def _plant(
    rng: random.Random, inbox: Inbox, b: dict[str, Any], people: dict[str, dict[str, Any]], days: list
) -> None:
    """The bundle's mails: the move on the earliest day; the analyst's and (before or after it) the manager's
    on later days, each before the world's now."""

    briefs = texts.briefs(b)
    keys = [nickname(b["account"]).lower()]
    latest = inbox.now - timedelta(hours=1)

    def send(role: str, kind: str, subject_body: tuple[str, str], day: Any, hours: tuple[int, int]) -> None:
        sender = people[role]
        when = min(_at(rng, day, sender.get("time_zone") or "America/New_York", hours), latest)
        subject, body = subject_body
        row = inbox.mail(kind=kind, sender=sender, subject=subject, body=body, when=when, params={},
                         brief=(keys, briefs[role]))  # fmt: skip
        b[f"{role}_message_id"] = row["message_id"]

    send("mover", "conflict-move", texts.move_request(rng, b, people["mover"]), days[2], (9, 11))
    if b["variant"] == "sequence":
        send("analyst", "conflict-quote", texts.analyst_request(rng, b, people["analyst"]), days[0], (9, 15))
        return
    order = ["manager", "analyst"] if b["manager_first"] else ["analyst", "manager"]
    for role, (day, hours) in zip(order, ((days[1], (9, 16)), (days[0], (9, 15))), strict=True):
        mail = (
            texts.analyst_request(rng, b, people["analyst"])
            if role == "analyst"
            else texts.manager_mail(b, people["manager"])
        )
        send(role, f"conflict-{role}", mail, day, hours)
