"""The scopes the controller's revenue audit is asked over (`revenue_audit.py`): the fiscal year, its halves,
its quarters, its first nine months, one account owner's book, the deals above a size — each the Closed Won
deals whose CRM close date falls in it, with what the ledger shows wrong with each (`gl_audit`).

A scope is offered only where its truth is unambiguous: at least two deals are wrong and none of its deals
shows anything the data room did not plant (`gl_audit.unplanted`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from crossapp.xapp.gl_audit import Finding, deal_findings, unplanted
from tasks.families.base import Draw

DEALS = """
SELECT o.id, o.name, o.amount, o.close_date, o.owner_id, o.account_id, a.name AS account
FROM crm_opportunity o JOIN crm_account a ON a.id = o.account_id
WHERE o.stage_name = 'Closed Won' AND o.close_date BETWEEN ? AND ? ORDER BY o.close_date, o.id
"""
THRESHOLDS = (100_000, 50_000)  # key items: the deals whose CRM Amount is at least this


@dataclass
class Scope:
    """One scope: its key (the split's subject), how the prompt states it, its close-date window, its
    deals and, per wrong deal, what the ledger shows."""

    key: str
    words: str
    start: str
    end: str
    deals: list[dict[str, Any]]
    found: dict[str, list[Finding]]
    owner: str | None = None

    @property
    def flagged(self) -> list[dict[str, Any]]:
        return [o for o in self.deals if o["id"] in self.found]


def _month(start: date, k: int) -> date:
    """The first day of the month `k` months after `start`'s."""
    m = start.month - 1 + k
    return date(start.year + m // 12, m % 12 + 1, 1)


def _window(start: date, first: int, months: int) -> tuple[str, str]:
    """The dates (ISO) of `months` fiscal months from fiscal month `first` (0-based)."""
    return _month(start, first).isoformat(), (_month(start, first + months) - timedelta(days=1)).isoformat()


def scopes(d: Draw, led: dict[str, Any]) -> tuple[Scope, list[Scope]]:
    """The fiscal year's scope, and every scope of the world whose truth is unambiguous (in a stable
    order).

    d: the draw (its world is read); led: `gl_audit.ledger(world)`."""
    eng = led["eng"]
    fy, start = eng["fiscal_year"], date.fromisoformat(eng["fy_start"])
    year = d.world.rows(DEALS, eng["fy_start"], eng["fy_end"])
    odd = unplanted(led, year)
    found = {o["id"]: f for o in year if (f := deal_findings(led, o))}
    span = f"{fy} ({eng['fy_start']} to {eng['fy_end']})"
    windows = [(fy, f"every deal that closed won in {span}", 0, 12)]
    won = "every deal that closed won in"
    windows += [
        (f"{fy} H{h + 1}", f"{won} the {('first', 'second')[h]} half of {fy}", 6 * h, 6) for h in range(2)
    ]
    windows += [(f"{fy} Q{q + 1}", f"{won} Q{q + 1} of {fy}", 3 * q, 3) for q in range(4)]
    windows.append((f"{fy} 9M", f"{won} the first nine months of {fy}", 0, 9))
    out: list[Scope] = []
    for key, words, first, months in windows:
        lo, hi = _window(start, first, months)
        deals = [o for o in year if lo <= o["close_date"] <= hi]
        if first or months != 12:
            words = f"{words} ({lo} to {hi})"
        out.append(Scope(key, words, lo, hi, deals, {}))
    owners = {r["id"]: r["name"] for r in d.world.rows("SELECT id, name FROM crm_user ORDER BY id")}
    for owner in sorted({o["owner_id"] for o in year}):
        deals = [o for o in year if o["owner_id"] == owner]
        name = owners[owner]
        words = f"every deal owned by {name} (Opportunity Owner in the CRM) that closed won in {span}"
        out.append(Scope(f"{fy} book {owner}", words, eng["fy_start"], eng["fy_end"], deals, {}, name))
    for floor in THRESHOLDS:
        deals = [o for o in year if o["amount"] >= floor]
        words = f"every deal with a CRM Amount of ${floor:,} or more that closed won in {span}"
        out.append(Scope(f"{fy} deals >= {floor}", words, eng["fy_start"], eng["fy_end"], deals, {}))
    for s in out:
        s.found = {o["id"]: found[o["id"]] for o in s.deals if o["id"] in found}
    return out[0], [s for s in out if len(s.found) >= 2 and not odd & {o["id"] for o in s.deals}]
