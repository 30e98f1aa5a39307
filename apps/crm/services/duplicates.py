"""The standard duplicate rules of a Salesforce org, for contacts and leads.

Salesforce ships active "Standard Contact Duplicate Rule" and "Standard Lead Duplicate Rule" with their
matching rules: the same first name (ignoring case) and last name, and the same e-mail, or phone, or
account (a lead: company). Through the API a save they match is refused with DUPLICATES_DETECTED unless
the caller allows it (the `Sforce-Duplicate-Rule-Header: allowSave=true` header; here the tools'
`allow_duplicates` argument).
"""

from __future__ import annotations

import re
from typing import Any

from sqlmodel import func, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.models import Contact, Lead

MATCH_ON = {"Contact": ("email", "phone", "account_id"), "Lead": ("email", "phone", "company")}


def _same(a: Any, b: Any, field: str) -> bool:
    if not a or not b:
        return False
    if field == "phone":
        return re.sub(r"\D", "", str(a)) == re.sub(r"\D", "", str(b)) != ""
    return str(a).strip().lower() == str(b).strip().lower()


def check_duplicates(ctx: Ctx, object_name: str, values: dict[str, Any], *, allow: bool) -> None:
    """Refuse a new contact or lead the standard duplicate rule matches (DUPLICATES_DETECTED)."""
    if allow or not values.get("last_name"):
        return
    model = Contact if object_name == "Contact" else Lead
    first = (values.get("first_name") or "").strip().lower()
    stmt = select(model).where(func.lower(model.last_name) == values["last_name"].strip().lower())
    if object_name == "Lead":
        stmt = stmt.where(model.is_converted == False)  # noqa: E712
    found = []
    for row in ctx.db.exec(stmt.order_by(model.id)):
        if (row.first_name or "").strip().lower() != first:
            continue
        if any(_same(values.get(f), getattr(row, f), f) for f in MATCH_ON[object_name]):
            found.append(row)
    if found:
        names = ", ".join(
            f"{r.id} ({' '.join(p for p in (r.first_name, r.last_name) if p)})" for r in found[:5]
        )
        raise ActionError(
            f"Use one of these records? The org's Standard {object_name} Duplicate Rule matches {names}; "
            "update that record instead, or save anyway with allow_duplicates",
            field=None,
            code="DUPLICATES_DETECTED",
        )
