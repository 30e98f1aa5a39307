"""The data room's ticketing side: customers' billing disputes, raised as incidents by a contact of the
deal's account, about the invoices the ledger holds. Some are right (the ledger shows the planted anomaly
they complain about: an invoice charged twice, an order billed on several invoices, a credit memo that
raised the balance, a signed deal never invoiced, an invoice in the wrong period); the others are about
correct invoices (distractors: the ledger shows one invoice of the CRM amount, or a credit memo posted
as it should be). Each dispute is recorded in the truth (`dataroom/disputes.jsonl`) with whether the
ledger confirms it, the document that shows it and the disputed amount.

The incidents are written to `dataroom/ticketing/incident.jsonl` with sys_ids and numbers of their own
(`INC009xxxx`), loaded after the ticketing app's id counters, so new records get the same ids with or
without a data room.
"""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from apps.ticketing.ids import user_sys_id
from worlds.generator.common import fmt_dt

GROUP = "Customer Support Tier 1"
CONFIRMED = ("duplicate", "split_invoice", "sign_flip", "missing_counterpart", "wrong_period")
DISTRACTORS = ("charged_twice", "credit_not_applied", "no_invoice", "wrong_amount")
CODES = {True: "Solution provided", False: "No resolution provided"}


def sys_id(n: int) -> str:
    """The sys_id of the data room's dispute `n` (a namespace apart from the ticketing part's)."""
    return hashlib.md5(f"dataroom:incident:{n}".encode()).hexdigest()


def number(n: int) -> str:
    return f"INC{90000 + n:07d}"


def documents(rows: list[dict[str, Any]]) -> dict[str, dict[str, list[tuple[str, float, str]]]]:
    """Per opportunity: its invoices and credit memos as (document, amount in $, posting date), from the
    receivable (GL 1200) lines of the ledger."""
    out: dict[str, dict[str, list]] = defaultdict(lambda: {"Invoice": [], "Credit Memo": []})
    for r in rows:
        if (
            r["GL Account"] == "1200"
            and r["Opportunity Ref"]
            and r["Document Type"] in ("Invoice", "Credit Memo")
        ):
            out[r["Opportunity Ref"]][r["Document Type"]].append(
                (r["Document No"], r["cents"] / 100, r["Posting Date"])
            )
    return out


def _claim(kind: str, opp: dict, docs: dict, anomaly: dict | None) -> tuple[str, str, str, float]:
    """(short description, description, the document that shows it, the disputed amount)."""
    inv, cms = docs["Invoice"], docs["Credit Memo"]
    name = opp["name"]
    if kind == "duplicate":
        (a, total, day), (b, _, _) = inv[0], inv[1]
        return (
            f"Charged twice for {name}",
            f"We received two invoices for the same order {name}: {a} and {b}, "
            f"both dated {day} and both for ${total:,.2f}. Please credit the duplicate {b}.",
            b,
            total,
        )
    if kind == "split_invoice":
        listed = ", ".join(d for d, _, _ in inv)
        total = round(sum(x for _, x, _ in inv), 2)
        return (
            f"{len(inv)} invoices for one order: {name}",
            f"Our single order {name} came as {len(inv)} "
            f"invoices dated {inv[0][2]} ({listed}), ${total:,.2f} in all. Our PO allows one invoice; please "
            f"reissue it as one.",
            inv[0][0],
            total,
        )
    if kind in ("sign_flip", "credit_not_applied"):
        memo, credit, day = cms[0]
        return (
            f"Credit memo {memo} not applied on our statement",
            f"Your credit memo {memo} of "
            f"${credit:,.2f} for {name}, dated {day}, does not show as a credit on our statement; our "
            f"balance went up instead of down.",
            memo,
            credit,
        )
    if kind in ("missing_counterpart", "no_invoice"):
        amount = opp["amount"] or 0
        return (
            f"No invoice received for {name}",
            f"We signed {name} on {opp['close_date']} for "
            f"${amount:,.2f} but never received the invoice. Our budget for it closes soon; please send it.",
            inv[0][0] if inv else name,
            amount,
        )
    if kind == "wrong_period":
        doc, total, day = inv[0]
        return (
            f"Invoice {doc} in the wrong period",
            f"Invoice {doc} dated {day} for ${total:,.2f} is "
            f"posted to period {anomaly['period']} on your statement, so our month-end matching of "
            f"{name} fails.",
            doc,
            total,
        )
    if kind == "charged_twice":
        doc, total, day = inv[0]
        return (
            f"Billed twice for {name}?",
            f"Our accounts payable shows two charges pending for {name} "
            f"(${total:,.2f} each). Were we invoiced twice? The invoice we know of is {doc} of {day}.",
            doc,
            total,
        )
    doc, total, day = inv[0]  # wrong_amount
    return (
        f"Invoice {doc} higher than our order",
        f"Invoice {doc} of {day} bills ${total:,.2f} for {name}, "
        f"more than we expected from the order. Please check the amount against the signed order.",
        doc,
        total,
    )


def build_disputes(
    rng: random.Random, now: datetime, won: list[dict], anomalies: list[dict], rows: list[dict], desk: Any
) -> tuple[list[dict], list[dict]]:
    """(incident rows, truth records): one confirmed dispute per kind in CONFIRMED (the first anomaly of
    that kind), one distractor per kind in DISTRACTORS on deals the ledger bills correctly."""
    docs = documents(rows)
    planted = {a["opportunity_id"] for a in anomalies}
    first = {}
    for a in anomalies:
        first.setdefault(a["type"], a)
    by_id = {o["id"]: o for o in won}
    clean = [o for o in won if o["id"] not in planted and len(docs[o["id"]]["Invoice"]) == 1]
    credited = [o for o in clean if docs[o["id"]]["Credit Memo"]]
    plain = [o for o in clean if not docs[o["id"]]["Credit Memo"]]
    picks = rng.sample(plain, 3) + rng.sample(credited, 1)
    cases = [(k, by_id[first[k]["opportunity_id"]], first[k]) for k in CONFIRMED if k in first]
    cases += list(
        zip(
            ("charged_twice", "no_invoice", "wrong_amount", "credit_not_applied"),
            picks,
            [None] * 4,
            strict=True,
        )
    )
    rng.shuffle(cases)
    contacts: dict[str, list[str]] = defaultdict(list)
    for sid, company in desk.contacts:
        contacts[company].append(sid)
    group = desk.groups[GROUP]
    incidents, truth = [], []
    for n, (kind, opp, anomaly) in enumerate(cases, start=1):
        account = desk.crm.by_id[opp["account_id"]]["name"]
        caller = (
            rng.choice(sorted(contacts[account])) if contacts[account] else user_sys_id(opp["account_id"])
        )
        short, text, doc, amount = _claim(kind, opp, docs[opp["id"]], anomaly)
        opened = fmt_dt(
            (now - timedelta(days=rng.randint(1, 12), minutes=rng.randint(0, 600))).replace(microsecond=0)
        )
        incidents.append(_incident(n, caller, group, account, short, text, opened))
        truth.append(
            {
                "number": number(n),
                "sys_id": sys_id(n),
                "claim": kind,
                "confirmed": anomaly is not None,
                "anomaly_type": anomaly["type"] if anomaly else None,
                "anomaly_amount": anomaly["amount"] if anomaly else None,
                "opportunity_id": opp["id"],
                "account": account,
                "document": doc,
                "amount": round(amount, 2),
                "close_code": CODES[anomaly is not None],
            }
        )
    return incidents, truth


def _incident(n: int, caller: str, group: str, account: str, short: str, text: str, opened: str) -> dict:
    return {
        "active": True,
        "assigned_to": None,
        "assignment_group": group,
        "caller_id": caller,
        "category": "inquiry",
        "close_code": None,
        "close_notes": None,
        "closed_at": None,
        "closed_by": None,
        "cmdb_ci": None,
        "company": account,
        "contact_type": "email",
        "description": text,
        "hold_reason": None,
        "impact": 3,
        "number": number(n),
        "opened_at": opened,
        "opened_by": caller,
        "priority": 4,
        "problem_id": None,
        "reassignment_count": 0,
        "reopen_count": 0,
        "resolved_at": None,
        "resolved_by": None,
        "rfc": None,
        "short_description": short,
        "state": 1,
        "subcategory": None,
        "sys_created_by": caller,
        "sys_created_on": opened,
        "sys_id": sys_id(n),
        "sys_updated_by": caller,
        "sys_updated_on": opened,
        "urgency": 2,
    }
