"""What a UI16 new-record form shows before it is saved: the number the record will get (the table's highest
number plus one, read with the table's list action), its first state (New) and when it is opened (now, the
episode's logical time); a change also who requests it (the signed-in user), its priority (from the default
impact) and its conflict status (Not Run). Read-only; the service assigns them when the form is submitted."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request

from apps.core.ui_kit import UiKit
from apps.ticketing.choices import PRIORITIES

# a table path -> (the list action whose first row, newest first, has the highest number; the first state)
NEW_RECORDS = {
    "/incidents": ("list_incidents", "New"),
    "/problems": ("list_problems", "New"),
    "/changes": ("list_changes", "New"),
}
NUMBER = re.compile(r"^([A-Z]+)(\d+)$")


def following(number: str) -> str | None:
    """The number after `number` in its sequence ("INC0010060" -> "INC0010061"); None if it is not one."""
    match = NUMBER.match(number)
    if match is None:
        return None
    prefix, digits = match.groups()
    return f"{prefix}{int(digits) + 1:0{len(digits)}d}"


async def new_record_fields(kit: UiKit, request: Request, table_path: str) -> list[tuple[str, str, Any]]:
    """The read-only (name, label, value) fields heading the new-record form of a table.

    Args:
        kit: the desk's UI kit (runs the list action in the request's episode).
        request: the request of the form page (its episode).
        table_path: the table's path ("/incidents"); a table without a number sequence here gets none.
    """
    known = NEW_RECORDS.get(table_path)
    if known is None:
        return []
    action, state = known
    latest = (await kit.read(request, action, {"limit": 1}))["records"]
    number = following(latest[0]["number"]) if latest else None
    opened = (await kit.now(request)).isoformat()
    fields = [("number", "Number", number), ("state", "State", state), ("opened_at", "Opened", opened)]
    if table_path == "/changes":
        me = kit.signed_in_name(request, "get_current_user", "name")
        fields += [("requested_by", "Requested by", me), ("priority", "Priority", PRIORITIES[4])]
        fields.append(("conflict_status", "Conflict status", "Not Run"))
    return fields
