"""Wording of amounts and approval tiers, shared by the policies' prose and their facts (one wording)."""

from __future__ import annotations

from typing import Any


def usd(amount: float) -> str:
    """$12,500 (cents only when there are any)."""
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


def approver_words(role: str) -> str:
    """How the handbook names an approver role ("manager" is the requester's own manager)."""
    return {"none": "no approval needed", "manager": "your line manager"}.get(role, f"the {role}")


def tier_rows(tiers: list[dict[str, Any]], unit: str) -> list[list[str]]:
    """Table rows "up to X → approver" for an approval matrix (unit: "%" or "$")."""
    rows, low = [], None
    for tier in tiers:
        high = tier["up_to"]
        fmt = (lambda v: f"{v:g}%") if unit == "%" else usd
        band = f"up to {fmt(high)}" if low is None else f"over {fmt(low)} up to {fmt(high)}"
        if high is None:
            band = f"over {fmt(low)}"
        rows.append([band, approver_words(tier["approver"])])
        low = high
    return rows
