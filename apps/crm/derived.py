"""What a verifier may read of a CRM record beyond one stored field (`AppSpec.derived_fields`)."""

from __future__ import annotations

from typing import Any


def contact_standing(db: Any, contact_id: str) -> str:
    """What a contact's record says of the person where a CRM user writes it: the title, the department,
    then the description (a leaver is marked in any: "No longer with the company", "Left in October")."""
    sql = "SELECT title, department, description FROM crm_contact WHERE id = ?"
    rows = db.execute_raw(sql, [contact_id])
    return "\n".join(str(v) for row in rows for v in row if v)


DERIVED_FIELDS = {"crm_contact": {"standing": contact_standing}}
