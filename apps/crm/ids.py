"""Salesforce key prefixes of the CRM objects: `ctx.new_id("Account")` -> 0015g0000000001AAA."""

from __future__ import annotations

from apps.core.ids import salesforce_id

KEY_PREFIXES = {
    "Account": "001",
    "Note": "002",
    "Contact": "003",
    "User": "005",
    "Opportunity": "006",
    "OpportunityHistory": "008",
    "UserRole": "00E",
    "OpportunityLineItem": "00k",
    "Lead": "00Q",
    "Task": "00T",
    "Event": "00U",
    "Pricebook": "01s",
    "Product": "01t",
    "PricebookEntry": "01u",
}

ID_FORMATS = {name: salesforce_id(prefix) for name, prefix in KEY_PREFIXES.items()}
OBJECT_BY_PREFIX = {prefix: name for name, prefix in KEY_PREFIXES.items()}


def object_of(record_id: str) -> str | None:
    """The object name a record id belongs to, from its key prefix (None if unknown)."""
    return OBJECT_BY_PREFIX.get(record_id[:3]) if record_id else None
