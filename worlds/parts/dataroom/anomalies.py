"""Posting the deals into the ledger, with planted discrepancies: each kind on its own deals, recorded with
the amount it misstates (the truth the data-room tasks are scored against).

Kinds and their amount (always positive, dollars):
- duplicate: an invoice posted twice (a second document, same lines and date) — the duplicate's total;
- amount_mismatch: the invoice differs from the CRM amount (billing followed the signed order form; the
  CRM is stale) — |invoiced − CRM amount|;
- missing_counterpart: a closed-won deal never invoiced — the CRM amount;
- wrong_period: an invoice posted to a period outside the fiscal year its posting date is in — its total;
- sign_flip: a credit memo posted as a credit to revenue instead of a debit — twice its amount (its
  effect on net revenue);
- split_invoice: one order billed on several same-day invoices, each under the approval limit — the
  order's total.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from worlds.parts.dataroom.ledger import (
    FY_END,
    Ledger,
    cents,
    invoice_lines,
    period,
    post_credit_memo,
    post_invoice,
    post_receipt,
)

KINDS = ("duplicate", "amount_mismatch", "missing_counterpart", "wrong_period", "sign_flip", "split_invoice")
PER_KIND = 2
APPROVAL_LIMIT = 25_000_00  # cents: an invoice above this needs the controller's approval
LEGIT_CREDITS = 8


def _choose(led: Ledger, won: list[dict[str, Any]], items: dict[str, list]) -> dict[str, list[dict]]:
    """The deals each kind is planted on (distinct deals, drawn from the part's stream)."""
    taken: set[str] = set()

    def draw(pool: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
        pool = [o for o in pool if o["id"] not in taken]
        if len(pool) < k:  # a small world: any deal will do
            pool = [o for o in won if o["id"] not in taken]
        if len(pool) < k:
            raise ValueError(f"the world has too few closed-won deals for the data room ({len(pool)} < {k})")
        picked = sorted(led.rng.sample(pool, k), key=lambda o: o["id"])
        taken.update(o["id"] for o in picked)
        return picked

    big = [o for o in won if APPROVAL_LIMIT < cents(o["amount"]) <= 4 * APPROVAL_LIMIT]
    first = [o for o in won if o["close_date"][:7] == period(won_start(won))]
    last = [o for o in won if o["close_date"][:7] == period(FY_END)]
    each = PER_KIND if len(won) >= 60 else 1
    chosen = {
        "split_invoice": draw(big, each),
        "wrong_period": draw(first, 1) + draw(last, each - 1),
        "amount_mismatch": draw([o for o in won if not items.get(o["id"])], each),
    }
    for kind in ("duplicate", "missing_counterpart", "sign_flip"):
        chosen[kind] = draw(won, each)
    chosen["legit_credit"] = draw(won, LEGIT_CREDITS if each == PER_KIND else 1)
    return chosen


def won_start(won: list[dict[str, Any]]) -> date:
    return date.fromisoformat(min(o["close_date"] for o in won))


def _split(total: int, parts: int) -> list[int]:
    base = total // parts
    return [base + (1 if i < total - base * parts else 0) for i in range(parts)]


def post_deals(
    led: Ledger,
    won: list[dict[str, Any]],
    items: dict[str, list],
    products: dict[str, dict],
    accounts: dict[str, dict],
) -> list[dict[str, Any]]:
    """Post every closed-won deal of the fiscal year; returns the planted anomalies."""
    chosen = _choose(led, won, items)
    kind_of = {o["id"]: kind for kind, opps in chosen.items() for o in opps}
    found: list[dict[str, Any]] = []
    for opp in won:
        account = accounts[opp["account_id"]]
        party = (account["account_number"], account["name"])
        day = date.fromisoformat(opp["close_date"])
        lines = invoice_lines(opp, items.get(opp["id"], []), products)
        kind = kind_of.get(opp["id"])
        record = {
            "type": kind,
            "opportunity_id": opp["id"],
            "opportunity": opp["name"],
            "account": party[1],
            "crm_amount": cents(opp["amount"]),
            "documents": [],
        }
        if kind == "missing_counterpart":
            found.append({**record, "amount": record["crm_amount"], "invoiced": 0})
            continue
        if kind == "amount_mismatch":
            off = led.rng.choice((3, 4, 6, 7, 9)) * cents(opp["amount"]) // 100 // 100 * 100
            lines = [(lines[0][0], opp["name"], cents(opp["amount"]) - off)]
        if kind == "split_invoice":
            total = sum(c for _, _, c in lines)
            parts = max(2, total // APPROVAL_LIMIT + 1)
            docs = [
                post_invoice(led, day, party, opp["id"], [("4000", f"{opp['name']} ({i + 1} of {parts})", c)])
                for i, c in enumerate(_split(total, parts))
            ]
            for doc, amount in docs:
                if day + timedelta(days=30) <= FY_END:
                    post_receipt(led, day + timedelta(days=30), party, doc, amount)
            found.append({**record, "amount": total, "invoiced": total, "documents": [d for d, _ in docs]})
            continue
        wrong = None
        if kind == "wrong_period":
            wrong = (
                period(day - timedelta(days=day.day)) if day.month == 11 else period(day + timedelta(days=31))
            )
        doc, total = post_invoice(led, day, party, opp["id"], lines, wrong)
        if day + timedelta(days=30) <= FY_END:
            post_receipt(led, day + timedelta(days=30), party, doc, total)
        record["documents"] = [doc]
        if kind == "duplicate":
            again, _ = post_invoice(led, day, party, opp["id"], lines)
            found.append({**record, "amount": total, "invoiced": 2 * total, "documents": [doc, again]})
        elif kind == "amount_mismatch":
            found.append({**record, "amount": abs(record["crm_amount"] - total), "invoiced": total})
        elif kind == "wrong_period":
            found.append({**record, "amount": total, "invoiced": total, "period": wrong})
        elif kind in ("sign_flip", "legit_credit"):
            credit = max(100_00, total * led.rng.choice((5, 8, 10, 12)) // 100 // 100 * 100)
            when = min(FY_END, day + timedelta(days=led.rng.randint(10, 40)))
            memo = post_credit_memo(led, when, party, opp["id"], credit, flipped=kind == "sign_flip")
            if kind == "sign_flip":
                found.append(
                    {
                        **record,
                        "amount": 2 * credit,
                        "invoiced": total,
                        "documents": [doc, memo],
                        "credit_memo": credit,
                    }
                )
    return [
        {
            **a,
            "amount": a["amount"] / 100,
            "crm_amount": a["crm_amount"] / 100,
            "invoiced": a["invoiced"] / 100,
            **({"credit_memo": a["credit_memo"] / 100} if "credit_memo" in a else {}),
        }
        for a in sorted(found, key=lambda a: (KINDS.index(a["type"]), a["opportunity_id"]))
    ]
