"""Handbook policies of the commercial side: discounts, what may be shared with customers, support tiers
and their SLAs, service credits, gifts and entertainment. Each returns its params and the prose stated
from them (one source: the prose never holds a number the params lack)."""

# ruff: noqa: E501 (policy prose: one paragraph per line, as the document block it becomes)

from __future__ import annotations

from typing import Any

from .money import approver_words, tier_rows, usd


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


def discount_approval() -> dict[str, Any]:
    approval = {
        "measure": "percent",
        "tiers": [
            {"up_to": 10, "approver": "none"},
            {"up_to": 15, "approver": "Regional Sales Manager"},
            {"up_to": 25, "approver": "VP of Sales"},
            {"up_to": 35, "approver": "Chief Financial Officer"},
        ],
        "chain": ["Regional Sales Manager", "VP of Sales", "Chief Financial Officer"],
        "large_deal": {"at_least": 250000, "approver": "VP of Sales"},
        "keywords": ["discount"],
    }
    rows = tier_rows(approval["tiers"], "%") + [["over 35%", "not permitted"]]
    big = usd(approval["large_deal"]["at_least"])
    text = f"""# Discount Approval Policy
Every discount off list price on a quote or opportunity is approved before the customer sees it. Approval is requested from the approver below by mail, with the opportunity name, its amount and the discount asked for, and recorded on the opportunity once given.
## Approval matrix
{_table(["Discount off list price", "Approver"], rows)}
## Large deals
For deals of {big} or more, any discount above 10% is approved by at least the VP of Sales, whatever the matrix says.
## Rules
- A discount is never promised to a customer before it is approved.
- Approval cannot be skipped, split across quotes to stay under a threshold, or backdated.
- An approver may approve anything a lower level could; a request beyond their level is declined with the name of the right approver."""
    return {
        "slug": "discount-approval",
        "title": "Discount Approval Policy",
        "owner_title": "VP of Sales",
        "audience": ["Sales", "Sales Operations", "Executive", "Finance"],
        "params": {"approval": approval},
        "markdown": text,
        "facts": [
            {
                "topic": "discount matrix",
                "keywords": ["discount matrix", "discount policy", "who approves discount", "who approves a"],
                "answer": "Per the Discount Approval Policy: up to 10% needs no approval; over 10% up to 15% "
                "the Regional Sales Manager; over 15% up to 25% the VP of Sales; over 25% up to 35% the Chief "
                f"Financial Officer; over 35% is not permitted. Deals of {big} or more need at least the VP "
                "of Sales for anything above 10%.",
            }
        ],
        "refusals": [
            {
                "keywords": ["split the discount", "split the quote", "backdate the discount"],
                "reply": "I can't do that: the Discount Approval Policy forbids splitting or backdating "
                "discounts to stay under a threshold. Send the full discount for approval instead.",
            }
        ],
    }


def customer_sharing() -> dict[str, Any]:
    shareable = [
        "published price lists and product datasheets",
        "the customer's own tickets, invoices and contract",
        "our SOC 2 Type II report, under a signed NDA",
        "the public product roadmap",
    ]
    never = [
        "internal discount approvals, margins or price floors",
        "any other customer's name, data or tickets",
        "unreleased roadmap dates",
        "internal incident post-mortems before Legal has reviewed them",
        "employee personal data",
    ]
    text = "\n".join(
        [
            "# Customer Information Sharing Policy",
            "What we share with customers is decided by what it is, not by who asks. When in doubt, ask "
            "the Chief Information Officer before sending.",
            "## May be shared",
            *[f"- {s}" for s in shareable],
            "## Never shared with a customer",
            *[f"- {s}" for s in never],
            "## When a customer asks for something on the second list",
            "Decline politely, say it is confidential under company policy, and offer what may be shared "
            "instead.",
        ]
    )
    return {
        "slug": "customer-information-sharing",
        "title": "Customer Information Sharing Policy",
        "owner_title": "Chief Information Officer",
        "audience": ["*"],
        "params": {"shareable": shareable, "never": never, "nda_required": ["SOC 2 Type II report"]},
        "markdown": text,
        "facts": [
            {
                "topic": "sharing",
                "keywords": ["share with the customer", "share with a customer", "can i send the customer"],
                "answer": "Under the Customer Information Sharing Policy we may share: "
                + "; ".join(shareable)
                + ". Never: "
                + "; ".join(never)
                + ".",
            }
        ],
        "refusals": [
            {
                "keywords": ["margin", "price floor", "other customer", "postmortem", "post-mortem"],
                "reply": "I can't share that with a customer: the Customer Information Sharing Policy "
                "lists it as confidential. We can offer the published price list or their own records "
                "instead.",
            }
        ],
    }


def support_tiers() -> dict[str, Any]:
    tiers = [
        {
            "tier": "Enterprise",
            "min_employees": 2000,
            "p1_response_min": 15,
            "p1_resolve_h": 4,
            "p2_response_min": 60,
            "p2_resolve_h": 8,
            "hours": "24 x 7",
        },
        {
            "tier": "Mid-market",
            "min_employees": 200,
            "p1_response_min": 30,
            "p1_resolve_h": 8,
            "p2_response_min": 120,
            "p2_resolve_h": 24,
            "hours": "24 x 7",
        },
        {
            "tier": "SMB",
            "min_employees": 0,
            "p1_response_min": 60,
            "p1_resolve_h": 24,
            "p2_response_min": 240,
            "p2_resolve_h": 48,
            "hours": "business hours",
        },
    ]
    rows = [
        [
            t["tier"],
            f"{t['min_employees']:,}+ employees",
            f"{t['p1_response_min']} min / {t['p1_resolve_h']} h",
            f"{t['p2_response_min']} min / {t['p2_resolve_h']} h",
            t["hours"],
        ]
        for t in tiers
    ]
    text = f"""# Customer Support SLA Commitments
A customer's support tier follows the size of the account in the CRM (number of employees). Targets are response / resolution times from the moment the ticket is logged.
{_table(["Tier", "Account size", "P1 response / resolution", "P2 response / resolution", "Coverage"], rows)}
## Rules
- P3 and lower are answered within one business day for every tier.
- A breach of a P1 target is reported to the VP of Customer Support the same day.
- We never commit a customer to a target better than their tier's in writing."""
    facts = [
        {
            "topic": f"{t['tier']} SLA",
            "keywords": [f"{t['tier'].lower()} sla", f"sla for {t['tier'].lower()}"],
            "answer": f"{t['tier']} customers ({t['min_employees']:,}+ employees): P1 response within "
            f"{t['p1_response_min']} minutes and resolution within {t['p1_resolve_h']} hours; P2 response "
            f"within {t['p2_response_min']} minutes and resolution within {t['p2_resolve_h']} hours; "
            f"coverage {t['hours']}.",
        }
        for t in tiers
    ]
    return {
        "slug": "support-sla-tiers",
        "title": "Customer Support SLA Commitments",
        "owner_title": "VP of Customer Support",
        "audience": ["Support", "Sales", "IT", "Executive"],
        "params": {"tiers": tiers},
        "markdown": text,
        "facts": facts,
        "refusals": [
            {
                "keywords": ["promise a faster", "guarantee a faster", "better sla"],
                "reply": "I can't commit to that: the Customer Support SLA Commitments say we never promise a "
                "customer a target better than their tier's in writing.",
            }
        ],
    }


def service_credits() -> dict[str, Any]:
    approval = {
        "measure": "amount",
        "tiers": [
            {"up_to": 1000, "approver": "Support Team Lead"},
            {"up_to": 5000, "approver": "Director of Customer Support"},
            {"up_to": 25000, "approver": "VP of Customer Support"},
        ],
        "chain": ["Support Team Lead", "Director of Customer Support", "VP of Customer Support"],
        "keywords": ["service credit", "credit"],
    }
    rows = tier_rows(approval["tiers"], "$") + [
        [f"over {usd(25000)}", "not permitted without a contract change"]
    ]
    text = f"""# Service Credit Policy
A customer whose SLA target was breached may be offered a service credit of 5% of one month's fees per breached ticket, capped at 25% of that month.
## What counts
- A ticket is breached when its response or resolution SLA on the service desk was missed. Time the ticket spent on hold is paused and does not count; the desk's SLA record of the ticket shows the elapsed time and whether it breached. A ticket that met its targets earns no credit, however long it stayed open.
- One month's fees are one twelfth of the account's contract value: the total Amount of its Closed Won opportunities in the CRM with a close date in the twelve months before the breached ticket was logged. Open and lost opportunities do not count.
- A ticket earns one credit, whether it missed one target or both.
## Who approves a credit
{_table(["Credit amount", "Approver"], rows)}
Credits are requested by mail to the approver with the account, the breached tickets and the amount. A credit is never promised to a customer before it is approved; a customer asking for more than the policy gives is offered what it gives and told why the rest is declined.
## Recording
Once approved, the credit is logged as a note on the customer's account in the CRM, with the tickets and the amount."""
    return {
        "slug": "service-credits",
        "title": "Service Credit Policy",
        "owner_title": "VP of Customer Support",
        "audience": ["Support", "Sales", "Finance", "Executive"],
        "params": {"approval": approval, "credit_pct_per_breach": 5, "cap_pct": 25},
        "markdown": text,
        "facts": [
            {
                "topic": "service credits",
                "keywords": ["service credit policy", "how much credit"],
                "answer": "Service credits are 5% of one month's fees per breached ticket, capped at 25%. "
                f"Up to {usd(1000)} a Support Team Lead approves, up to {usd(5000)} the Director of "
                f"Customer Support, up to {usd(25000)} the VP of Customer Support.",
            }
        ],
        "refusals": [],
    }


def gifts() -> dict[str, Any]:
    approval = {
        "measure": "amount",
        "tiers": [
            {"up_to": 100, "approver": "none"},
            {"up_to": 500, "approver": "manager"},
            {"up_to": 2000, "approver": "Chief Financial Officer"},
        ],
        "chain": ["manager", "Chief Financial Officer"],
        "keywords": ["gift", "hospitality", "entertainment"],
    }
    rows = tier_rows(approval["tiers"], "$") + [[f"over {usd(2000)}", "not permitted"]]
    text = f"""# Gifts and Entertainment Policy
Gifts and hospitality given to or received from a customer or supplier are counted per person per year.
{_table(["Value per person per year", "Approval"], rows)}
Never give or accept cash or gift cards, and nothing at all during an open tender."""
    return {
        "slug": "gifts-entertainment",
        "title": "Gifts and Entertainment Policy",
        "owner_title": "Chief Financial Officer",
        "audience": ["*"],
        "params": {"approval": approval},
        "markdown": text,
        "facts": [
            {
                "topic": "gifts",
                "keywords": ["gift policy", "gifts policy", "gift limit"],
                "answer": f"Gifts up to {usd(100)} per person per year need no approval; up to {usd(500)} "
                f"{approver_words('manager')}; up to {usd(2000)} the Chief Financial Officer; more is not "
                "permitted. Never cash or gift cards.",
            }
        ],
        "refusals": [
            {
                "keywords": ["gift card", "cash gift"],
                "reply": "I can't approve that: the Gifts and Entertainment Policy never allows cash or gift "
                "cards.",
            }
        ],
    }
