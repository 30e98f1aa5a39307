"""Deal sizes by segment: every opportunity's amount is drawn lognormal for its account's segment
(`worlds.generator.distributions.DEAL_SIZE`: enterprise deals are larger than mid-market ones, and those
larger than SMB ones), after every CRM record exists.

A deal with line items reaches its size through the quantities (seats, units, days scale with the
customer), so its amount stays the sum of the line items' total prices; a deal without items gets the
drawn amount rounded to $100. Stage history keeps its proportions and ends at the amount. Draws from its
own stream (`{seed}:crm:size`), so the CRM's other records are exactly as before.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from apps.crm.world.state import Crm
from worlds.generator import distributions as D


def _line_total(item: dict[str, Any]) -> float:
    return round(item["unit_price"] * item["quantity"] * (1 - (item["discount"] or 0) / 100), 2)


def size_deals(crm: Crm, seed: int) -> None:
    """Give every opportunity an amount of its segment's size (line items and history follow)."""
    rng = random.Random(f"{seed}:crm:size")
    accounts = {a["id"]: a for a in crm.rows["account"]}
    items: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for li in crm.rows["opportunity_line_item"]:
        items[li["opportunity_id"]].append(li)
    history: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for h in crm.rows["opportunity_history"]:
        history[h["opportunity_id"]].append(h)
    for opp in crm.rows["opportunity"]:
        segment = D.segment(accounts[opp["account_id"]]["number_of_employees"])
        target = D.deal_size(rng, segment)
        old = opp["amount"] or 1.0
        if items[opp["id"]]:
            factor = target / old
            for li in items[opp["id"]]:
                li["quantity"] = max(1.0, float(round(li["quantity"] * factor)))
                li["total_price"] = _line_total(li)
            amount = round(sum(li["total_price"] for li in items[opp["id"]]), 2)
        else:
            amount = max(1000.0, float(round(target, -2)))
        opp["amount"] = amount
        rows = history[opp["id"]]
        for h in rows[:-1]:
            h["amount"] = float(round(h["amount"] * amount / old))
        if rows:
            rows[-1]["amount"] = amount
