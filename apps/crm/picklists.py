"""Salesforce's default picklist values for the CRM objects (the values agents meet in the real product)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    name: str
    probability: int
    forecast_category: str
    is_closed: bool = False
    is_won: bool = False


OPPORTUNITY_STAGES: tuple[Stage, ...] = (
    Stage("Prospecting", 10, "Pipeline"),
    Stage("Qualification", 10, "Pipeline"),
    Stage("Needs Analysis", 20, "Pipeline"),
    Stage("Value Proposition", 50, "Pipeline"),
    Stage("Id. Decision Makers", 60, "Pipeline"),
    Stage("Perception Analysis", 70, "Pipeline"),
    Stage("Proposal/Price Quote", 75, "Pipeline"),
    Stage("Negotiation/Review", 90, "Commit"),
    Stage("Closed Won", 100, "Closed", is_closed=True, is_won=True),
    Stage("Closed Lost", 0, "Omitted", is_closed=True),
)
STAGES_BY_NAME = {s.name: s for s in OPPORTUNITY_STAGES}
OPEN_STAGES = tuple(s.name for s in OPPORTUNITY_STAGES if not s.is_closed)

FORECAST_CATEGORIES = ("Pipeline", "Best Case", "Commit", "Closed", "Omitted")

LEAD_STATUSES = (
    "Open - Not Contacted",
    "Working - Contacted",
    "Closed - Converted",
    "Closed - Not Converted",
)
LEAD_CONVERTED_STATUS = "Closed - Converted"

LEAD_SOURCES = ("Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other")

LOSS_REASONS = ("Price", "Competitor", "No Budget", "No Decision / Timing", "Product Fit", "Other")

ACCOUNT_TYPES = (
    "Prospect",
    "Customer - Direct",
    "Customer - Channel",
    "Channel Partner / Reseller",
    "Installation Partner",
    "Technology Partner",
    "Other",
)

INDUSTRIES = (
    "Agriculture",
    "Apparel",
    "Banking",
    "Biotechnology",
    "Chemicals",
    "Communications",
    "Construction",
    "Consulting",
    "Education",
    "Electronics",
    "Energy",
    "Engineering",
    "Entertainment",
    "Environmental",
    "Finance",
    "Food & Beverage",
    "Government",
    "Healthcare",
    "Hospitality",
    "Insurance",
    "Machinery",
    "Manufacturing",
    "Media",
    "Not For Profit",
    "Recreation",
    "Retail",
    "Shipping",
    "Technology",
    "Telecommunications",
    "Transportation",
    "Utilities",
    "Other",
)

RATINGS = ("Hot", "Warm", "Cold")

OPPORTUNITY_TYPES = (
    "Existing Customer - Upgrade",
    "Existing Customer - Replacement",
    "Existing Customer - Downgrade",
    "New Customer",
)

PRODUCT_FAMILIES = ("Software", "Hardware", "Services", "Support", "Training")

TASK_STATUSES = ("Not Started", "In Progress", "Completed", "Waiting on someone else", "Deferred")
TASK_CLOSED_STATUSES = ("Completed",)
TASK_PRIORITIES = ("High", "Normal", "Low")
TASK_SUBTYPES = ("Task", "Call", "Email")
CALL_TYPES = ("Inbound", "Outbound", "Internal")

SALUTATIONS = ("Mr.", "Ms.", "Mrs.", "Dr.", "Prof.")
