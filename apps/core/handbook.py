"""The company handbook's machine-readable rules, read the same way by personas, task families and
verifiers: approval matrices (which role approves a value), freeze windows, the on-call rota.

A policy is a record of the world's `handbook/policy.jsonl` (loaded by the office app into
`office_policy`); its `params` are the facts its prose states. Nothing here knows a number of its own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

NO_APPROVAL = "none"
MANAGER = "manager"
NOT_PERMITTED = "not_permitted"


def required_approver(tiers: list[dict[str, Any]], value: float) -> str:
    """The approver role of the first tier covering `value`: a job title, "manager" (the requester's
    line manager), "none", or "not_permitted" past the last tier.

    Args:
        tiers: the matrix, ordered by `up_to` (a number, or None for "any value").
        value: the discount percent or amount asked for.
    """
    for tier in tiers:
        if tier["up_to"] is None or value <= tier["up_to"]:
            return tier["approver"]
    return NOT_PERMITTED


def approval_role(approval: dict[str, Any], value: float, deal_amount: float | None = None) -> str:
    """The role that must approve `value` under a policy's approval rule, raising the level to the
    large-deal approver when the deal is at or above the rule's `large_deal.at_least` (and the value
    needs any approval at all).

    Args:
        approval: the policy's `params.approval` (tiers, chain, optional large_deal).
        value: the percent or amount asked for.
        deal_amount: the deal's amount, for a rule with a large-deal clause.
    """
    role = required_approver(approval["tiers"], value)
    large = approval.get("large_deal")
    if role in (NO_APPROVAL, NOT_PERMITTED) or not large or deal_amount is None:
        return role
    if deal_amount >= large["at_least"] and rank(approval, large["approver"]) > rank(approval, role):
        return large["approver"]
    return role


def rank(approval: dict[str, Any], role: str) -> int:
    """A role's level in the rule's chain of approvers (-1 when it is not in the chain)."""
    chain = approval["chain"]
    return chain.index(role) if role in chain else -1


def holds_role(title: str | None, role: str) -> bool:
    """Whether a job title is the handbook role (a role names a title or its start: "Regional Sales
    Manager" covers "Regional Sales Manager, East")."""
    return bool(title) and (title == role or title.startswith(role + ","))


def in_window(windows: list[dict[str, Any]], when: datetime) -> dict[str, Any] | None:
    """The freeze window covering `when` (naive UTC; windows hold ISO `start` and `end`), if any."""
    stamp = when.replace(tzinfo=None).isoformat(timespec="seconds")
    return next((w for w in windows if w["start"] <= stamp < w["end"]), None)


def out_of_hours(rota: dict[str, Any], when: datetime) -> bool:
    """Whether `when` (office time: UTC, naive or aware) is out of hours under the On-Call Rota's params:
    before or after its `business_hours` on a weekday, or any time at the weekend."""
    start, end = rota["business_hours"]
    clock = when.replace(tzinfo=None).strftime("%H:%M")
    return when.weekday() >= 5 or not start <= clock < end


def pages_on_call(rota: dict[str, Any], priority: int, when: datetime, major: bool) -> bool:
    """Whether escalating an incident of `priority` at `when` pages the on-call engineer: a major incident
    always does (the Major Incident Process), any other only out of hours and for the rota's priorities."""
    return major or (priority in rota["page_priorities"] and out_of_hours(rota, when))


def on_call(weeks: list[dict[str, Any]], when: datetime) -> dict[str, Any] | None:
    """The on-call week covering `when` (primary and secondary engineer), if the rota has one."""
    return in_window(weeks, when)


def travel_approver(params: dict[str, Any], hotel_per_night: float, international: bool) -> str:
    """Who must approve a trip before it is booked under the Travel Policy: the policy's international
    approver for a trip abroad, the line manager for a hotel above the nightly limit, else no one.

    Args:
        params: the Travel Policy's `params` (`hotel_per_night`, `international_approver`).
        hotel_per_night: the hotel's rate per night, in dollars.
        international: whether the trip leaves the traveller's home country.
    """
    if international:
        return params["international_approver"]
    return MANAGER if hotel_per_night > params["hotel_per_night"] else NO_APPROVAL


def travel_rule(params: dict[str, Any]) -> dict[str, Any] | None:
    """The Travel Policy's approval as a rule colleagues decide by (None for a policy without a hotel
    limit): the roles that approve a trip, and the words that make a request one about travel."""
    if "hotel_per_night" not in params:
        return None
    return {
        "measure": "trip",
        "chain": list(dict.fromkeys([MANAGER, params["international_approver"]])),
        "keywords": ["trip", "travel", "hotel"],
        "params": params,
    }
