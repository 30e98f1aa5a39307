"""The data room's GL export read for the frontier families that audit billing against the CRM
(`billing_recon.py`, `revenue_audit.py`): the ledger read once per world, and what is wrong with each deal's
billing found in the ledger itself — never taken from the planted list, which only cross-checks it.

An audit program's kinds (the data room's `anomalies.py` plants each twice): billed twice, never billed,
billed at an amount other than the CRM Amount, an invoice posted to a period other than its posting date's
month, a credit memo credited to revenue instead of debited, one sale split into same-day invoices under the
approval limit.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from apps.core.worlds import worlds_root
from worlds.parts.dataroom.tasks import ledger_grid, revenue_block

FLAGS = {
    "wrong_period": "invoice {docs} was posted to a period other than its posting date's month",
    "split_invoice": "the deal was billed on {n} same-day invoices ({docs}) under the approval limit, "
    "not one",
    "sign_flip": "credit memo {docs} was credited to revenue instead of debited",
    "duplicate": "the deal was invoiced twice ({docs})",
    "missing_counterpart": "the deal was never invoiced",
    "amount_mismatch": "the invoice ({docs}) differs from the CRM Amount",
}
KINDS = tuple(FLAGS)


@cache
def ledger(world: str) -> dict[str, Any]:
    """The GL export read once: engagement, revenue block, per deal its invoices (document, first row,
    revenue total), every invoice and credit memo (`docs`: type, deal, posting date, periods, revenue total,
    the revenue lines' debit/credit sides, first row) and the planted anomalies by deal.

    world: the world's name (its data room's files are read)."""
    root = worlds_root() / world
    eng = json.loads((root / "dataroom/engagement.jsonl").read_text().splitlines()[0])
    grid = ledger_grid(root)
    rows, cols = grid.extent()
    header = grid.values(1, 1, 1, cols)[0]
    at = {name: i for i, name in enumerate(header)}
    invoices: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    docs: dict[str, dict[str, Any]] = {}
    for r, line in enumerate(grid.values(2, 1, rows, cols), start=2):
        ref, gl, kind = line[at["Opportunity Ref"]], str(line[at["GL Account"]]), line[at["Document Type"]]
        if not ref or kind not in ("Invoice", "Credit Memo") or not gl.startswith("4"):
            continue
        number = line[at["Document No"]]
        doc = docs.setdefault(number, {"type": kind, "ref": ref, "row": r, "total": 0.0})
        for key in ("dates", "periods", "sides"):
            doc.setdefault(key, set())
        doc["total"] = round(doc["total"] + float(line[at["Amount"]]), 2)
        doc["dates"].add(str(line[at["Posting Date"]])[:10])
        doc["periods"].add(line[at["Period"]])
        doc["sides"].add(line[at["D/C"]])
        if kind == "Invoice":
            inv = invoices[ref].setdefault(number, {"row": r, "total": 0.0})
            inv["total"] = round(inv["total"] + float(line[at["Amount"]]), 2)
    anomalies = [json.loads(x) for x in (root / "dataroom/anomalies.jsonl").read_text().splitlines() if x]
    return {
        "eng": eng,
        "block": revenue_block(root),
        "invoices": dict(invoices),
        "docs": docs,
        "anomalies": {a["opportunity_id"]: a for a in anomalies},
    }


@dataclass
class Finding:
    """What is wrong with one deal's billing: the kind, the documents involved, the deal's invoiced total
    and its CRM Amount (their difference is the deal's share of the net effect on revenue)."""

    kind: str
    docs: list[str]
    billed: float
    amount: float
    extra: dict[str, Any] = field(default_factory=dict)


def deal_findings(led: dict[str, Any], deal: dict[str, Any]) -> list[Finding]:
    """What the ledger shows wrong with one Closed Won deal's billing (empty: in order). An invoice dated
    other than the close date, or several invoices that are neither a duplicate nor a split, is reported
    as kind `unexplained` (no audit kind: a scope holding one is not drawn).

    led: `ledger(world)`; deal: a CRM opportunity row (id, amount, close_date)."""
    limit = led["eng"]["approval_limit"]
    own = {n: d for n, d in led["docs"].items() if d["ref"] == deal["id"]}
    inv = {n: d for n, d in own.items() if d["type"] == "Invoice"}
    billed = round(sum(d["total"] for d in inv.values()), 2)
    amount = float(deal["amount"])
    found: list[Finding] = []
    names = sorted(inv)
    if not inv:
        found.append(Finding("missing_counterpart", [], 0.0, amount))
    elif len(inv) > 1:
        totals = {d["total"] for d in inv.values()}
        days = set().union(*(d["dates"] for d in inv.values()))
        if abs(billed - amount) < 0.005 and len(days) == 1 and max(totals) <= limit:
            found.append(Finding("split_invoice", names, billed, amount))
        elif len(totals) == 1 and abs(billed - len(inv) * amount) < 0.005:
            found.append(Finding("duplicate", names, billed, amount))
        else:
            found.append(Finding("unexplained", names, billed, amount))
    elif abs(billed - amount) >= 0.005:
        found.append(Finding("amount_mismatch", names, billed, amount))
    if any(d["dates"] != {deal["close_date"]} for d in inv.values()):
        found.append(Finding("unexplained", names, billed, amount, {"why": "dated off its close date"}))
    for n in names:
        (day,) = inv[n]["dates"]
        if inv[n]["periods"] != {day[:7]}:
            period = sorted(inv[n]["periods"])[0]
            found.append(Finding("wrong_period", [n], billed, amount, {"period": period, "date": day}))
    for n, d in sorted(own.items()):
        if d["type"] == "Credit Memo" and "C" in d["sides"]:
            found.append(Finding("sign_flip", [n], billed, amount, {"credit": d["total"]}))
    return found


def unplanted(led: dict[str, Any], deals: list[dict[str, Any]]) -> set[str]:
    """The deals (ids) where what the ledger shows differs from the planted anomalies: an unplanted
    anomaly, an unexplained billing or a planted one the ledger does not show.

    led: `ledger(world)`; deals: the fiscal year's Closed Won deals."""
    planted = led["anomalies"]
    odd = set()
    for deal in deals:
        seen = [(f.kind, f.docs) for f in deal_findings(led, deal)]
        want = planted.get(deal["id"])
        if want is None:
            odd |= {deal["id"]} if seen else set()
            continue
        docs = want["documents"][-1:] if want["type"] == "sign_flip" else want["documents"]
        if want["type"] == "wrong_period":
            docs = want["documents"][:1]
        if seen != [(want["type"], docs)]:
            odd.add(deal["id"])
    return odd


def flag(f: Finding) -> str:
    """What is wrong, in an auditor's words (the documents named)."""
    return FLAGS[f.kind].format(docs=", ".join(f.docs), n=len(f.docs))
