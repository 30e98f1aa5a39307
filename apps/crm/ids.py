"""Salesforce key prefixes of the CRM objects: `ctx.new_id("Account")` -> 0015g0000000001AAA."""

from __future__ import annotations

from apps.core.ids import case_safe_suffix, salesforce_id

KEY_PREFIXES = {
    "Account": "001",
    "Note": "002",
    "Report": "00O",
    "CustomField": "00N",
    "ValidationRule": "03d",
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


_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_SUFFIX = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"
_SUFFIX_CHARS = frozenset(_SUFFIX)


def canonical_id(value: str) -> str | None:
    """The 18-character form of a record id, or None when `value` is not a well-formed id.

    A 15-character id is case-sensitive and gets its checksum suffix; an 18-character id is
    case-insensitive (its suffix says which of the first 15 characters are upper case), so a
    wrongly cased one is restored; a suffix that does not fit its first 15 characters is malformed.
    """
    if len(value) not in (15, 18) or not set(value) <= _ID_CHARS:
        return None
    if len(value) == 15:
        return value + case_safe_suffix(value)
    head, suffix = value[:15], value[15:].upper()
    if not set(suffix) <= _SUFFIX_CHARS:
        return None
    if case_safe_suffix(head) == suffix:
        return head + suffix
    upper = {chunk * 5 + i for chunk, ch in enumerate(suffix) for i in range(5) if _SUFFIX.index(ch) >> i & 1}
    restored = "".join(ch.upper() if i in upper else ch.lower() for i, ch in enumerate(head))
    return restored + suffix if case_safe_suffix(restored) == suffix else None
