"""Queries the CRM families share."""

from __future__ import annotations

from typing import Any

from mcp_gateway.families.base import Draw, Redraw

CONTACTS = """
SELECT c.id, c.first_name, c.last_name, c.first_name || ' ' || c.last_name AS name, c.title, c.email,
       c.phone, c.department, c.account_id, a.name AS account_name
FROM crm_contact c JOIN crm_account a ON a.id = c.account_id
ORDER BY c.id
"""


def contacts(d: Draw) -> list[dict[str, Any]]:
    """Every contact with its account's name, in id order."""
    return d.world.rows(CONTACTS)


def unique_name(d: Draw, pool: list[dict[str, Any]], row: dict[str, Any], same_account: bool = True) -> int:
    """Redraw unless the contact's name is unique (within its account when `same_account`); return how
    many contacts elsewhere share the name (distractors)."""
    twins = [r for r in pool if r["name"] == row["name"] and r["id"] != row["id"]]
    if any(r["account_id"] == row["account_id"] for r in twins) or (not same_account and twins):
        raise Redraw("the contact's name is ambiguous")
    return len(twins)


def neighbour(pool: list[dict[str, Any]], row: dict[str, Any]) -> dict[str, Any]:
    """Another row of the pool (the next one) for the wrong-record mutant."""
    return pool[(pool.index(row) + 1) % len(pool)]
