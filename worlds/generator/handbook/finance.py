"""Handbook policies of spending and access: expenses, purchases, travel, and access to systems."""

# ruff: noqa: E501 (policy prose: one paragraph per line, as the document block it becomes)

from __future__ import annotations

from typing import Any

from .commercial import _table
from .money import tier_rows, usd


def _matrix_fact(title: str, tiers: list[dict[str, Any]], tail: str) -> str:
    parts = [f"{band}: {who}" for band, who in tier_rows(tiers, "$")]
    return f"Per the {title}: " + "; ".join(parts) + f"; {tail}."


def expense_approval() -> dict[str, Any]:
    approval = {
        "measure": "amount",
        "tiers": [
            {"up_to": 500, "approver": "manager"},
            {"up_to": 5000, "approver": "Controller"},
            {"up_to": 25000, "approver": "Chief Financial Officer"},
        ],
        "chain": ["manager", "Controller", "Chief Financial Officer"],
        "keywords": ["expense", "reimburse"],
    }
    rows = tier_rows(approval["tiers"], "$") + [[f"over {usd(25000)}", "not claimable as an expense"]]
    text = f"""# Expense Approval Policy
Business expenses are claimed within 30 days with an itemized receipt for anything over {usd(75)}.
{_table(["Claim amount", "Approver"], rows)}
## Rules
- Nobody approves their own claim, or a claim of someone they report to.
- Alcohol is only claimable at a customer meal; personal travel upgrades never are."""
    return {
        "slug": "expense-approval",
        "title": "Expense Approval Policy",
        "owner_title": "Controller",
        "audience": ["*"],
        "params": {"approval": approval, "receipt_over": 75, "claim_within_days": 30},
        "markdown": text,
        "facts": [
            {
                "topic": "expenses",
                "keywords": ["expense policy", "who approves expenses", "expense limit"],
                "answer": _matrix_fact(
                    "Expense Approval Policy",
                    approval["tiers"],
                    f"receipts over {usd(75)}, claims within 30 days",
                ),
            }
        ],
        "refusals": [
            {
                "keywords": ["without a receipt", "no receipt"],
                "reply": f"I can't approve that: the Expense Approval Policy needs an itemized receipt for "
                f"anything over {usd(75)}.",
            }
        ],
    }


def purchase_approval() -> dict[str, Any]:
    approval = {
        "measure": "amount",
        "tiers": [
            {"up_to": 5000, "approver": "manager"},
            {"up_to": 50000, "approver": "Chief Financial Officer"},
            {"up_to": 250000, "approver": "Chief Executive Officer"},
        ],
        "chain": ["manager", "Chief Financial Officer", "Chief Executive Officer"],
        "keywords": ["purchase", "purchase order", "buy", "order"],
    }
    rows = tier_rows(approval["tiers"], "$") + [[f"over {usd(250000)}", "board approval"]]
    text = f"""# Purchasing Policy
Purchases of goods and services are approved before the order is placed, on the total value of the order including tax and one year of any subscription.
{_table(["Order value", "Approver"], rows)}
## Rules
- Orders over {usd(25000)} need three written quotes attached to the request.
- Orders are never split to stay under a threshold.
- Hardware and software are ordered through the IT service catalog."""
    return {
        "slug": "purchase-approval",
        "title": "Purchasing Policy",
        "owner_title": "Chief Financial Officer",
        "audience": ["*"],
        "params": {"approval": approval, "three_quotes_over": 25000},
        "markdown": text,
        "facts": [
            {
                "topic": "purchasing",
                "keywords": ["purchasing policy", "who approves a purchase", "three quotes"],
                "answer": _matrix_fact(
                    "Purchasing Policy",
                    approval["tiers"],
                    f"three quotes over {usd(25000)}, never split an order",
                ),
            }
        ],
        "refusals": [
            {
                "keywords": ["split the order", "split the purchase"],
                "reply": "I can't do that: the Purchasing Policy forbids splitting an order to stay under "
                "an approval threshold.",
            }
        ],
    }


def travel() -> dict[str, Any]:
    limits = {
        "hotel_per_night": 250,
        "economy_under_hours": 6,
        "book_days_ahead": 14,
        "international_approver": "manager",
    }
    text = f"""# Travel Policy
- Flights under {limits["economy_under_hours"]} hours are booked in economy; longer flights may be premium economy.
- Hotels up to {usd(limits["hotel_per_night"])} a night; more needs your line manager's approval beforehand.
- Book at least {limits["book_days_ahead"]} days ahead where you can.
- International travel is approved by your line manager before booking."""
    return {
        "slug": "travel",
        "title": "Travel Policy",
        "owner_title": "Controller",
        "audience": ["*"],
        "params": limits,
        "markdown": text,
        "facts": [
            {
                "topic": "travel",
                "keywords": ["travel policy", "hotel limit", "business class"],
                "answer": f"Economy for flights under {limits['economy_under_hours']} hours, hotels up to "
                f"{usd(limits['hotel_per_night'])} a night, book {limits['book_days_ahead']} days ahead, and "
                "international trips approved by your line manager first.",
            }
        ],
        "refusals": [
            {
                "keywords": ["business class for a", "upgrade to business"],
                "reply": f"I can't approve that: the Travel Policy books flights under "
                f"{limits['economy_under_hours']} hours in economy.",
            }
        ],
    }


def access_requests() -> dict[str, Any]:
    levels = [
        {"access": "Standard applications (mail, chat, office, CRM read)", "approver": "manager"},
        {"access": "Customer data (CRM edit, ticketing agent)", "approver": "manager"},
        {"access": "Administrator or production access", "approver": "Director of IT"},
        {"access": "Finance systems", "approver": "Controller"},
    ]
    rows = [
        [lv["access"], "your line manager" if lv["approver"] == "manager" else f"the {lv['approver']}"]
        for lv in levels
    ]
    text = f"""# Access Request Policy
Access to systems is requested through the IT service catalog and approved before it is granted.
{_table(["Access", "Approver"], rows)}
## Rules
- Accounts are never shared, and passwords are never sent by mail or chat.
- Access is removed on the last working day of anyone who leaves."""
    return {
        "slug": "access-requests",
        "title": "Access Request Policy",
        "owner_title": "Director of IT",
        "audience": ["*"],
        "params": {"levels": levels},
        "markdown": text,
        "facts": [
            {
                "topic": "access",
                "keywords": ["access policy", "admin access", "production access"],
                "answer": "Standard and customer-data access is approved by your line manager; administrator "
                "or production access by the Director of IT; finance systems by the Controller. Request it "
                "in the IT service catalog.",
            }
        ],
        "refusals": [
            {
                "keywords": ["your password", "share your account", "send me the password"],
                "reply": "I can't do that: the Access Request Policy forbids sharing accounts or sending "
                "passwords. Please request your own access in the IT service catalog.",
            }
        ],
    }
